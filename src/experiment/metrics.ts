/**
 * What a sweep collects from each run: summary.csv columns of chosen flows and
 * Jain's fairness index across chosen flows. Pure and browser-safe.
 */
import { DECIMALS } from '../engine/output/csv-cells';
import type { FlowSummaryRow, RunData } from '../engine/output/rundata';
import type { Metric, MetricColumn, MetricValues } from './types';

/**
 * Jain's fairness index (Σx)² / (n·Σx²) of `xs`: 1 when all are equal, 1/n
 * when one takes everything. Null for an empty list, for all zeros (0/0:
 * nothing to share, so neither fair nor unfair) and for a non-finite value.
 */
export function jainIndex(xs: readonly number[]): number | null {
  if (xs.length === 0) return null;
  let sum = 0;
  let sumSq = 0;
  for (const x of xs) {
    if (!Number.isFinite(x)) return null;
    sum += x;
    sumSq += x * x;
  }
  if (sumSq === 0) return null;
  return (sum * sum) / (xs.length * sumSq);
}

function columnValue(row: FlowSummaryRow | undefined, column: MetricColumn): number | null {
  if (!row) return null;
  const v = row[column];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** One value per metric from a finished run, in `metrics` order; null where a flow or value is missing. */
export function extractMetrics(data: Pick<RunData, 'summary'>, metrics: readonly Metric[]): MetricValues {
  const byFlow = new Map<string, FlowSummaryRow>();
  for (const row of data.summary) byFlow.set(row.flow, row);
  return metrics.map((m) => {
    if (m.kind === 'flow') return columnValue(byFlow.get(m.flow), m.column);
    const xs: number[] = [];
    for (const flow of m.flows) {
      const v = columnValue(byFlow.get(flow), m.column);
      if (v === null) return null;
      xs.push(v);
    }
    return jainIndex(xs);
  });
}

/** Decimal places of a metric's values in runs.csv: those of its summary.csv column (6 for Jain's index). */
export function metricDecimals(m: Metric): number {
  if (m.kind === 'jain') return DECIMALS.ratio;
  switch (m.column) {
    case 'throughput_kbps':
      return DECIMALS.kbps;
    case 'drop_rate':
      return DECIMALS.ratio;
    case 'avg_latency_ms':
      return DECIMALS.ms;
    case 'avg_cwnd':
    case 'avg_ssthresh':
      return DECIMALS.window;
    case 'completion_s':
      return DECIMALS.time;
    default:
      return DECIMALS.count;
  }
}
