/**
 * Queue occupancy of one link direction, with the queue's limit and, for RED,
 * its average queue: where the drops behind the sawtooth come from. Beside
 * it, on the right axis, the queueing delay in ms (what a packet that left
 * waited: bufferbloat's hundreds of ms, CoDel's few), and the packets the
 * queue marked CE instead of dropping (ecn_mark).
 */
import type { QueueTrace } from '../session/traces';
import type { QueueId } from '../../worker/protocol';
import { EVENT_MARKER_STYLES } from './event-markers';
import { SERIES_COLOURS } from './palette';
import { createTimeChart, type Chart, type ReferenceLine } from './time-chart';

export const RED_AVG_DASH = '3 3';
export const QUEUE_DELAY_DASH = '6 3';
export const QUEUE_DELAY_LABEL = 'queue delay (ms)';

/** The newest finite queueing delay, ms, or NaN. */
export function latestDelay(queue: QueueTrace | null): number {
  const buf = queue?.sojourn;
  if (!buf) return NaN;
  for (let i = buf.length - 1; i >= 0 && i >= buf.length - 64; i--) if (Number.isFinite(buf.y(i))) return buf.y(i);
  return NaN;
}

export function queueAxisTop(queue: QueueTrace | null, limit: number | null, t0 = -Infinity, t1 = Infinity): number {
  const highest = Math.max(queue?.pkts.maxYBetween(t0, t1, 0) ?? 0, queue?.redAvg.maxYBetween(t0, t1, 0) ?? 0);
  return Math.max(4, (limit ?? 0) * 1.08, highest * 1.1);
}

export function createQueueChart(
  container: HTMLElement,
  queue: () => QueueTrace | null,
  limit: () => number | null,
  /** end of the run so far, seconds */
  now: () => number,
): Chart {
  const describe = () => {
    const q = queue();
    return q ? `${q.id.from} → ${q.id.to} on link ${q.id.link}` : 'no link';
  };
  return createTimeChart(container, {
    ariaLabel: () => `Queue occupancy in packets and delay in ms at ${describe()} over time`,
    xLabel: 'time (s)',
    yLabel: 'queue (packets)',
    lines: [
      { key: 'queue', colour: SERIES_COLOURS.queue, width: 1.75, area: true, buffer: () => queue()?.pkts ?? null },
      { key: 'red-avg', colour: SERIES_COLOURS.redAvg, dash: RED_AVG_DASH, width: 2, buffer: () => queue()?.redAvg ?? null },
    ],
    markers: () => queue()?.markers ?? [],
    markerStyles: EVENT_MARKER_STYLES,
    secondary: {
      colour: SERIES_COLOURS.queueDelay,
      dash: QUEUE_DELAY_DASH,
      label: () => ((queue()?.sojourn.length ?? 0) > 0 ? QUEUE_DELAY_LABEL : ''),
      buffer: () => queue()?.sojourn ?? null,
    },
    referenceLines: (): ReferenceLine[] => {
      const l = limit();
      return l === null ? [] : [{ y: l, colour: SERIES_COLOURS.limit, dash: '5 4', label: `limit ${l} packets` }];
    },
    xMax: now,
    yMax: (t0, t1) => queueAxisTop(queue(), limit(), t0, t1),
  });
}

/**
 * Which queue the chart shows: the direction selected in the topology editor
 * (link + the node it leaves from), else the busiest (longest average queue so far).
 */
export function chosenQueue(queueIds: readonly QueueId[], selected: { link: string; from: string } | null, busiest: number): { index: number; selected: boolean } {
  if (selected) {
    const i = queueIds.findIndex((q) => q.link === selected.link && q.from === selected.from);
    if (i >= 0) return { index: i, selected: true };
  }
  return { index: busiest, selected: false };
}
