/**
 * The two sampled files, timeseries.csv and queues.csv: one row per sample
 * time per flow (per link direction), sample-major. They are the big ones, so
 * their lines are joined here rather than sent cell by cell through d3-dsv,
 * and each can be written in pieces ([from, to) samples) by the streaming
 * runner (csv-stream.ts). Browser-safe: no Node APIs.
 */
import { csvFormatRows } from 'd3-dsv';
import type { QueueSeries, RunData } from './rundata';
import { SOJOURN_COLUMN } from './rundata';
import { DECIMALS, csvCell, formatNumber } from './csv-cells';

// ------------------------------------------------------------- timeseries.csv

const SERIES_DECIMALS: Record<string, number> = {
  cwnd: DECIMALS.window,
  ssthresh: DECIMALS.window,
  srtt_ms: DECIMALS.ms,
  rto_s: DECIMALS.time,
  inflight: DECIMALS.window,
  throughput_kbps: DECIMALS.kbps,
};

/**
 * Decimal places of a timeseries column. Variants may add columns beyond the
 * contract's; their unit suffix picks the kind, anything else keeps 6 places.
 */
export function seriesColumnDecimals(name: string): number {
  const known = SERIES_DECIMALS[name];
  if (known !== undefined) return known;
  if (name.endsWith('_kbps')) return DECIMALS.kbps;
  if (name.endsWith('_ms')) return DECIMALS.ms;
  if (name.endsWith('_s')) return DECIMALS.time;
  if (/cwnd|ssthresh|wmax|w_est|diff/.test(name)) return DECIMALS.window;
  return 6;
}

/**
 * One row per sample time per flow, sample-major (each time, then every flow
 * in order).
 *
 * The two sampled files are the big ones (a 100 s run of 22 flows at 0.01 s is
 * 220,000 lines), so their lines are joined here: text cells (flow, link and
 * node ids) are quoted by d3-dsv once per series via csvCell, and number cells
 * never need quoting (only digits, '-' and '.'). Sending every cell through
 * csvFormatRows costs about as much again as formatting the numbers; one
 * reused row array joined per line measured faster than string concatenation.
 */
export function timeseriesCsv(data: Pick<RunData, 'times' | 'seriesColumns' | 'flowSeries'>): string {
  return `${timeseriesHeader(data.seriesColumns)}\n${timeseriesRows(data)}`;
}

/** timeseries.csv's header line (without its newline). */
export function timeseriesHeader(seriesColumns: readonly string[]): string {
  return csvFormatRows([['time_s', 'flow', ...seriesColumns]]);
}

/**
 * timeseries.csv's rows for samples [from, to) of these (all by default),
 * each line ending with "\n" ('' for none).
 */
export function timeseriesRows(
  data: Pick<RunData, 'times' | 'seriesColumns' | 'flowSeries'>,
  from = 0,
  to = data.times.length,
): string {
  const cols = data.seriesColumns;
  const nc = cols.length;
  const { decimals, ids, arrays } = seriesLayout(data);
  const n = Math.max(0, to - from);
  const nf = ids.length;
  if (n * nf === 0) return '';
  const lines: string[] = new Array(n * nf);
  const row: string[] = new Array(2 + nc);
  let k = 0;
  for (let i = from; i < to; i++) {
    row[0] = formatNumber(data.times[i], DECIMALS.time);
    for (let f = 0; f < nf; f++) {
      row[1] = ids[f];
      const cells = arrays[f];
      for (let c = 0; c < nc; c++) {
        const arr = cells[c];
        row[2 + c] = arr === undefined || i >= arr.length ? '' : formatNumber(arr[i], decimals[c]);
      }
      lines[k++] = row.join(',');
    }
  }
  return lines.join('\n') + '\n';
}

/**
 * What the row loops need of a set of series, worked out once per set: the
 * command-line runner formats one set in pieces of a few samples each (a
 * single one with thousands of flows), and quoting every id and resolving
 * every column again for each piece cost more than the rows themselves.
 */
interface SeriesLayout {
  /** what it was worked out from: reused only while the set still holds these */
  flowSeries: unknown;
  seriesColumns: unknown;
  decimals: number[];
  /** each flow's id as a CSV cell */
  ids: string[];
  /** each flow's column arrays; a missing column is an empty cell */
  arrays: (Float64Array | undefined)[][];
}
const seriesLayouts = new WeakMap<object, SeriesLayout>();

function seriesLayout(data: Pick<RunData, 'times' | 'seriesColumns' | 'flowSeries'>): SeriesLayout {
  let l = seriesLayouts.get(data);
  if (!l || l.flowSeries !== data.flowSeries || l.seriesColumns !== data.seriesColumns) {
    const cols = data.seriesColumns;
    l = {
      flowSeries: data.flowSeries,
      seriesColumns: cols,
      decimals: cols.map(seriesColumnDecimals),
      ids: data.flowSeries.map((f) => csvCell(f.flow)),
      arrays: data.flowSeries.map((f) => cols.map((c) => f.columns[c])),
    };
    seriesLayouts.set(data, l);
  }
  return l;
}

// ----------------------------------------------------------------- queues.csv

/** queues.csv's columns: the contract's, then sojourn_ms; RunData.queueColumns follow. */
export const QUEUES_COLUMNS = [
  'time_s',
  'link',
  'from',
  'queue_pkts',
  'queue_bytes',
  'red_avg',
  SOJOURN_COLUMN,
] as const;

/** Decimal places of an extra queues.csv column, by its unit suffix (counts and probabilities keep 6). */
export function queueColumnDecimals(name: string): number {
  if (name.endsWith('_ms')) return DECIMALS.ms;
  if (name.endsWith('_kbps')) return DECIMALS.kbps;
  return 6;
}

/** One row per sample time per link direction, sample-major; joined as in timeseriesCsv. */
export function queuesCsv(data: Pick<RunData, 'times' | 'queueSeries' | 'queueColumns'>): string {
  return `${queuesHeader(data.queueColumns)}\n${queuesRows(data)}`;
}

/** queues.csv's header line (without its newline): the contract's columns, then the disciplines' own. */
export function queuesHeader(queueColumns: readonly string[]): string {
  return csvFormatRows([[...QUEUES_COLUMNS, ...queueColumns]]);
}

/** queues.csv's rows for samples [from, to) of these (all by default), each line ending with "\n" ('' for none). */
export function queuesRows(
  data: Pick<RunData, 'times' | 'queueSeries' | 'queueColumns'>,
  from = 0,
  to = data.times.length,
): string {
  const extra = data.queueColumns;
  const { decimals, queues } = queuesLayout(data);
  const n = Math.max(0, to - from);
  if (n * queues.length === 0) return '';
  const lines: string[] = new Array(n * queues.length);
  const row: string[] = new Array(QUEUES_COLUMNS.length + extra.length);
  let k = 0;
  for (let i = from; i < to; i++) {
    row[0] = formatNumber(data.times[i], DECIMALS.time);
    for (const { link, from, q, cols } of queues) {
      row[1] = link;
      row[2] = from;
      // Sampled queue lengths are integers, but keep 4 places in case a
      // sampler reports a time-average over the interval.
      row[3] = formatNumber(q.queue_pkts[i], DECIMALS.window);
      row[4] = formatNumber(q.queue_bytes[i], DECIMALS.window);
      row[5] = formatNumber(q.red_avg[i], DECIMALS.window);
      row[6] = formatNumber(q.sojourn_ms[i], DECIMALS.ms);
      for (let c = 0; c < cols.length; c++) {
        const arr = cols[c];
        row[7 + c] = arr === undefined || i >= arr.length ? '' : formatNumber(arr[i], decimals[c]);
      }
      lines[k++] = row.join(',');
    }
  }
  return lines.join('\n') + '\n';
}

/** queues.csv's counterpart of seriesLayout: worked out once per set of queue series. */
interface QueuesLayout {
  queueSeries: unknown;
  queueColumns: unknown;
  decimals: number[];
  queues: { link: string; from: string; q: QueueSeries; cols: (Float64Array | undefined)[] }[];
}
const queuesLayouts = new WeakMap<object, QueuesLayout>();

function queuesLayout(data: Pick<RunData, 'times' | 'queueSeries' | 'queueColumns'>): QueuesLayout {
  let l = queuesLayouts.get(data);
  if (!l || l.queueSeries !== data.queueSeries || l.queueColumns !== data.queueColumns) {
    const extra = data.queueColumns;
    l = {
      queueSeries: data.queueSeries,
      queueColumns: extra,
      decimals: extra.map(queueColumnDecimals),
      queues: data.queueSeries.map((q: QueueSeries) => ({
        link: csvCell(q.link),
        from: csvCell(q.from),
        q,
        cols: extra.map((c) => q.extra[c]),
      })),
    };
    queuesLayouts.set(data, l);
  }
  return l;
}
