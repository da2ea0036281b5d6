import { describe, expect, it } from 'vitest';
import type { FlowSummaryRow } from '../engine/output/rundata';
import { extractMetrics, metricDecimals } from './metrics';
import type { Metric } from './types';

function row(flow: string, extra: Partial<FlowSummaryRow> = {}): FlowSummaryRow {
  return {
    flow,
    kind: 'tcp',
    variant: 'reno',
    from: 'a',
    to: 'b',
    throughput_kbps: 0,
    packets_sent: 0,
    packets_delivered: 0,
    retransmissions: 0,
    timeouts: 0,
    fast_retransmits: 0,
    drops: 0,
    drop_rate: 0,
    avg_latency_ms: null,
    avg_cwnd: null,
    avg_ssthresh: null,
    completion_s: null,
    ack_drops: 0,
    ...extra,
  };
}

describe('extractMetrics', () => {
  const summary = [
    row('A', { throughput_kbps: 600, drops: 3, avg_cwnd: 12.5 }),
    row('B', { throughput_kbps: 200 }),
    row('C', { kind: 'cbr', throughput_kbps: 400 }),
  ];
  const metrics: Metric[] = [
    { kind: 'flow', name: 'a', flow: 'A', column: 'throughput_kbps' },
    { kind: 'flow', name: 'b', flow: 'A', column: 'drops' },
    { kind: 'flow', name: 'c', flow: 'A', column: 'avg_cwnd' },
    { kind: 'flow', name: 'd', flow: 'C', column: 'avg_cwnd' },
    { kind: 'flow', name: 'e', flow: 'Gone', column: 'drops' },
    { kind: 'jain', name: 'f', flows: ['A', 'B'], column: 'throughput_kbps' },
    { kind: 'jain', name: 'g', flows: ['A', 'B', 'C'], column: 'throughput_kbps' },
    { kind: 'jain', name: 'h', flows: ['A', 'C'], column: 'avg_cwnd' },
  ];

  it('reads each flow column, null where there is no value, and Jain over the chosen flows', () => {
    expect(extractMetrics({ summary }, metrics)).toEqual([
      600,
      3,
      12.5,
      null,
      null,
      (800 * 800) / (2 * (600 * 600 + 200 * 200)),
      (1200 * 1200) / (3 * (600 * 600 + 200 * 200 + 400 * 400)),
      null,
    ]);
  });

  it('formats each metric with the decimals of its summary.csv column', () => {
    expect(metrics.map(metricDecimals)).toEqual([3, 0, 4, 4, 0, 6, 6, 6]);
  });
});
