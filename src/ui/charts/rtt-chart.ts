/**
 * Round-trip times of the TCP flows: each flow's smoothed RTT (srtt, the
 * sender's RFC 6298 estimate the RTO is built on) as a line, and the RTT
 * samples of the traced flow (every ACK's round trip, rtt-samples.ts) as
 * dots, in the flow's colour. The gap between the base RTT and the samples
 * is the time packets wait in queues.
 */
import type { FlowTrace } from '../session/traces';
import { flowStyle } from './palette';
import { createTimeChart, type Chart, type ChartLine } from './time-chart';

export interface RttFlow {
  id: string;
  index: number;
}

export function rttAxisTop(flows: readonly (FlowTrace | undefined)[], t0 = -Infinity, t1 = Infinity): number {
  let top = 0;
  for (const f of flows) {
    if (!f) continue;
    top = Math.max(top, f.srtt.maxYBetween(t0, t1, 0), f.rttSamples?.maxYBetween(t0, t1, 0) ?? 0);
  }
  return Math.max(10, top * 1.1);
}

export function createRttChart(container: HTMLElement, lines: readonly RttFlow[], flows: () => readonly FlowTrace[], now: () => number): Chart {
  const chartLines: ChartLine[] = lines.flatMap((l): ChartLine[] => {
    const { colour, dash } = flowStyle(l.index);
    return [
      { key: `samples-${l.id}`, colour, width: 2.5, dots: true, buffer: () => flows()[l.index]?.rttSamples ?? null },
      { key: `srtt-${l.id}`, colour, dash, width: 2.25, buffer: () => flows()[l.index]?.srtt ?? null },
    ];
  });
  return createTimeChart(container, {
    ariaLabel: () => `Round-trip time in milliseconds of ${lines.length} TCP flow${lines.length === 1 ? '' : 's'} over time: smoothed RTT as lines, samples as dots`,
    xLabel: 'time (s)',
    yLabel: 'RTT (ms)',
    lines: chartLines,
    xMax: now,
    yMax: (t0, t1) => rttAxisTop(lines.map((l) => flows()[l.index]), t0, t1),
  });
}
