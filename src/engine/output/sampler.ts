/**
 * Sampled series: every `sampleInterval` the simulator records each flow's
 * window state and each link direction's queue (timeseries.csv and
 * queues.csv; the page's charts read the same series).
 *
 * A sample is stored as two rows of doubles, one for the flows (each flow's
 * columns, then its cumulative bytes) and one for the link directions (each
 * direction's queue values), in the order they are recorded and written:
 * recording a sample of thousands of flows and directions writes two runs of
 * adjacent memory rather than one separate buffer per value, and a column is
 * gathered from the rows only when it is read.
 */
import type { LinkDir } from '../net/link-dir';
import type { TcpSender } from '../tcp/sender';
import type { FlowStats } from './flow-stats';
import { GrowableF64, GrowableRows, columnOf } from '../core/growable';
import { CAPACITY_COLUMN, INFLATION_COLUMN, PACING_COLUMN } from './rundata';
import { nsToSeconds } from '../core/time';
import type { SampleBlock } from './sample-block';

/** The sampled queue columns a view can ask for by name. */
export type QueueColumnName = 'queue_pkts' | 'queue_bytes' | 'red_avg' | 'sojourn_ms' | 'drops' | 'ecn_marks' | string;

/** A direction's values in its row, in this order; the sampler's extra queue columns follow. */
export const QUEUE_VALUES: readonly string[] = [
  'queue_pkts',
  'queue_bytes',
  'red_avg',
  'sojourn_ms',
  'drops',
  'ecn_marks',
];

/** Throughput in timeseries.csv is averaged over the last 0.5 s (contract). */
const THROUGHPUT_WINDOW_S = 0.5;

/** Samples back that make the throughput window at this sample interval (s). */
export function throughputWindowSamples(sampleInterval: number): number {
  return Math.max(1, Math.round(THROUGHPUT_WINDOW_S / sampleInterval));
}

/**
 * Throughput in kbit/s between two samples from the cumulative byte counts
 * and times (contract: over the last 0.5 s, or the elapsed time while the
 * run is younger than the window).
 */
export function throughputKbps(bytesNow: number, bytesBack: number, dtS: number): number {
  if (dtS <= 0) return 0;
  return ((bytesNow - bytesBack) * 8) / dtS / 1000;
}

/**
 * Every sample of a run: the times, each flow's columns (the contract's and
 * the variants' traces) and each link direction's queue.
 */
export class Sampler {
  readonly times = new GrowableF64(1024);
  /** per sample: for each flow, its columns then its cumulative unique payload bytes delivered */
  private readonly flowRows: GrowableRows;
  /** per sample: for each direction, QUEUE_VALUES then the extra queue columns */
  private readonly queueRows: GrowableRows;
  /** values per flow in a flow row (columns + cumulative bytes), and per direction in a queue row */
  private readonly flowStride: number;
  private readonly queueStride: number;
  /** index of the `inflation` column, or −1 */
  private readonly inflationCol: number;
  /** index of the `pacing_rate_kbps` column, or −1 */
  private readonly pacingCol: number;
  /** each direction's sojourn sum and departures at the previous sample */
  private readonly lastSojournNs: Float64Array;
  private readonly lastDepartures: Float64Array;

  constructor(
    readonly columns: readonly string[],
    private readonly flowCount: number,
    private readonly dirCount: number,
    /** samples back that make the throughput window */
    private readonly throughputBack: number,
    /** queues.csv columns after sojourn_ms (RunData.queueColumns) */
    readonly queueColumns: readonly string[] = [],
  ) {
    this.flowStride = columns.length + 1;
    this.queueStride = QUEUE_VALUES.length + queueColumns.length;
    this.flowRows = new GrowableRows(flowCount * this.flowStride);
    this.queueRows = new GrowableRows(dirCount * this.queueStride);
    this.inflationCol = columns.indexOf(INFLATION_COLUMN);
    this.pacingCol = columns.indexOf(PACING_COLUMN);
    this.lastSojournNs = new Float64Array(dirCount);
    this.lastDepartures = new Float64Array(dirCount);
  }

  get length(): number {
    return this.times.length;
  }

  /**
   * Keep only the last `n` samples, and never fewer than the throughput
   * window needs (the next sample's throughput reads the one `throughputBack`
   * before it). Returns how many were dropped; indexes then count from the
   * first kept.
   */
  keepLast(n: number): number {
    const keep = Math.max(n, this.throughputBack);
    const dropped = Math.max(0, this.length - keep);
    if (dropped === 0) return 0;
    // Every recorded series, or the rows would no longer line up with the times.
    this.times.keepLast(keep);
    this.flowRows.keepLast(keep);
    this.queueRows.keepLast(keep);
    return dropped;
  }

  /**
   * Samples [from, to) as they are stored: copies of the times and of the two
   * rows of each sample (sample-block.ts reads them), three buffers whatever
   * the number of flows and directions, so that they can be handed to
   * another thread to be written.
   */
  block(from: number, to: number): SampleBlock {
    const lo = Math.max(0, from);
    const hi = Math.min(this.length, to);
    const rows = (r: GrowableRows) => r.buf.slice(r.offset(lo), r.offset(Math.max(lo, hi)));
    return {
      times: this.timesBetween(lo, Math.max(lo, hi)),
      flowRows: rows(this.flowRows),
      queueRows: rows(this.queueRows),
    };
  }

  /** Sample times [from, to), seconds, as a copy of its own. */
  timesBetween(from: number, to: number): Float64Array {
    return this.times.view(from, to).slice();
  }

  /** A flow's column of samples [from, to), as a copy; NaN throughout for a column it does not have. */
  flowColumn(flow: number, column: string, from: number, to: number): Float64Array {
    const c = this.columns.indexOf(column);
    if (c < 0 || flow < 0 || flow >= this.flowCount || !Number.isInteger(flow)) return nans(to - from);
    return this.gather(this.flowRows, flow * this.flowStride + c, from, to);
  }

  /**
   * A queue column of samples [from, to), as a copy: queues.csv's columns,
   * `drops` and `ecn_marks` (cumulative counts); NaN throughout for a column
   * the run does not have.
   */
  queueColumn(queue: number, column: QueueColumnName, from: number, to: number): Float64Array {
    let c = QUEUE_VALUES.indexOf(column);
    if (c < 0) {
      const e = this.queueColumns.indexOf(column);
      c = e < 0 ? -1 : QUEUE_VALUES.length + e;
    }
    if (c < 0 || queue < 0 || queue >= this.dirCount || !Number.isInteger(queue)) return nans(to - from);
    return this.gather(this.queueRows, queue * this.queueStride + c, from, to);
  }

  /** Value `at` of rows [from, to), as a column of its own. */
  private gather(rows: GrowableRows, at: number, from: number, to: number): Float64Array {
    const lo = Math.max(0, from);
    const hi = Math.min(rows.length, to);
    return columnOf(rows.buf, rows.offset(lo) + at, rows.stride, hi - lo);
  }

  /** Record one sample at `now` (ns); the window averages of summary.csv take it when `inMeasure`. */
  record(
    now: number,
    inMeasure: boolean,
    senders: readonly (TcpSender | null)[],
    stats: readonly FlowStats[],
    dirs: readonly LinkDir[],
  ): void {
    const i = this.times.length;
    const t = nsToSeconds(now);
    this.times.push(t);
    const j = Math.max(0, i - this.throughputBack);
    const dt = t - this.times.at(j);
    const rows = this.flowRows;
    const row = rows.pushRow();
    const back = rows.offset(j);
    const buf = rows.buf;
    const stride = this.flowStride;
    const nc = this.columns.length;
    for (let fi = 0; fi < this.flowCount; fi++) {
      const o = row + fi * stride;
      const st = stats[fi];
      buf[o + nc] = st.bytes;
      const snd = senders[fi];
      if (snd) {
        buf[o] = snd.cwnd;
        buf[o + 1] = snd.ssthresh;
        buf[o + 2] = snd.rtt.valid ? snd.rtt.srtt * 1000 : NaN;
        buf[o + 3] = snd.rtt.rto();
        buf[o + 4] = snd.outstanding;
        if (inMeasure) st.onSample(snd.cwnd, snd.ssthresh);
      } else {
        for (let c = 0; c < 5; c++) buf[o + c] = NaN;
      }
      buf[o + 5] = throughputKbps(st.bytes, buf[back + fi * stride + nc], dt);
      for (let c = 6; c < nc; c++) {
        if (c === this.inflationCol) {
          buf[o + c] = snd && snd.recovery.inflates ? snd.inflation : NaN;
          continue;
        }
        if (c === this.pacingCol) {
          const rate = snd ? snd.pacingRate : 0;
          buf[o + c] = rate > 0 ? rate / 1000 : NaN;
          continue;
        }
        const cc = snd?.cc;
        const ci = cc?.traceColumns ? cc.traceColumns.indexOf(this.columns[c]) : -1;
        buf[o + c] = ci < 0 ? NaN : cc!.trace!(ci);
      }
    }
    const extra = this.queueColumns;
    const qrow = this.queueRows.pushRow();
    const qbuf = this.queueRows.buf;
    const qstride = this.queueStride;
    for (let d = 0; d < this.dirCount; d++) {
      const o = qrow + d * qstride;
      const dir = dirs[d];
      const q = dir.queue;
      qbuf[o] = q.length;
      qbuf[o + 1] = q.bytes;
      qbuf[o + 2] = q.average;
      const left = dir.departures - this.lastDepartures[d];
      qbuf[o + 3] = left > 0 ? (dir.sojournNs - this.lastSojournNs[d]) / left / 1e6 : NaN;
      this.lastDepartures[d] = dir.departures;
      this.lastSojournNs[d] = dir.sojournNs;
      qbuf[o + 4] = dir.queueDrops + dir.faultDrops;
      qbuf[o + 5] = dir.ecnMarks;
      for (let c = 0; c < extra.length; c++) {
        const name = extra[c];
        let v = NaN;
        if (name === CAPACITY_COLUMN) v = dir.sampleCapacity(now);
        else if (q.controlColumns) {
          const ci = q.controlColumns.indexOf(name);
          if (ci >= 0) v = q.control!(ci);
        }
        qbuf[o + QUEUE_VALUES.length + c] = v;
      }
    }
  }
}

function nans(n: number): Float64Array {
  return new Float64Array(Math.max(0, n)).fill(NaN);
}
