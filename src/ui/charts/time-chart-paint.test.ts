import { describe, expect, it } from 'vitest';
import { visibleRange } from './canvas-draw';
import type { TimeChartSpec } from './chart-spec';
import { RingBuffer } from './ring-buffer';
import { SpanRaster } from './span-raster';
import { SvgRecorder } from './svg-recorder';
import { paintData, startPainting, STROKE_BUDGET, type PaintFrame } from './time-chart-paint';

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
  /** every call, in order, when `log` is set */
  log: string[] | null = null;
  override setColour(word: number): void {
    this.log?.push(`colour ${word}`);
    super.setColour(word);
  }
  override fillRect(x: number, y: number, w: number, h: number): void {
    this.rects++;
    this.log?.push(`rect ${x} ${y} ${w} ${h}`);
    super.fillRect(x, y, w, h);
  }
}

/** A recorder standing in for the canvas that counts its strokes. */
function strokeCounter(): { ctx: SvgRecorder; strokes: () => number } {
  const ctx = new SvgRecorder();
  let strokes = 0;
  const stroke = ctx.stroke.bind(ctx);
  ctx.stroke = () => {
    strokes++;
    stroke();
  };
  return { ctx, strokes: () => strokes };
}

/** Paint onto a stroke counter; count its strokes and the rectangles of the raster. */
function paint(f: PaintFrame): { strokes: number; rasterRects: number } {
  const { ctx, strokes } = strokeCounter();
  const raster = new CountingRaster();
  paintData(ctx, f, 0, false, { raster, dpr: 1 });
  return { strokes: strokes(), rasterRects: raster.rects };
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

describe('startPainting: a full redraw split over frames', () => {
  /** Step a painting of `f` with at most `perStep` lines a step; the rectangles and strokes of each step. */
  function split(f: PaintFrame, perStep: number, raster = new CountingRaster()) {
    const { ctx, strokes } = strokeCounter();
    const painting = startPainting(ctx, f, 0, false, { raster, dpr: 1 });
    const steps: { lines: number; rects: number; strokes: number }[] = [];
    for (let done = false; !done;) {
      const before = { lines: painting.linesDone, rects: raster.rects, strokes: strokes() };
      done = painting.step((n) => n < perStep);
      steps.push({
        lines: painting.linesDone - before.lines,
        rects: raster.rects - before.rects,
        strokes: strokes() - before.strokes,
      });
      if (steps.length > 1000) throw new Error('the painting never completes');
    }
    return { ctx, raster, steps };
  }

  it('paints no more than the lines a step allows, and goes on where it stopped', () => {
    const { steps } = split(frame(100, 60), 8);
    expect(steps).toHaveLength(13); // 12 × 8 + 4
    expect(Math.max(...steps.map((s) => s.lines))).toBe(8);
    expect(steps.reduce((a, s) => a + s.lines, 0)).toBe(100);
    // the crowded lines' rectangles are spread over the steps, not done in the first
    const rects = steps.map((s) => s.rects);
    expect(Math.max(...rects)).toBeLessThan(0.1 * rects.reduce((a, r) => a + r, 0));
  });

  it('ends with the very rectangles of the painting done in one go, in the same order', () => {
    const f = frame(100, 60);
    const whole = new CountingRaster();
    whole.log = [];
    paintData(new SvgRecorder(), f, 0, false, { raster: whole, dpr: 1 });
    const parts = new CountingRaster();
    parts.log = [];
    split(f, 7, parts);
    expect(whole.log.length).toBeGreaterThan(100 * 60);
    expect(parts.log).toEqual(whole.log);
  });

  it('makes the same drawing calls as the painting done in one go (stroked lines, references, markers)', () => {
    const f = frame(10, 60);
    const spec = { ...f.spec, referenceLines: () => [{ y: 12, label: 'BDP', colour: '#d55e00', dash: '4 2' }] };
    const g: PaintFrame = { ...f, spec, markers: [{ time: 0.5, y: 11, event: 'drop', detail: 'loss' }], cursor: 0.25 };
    const whole = new SvgRecorder();
    paintData(whole, g, 0, false, { raster: new SpanRaster(), dpr: 1 });
    const { ctx, steps } = split(g, 1);
    // a line a step, then what lies over them (the reference line) in a step of its own
    expect(steps).toHaveLength(11);
    expect(steps.map((s) => s.strokes)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(steps.at(-1)!.lines).toBe(0);
    // the same markup but for the recorders' own clip ids
    const ids = (m: string) => m.replace(/rec\d+-/g, 'rec-');
    expect(ids(ctx.markup())).toBe(ids(whole.markup()));
    expect(ctx.markup().length).toBeGreaterThan(1000);
  });

  it('gives the context its state back when abandoned part-way', () => {
    const ctx = new SvgRecorder();
    let depth = 0;
    const save = ctx.save.bind(ctx);
    const restore = ctx.restore.bind(ctx);
    ctx.save = () => {
      depth++;
      save();
    };
    ctx.restore = () => {
      depth--;
      restore();
    };
    const painting = startPainting(ctx, frame(100, 60), 0, false, { raster: new SpanRaster(), dpr: 1 });
    expect(painting.step((n) => n < 3)).toBe(false);
    expect(depth).toBe(1);
    painting.abandon();
    expect(depth).toBe(0);
  });
});
