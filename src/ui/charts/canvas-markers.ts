/**
 * Event markers (fast retransmit, timeout) on a chart's canvas, and the
 * time-ordered searches over them.
 */
import { symbol } from 'd3';
import type { ChartMarker, MarkerStyle } from './chart-spec';
import type { Ctx2D } from './svg-recorder';

/** Index of the first item with time ≥ t (items in time order). */
export function lowerBoundTime(items: readonly { time: number }[], t: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (items[mid].time < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** How many items (in time order) have t0 ≤ time ≤ t1. */
export function countBetween(items: readonly { time: number }[], t0: number, t1: number): number {
  let hi = lowerBoundTime(items, t1);
  while (hi < items.length && items[hi].time <= t1) hi++;
  return hi - lowerBoundTime(items, t0);
}

/**
 * Draw the markers with from ≤ time ≤ t1 at (x(time), y(value)); `area`
 * scales the symbols' sizes (given at 16 px root font size).
 */
export function drawMarkers(
  ctx: Ctx2D,
  markers: readonly ChartMarker[],
  from: number,
  t1: number,
  x: (t: number) => number,
  y: (v: number) => number,
  styles: Record<string, MarkerStyle>,
  area: number,
): void {
  let lastCell = '';
  for (let i = lowerBoundTime(markers, from); i < markers.length; i++) {
    const d = markers[i];
    if (d.time > t1) break;
    const mx = x(d.time);
    const my = y(d.y);
    // Markers on the same pixel would be drawn over each other: draw one.
    const cell = `${d.event}:${Math.round(mx)}:${Math.round(my)}`;
    if (cell === lastCell) continue;
    lastCell = cell;
    const st = styles[d.event];
    ctx.save();
    ctx.translate(mx, my);
    ctx.beginPath();
    // d3 draws the symbol through the path methods Ctx2D has (moveTo, lineTo, arc, closePath).
    symbol(st?.symbol, (st?.size ?? 48) * area).context(ctx as CanvasRenderingContext2D)();
    if (st?.fill !== 'none') {
      ctx.fillStyle = st?.fill ?? '#000000';
      ctx.fill();
    }
    if (st && st.stroke !== 'none') {
      ctx.strokeStyle = st.stroke;
      ctx.lineWidth = st.strokeWidth;
      ctx.stroke();
    }
    ctx.restore();
  }
}
