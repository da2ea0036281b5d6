/**
 * Every flow's throughput in one chart: how the flows share the bottleneck.
 */
import type { FlowTrace } from '../session/traces';
import { flowStyle } from './palette';
import { createTimeChart, type Chart } from './time-chart';

export interface ThroughputLine {
  id: string;
  index: number;
}

/** Top of the throughput axis: the highest value of any flow, with room above. */
export function throughputAxisTop(flows: readonly (FlowTrace | undefined)[], t0 = -Infinity, t1 = Infinity): number {
  let top = 0;
  for (const f of flows) top = Math.max(top, f?.throughput.maxYBetween(t0, t1, 0) ?? 0);
  return Math.max(10, top * 1.08);
}

export function createThroughputChart(
  container: HTMLElement,
  lines: readonly ThroughputLine[],
  flows: () => readonly FlowTrace[],
  now: () => number,
): Chart {
  return createTimeChart(container, {
    ariaLabel: () => `Throughput of ${lines.length} flow${lines.length === 1 ? '' : 's'} in kilobits per second over time`,
    xLabel: 'time (s)',
    yLabel: 'throughput (kbit/s)',
    lines: lines.map((l) => {
      const { colour, dash } = flowStyle(l.index);
      return { key: `flow-${l.id}`, colour, dash, width: 2, buffer: () => flows()[l.index]?.throughput ?? null };
    }),
    xMax: now,
    yMax: (t0, t1) => throughputAxisTop(lines.map((l) => flows()[l.index]), t0, t1),
  });
}
