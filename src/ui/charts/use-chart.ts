/**
 * Mount a D3 chart factory once on a ref and redraw it, at most once per
 * animation frame, whenever the run's traces change. React renders only the
 * container; the chart's nodes are D3's alone.
 */
import { useEffect, type DependencyList, type RefObject } from 'react';
import type { RunTraces } from '../session/traces';
import type { Chart } from './time-chart';

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
    const redraw = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        chart.update();
      });
    };
    const unsubscribe = traces.subscribe(redraw);
    chart.update();
    return () => {
      unsubscribe();
      if (frame) cancelAnimationFrame(frame);
      chart.destroy();
    };
    // `create` is a new closure each render; `deps` says when the chart really changes.
  }, [ref, traces, ...deps]);
}
