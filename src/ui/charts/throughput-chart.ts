/**
 * Every flow's throughput in one chart: how the flows share the bottleneck;
 * and, when a link's capacity changes (a rate schedule, a cellular trace),
 * the capacity in force of the direction the queue chart shows, or of the
 * busiest that changes.
 */
import type { FlowTrace, QueueTrace } from '../session/traces';
import type { RingBuffer } from './ring-buffer';
import { flowStyle, SERIES_COLOURS } from './palette';
import { createTimeChart, type Chart } from './time-chart';

export const CAPACITY_DASH = '5 2';

/**
 * The direction whose capacity the throughput chart draws: the one at
 * `shown` (the queue chart's) when its capacity changes, else the busiest
 * (largest queue sum) whose capacity changes; null when none does.
 */
export function capacityQueue(queues: readonly QueueTrace[], shown: number): QueueTrace | null {
  const at = queues[shown];
  if (at?.capacity) return at;
  let best: QueueTrace | null = null;
  // an index loop: no iterator to allocate, in whatever tier V8 runs it
  for (let i = 0; i < queues.length; i++) {
    const q = queues[i];
    if (q.capacity && (!best || q.sum > best.sum)) best = q;
  }
  return best;
}

export interface ThroughputLine {
  id: string;
  index: number;
}

/** Top of the throughput axis: the highest value of any flow, with room above. */
export function throughputAxisTop(flows: readonly (FlowTrace | undefined)[], t0 = -Infinity, t1 = Infinity, capacity: RingBuffer | null = null): number {
  let top = capacity?.maxYBetween(t0, t1, 0) ?? 0;
  for (const f of flows) top = Math.max(top, f?.throughput.maxYBetween(t0, t1, 0) ?? 0);
  return Math.max(10, top * 1.08);
}

export function createThroughputChart(
  container: HTMLElement,
  lines: readonly ThroughputLine[],
  flows: () => readonly FlowTrace[],
  now: () => number,
  /** the direction whose capacity changes (capacityQueue), if any */
  capacity: () => QueueTrace | null = () => null,
): Chart {
  return createTimeChart(container, {
    ariaLabel: () => {
      const c = capacity();
      return `Throughput of ${lines.length} flow${lines.length === 1 ? '' : 's'} in kilobits per second over time${c ? `, and the capacity of ${c.id.from} → ${c.id.to}` : ''}`;
    },
    xLabel: 'time (s)',
    yLabel: 'throughput (kbit/s)',
    lines: [
      { key: 'capacity', colour: SERIES_COLOURS.capacity, dash: CAPACITY_DASH, width: 1.5, buffer: () => capacity()?.capacity ?? null },
      ...lines.map((l) => {
        const { colour, dash } = flowStyle(l.index);
        return { key: `flow-${l.id}`, colour, dash, width: 2, buffer: () => flows()[l.index]?.throughput ?? null };
      }),
    ],
    xMax: now,
    yMax: (t0, t1) => throughputAxisTop(lines.map((l) => flows()[l.index]), t0, t1, capacity()?.capacity ?? null),
  });
}
