/**
 * Sampled series: every `sampleInterval` the simulator records each flow's
 * window state and each link direction's queue into growable typed columns
 * (timeseries.csv and queues.csv; the page's charts read the same columns).
 */
import type { LinkDir } from '../net/link-dir';
import type { TcpSender } from '../tcp/sender';
import type { FlowStats } from './flow-stats';
import { GrowableF64 } from '../core/growable';
import { CAPACITY_COLUMN, INFLATION_COLUMN, PACING_COLUMN } from './rundata';
import { nsToSeconds } from '../core/time';

export class FlowSeriesRecorder {
  readonly columns: GrowableF64[];
  /** cumulative unique payload bytes delivered, for the windowed throughput */
  readonly cumBytes = new GrowableF64();
  constructor(readonly names: readonly string[]) {
    this.columns = names.map(() => new GrowableF64());
  }
  column(name: string): GrowableF64 | undefined {
    const i = this.names.indexOf(name);
    return i < 0 ? undefined : this.columns[i];
  }
}

export class QueueSeriesRecorder {
  readonly pkts = new GrowableF64();
  readonly bytes = new GrowableF64();
  readonly redAvg = new GrowableF64();
  /** mean sojourn of the packets that left since the previous sample, ms (NaN: none left) */
  readonly sojourn = new GrowableF64();
  /** packets lost in this direction so far (queue and fault drops), for the page's drop flashes */
  readonly drops = new GrowableF64();
  /** packets marked CE in this direction so far */
  readonly marks = new GrowableF64();
  /** the sampler's extra queue columns (control variables, capacity) */
  readonly extra: GrowableF64[];
  /** the direction's sojourn sum and departures at the previous sample */
  lastSojournNs = 0;
  lastDepartures = 0;
  constructor(extraCount: number) {
    this.extra = Array.from({ length: extraCount }, () => new GrowableF64());
  }
}

/** The sampled queue columns a view can ask for by name. */
export type QueueColumnName = 'queue_pkts' | 'queue_bytes' | 'red_avg' | 'sojourn_ms' | 'drops' | 'ecn_marks' | string;

/** Throughput in timeseries.csv is averaged over the last 0.5 s (contract). */
const THROUGHPUT_WINDOW_S = 0.5;

/** Samples back that make the throughput window at this sample interval (s). */
export function throughputWindowSamples(sampleInterval: number): number {
  return Math.max(1, Math.round(THROUGHPUT_WINDOW_S / sampleInterval));
}

/**
 * Throughput over the last `windowS` seconds at sample i (contract: 0.5 s),
 * from the cumulative byte counts; over the elapsed time while the run is
 * younger than the window. kbit/s.
 */
export function windowedThroughput(times: GrowableF64, cum: GrowableF64, i: number, back: number): number {
  const j = Math.max(0, i - back);
  const dt = times.at(i) - times.at(j);
  if (dt <= 0) return 0;
  return ((cum.at(i) - cum.at(j)) * 8) / dt / 1000;
}

/**
 * Every sample of a run: the times, each flow's columns (the contract's and
 * the variants' traces) and each link direction's queue.
 */
export class Sampler {
  readonly times = new GrowableF64(1024);
  readonly flows: FlowSeriesRecorder[];
  readonly queues: QueueSeriesRecorder[];
  /** index of the `inflation` column, or −1 */
  private readonly inflationCol: number;
  /** index of the `pacing_rate_kbps` column, or −1 */
  private readonly pacingCol: number;

  constructor(
    readonly columns: readonly string[],
    flowCount: number,
    dirCount: number,
    /** samples back that make the throughput window */
    private readonly throughputBack: number,
    /** queues.csv columns after sojourn_ms (RunData.queueColumns) */
    readonly queueColumns: readonly string[] = [],
  ) {
    this.flows = Array.from({ length: flowCount }, () => new FlowSeriesRecorder(columns));
    this.inflationCol = columns.indexOf(INFLATION_COLUMN);
    this.pacingCol = columns.indexOf(PACING_COLUMN);
    this.queues = Array.from({ length: dirCount }, () => new QueueSeriesRecorder(queueColumns.length));
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
    this.times.keepLast(keep);
    for (const f of this.flows) {
      f.cumBytes.keepLast(keep);
      for (const c of f.columns) c.keepLast(keep);
    }
    // Every recorded series, or the columns would no longer line up with the times.
    for (const q of this.queues)
      for (const c of [q.pkts, q.bytes, q.redAvg, q.sojourn, q.drops, q.marks, ...q.extra]) c.keepLast(keep);
    return dropped;
  }

  /** Sample times [from, to), seconds, as a copy of its own. */
  timesBetween(from: number, to: number): Float64Array {
    return this.times.view(from, to).slice();
  }

  /** A flow's column of samples [from, to), as a copy; NaN throughout for a column it does not have. */
  flowColumn(flow: number, column: string, from: number, to: number): Float64Array {
    const col = this.flows[flow]?.column(column);
    return col ? col.view(from, to).slice() : new Float64Array(Math.max(0, to - from)).fill(NaN);
  }

  /**
   * A queue column of samples [from, to), as a copy: queues.csv's columns,
   * `drops` and `ecn_marks` (cumulative counts); NaN throughout for a column
   * the run does not have.
   */
  queueColumn(queue: number, column: QueueColumnName, from: number, to: number): Float64Array {
    const col = this.queueRecorder(this.queues[queue], column);
    return col ? col.view(from, to).slice() : new Float64Array(Math.max(0, to - from)).fill(NaN);
  }

  private queueRecorder(rec: QueueSeriesRecorder | undefined, column: QueueColumnName): GrowableF64 | undefined {
    if (!rec) return undefined;
    switch (column) {
      case 'queue_pkts':
        return rec.pkts;
      case 'queue_bytes':
        return rec.bytes;
      case 'red_avg':
        return rec.redAvg;
      case 'sojourn_ms':
        return rec.sojourn;
      case 'drops':
        return rec.drops;
      case 'ecn_marks':
        return rec.marks;
      default: {
        const i = this.queueColumns.indexOf(column);
        return i < 0 ? undefined : rec.extra[i];
      }
    }
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
    this.times.push(nsToSeconds(now));
    for (let fi = 0; fi < this.flows.length; fi++) {
      const rec = this.flows[fi];
      const st = stats[fi];
      rec.cumBytes.push(st.bytes);
      const cols = rec.columns;
      const snd = senders[fi];
      if (snd) {
        cols[0].push(snd.cwnd);
        cols[1].push(snd.ssthresh);
        cols[2].push(snd.rtt.valid ? snd.rtt.srtt * 1000 : NaN);
        cols[3].push(snd.rtt.rto());
        cols[4].push(snd.outstanding);
        if (inMeasure) st.onSample(snd.cwnd, snd.ssthresh);
      } else {
        for (let c = 0; c < 5; c++) cols[c].push(NaN);
      }
      cols[5].push(windowedThroughput(this.times, rec.cumBytes, i, this.throughputBack));
      for (let c = 6; c < cols.length; c++) {
        if (c === this.inflationCol) {
          cols[c].push(snd && snd.recovery.inflates ? snd.inflation : NaN);
          continue;
        }
        if (c === this.pacingCol) {
          const rate = snd ? snd.pacingRate : 0;
          cols[c].push(rate > 0 ? rate / 1000 : NaN);
          continue;
        }
        const cc = snd?.cc;
        const ci = cc?.traceColumns ? cc.traceColumns.indexOf(this.columns[c]) : -1;
        cols[c].push(ci < 0 ? NaN : cc!.trace!(ci));
      }
    }
    const extra = this.queueColumns;
    for (let d = 0; d < dirs.length; d++) {
      const dir = dirs[d];
      const q = dir.queue;
      const rec = this.queues[d];
      rec.pkts.push(q.length);
      rec.bytes.push(q.bytes);
      rec.redAvg.push(q.average);
      const left = dir.departures - rec.lastDepartures;
      rec.sojourn.push(left > 0 ? (dir.sojournNs - rec.lastSojournNs) / left / 1e6 : NaN);
      rec.lastDepartures = dir.departures;
      rec.lastSojournNs = dir.sojournNs;
      rec.drops.push(dir.queueDrops + dir.faultDrops);
      rec.marks.push(dir.ecnMarks);
      for (let c = 0; c < extra.length; c++) {
        const name = extra[c];
        let v = NaN;
        if (name === CAPACITY_COLUMN) v = dir.sampleCapacity(now);
        else if (q.controlColumns) {
          const ci = q.controlColumns.indexOf(name);
          if (ci >= 0) v = q.control!(ci);
        }
        rec.extra[c].push(v);
      }
    }
  }
}
