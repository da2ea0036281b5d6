/** How the Experiment view names variants and summary.csv columns, and which columns apply to which flows. */
import { VARIANTS, type FlowSpec } from '../../engine/scenario/types';
import type { MetricColumn } from '../../experiment/types';
import { variantName } from '../variants';

const SHORT_VARIANT: Record<string, string> = {};
for (const v of VARIANTS) SHORT_VARIANT[v] = variantName(v).replace(/^TCP /, '');

/** "Reno", "NewReno", "SACK": a variant as tables and legends show it. */
export function shortVariant(v: string): string {
  return SHORT_VARIANT[v] ?? v;
}

export const COLUMN_LABELS: Record<MetricColumn, string> = {
  throughput_kbps: 'Throughput (kbps)',
  packets_sent: 'Packets sent',
  packets_delivered: 'Packets delivered',
  retransmissions: 'Retransmissions',
  timeouts: 'Timeouts',
  fast_retransmits: 'Fast retransmits',
  drops: 'Drops',
  drop_rate: 'Drop rate',
  avg_latency_ms: 'Mean latency (ms)',
  avg_cwnd: 'Mean cwnd (segments)',
  avg_ssthresh: 'Mean ssthresh (segments)',
  completion_s: 'Completion time (s)',
  ack_drops: 'ACK drops',
};

/** Columns that mean something for a CBR flow (it has no window and never retransmits). */
const CBR_COLUMNS: readonly MetricColumn[] = ['throughput_kbps', 'packets_sent', 'packets_delivered', 'drops', 'drop_rate', 'avg_latency_ms'];

export function columnApplies(flow: FlowSpec, column: MetricColumn): boolean {
  if (flow.kind === 'cbr') return CBR_COLUMNS.includes(column);
  if (column === 'completion_s') return flow.kind === 'tcp' && flow.bytes !== null;
  return true;
}
