/**
 * Mount a D3 chart factory once on a ref and ask it to redraw whenever the
 * run's traces change. React renders only the container; the chart's nodes
 * are D3's alone. New data is drawn on the charts' shared tick (data-tick.ts),
 * in the animation frame after it, together with every other chart
 * (frame-scheduler.ts).
 */
import { useEffect, type DependencyList, type RefObject } from 'react';
import type { RunTraces } from '../session/traces';
import { cancelDataTick, onDataTick } from './data-tick';
import type { Chart } from './time-chart';

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
    // New data redraws on the shared tick, with every other chart (data-tick.ts).
    const update = () => chart.update();
    const unsubscribe = traces.subscribe(() => onDataTick(update));
    return () => {
      unsubscribe();
      cancelDataTick(update);
      if (mounted.get(container) === chart) mounted.delete(container);
      chart.destroy();
    };
    // `create` is a new closure each render; `deps` says when the chart really
    // changes (the caller's deps, as with useMemo), which the rule cannot check.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ref, traces, ...deps]);
}
