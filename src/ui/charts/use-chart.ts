/**
 * Mount a D3 chart factory once on a ref and ask it to redraw whenever the
 * run's traces change. React renders only the container; the chart's nodes
 * are D3's alone. The chart draws in the next animation frame, together with
 * every other chart that asked (frame-scheduler.ts).
 */
import { useEffect, type DependencyList, type RefObject } from 'react';
import type { RunTraces } from '../session/traces';
import type { Chart } from './time-chart';

/**
 * Least time between two data-driven redraws of one chart. Batches arrive ~30
 * times a second; drawing each chart at most that often keeps the data live
 * while leaving most frames free for the browser. Zooming and panning are not
 * limited: they redraw in the next frame.
 */
export const MIN_REDRAW_MS = 33;

/** The chart mounted on each container, for what acts on a chart from outside (Save PNG / SVG). */
const mounted = new WeakMap<Element, Chart>();

/** The chart mounted on this container, if any. */
export function chartOn(container: Element | null): Chart | undefined {
  return container ? mounted.get(container) : undefined;
}

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
    mounted.set(container, chart);
    let timer: ReturnType<typeof setTimeout> | 0 = 0;
    let last = 0;
    const redraw = () => {
      if (timer) return;
      const wait = MIN_REDRAW_MS - (performance.now() - last);
      const go = () => {
        timer = 0;
        last = performance.now();
        chart.update();
      };
      if (wait <= 0) go();
      else timer = setTimeout(go, wait);
    };
    const unsubscribe = traces.subscribe(redraw);
    return () => {
      unsubscribe();
      if (timer) clearTimeout(timer);
      if (mounted.get(container) === chart) mounted.delete(container);
      chart.destroy();
    };
    // `create` is a new closure each render; `deps` says when the chart really
    // changes (the caller's deps, as with useMemo), which the rule cannot check.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ref, traces, ...deps]);
}
