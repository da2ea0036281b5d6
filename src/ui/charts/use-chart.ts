/**
 * Mount a D3 chart factory once on a ref and redraw it, in an animation frame
 * and at most every MIN_REDRAW_MS, whenever the run's traces change. React renders only the
 * container; the chart's nodes are D3's alone.
 */
import { useEffect, type DependencyList, type RefObject } from 'react';
import type { RunTraces } from '../session/traces';
import type { Chart } from './time-chart';

/** Least time between two data-driven redraws of one chart (~12 per second). */
export const MIN_REDRAW_MS = 80;

export function useChart(
  ref: RefObject<HTMLElement | null>,
  traces: RunTraces,
  create: (container: HTMLElement) => Chart,
  deps: DependencyList,
): void {
  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    const chart = create(container);
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | 0 = 0;
    let last = 0;
    const draw = () => {
      frame = 0;
      last = performance.now();
      chart.update();
    };
    // New data redraws a chart at most every MIN_REDRAW_MS: at full speed batches
    // arrive ~30 times a second for every chart on the page, and redrawing each
    // at every frame is what made frames long. A trailing redraw keeps it current.
    const redraw = () => {
      if (frame || timer) return;
      const wait = MIN_REDRAW_MS - (performance.now() - last);
      if (wait <= 0) frame = requestAnimationFrame(draw);
      else
        timer = setTimeout(() => {
          timer = 0;
          frame = requestAnimationFrame(draw);
        }, wait);
    };
    const unsubscribe = traces.subscribe(redraw);
    draw();
    return () => {
      unsubscribe();
      if (frame) cancelAnimationFrame(frame);
      if (timer) clearTimeout(timer);
      chart.destroy();
    };
    // `create` is a new closure each render; `deps` says when the chart really changes.
  }, [ref, traces, ...deps]);
}
