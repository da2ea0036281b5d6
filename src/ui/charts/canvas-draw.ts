/**
 * Drawing a long series on a canvas in time proportional to the chart's
 * width, not to the number of points.
 *
 * Only the points inside the visible time window are read (a binary search
 * finds it), and of the points that fall into one pixel column only the
 * first, the lowest, the highest and the last are drawn (the "M4" reduction
 * of Jugel et al., VLDB 2014): the picture is the same as drawing them all,
 * sawtooth peaks and the drop to cwnd = 1 included, but a chart of 2,000 (or
 * 200,000) points costs a few line segments per pixel column.
 */
import { dashMask } from './dashes';

/** A time-ordered series: RingBuffer, or anything read the same way. */
export interface Series {
  readonly length: number;
  t(i: number): number;
  y(i: number): number;
  lowerBound(t: number): number;
}

/** Where path commands go: a CanvasRenderingContext2D, or a recorder in tests. */
export interface PathSink {
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
}

/** Indexes [from, to) of the points inside [t0, t1] plus one on each side, so lines run to the edges. */
export function visibleRange(s: Series, t0: number, t1: number): [number, number] {
  const n = s.length;
  if (n === 0) return [0, 0];
  let hi = s.lowerBound(t1);
  while (hi < n && s.t(hi) <= t1) hi++;
  return [Math.max(0, s.lowerBound(t0) - 1), Math.min(n, hi + 1)];
}

/** A linear map from data to pixels, as a plain function (a d3 scale costs more per call). */
export function linear(d0: number, d1: number, r0: number, r1: number): (v: number) => number {
  const k = (r1 - r0) / (d1 - d0 || 1);
  return (v) => r0 + (v - d0) * k;
}

/**
 * Trace the points [from, to) of `s` as a polyline into `sink`, reduced to
 * at most four vertices per pixel column. NaN values are gaps (a new
 * subpath starts after them). Returns the number of vertices emitted.
 */
export function tracePolyline(
  s: Series,
  from: number,
  to: number,
  px: (t: number) => number,
  py: (v: number) => number,
  sink: PathSink,
): number {
  let emitted = 0;
  let pen = false;
  let column = NaN;
  // the current column's points, in pixels
  let colX = 0;
  let firstY = 0;
  let minY = 0;
  let maxY = 0;
  let lastY = 0;
  let count = 0;

  const flush = () => {
    if (count === 0) return;
    // The first vertex was emitted when the column opened; add the extremes and the last.
    if (count > 1) {
      const lo = Math.min(minY, maxY);
      const hi = Math.max(minY, maxY);
      // Order the extremes so the path goes from the first value through both to the last.
      const down = firstY <= lastY;
      if (lo !== firstY || hi !== firstY) {
        sink.lineTo(colX, down ? lo : hi);
        sink.lineTo(colX, down ? hi : lo);
        emitted += 2;
      }
      sink.lineTo(colX, lastY);
      emitted += 1;
    }
    count = 0;
  };

  for (let i = from; i < to; i++) {
    const v = s.y(i);
    if (!Number.isFinite(v)) {
      flush();
      pen = false;
      column = NaN;
      continue;
    }
    const x = px(s.t(i));
    const y = py(v);
    const c = Math.floor(x);
    if (pen && c === column) {
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      lastY = y;
      count += 1;
      continue;
    }
    flush();
    if (pen) sink.lineTo(x, y);
    else sink.moveTo(x, y);
    pen = true;
    emitted += 1;
    column = c;
    colX = x;
    firstY = minY = maxY = lastY = y;
    count = 1;
  }
  flush();
  return emitted;
}

/**
 * The span being emitted by columnSpans: [top, bottom], pixels. A double
 * passed as an argument to a callback that is not inlined is boxed into a
 * new heap number; written here it is not (the first 3 s after Play of the
 * 110-flow dumbbell allocated 28 MB in columnSpans, bench:ui heap sampling).
 */
export const SPAN = new Float64Array(2);

/**
 * A dense series as vertical spans, one per pixel column: the column's
 * lowest and highest pixel the polyline passes through (the segments into and
 * out of the column included, so the spans join up into a continuous line).
 * This is how the polyline would be rasterized at one-pixel resolution; drawn
 * as integer-aligned rectangles it costs a blit per run of equal columns
 * instead of anti-aliased stroking of thousands of segments, which is what
 * made canvas charts slow without a GPU. `emit(column)` is called in column
 * order, with the span's top and bottom in `SPAN[0]` and `SPAN[1]`; NaN
 * values are gaps. Returns the number of spans.
 */
export function columnSpans(
  s: Series,
  from: number,
  to: number,
  px: (t: number) => number,
  py: (v: number) => number,
  emit: (column: number) => void,
): number {
  // One loop, no inner closures: a double captured by a closure lives boxed
  // on the heap, and every update of it allocated (~2 per pixel column, a
  // few MB per full redraw of a 100-line chart, collected during the draw).
  let spans = 0;
  let have = false;
  let col = 0;
  let top = 0;
  let bottom = 0;
  let prevX = 0;
  let prevY = 0;
  for (let i = from; i < to; i++) {
    const v = s.y(i);
    if (!Number.isFinite(v)) {
      if (have) {
        SPAN[0] = top;
        SPAN[1] = bottom;
        emit(col);
        spans++;
      }
      have = false;
      continue;
    }
    const x = px(s.t(i));
    const y = py(v);
    if (!have) {
      have = true;
      col = Math.floor(x);
      top = bottom = y;
      prevX = x;
      prevY = y;
      continue;
    }
    const c1 = Math.floor(x);
    if (c1 <= col) {
      if (y < top) top = y;
      if (y > bottom) bottom = y;
    } else {
      // The segment crosses columns col..c1: its y range within each.
      const dx = x - prevX || 1;
      const k = (y - prevY) / dx;
      for (let c = Math.floor(prevX); c <= c1; c++) {
        const xa = prevX > c ? prevX : c;
        const xb = x < c + 1 ? x : c + 1;
        const ya = prevY + (xa - prevX) * k;
        const yb = prevY + (xb - prevX) * k;
        const lo = ya < yb ? ya : yb;
        const hi = ya < yb ? yb : ya;
        if (c === col) {
          if (lo < top) top = lo;
          if (hi > bottom) bottom = hi;
        } else {
          SPAN[0] = top;
          SPAN[1] = bottom;
          emit(col);
          spans++;
          col = c;
          top = lo;
          bottom = hi;
        }
      }
    }
    prevX = x;
    prevY = y;
  }
  if (have) {
    SPAN[0] = top;
    SPAN[1] = bottom;
    emit(col);
    spans++;
  }
  return spans;
}

/** Something that fills rectangles: a CanvasRenderingContext2D, or a recorder in tests. */
export interface RectSink {
  fillRect(x: number, y: number, w: number, h: number): void;
}

/**
 * Draw a series as a line `lineWidth` px thick from its column spans, with an
 * optional dash pattern applied along x; neighbouring columns with the same
 * span are one rectangle. Returns the number of rectangles filled.
 */
export function fillLine(
  s: Series,
  from: number,
  to: number,
  px: (t: number) => number,
  py: (v: number) => number,
  lineWidth: number,
  dash: readonly number[],
  sink: RectSink,
): number {
  const r = lineRun;
  r.sink = sink;
  r.w = Math.max(1, Math.round(lineWidth));
  r.half = r.w / 2;
  r.on = dashMask(dash);
  r.rects = 0;
  r.end = -1;
  r.open = false;
  columnSpans(s, from, to, px, py, lineColumn);
  flushLineRun();
  r.sink = null;
  r.on = null;
  return r.rects;
}

/**
 * The run of equal columns fillLine is building: fields of one object
 * rather than variables its callbacks close over, so that drawing a line
 * allocates no closures (a chart draws each of its lines many times a
 * second while a run plays). Drawing is synchronous: one line at a time.
 */
const lineRun = {
  sink: null as RectSink | null,
  w: 1,
  half: 0.5,
  on: null as ((c: number) => boolean) | null,
  rects: 0,
  start: 0,
  end: -1,
  y: 0,
  h: 0,
  open: false,
};

function flushLineRun(): void {
  const r = lineRun;
  if (!r.open) return;
  r.sink!.fillRect(r.start - Math.floor((r.w - 1) / 2), r.y, r.end - r.start + r.w, r.h);
  r.rects++;
  r.open = false;
}

/** columnSpans' callback for fillLine: column `c` spans SPAN[0]…SPAN[1]. */
function lineColumn(c: number): void {
  const r = lineRun;
  if (r.on !== null && !r.on(c)) {
    flushLineRun();
    return;
  }
  const y0 = Math.round(SPAN[0] - r.half);
  const h = Math.max(r.w, Math.round(SPAN[1] + r.half) - y0);
  if (r.open && c === r.end + 1 && y0 === r.y && h === r.h) {
    r.end = c;
    return;
  }
  flushLineRun();
  r.open = true;
  r.start = r.end = c;
  r.y = y0;
  r.h = h;
}

/**
 * Fill the area between a series and the baseline `base` (pixels), column by
 * column, up to the highest point the line reaches in each column.
 */
export function fillArea(
  s: Series,
  from: number,
  to: number,
  px: (t: number) => number,
  py: (v: number) => number,
  base: number,
  sink: RectSink,
): number {
  let rects = 0;
  let runStart = 0;
  let runEnd = -1;
  let runY = 0;
  let open = false;
  const flushRun = () => {
    if (!open) return;
    if (runY < base) {
      sink.fillRect(runStart, runY, runEnd - runStart + 1, base - runY);
      rects++;
    }
    open = false;
  };
  columnSpans(s, from, to, px, py, (c) => {
    const y0 = Math.round(SPAN[0]);
    if (open && c === runEnd + 1 && y0 === runY) {
      runEnd = c;
      return;
    }
    flushRun();
    open = true;
    runStart = runEnd = c;
    runY = y0;
  });
  flushRun();
  return rects;
}

/**
 * The series with values above `top` read as gaps (NaN): a line that leaves
 * the chart at the top is cut there instead of running along the edge.
 */
export function clipAbove(s: Series, top: number): Series {
  return {
    length: s.length,
    t: (i) => s.t(i),
    y: (i) => {
      const v = s.y(i);
      return v > top ? NaN : v;
    },
    lowerBound: (t) => s.lowerBound(t),
  };
}

/**
 * Each point of [from, to) as a square dot `size` px wide, at most one per
 * pixel (points on the same pixel are drawn once). Returns the dots drawn.
 */
export function drawDots(
  s: Series,
  from: number,
  to: number,
  px: (t: number) => number,
  py: (v: number) => number,
  size: number,
  sink: RectSink,
): number {
  const w = Math.max(2, Math.round(size));
  const half = Math.floor(w / 2);
  let dots = 0;
  let lastX = NaN;
  let lastY = NaN;
  for (let i = from; i < to; i++) {
    const v = s.y(i);
    if (!Number.isFinite(v)) continue;
    const x = Math.round(px(s.t(i)));
    const y = Math.round(py(v));
    if (x === lastX && y === lastY) continue;
    lastX = x;
    lastY = y;
    sink.fillRect(x - half, y - half, w, w);
    dots++;
  }
  return dots;
}
