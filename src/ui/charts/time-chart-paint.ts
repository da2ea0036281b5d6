/**
 * Painting a time chart's data — grid, shaded bands, areas, lines, dots,
 * the custom drawing, reference lines, markers and the cursor — onto a
 * Ctx2D: the on-screen canvas (time-chart.ts), or an SVG recorder for a
 * vector copy (svg-recorder.ts). The frame (axes, labels) is not painted
 * here: it is the chart's SVG.
 *
 * On screen a painting may cover only a strip [fromX, width] of the plot
 * (the new data while the axis stands still); a copy always paints it all,
 * and `vector` draws every line as a path (no pixel-column spans).
 */
import { drawMarkers } from './canvas-markers';
import {
  clipAbove,
  drawDots,
  fillArea,
  fillLine,
  linear,
  tracePolyline,
  visibleRange,
  type Series,
} from './canvas-draw';
import { dashArray, scaledDash } from './dashes';
import type { Band, ChartMarker, TimeChartSpec } from './chart-spec';
import { opaqueColour, type ImageTarget, type SpanRaster } from './span-raster';
import type { Ctx2D } from './svg-recorder';

// The canvas cannot read CSS variables cheaply per frame: these are tokens.css's --grid, --muted, --font-sans.
export const GRID_COLOUR = '#edf0f4';
export const LABEL_COLOUR = '#586273';
export const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
const CURSOR_COLOUR = '#000000';
/**
 * A line with more visible points than plot width / DENSE_POINTS_PER_PX is
 * drawn as column spans (canvas-draw.ts fillLine), fewer as an anti-aliased
 * stroke: the same picture, at a cost bounded by the chart's width.
 */
const DENSE_POINTS_PER_PX = 1 / 3;
/**
 * At most this many points of sparse lines are stroked in one painting; a
 * chart whose sparse lines hold more (a hundred flows in the first second of
 * a run, before each line has a point per three pixel columns) draws them
 * all as column spans. A stroke is anti-aliased path rasterization, which
 * without a GPU runs on the page's main thread when the frame is committed:
 * ~1–2 µs per segment, 12–22 ms for the 100 lines of the 110-flow dumbbell
 * (bench:ui), on top of tracing them. The spans are the same lines, a pixel
 * coarser where they slant, at a cost bounded by the chart's width. A chart
 * of 20 lines on a 600 px plot (at most 200 points each before they are
 * dense anyway) stays under it.
 */
export const STROKE_BUDGET = 5000;

/** Everything a painting needs, fixed by the chart's last layout. */
export interface PaintFrame {
  spec: TimeChartSpec;
  /** time window */
  t0: number;
  t1: number;
  /** plot size, px */
  iw: number;
  ih: number;
  /** root font size, px */
  rem: number;
  /** value axis [bottom, top] and its tick values */
  yDomain: readonly [number, number];
  yTicks: readonly number[];
  /** the right axis's domain, when a secondary line is shown */
  y2Domain: readonly [number, number] | null;
  /** visible index range of each of spec.lines */
  ranges: readonly (readonly [number, number])[];
  bands: readonly Band[];
  markers: readonly ChartMarker[];
  cursor: number | null;
}

/** Where a chart's dense opaque lines are painted before they go onto the canvas as one image (span-raster.ts). */
export interface LineRaster {
  raster: SpanRaster;
  /** device pixels per CSS pixel of the canvas */
  dpr: number;
}

/**
 * Paint the data of `f` from pixel column `fromX` on (0: all of it), the
 * context's origin at the plot's top left. Returns the points the custom
 * drawing reported. With `lines`, dense opaque lines are painted into its
 * raster and put onto the canvas as one image, in the same order.
 */
export function paintData(ctx: Ctx2D, f: PaintFrame, fromX: number, vector = false, lines?: LineRaster): number {
  const painting = startPainting(ctx, f, fromX, vector, lines);
  painting.step(() => true);
  return painting.points;
}

/** A painting done in steps: the same drawing calls as paintData, in the same order, split between lines. */
export interface Painting {
  /**
   * Paint on: the grid, bands and areas first, then line after line while
   * `more(linesPaintedInThisStep)` says so (it is asked after each line, so a
   * step paints at least one), then what lies over the lines (the raster put
   * onto the canvas, references, markers: in a step of its own when the last
   * line used up the step). Returns whether the painting is complete.
   */
  step(more: (lines: number) => boolean): boolean;
  /** the points the custom drawing reported (once complete) */
  readonly points: number;
  /** lines painted so far, of spec.lines */
  readonly linesDone: number;
  /** Give up an incomplete painting: the context gets its state back (the clip). */
  abandon(): void;
}

/**
 * Start a painting of `f` that can be finished over several calls (several
 * animation frames), for a chart whose full redraw would hold the page too
 * long (split-redraw.ts paints it off screen and shows it when complete). The
 * context and the raster must not be used for anything else meanwhile: the
 * painting holds the context's clip (save/restore) and the raster's pixels
 * between steps.
 */
export function startPainting(ctx: Ctx2D, f: PaintFrame, fromX: number, vector = false, lines?: LineRaster): Painting {
  const { spec, t0, t1, iw, ih, rem } = f;
  const px = linear(t0, t1, 0, iw);
  const [ylo, yhi] = f.yDomain;
  const py = linear(ylo, yhi, ih, 0);
  const lineScale = Math.max(1, rem / 16);
  const tFrom = fromX === 0 ? t0 : t0 + ((t1 - t0) * fromX) / iw;
  let points = 0;

  let stroked = 0;
  spec.lines.forEach((l, k) => {
    const n = f.ranges[k][1] - f.ranges[k][0];
    if (!l.dots && n <= iw * DENSE_POINTS_PER_PX) stroked += n;
  });
  const crowded = stroked > STROKE_BUDGET;
  const isDense = (r: readonly [number, number]) => !vector && (crowded || r[1] - r[0] > iw * DENSE_POINTS_PER_PX);

  const raster = vector ? null : (lines?.raster ?? null);
  /** Put what the raster holds onto the canvas, before something is drawn over it there. */
  const settle = () => {
    if (!raster?.pending) return;
    raster.finish(ctx as unknown as ImageTarget);
    raster.begin(iw, ih, lines!.dpr, fromX);
  };

  /**
   * One series: column spans when dense in the window, an anti-aliased
   * stroke when sparse. A sparse stroke is traced over the whole window even
   * when only a strip is redrawn (the clip keeps it to the strip): it is
   * cheap, and its dash pattern then lines up with what is already drawn.
   */
  const drawSeries = (
    buf: Series,
    dense: boolean,
    yMap: (v: number) => number,
    colour: string,
    lineWidth: number,
    dash: string | undefined,
  ): void => {
    const [from, to] = visibleRange(buf, dense ? tFrom : t0, t1);
    if (to <= from) return;
    const pattern = scaledDash(dash, lineScale);
    const word = dense && raster ? opaqueColour(colour) : null;
    if (word !== null) {
      raster!.setColour(word);
      fillLine(buf, from, to, px, yMap, lineWidth, pattern, raster!);
      return;
    }
    settle();
    if (dense) {
      ctx.fillStyle = colour;
      fillLine(buf, from, to, px, yMap, lineWidth, pattern, ctx);
      return;
    }
    ctx.beginPath();
    if (tracePolyline(buf, from, to, px, yMap, ctx) === 0) return;
    ctx.strokeStyle = colour;
    ctx.lineWidth = lineWidth;
    ctx.setLineDash(pattern);
    ctx.stroke();
    ctx.setLineDash([]);
  };

  /** Under the lines: the grid, shaded bands, areas and the secondary line. */
  const head = (): void => {
    ctx.save();
    ctx.beginPath();
    ctx.rect(fromX, -2, iw + 2 - fromX, ih + 4);
    ctx.clip();
    if (fromX > 0) ctx.clearRect(fromX, -2, iw + 2 - fromX, ih + 4);
    ctx.lineJoin = 'round';
    ctx.lineCap = 'butt';
    ctx.setLineDash([]);

    ctx.fillStyle = GRID_COLOUR;
    for (const v of f.yTicks) ctx.fillRect(fromX, Math.round(py(v)), iw - fromX, 1);

    ctx.fillStyle = spec.bandColour ?? '#000000';
    ctx.globalAlpha = 0.16;
    for (const b of f.bands) {
      if (b.end < tFrom || b.start > t1) continue;
      const bx = Math.round(px(b.start));
      ctx.fillRect(bx, 0, Math.max(1, Math.round(px(b.end)) - bx), ih);
    }
    ctx.globalAlpha = 1;

    raster?.begin(iw, ih, lines!.dpr, fromX);

    spec.lines.forEach((l, k) => {
      if (!l.area) return;
      const buf = l.buffer();
      if (!buf || buf.length === 0) return;
      const dense = isDense(f.ranges[k]);
      const [from, to] = visibleRange(buf, dense ? tFrom : t0, t1);
      if (to - from < 1) return;
      ctx.fillStyle = l.colour;
      ctx.globalAlpha = 0.18;
      if (dense) {
        fillArea(buf, from, to, px, py, Math.round(py(0)), ctx);
      } else {
        // A closed polygon down to the axis; gaps (NaN) are drawn as empty.
        ctx.beginPath();
        ctx.moveTo(px(buf.t(from)), py(0));
        tracePolyline(
          {
            length: buf.length,
            t: (i) => buf.t(i),
            y: (i) => (Number.isFinite(buf.y(i)) ? buf.y(i) : 0),
            lowerBound: (t) => buf.lowerBound(t),
          },
          from,
          to,
          px,
          py,
          {
            moveTo: (a, b) => ctx.lineTo(a, b),
            lineTo: (a, b) => ctx.lineTo(a, b),
          },
        );
        ctx.lineTo(px(buf.t(to - 1)), py(0));
        ctx.closePath();
        ctx.fill();
      }
      ctx.globalAlpha = 1;
    });

    const secondary = spec.secondary;
    const sbuf = f.y2Domain && secondary ? secondary.buffer() : null;
    if (sbuf && f.y2Domain && secondary) {
      const [a, b] = f.y2Domain;
      const r = visibleRange(sbuf, t0, t1);
      drawSeries(sbuf, isDense(r), linear(a, b, ih, 0), secondary.colour, 1.75 * lineScale, secondary.dash);
    }
  };

  const paintLine = (k: number): void => {
    const l = spec.lines[k];
    const buf = l.buffer();
    if (!buf || buf.length === 0) return;
    if (l.dots) {
      settle();
      const [from, to] = visibleRange(buf, tFrom, t1);
      ctx.fillStyle = l.colour;
      drawDots(buf, from, to, px, py, (l.width ?? 2) * lineScale, ctx);
      return;
    }
    drawSeries(
      l.clipAbove ? clipAbove(buf, yhi) : buf,
      isDense(f.ranges[k]),
      py,
      l.colour,
      (l.width ?? 2) * lineScale,
      l.dash,
    );
  };

  const tail = (): void => {
    settle();
    if (spec.draw)
      points += spec.draw({ ctx, x: px, y: py, t0: tFrom, t1, rem, width: iw, height: ih, windowStart: t0 });

    paintReferences(ctx, f, py);

    if (f.markers.length > 0) {
      // markers just left of the strip reach into it: draw them again too
      const reach = (t1 - t0) * ((0.6 * rem) / iw);
      drawMarkers(ctx, f.markers, tFrom - reach, t1, px, py, spec.markerStyles ?? {}, (rem / 16) ** 2);
    }
    if (f.cursor !== null && f.cursor >= t0 && f.cursor <= t1) {
      ctx.fillStyle = CURSOR_COLOUR;
      ctx.fillRect(Math.round(px(f.cursor)) - 1, 0, 2, ih);
    }
    ctx.restore();
  };

  let started = false;
  let next = 0;
  let complete = false;
  return {
    get points() {
      return points;
    },
    get linesDone() {
      return next;
    },
    abandon() {
      if (started && !complete) ctx.restore();
      complete = true;
    },
    step(more) {
      if (complete) return true;
      if (!started) {
        started = true;
        head();
      }
      const n = spec.lines.length;
      let painted = 0;
      while (next < n) {
        paintLine(next++);
        painted++;
        if (!more(painted)) return false;
      }
      tail();
      complete = true;
      return true;
    },
  };
}

/** Horizontal reference lines with their labels; one above the value axis becomes a tag at the top edge. */
function paintReferences(ctx: Ctx2D, f: PaintFrame, py: (v: number) => number): void {
  const { iw, rem } = f;
  const yhi = f.yDomain[1];
  ctx.font = `${0.75 * rem}px ${FONT}`;
  ctx.textAlign = 'right';
  ctx.textBaseline = 'alphabetic';
  let tagY = 0.9 * rem;
  for (const r of f.spec.referenceLines?.() ?? []) {
    if (!Number.isFinite(r.y)) continue;
    if (r.y > yhi) {
      // Far above the data (the axis left it out, cwnd-chart.ts): say where it is.
      ctx.fillStyle = LABEL_COLOUR;
      ctx.fillText(`\u2191 ${r.label} (above the chart)`, iw - 0.25 * rem, tagY);
      tagY += 1.05 * rem;
      continue;
    }
    const ry = Math.round(py(r.y)) + 0.5;
    ctx.beginPath();
    ctx.moveTo(0, ry); // from 0 (clipped to the strip), so the dashes line up with those drawn before
    ctx.lineTo(iw, ry);
    ctx.strokeStyle = r.colour;
    ctx.lineWidth = 1.5 * Math.max(1, rem / 16);
    ctx.setLineDash(dashArray(r.dash));
    ctx.lineDashOffset = 0;
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.fillStyle = LABEL_COLOUR;
    ctx.fillText(r.label, iw - 0.25 * rem, ry - 0.3 * rem);
  }
}
