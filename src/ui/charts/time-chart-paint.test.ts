import { describe, expect, it } from 'vitest';
import { visibleRange } from './canvas-draw';
import type { TimeChartSpec } from './chart-spec';
import { RingBuffer } from './ring-buffer';
import { SpanRaster } from './span-raster';
import { SvgRecorder } from './svg-recorder';
import { paintData, STROKE_BUDGET, type PaintFrame } from './time-chart-paint';

/** `lines` lines of `points` points each over 1 s, as a chart following a run's first second holds them. */
function frame(lines: number, points: number): PaintFrame {
  const spec: TimeChartSpec = {
    ariaLabel: () => '',
    xLabel: 't',
    yLabel: 'cwnd',
    lines: Array.from({ length: lines }, (_, k) => {
      const buf = new RingBuffer(4096);
      for (let i = 0; i < points; i++) buf.push(i / points, 10 + k * 0.1 + (i % 5));
      return { key: `f${k}`, colour: '#0072b2', dash: k % 2 ? '8 3' : undefined, buffer: () => buf };
    }),
    xMax: () => 1,
    yMax: () => 20,
  };
  return {
    spec,
    t0: 0,
    t1: 1,
    iw: 600,
    ih: 300,
    rem: 16,
    yDomain: [0, 20],
    yTicks: [0, 10, 20],
    y2Domain: null,
    ranges: spec.lines.map((l) => visibleRange(l.buffer()!, 0, 1)),
    bands: [],
    markers: [],
    cursor: null,
  };
}

/** A raster that counts the rectangles painted into it. */
class CountingRaster extends SpanRaster {
  rects = 0;
  override fillRect(x: number, y: number, w: number, h: number): void {
    this.rects++;
    super.fillRect(x, y, w, h);
  }
}

/** Paint onto a recorder standing in for the canvas; count its strokes and the rectangles of the raster. */
function paint(f: PaintFrame): { strokes: number; rasterRects: number } {
  const ctx = new SvgRecorder();
  let strokes = 0;
  const stroke = ctx.stroke.bind(ctx);
  ctx.stroke = () => {
    strokes++;
    stroke();
  };
  const raster = new CountingRaster();
  paintData(ctx, f, 0, false, { raster, dpr: 1 });
  return { strokes, rasterRects: raster.rects };
}

describe('paintData: the stroke budget', () => {
  it('strokes a few sparse lines, anti-aliased', () => {
    const { strokes, rasterRects } = paint(frame(10, 60));
    expect(strokes).toBe(10);
    expect(rasterRects).toBe(0);
  });

  it('draws as column spans the sparse lines of a crowded chart, whose strokes would cost more than the budget', () => {
    const lines = 100;
    const points = 60; // sparse: under one point per 3 px of a 600 px plot
    expect(lines * points).toBeGreaterThan(STROKE_BUDGET);
    const { strokes, rasterRects } = paint(frame(lines, points));
    expect(strokes).toBe(0);
    expect(rasterRects).toBeGreaterThan(lines * points);
  });

  it('keeps vector copies (Save SVG) as paths however many lines', () => {
    const ctx = new SvgRecorder();
    paintData(ctx, frame(100, 60), 0, true);
    expect(ctx.markup().match(/<path/g)?.length).toBeGreaterThanOrEqual(100);
  });
});
