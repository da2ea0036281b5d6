/**
 * The shape of a seed paper's table as typed data (paper-tables.ts), and the
 * summary.csv metrics a cell's number is compared with.
 */
import type { Variant } from '../engine/scenario/types';

/** The numeric columns of summary.csv. */
export type SummaryMetric =
  | 'throughput_kbps'
  | 'packets_sent'
  | 'packets_delivered'
  | 'retransmissions'
  | 'timeouts'
  | 'fast_retransmits'
  | 'drops'
  | 'drop_rate'
  | 'avg_latency_ms'
  | 'avg_cwnd'
  | 'avg_ssthresh'
  | 'completion_s';

/** Where a paper number comes from in our output: `summary[flow][metric] × scale`. */
export interface MetricRef {
  /** flow id in the preset (e.g. "tcp", "ftp", "tcp1") */
  flow: string;
  metric: SummaryMetric;
  /** multiply ours by this to get the paper's unit (kbps → Mbps: 0.001; fraction → %: 100); default 1 */
  scale?: number;
}

export interface PaperColumn {
  /** as printed */
  label: string;
  /** our number for this column comes from a run where the metric's flow used this variant */
  variant?: Variant;
  metric?: MetricRef;
}

export interface PaperRow {
  /** the printed row labels, one per entry of the table's `rowHeader` */
  header: string[];
  /** one per column, as printed; null where the paper has no number */
  values: (number | null)[];
  /** preset ids this row corresponds to (several when the paper printed one row for several runs) */
  presets: string[];
  metric?: MetricRef;
  /** only runs whose flows used these variants count (flow id → variant) */
  variants?: Record<string, Variant>;
}

export interface PaperTable {
  /** stable id, e.g. "000-IV" */
  id: string;
  /** seed paper, "000" … "004" */
  paper: string;
  /** "Table IV"; for numbers quoted in the text, where they are */
  title: string;
  /** the caption as printed */
  caption: string;
  /** unit of the numbers, in words */
  units: string;
  /** "table" for a printed table, "text" for numbers the paper only quotes in its text */
  source: 'table' | 'text';
  /** names of the printed row-label columns */
  rowHeader: string[];
  columns: PaperColumn[];
  rows: PaperRow[];
  /** default metric for every cell */
  metric?: MetricRef;
  /** what a reader should know before comparing (the paper's own inconsistencies, how we map its numbers) */
  notes?: string;
}
