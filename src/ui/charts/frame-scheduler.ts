/**
 * One animation frame for every chart on the page. A chart that needs a
 * redraw (new data, a zoom, a resize) asks for one; requests made before the
 * next frame are served in that single requestAnimationFrame callback, each
 * chart at most once. So however many batches arrive or charts share an axis,
 * the page draws at most once per frame, and only what changed.
 *
 * A frame spends at most FRAME_BUDGET_MS drawing: when several charts must
 * redraw in full at once (the shared axis stepped out, a zoom), the ones
 * left over draw in the next frame, oldest request first, so the page never
 * stops for a long frame; at least one chart draws per frame. Background
 * draws (charts scrolled out of view, kept roughly current) only use what is
 * left of the budget.
 *
 * The budget is what a frame's task can spend on drawing beside its style,
 * layout, paint and commit (5–7 ms of CPU on the 110-flow dumbbell,
 * bench:ui): with 8 ms the charts' full redraws after Play made tasks of
 * 13–20 ms of CPU, and a task that long, stretched two or three times on a
 * busy two-core machine (the worker and V8's background marking beside it),
 * was the occasional long task over 50 ms.
 */
type Draw = () => void;

export const FRAME_BUDGET_MS = 4;

const pending = new Set<Draw>();
const background = new Set<Draw>();
let frame = 0;
/** when the frame being drawn started drawing (performance.now()), or null outside a frame */
let frameStart: number | null = null;

function flush(): void {
  frame = 0;
  const start = performance.now();
  frameStart = start;
  let drawn = 0;
  for (const draw of [...pending]) {
    if (drawn > 0 && performance.now() - start > FRAME_BUDGET_MS) break;
    pending.delete(draw);
    background.delete(draw);
    draw();
    drawn++;
  }
  for (const draw of [...background]) {
    if (performance.now() - start > FRAME_BUDGET_MS / 2) break;
    background.delete(draw);
    draw();
  }
  frameStart = null;
  if (pending.size > 0 || background.size > 0) schedule();
}

/**
 * What is left of this frame's drawing budget, ms (negative when spent), for
 * a draw that can stop part-way and go on in the next frame (a chart's full
 * redraw, time-chart.ts). Outside a frame, the whole budget.
 */
export function frameTimeLeft(): number {
  return frameStart === null ? FRAME_BUDGET_MS : FRAME_BUDGET_MS - (performance.now() - frameStart);
}

function schedule(): void {
  if (!frame) frame = requestAnimationFrame(flush);
}

/** Run `draw` in the next animation frame with time for it (once, however often asked). */
export function requestDraw(draw: Draw): void {
  pending.add(draw);
  schedule();
}

/** Run `draw` in a coming frame that has time to spare. */
export function requestBackgroundDraw(draw: Draw): void {
  if (pending.has(draw)) return;
  background.add(draw);
  schedule();
}

/** Forget a requested draw (the chart is being destroyed). */
export function cancelDraw(draw: Draw): void {
  pending.delete(draw);
  background.delete(draw);
  if (pending.size === 0 && background.size === 0 && frame) {
    cancelAnimationFrame(frame);
    frame = 0;
  }
}
