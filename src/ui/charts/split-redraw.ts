/**
 * A chart's full redraw painted off screen over several frames and swapped
 * in whole (time-chart.ts): the first full draw of the 110 lines of a
 * 100-flow run took 12–32 ms of CPU in one go (bench:ui), each time the
 * followed time axis stepped out. Painted here within each frame's drawing
 * budget (frame-scheduler.ts), it leaves the previous picture, with its axes,
 * on screen until the new one is complete.
 */
import { frameTimeLeft } from './frame-scheduler';
import { startPainting, type LineRaster, type PaintFrame, type Painting } from './time-chart-paint';

/** A chart of at least this many lines, following a playing run, splits a full redraw over frames; fewer redraw in a few ms. */
export const SPLIT_MIN_LINES = 32;
/** Lines painted per frame at least, so a split redraw always gets on. */
const MIN_STEP_LINES = 4;

/** Where the chart's picture goes: its canvas, CSS size and margins. */
export interface SplitTarget {
  canvas: HTMLCanvasElement;
  ctx: CanvasRenderingContext2D;
  /** CSS pixels */
  width: number;
  height: number;
  dpr: number;
  left: number;
  top: number;
}

/** What a finished redraw was made from, for the chart to show with it. */
export interface SplitDone<T> {
  /** the frame's key: the chart compares it with its current one */
  key: string;
  frame: PaintFrame;
  /** whatever the chart keeps with the picture (its drawn-to time, its way to show axes) */
  extra: T;
  /** points painted */
  points: number;
}

export class SplitRedraw<T> {
  private spare: HTMLCanvasElement | null = null;
  private job: { key: string; frame: PaintFrame; painting: Painting; extra: T } | null = null;

  get active(): boolean {
    return this.job !== null;
  }

  /** Give up the redraw in progress, if any. */
  abandon(): void {
    this.job?.painting.abandon();
    this.job = null;
  }

  /**
   * Paint on: start a redraw of `frame` unless one is in progress (which goes
   * on, whatever frame is current), paint within this frame's budget, and
   * when complete put it on the target's canvas and return what it was made
   * from. 'pending' while it goes on; null when no off-screen canvas is
   * available (the chart then draws at once).
   */
  step(t: SplitTarget, key: string, frame: PaintFrame, lines: LineRaster, extra: T): SplitDone<T> | 'pending' | null {
    if (!this.job) {
      const spare = (this.spare ??= document.createElement('canvas'));
      if (spare.width !== t.canvas.width || spare.height !== t.canvas.height) {
        spare.width = t.canvas.width;
        spare.height = t.canvas.height;
      }
      const sctx = spare.getContext('2d');
      if (!sctx) return null;
      sctx.setTransform(t.dpr, 0, 0, t.dpr, 0, 0);
      sctx.clearRect(0, 0, t.width, t.height);
      sctx.translate(t.left, t.top);
      this.job = { key, frame, painting: startPainting(sctx, frame, 0, false, lines), extra };
    }
    const job = this.job;
    if (!job.painting.step((n) => n < MIN_STEP_LINES || frameTimeLeft() > 0)) return 'pending';
    this.job = null;
    const ctx = t.ctx;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, t.canvas.width, t.canvas.height);
    ctx.drawImage(this.spare!, 0, 0);
    return { key: job.key, frame: job.frame, extra: job.extra, points: job.painting.points };
  }
}
