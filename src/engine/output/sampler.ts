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
import type { ControlBlock } from '../tcp/control-block';
import type { TcpSender } from '../tcp/sender';
import type { FlowStats, WindowSums } from './flow-stats';
import { GrowableF64, GrowableRows, columnOf } from '../core/growable';
import { nsToSeconds } from '../core/time';
import { BASE_SERIES_COLUMNS } from './rundata';
import type { SampleBlock } from './sample-block';
import { DirSources, FlowSources, Source } from './sample-sources';

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

/** The contract's flow columns come first; the variants' follow. */
const FIRST_EXTRA_COLUMN = BASE_SERIES_COLUMNS.length;

/** What the sampler reads of the flows, by flow index (the simulator's endpoints). */
export interface SampledFlows {
  readonly senders: readonly (TcpSender | null)[];
  readonly stats: readonly FlowStats[];
  /** each flow's sums of cwnd and ssthresh over the samples in the measure window */
  readonly windowSums: WindowSums;
}

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
  /** each direction's sojourn sum and departures at the previous sample */
  private readonly lastSojournNs: Float64Array;
  private readonly lastDepartures: Float64Array;
  private readonly flowCount: number;
  private readonly dirCount: number;
  private readonly stats: readonly FlowStats[];
  private readonly windowSums: WindowSums;
  private readonly flowSources: FlowSources;
  private readonly dirSources: DirSources;

  constructor(
    readonly columns: readonly string[],
    flows: SampledFlows,
    private readonly dirs: readonly LinkDir[],
    /** samples back that make the throughput window */
    private readonly throughputBack: number,
    /** queues.csv columns after sojourn_ms (RunData.queueColumns) */
    readonly queueColumns: readonly string[] = [],
  ) {
    this.flowCount = flows.senders.length;
    this.dirCount = dirs.length;
    this.stats = flows.stats;
    this.windowSums = flows.windowSums;
    this.flowStride = columns.length + 1;
    this.queueStride = QUEUE_VALUES.length + queueColumns.length;
    this.flowRows = new GrowableRows(this.flowCount * this.flowStride);
    this.queueRows = new GrowableRows(this.dirCount * this.queueStride);
    this.lastSojournNs = new Float64Array(this.dirCount);
    this.lastDepartures = new Float64Array(this.dirCount);
    this.flowSources = new FlowSources(flows.senders, columns.slice(FIRST_EXTRA_COLUMN));
    this.dirSources = new DirSources(dirs, queueColumns);
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
   * Samples [from, to) as they are stored: views of the times and of the two
   * rows of each sample (sample-block.ts reads them), three arrays whatever
   * the number of flows and directions. They share the sampler's storage, so
   * they hold these samples only until the sampler next records or forgets
   * (keepLast): a writer formats them before the run goes on, and one that
   * keeps them (a writer thread) copies them first. A copy of every block
   * was 3 % of a 22-flow run's CPU time that the run's own thread never
   * needed.
   */
  block(from: number, to: number): SampleBlock {
    const lo = Math.max(0, from);
    const hi = Math.max(lo, Math.min(this.length, to));
    const rows = (r: GrowableRows) => r.buf.subarray(r.offset(lo), r.offset(hi));
    return {
      times: this.times.view(lo, hi),
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

  /**
   * Record one sample at `now` (ns) of the flows and directions the sampler
   * was built over; the window averages of summary.csv take it when
   * `inMeasure`.
   *
   * At thousands of flows this is one cache miss after another (see
   * sample-sources.ts), so it reads each object once, through the sources
   * resolved at the start: per flow its counters, control block and RTT
   * estimator; per direction its queue and its own counters; everything
   * else it needs is in the sampler's own arrays, read in order.
   */
  record(now: number, inMeasure: boolean): void {
    const i = this.times.length;
    const t = nsToSeconds(now);
    this.times.push(t);
    const j = Math.max(0, i - this.throughputBack);
    this.recordFlows(this.flowRows.pushRow(), this.flowRows.offset(j), t - this.times.at(j), inMeasure);
    this.recordQueues(this.queueRows.pushRow(), now);
  }

  private recordFlows(row: number, back: number, dt: number, inMeasure: boolean): void {
    const buf = this.flowRows.buf;
    const stride = this.flowStride;
    const nc = this.columns.length;
    const k = nc - FIRST_EXTRA_COLUMN;
    const stats = this.stats;
    const tcbs = this.flowSources.tcbs;
    const rtts = this.flowSources.rtts;
    const sums = this.windowSums;
    for (let fi = 0; fi < this.flowCount; fi++) {
      const o = row + fi * stride;
      const bytes = stats[fi].bytes;
      buf[o + nc] = bytes;
      const tcb = tcbs[fi];
      if (tcb !== null) {
        const rtt = rtts[fi]!;
        const cwnd = tcb.cwnd;
        const ssthresh = tcb.ssthresh;
        buf[o] = cwnd;
        buf[o + 1] = ssthresh;
        buf[o + 2] = rtt.valid ? rtt.srtt * 1000 : NaN;
        buf[o + 3] = rtt.rto();
        buf[o + 4] = tcb.outstanding;
        if (inMeasure) sums.add(fi, cwnd, ssthresh);
      } else {
        for (let c = 0; c < 5; c++) buf[o + c] = NaN;
      }
      buf[o + 5] = throughputKbps(bytes, buf[back + fi * stride + nc], dt);
      // In the same pass: a second one over thousands of flows would fetch each one's objects again.
      if (k > 0) this.flowExtras(buf, o + FIRST_EXTRA_COLUMN, fi, k, tcb);
    }
    if (inMeasure) sums.samples++;
  }

  /** Flow `fi`'s `k` variant columns, into `buf` from `at`. */
  private flowExtras(buf: Float64Array, at: number, fi: number, k: number, tcb: ControlBlock | null): void {
    const extra = this.flowSources.extra;
    for (let c = 0; c < k; c++) {
      const src = extra[fi * k + c];
      let v = NaN;
      if (src >= 0) v = this.flowSources.ccs[fi]!.trace!(src);
      else if (src === Source.Inflation) v = tcb!.inflation;
      else if (src === Source.Pacing) {
        const rate = tcb!.pacer ? tcb!.pacer.rate : 0;
        if (rate > 0) v = rate / 1000;
      }
      buf[at + c] = v;
    }
  }

  private recordQueues(qrow: number, now: number): void {
    const qbuf = this.queueRows.buf;
    const qstride = this.queueStride;
    const k = this.queueColumns.length;
    const dirs = this.dirs;
    const { queues, averaged } = this.dirSources;
    const lastDepartures = this.lastDepartures;
    const lastSojournNs = this.lastSojournNs;
    for (let d = 0; d < this.dirCount; d++) {
      const o = qrow + d * qstride;
      const dir = dirs[d];
      // The direction's copy of its queue's length and bytes (link-dir.ts), beside the counters read below.
      qbuf[o] = dir.queueLength;
      qbuf[o + 1] = dir.queueBytes;
      qbuf[o + 2] = averaged[d] === 1 ? queues[d].average : NaN;
      const departures = dir.departures;
      const sojournNs = dir.sojournNs;
      const left = departures - lastDepartures[d];
      qbuf[o + 3] = left > 0 ? (sojournNs - lastSojournNs[d]) / left / 1e6 : NaN;
      lastDepartures[d] = departures;
      lastSojournNs[d] = sojournNs;
      qbuf[o + 4] = dir.queueDrops + dir.faultDrops;
      qbuf[o + 5] = dir.ecnMarks;
      if (k > 0) this.queueExtras(qbuf, o + QUEUE_VALUES.length, d, k, now);
    }
  }

  /** Direction `d`'s `k` extra queue columns (the discipline's control values, the capacity), into `qbuf` from `at`. */
  private queueExtras(qbuf: Float64Array, at: number, d: number, k: number, now: number): void {
    const extra = this.dirSources.extra;
    for (let c = 0; c < k; c++) {
      const src = extra[d * k + c];
      let v = NaN;
      if (src === Source.Capacity) v = this.dirs[d].sampleCapacity(now);
      else if (src >= 0) v = this.dirSources.queues[d].control!(src);
      qbuf[at + c] = v;
    }
  }
}

function nans(n: number): Float64Array {
  return new Float64Array(Math.max(0, n)).fill(NaN);
}
