/**
 * The contract's five CSV files (docs: /work/shared/design/scenario-format.md,
 * "Runner outputs"), formatted from a `RunData`. Used by the command-line
 * runner and by the page's "Export CSV", so this file stays browser-safe: no
 * Node APIs.
 *
 * Cell rules:
 * - Numbers are plain decimals, rounded to a fixed number of places per column
 *   kind (see DECIMALS) and trimmed of trailing zeros: never exponent notation,
 *   never NaN or Infinity. NaN, ±Infinity and null are empty cells.
 * - Text cells that a spreadsheet would read as a formula (starting with
 *   = + - @, tab or CR) get a leading `'`. Numeric cells are never touched, so
 *   a negative number (seq -1) stays a number.
 * - Quoting of commas, quotes and newlines is left to d3-dsv.
 * - Every file has its header row, even with no data rows, and ends with "\n".
 */
import { csvFormatRows } from 'd3-dsv';
import type { EventRow, FlowSummaryRow, LinkSummaryRow, QueueSeries, RunData } from './rundata';
import { SOJOURN_COLUMN, SUMMARY_NUMBER_COLUMNS, SUMMARY_TEXT_COLUMNS, TRANSACTION_SUMMARY_COLUMNS } from './rundata';

export type CsvFileName = 'summary.csv' | 'timeseries.csv' | 'queues.csv' | 'links.csv' | 'events.csv';

/** In the order the runner writes them. */
export const CSV_FILE_NAMES: readonly CsvFileName[] = [
  'summary.csv',
  'timeseries.csv',
  'queues.csv',
  'links.csv',
  'events.csv',
];

/**
 * Decimal places per column kind. Chosen so rounding is far below what a
 * student (or a comparison with ns-2) can see, while keeping files small:
 * - time (s): 6 → 1 µs, finer than any link's per-packet transmission time here.
 * - kbps: 3 → 1 bit/s.  ms: 3 → 1 µs.
 * - cwnd / ssthresh / queue averages (segments, packets): 4 → keeps the
 *   fractional growth of congestion avoidance (1/cwnd per ACK) visible.
 * - ratios (drop_rate, utilization): 6.
 * - counts (packets, drops, seq): 0 — they are integers; rounding only guards
 *   against a float that drifted by 1e-12.
 */
export const DECIMALS = {
  time: 6,
  kbps: 3,
  ms: 3,
  window: 4,
  ratio: 6,
  count: 0,
} as const;

const TRAILING_ZEROS = /\.?0+$/;

/**
 * `x` rounded to `decimals` places as a plain decimal string, trailing zeros
 * (and a bare point) removed. NaN, ±Infinity, null and undefined give ''.
 * Never uses exponent notation (1e-9 → "0", 1e21 → "1000000000000000000000"),
 * and never writes "-0".
 */
export function formatNumber(x: number | null | undefined, decimals: number): string {
  if (x == null || !Number.isFinite(x)) return '';
  // Fast path for integers (most count cells): String() is exact and plain below 1e21.
  if (Number.isInteger(x) && Math.abs(x) < 1e21) return x === 0 ? '0' : String(x);
  // Fast path, about 3x faster than toFixed + trimming, which matters for the
  // 1.3 M cells of a long time series: round to an integer count of 10^-d and
  // divide back. The quotient is the double nearest that decimal, and String()
  // prints it back as exactly that decimal (shortest round trip, at most 15
  // significant digits here), trailing zeros already gone. String() would use
  // exponent notation below 1e-6 and the integer must stay exact, hence the
  // limits; anything else takes the slow path.
  if (decimals >= 0 && decimals <= 6 && Number.isInteger(decimals)) {
    const scale = POW10[decimals];
    // Half away from zero, as toFixed does, so the sign does not bias rounding.
    const n = x < 0 ? -Math.round(-x * scale) : Math.round(x * scale);
    if (Math.abs(n) < 1e15) return n === 0 ? '0' : String(n / scale);
  }
  if (Math.abs(x) >= 1e21) {
    // toFixed switches to exponent notation from 1e21 on. Every double this
    // large is an integer; write its shortest round-trip digits ("1.5e+300")
    // out in full rather than BigInt's exact binary expansion (150…0787…).
    return expandExponent(String(x));
  }
  let s = x.toFixed(decimals);
  if (decimals > 0) s = s.replace(TRAILING_ZEROS, '');
  // "-0.0000001".toFixed(9) → "-0.000000000" → "-0" after trimming.
  if (s === '-0' || s === '') return '0';
  return s;
}

const POW10 = [1, 10, 100, 1000, 1e4, 1e5, 1e6];

/** "-1.5e+22" → "-15000000000000000000000" (only positive exponents occur here). */
function expandExponent(s: string): string {
  const m = /^(-?)(\d)(?:\.(\d+))?e\+(\d+)$/.exec(s);
  if (!m) return s;
  const digits = m[2] + (m[3] ?? '');
  const exp = Number(m[4]);
  return m[1] + digits + '0'.repeat(exp - (digits.length - 1));
}

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell made safe against spreadsheet formula injection: a leading
 * = + - @ (or tab/CR, per OWASP's CSV-injection advice) gets a `'` in front,
 * which spreadsheets show as text. d3-dsv then quotes the cell if it needs it.
 */
export function safeText(s: string | null | undefined): string {
  if (s == null) return '';
  return FORMULA_START.test(s) ? "'" + s : s;
}

/** Rows (header first) to CSV text, ending with a newline. */
function toCsv(rows: string[][]): string {
  return csvFormatRows(rows) + '\n';
}

/**
 * One text cell as it appears in a CSV line (formula-neutralized, then quoted
 * by d3-dsv if it holds a comma, quote or newline).
 */
export function csvCell(s: string | null | undefined): string {
  return csvFormatRows([[safeText(s)]]);
}

// ---------------------------------------------------------------- summary.csv

export const SUMMARY_COLUMNS = [...SUMMARY_TEXT_COLUMNS, ...SUMMARY_NUMBER_COLUMNS] as const;

export function summaryCsv(data: Pick<RunData, 'summary'>): string {
  // A scenario with transaction flows adds their columns at the end (output/transactions.ts).
  const tx = data.summary.some((r) => r.transactions !== undefined);
  const rows: string[][] = [tx ? [...SUMMARY_COLUMNS, ...TRANSACTION_SUMMARY_COLUMNS] : SUMMARY_COLUMNS.slice()];
  for (const r of data.summary) {
    const row = summaryRow(r);
    if (tx)
      row.push(
        formatNumber(r.transactions, DECIMALS.count),
        formatNumber(r.response_mean_ms, DECIMALS.ms),
        formatNumber(r.response_p95_ms, DECIMALS.ms),
      );
    rows.push(row);
  }
  return toCsv(rows);
}

function summaryRow(r: FlowSummaryRow): string[] {
  return [
    safeText(r.flow),
    safeText(r.kind),
    safeText(r.variant),
    safeText(r.from),
    safeText(r.to),
    formatNumber(r.throughput_kbps, DECIMALS.kbps),
    formatNumber(r.packets_sent, DECIMALS.count),
    formatNumber(r.packets_delivered, DECIMALS.count),
    formatNumber(r.retransmissions, DECIMALS.count),
    formatNumber(r.timeouts, DECIMALS.count),
    formatNumber(r.fast_retransmits, DECIMALS.count),
    formatNumber(r.drops, DECIMALS.count),
    formatNumber(r.drop_rate, DECIMALS.ratio),
    formatNumber(r.avg_latency_ms, DECIMALS.ms),
    formatNumber(r.avg_cwnd, DECIMALS.window),
    formatNumber(r.avg_ssthresh, DECIMALS.window),
    formatNumber(r.completion_s, DECIMALS.time),
    formatNumber(r.ack_drops, DECIMALS.count),
  ];
}

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
function queueColumnDecimals(name: string): number {
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

// ------------------------------------------------------------------ links.csv

export const LINKS_COLUMNS = [
  'link',
  'from',
  'to',
  'packets_forwarded',
  'queue_drops',
  'fault_drops',
  'utilization',
  'avg_queue_pkts',
  'ecn_marks',
] as const;

export function linksCsv(data: Pick<RunData, 'links'>): string {
  const rows: string[][] = [LINKS_COLUMNS.slice()];
  for (const r of data.links) rows.push(linkRow(r));
  return toCsv(rows);
}

function linkRow(r: LinkSummaryRow): string[] {
  return [
    safeText(r.link),
    safeText(r.from),
    safeText(r.to),
    formatNumber(r.packets_forwarded, DECIMALS.count),
    formatNumber(r.queue_drops, DECIMALS.count),
    formatNumber(r.fault_drops, DECIMALS.count),
    formatNumber(r.utilization, DECIMALS.ratio),
    formatNumber(r.avg_queue_pkts, DECIMALS.window),
    formatNumber(r.ecn_marks, DECIMALS.count),
  ];
}

// ----------------------------------------------------------------- events.csv

export const EVENTS_COLUMNS = ['time_s', 'flow', 'event', 'seq', 'cwnd', 'ssthresh', 'detail'] as const;

export function eventsCsv(data: Pick<RunData, 'events'>): string {
  const rows: string[][] = new Array(1 + data.events.length);
  rows[0] = EVENTS_COLUMNS.slice();
  for (let i = 0; i < data.events.length; i++) rows[i + 1] = eventRow(data.events[i]);
  return toCsv(rows);
}

export function eventsHeader(): string {
  return csvFormatRows([EVENTS_COLUMNS.slice()]);
}

/** events.csv's lines for these events, each ending with "\n" ('' for none): eventsCsv without its header. */
export function eventsRows(events: readonly EventRow[]): string {
  if (events.length === 0) return '';
  return csvFormatRows(events.map(eventRow)) + '\n';
}

function eventRow(e: EventRow): string[] {
  return [
    formatNumber(e.time_s, DECIMALS.time),
    safeText(e.flow),
    safeText(e.event),
    formatNumber(e.seq, DECIMALS.count),
    formatNumber(e.cwnd, DECIMALS.window),
    formatNumber(e.ssthresh, DECIMALS.window),
    safeText(e.detail),
  ];
}

// ------------------------------------------------------------------ all files

export function runDataToCsv(data: RunData): Record<CsvFileName, string> {
  return {
    'summary.csv': summaryCsv(data),
    'timeseries.csv': timeseriesCsv(data),
    'queues.csv': queuesCsv(data),
    'links.csv': linksCsv(data),
    'events.csv': eventsCsv(data),
  };
}
