/**
 * What a finished (or paused) run reports: the rows of the contract's five
 * output files, before they are formatted. The command-line runner and the
 * page's "Export CSV" both format exactly this, so the two always agree.
 *
 * Numbers are base units as the column names say; `null` (or NaN in the
 * series) is an empty cell.
 */

/** summary.csv's text columns, then its number columns (the contract's order, plus ack_drops). */
export const SUMMARY_TEXT_COLUMNS = ['flow', 'kind', 'variant', 'from', 'to'] as const;
export const SUMMARY_NUMBER_COLUMNS = [
  'throughput_kbps',
  'packets_sent',
  'packets_delivered',
  'retransmissions',
  'timeouts',
  'fast_retransmits',
  'drops',
  'drop_rate',
  'avg_latency_ms',
  'avg_cwnd',
  'avg_ssthresh',
  'completion_s',
  'ack_drops',
] as const;

/** summary.csv's columns after ack_drops when the scenario has a transaction flow (output/transactions.ts). */
export const TRANSACTION_SUMMARY_COLUMNS = ['transactions', 'response_mean_ms', 'response_p95_ms'] as const;

/** One completed transaction (transactions.csv, output/transactions.ts). */
export interface TransactionRow {
  /** the scenario's transaction flow */
  flow: string;
  connection: number;
  transaction: number;
  start_s: number;
  end_s: number;
  response_ms: number;
  request_bytes: number;
  response_bytes: number;
}

export interface FlowSummaryRow {
  flow: string;
  kind: 'tcp' | 'cbr';
  /** TCP variant, or '' for CBR */
  variant: string;
  from: string;
  to: string;
  throughput_kbps: number;
  packets_sent: number;
  packets_delivered: number;
  retransmissions: number;
  timeouts: number;
  fast_retransmits: number;
  drops: number;
  drop_rate: number;
  avg_latency_ms: number | null;
  avg_cwnd: number | null;
  avg_ssthresh: number | null;
  /** seconds from the flow's start until the receiver held the whole file; null if endless or unfinished */
  completion_s: number | null;
  /** ACKs of this flow lost on the way back (extension column) */
  ack_drops: number;
  /**
   * With a transaction flow in the scenario (absent otherwise): on a
   * connection's response row, its completed transactions and their mean and
   * 95th-percentile response times; null on the other rows.
   */
  transactions?: number | null;
  response_mean_ms?: number | null;
  response_p95_ms?: number | null;
}

export interface LinkSummaryRow {
  link: string;
  from: string;
  to: string;
  packets_forwarded: number;
  queue_drops: number;
  fault_drops: number;
  utilization: number;
  avg_queue_pkts: number;
  /** packets the queue marked CE instead of dropping (ECN) */
  ecn_marks: number;
}

/** One sampled series per flow; NaN where a column does not apply (e.g. cwnd of a CBR flow). */
export interface FlowSeries {
  flow: string;
  /** column name → values, one per sample time */
  columns: Record<string, Float64Array>;
}

export interface QueueSeries {
  link: string;
  from: string;
  queue_pkts: Float64Array;
  queue_bytes: Float64Array;
  red_avg: Float64Array;
  /** mean time the packets that left in the interval ending at each sample waited, ms; NaN when none left */
  sojourn_ms: Float64Array;
  /** the columns of RunData.queueColumns; NaN where a column does not apply to this direction */
  extra: Record<string, Float64Array>;
}

export interface EventRow {
  time_s: number;
  /** flow id, or '' for events of a link */
  flow: string;
  event: string;
  /** data segment number, or null */
  seq: number | null;
  cwnd: number | null;
  ssthresh: number | null;
  detail: string;
}

export interface RunData {
  /** events the simulator processed (for the runner's report) */
  eventsProcessed?: number;
  /** sample times, seconds */
  times: Float64Array;
  /** timeseries.csv columns after time_s and flow, in order */
  seriesColumns: string[];
  flowSeries: FlowSeries[];
  /** queues.csv columns after sojourn_ms: the disciplines' control variables, a changing capacity */
  queueColumns: string[];
  queueSeries: QueueSeries[];
  summary: FlowSummaryRow[];
  links: LinkSummaryRow[];
  events: EventRow[];
  /** the completed transactions, when the scenario has a transaction flow (transactions.csv) */
  transactions?: TransactionRow[];
}

/**
 * queues.csv's columns after the contract's: the sojourn time, always; then
 * those of RunData.queueColumns. The sampled queue columns the page reads
 * by name (the view's queueColumn) are these and `drops` and `ecn_marks`
 * (cumulative counts, for the charts' flashes and marks).
 */
export const SOJOURN_COLUMN = 'sojourn_ms';

/** A link direction's capacity in force at each sample, when some link's capacity changes (links[].schedule, trace). */
export const CAPACITY_COLUMN = 'capacity_kbps';

/** The columns every timeseries.csv has (contract), in order; variants may add more after them. */
export const BASE_SERIES_COLUMNS = ['cwnd', 'ssthresh', 'srtt_ms', 'rto_s', 'inflight', 'throughput_kbps'] as const;

/**
 * Added after the base columns when a flow's loss recovery inflates the
 * window (Reno, NewReno, and the variants built on Reno recovery): the
 * inflation in segments (ns-2 dupwnd_), 0 outside fast recovery, empty for
 * flows that do not inflate. cwnd + inflation is the window fast recovery
 * sends by.
 */
export const INFLATION_COLUMN = 'inflation';

/**
 * Added after the base columns when a flow paces (tcp.pacing): its pacing
 * rate, kbit/s of data (as throughput_kbps counts), empty before the flow has
 * one and for flows that do not pace.
 */
export const PACING_COLUMN = 'pacing_rate_kbps';
