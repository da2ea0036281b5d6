/**
 * One clock for every chart's data-driven redraws. Batches arrive ~30 times a
 * second; each chart redraws at most once per MIN_REDRAW_MS for them, and all
 * charts that have new data redraw on the same tick, so they land in the same
 * animation frame (frame-scheduler.ts): the page lays out, paints and
 * composites once for all of them instead of once per chart. Zooming and
 * panning do not wait for the tick: they redraw in the next frame.
 */
export const MIN_REDRAW_MS = 33;

type Update = () => void;

const due = new Set<Update>();
let timer: ReturnType<typeof setTimeout> | 0 = 0;
let last = -Infinity;

function tick(): void {
  timer = 0;
  last = performance.now();
  const updates = [...due];
  due.clear();
  for (const u of updates) u();
}

/** Call `update` on the next tick (once, however often asked before it). */
export function onDataTick(update: Update): void {
  due.add(update);
  if (timer) return;
  const wait = MIN_REDRAW_MS - (performance.now() - last);
  if (wait <= 0) tick();
  else timer = setTimeout(tick, wait);
}

/** Forget a pending update (its chart is going away). */
export function cancelDataTick(update: Update): void {
  due.delete(update);
  if (due.size === 0 && timer) {
    clearTimeout(timer);
    timer = 0;
  }
}
