/**
 * The run's chart data on the main thread: one bounded ring buffer per chart
 * line, filled from the worker's batches. Charts read these directly and
 * redraw on `subscribe` notifications; React never sees the points.
 */
import type { EventRow } from '../../engine/output/rundata';
import { BASE_SERIES_COLUMNS, INFLATION_COLUMN } from '../../engine/output/rundata';
import { flowColumnAt, QUEUE_COLUMNS, queueColumnAt, type QueueId, type RunMeta, type SampleBatch } from '../../worker/protocol';
import { RingBuffer } from '../charts/ring-buffer';
import { SeriesArena } from '../charts/series-arena';
import { PacketFlights } from '../packets/flights';
import { EventHistory } from './event-history';
import { PacketRing, PACKET_ROWS_PER_FLOW } from './packet-ring';
import { RttSampler } from './rtt-samples';

/** A protocol event drawn on the charts (every kind: drop, fast_retransmit, timeout, …). */
export interface Marker {
  time: number;
  /** cwnd at the event, segments (0 for link events) */
  y: number;
  /** events.csv event name */
  event: string;
  detail: string;
}

/** Events that open or close a loss-recovery period (shaded on the cwnd charts). */
const PHASE_EVENTS: ReadonlySet<string> = new Set(['recovery_enter', 'recovery_exit', 'timeout']);

export interface PhaseEvent {
  time: number;
  event: string;
}

export interface FlowTrace {
  id: string;
  cwnd: RingBuffer;
  ssthresh: RingBuffer;
  throughput: RingBuffer;
  /** smoothed RTT, ms (srtt_ms) */
  srtt: RingBuffer;
  /** RTT samples from the packet trace, ms (rtt-samples.ts); null until the flow is traced */
  rttSamples: RingBuffer | null;
  /**
   * cwnd + inflation during Reno-style fast recovery (the window recovery
   * sends by), NaN outside it; null when the run has no `inflation` column.
   */
  recoveryWindow: RingBuffer | null;
  /**
   * The variant's own columns (vegas_diff, cubic_wmax, …) that have had a
   * value for this flow, created at their first finite value.
   */
  extra: Map<string, RingBuffer>;
  markers: Marker[];
  /** the event kinds this flow has had so far (the chart's legend lists their markers) */
  kinds: Set<string>;
  /** recovery_enter / recovery_exit / timeout, in time order (thinned past MARKERS_PER_FLOW) */
  phases: PhaseEvent[];
  /** time-sequence rows (TCP flows, when the engine traces packets) */
  packets: PacketRing | null;
  /** turns the packet rows into RTT samples */
  rttSampler: RttSampler | null;
}

export interface QueueTrace {
  id: QueueId;
  pkts: RingBuffer;
  redAvg: RingBuffer;
  /** queueing delay, ms: the mean wait of the packets that left in each interval (queues.csv sojourn_ms) */
  sojourn: RingBuffer;
  /** the capacity in force, kbps (queues.csv capacity_kbps); null until the run shows one (a link whose capacity changes) */
  capacity: RingBuffer | null;
  /** running sum of queue_pkts, to find the busiest direction */
  sum: number;
  /** packets lost in this direction so far, at the newest sample */
  drops: number;
  /** packets marked CE (ECN) in this direction so far, at the newest sample */
  marks: number;
  /** ecn_mark events of this direction (thinned past MARKERS_PER_FLOW); y is the queue in packets then */
  markers: Marker[];
}

/** Where the queue columns append reads are in a batch's queue columns. */
const QUEUE_PKTS = QUEUE_COLUMNS.indexOf('queue_pkts');
const RED_AVG = QUEUE_COLUMNS.indexOf('red_avg');
const SOJOURN_MS = QUEUE_COLUMNS.indexOf('sojourn_ms');
const CAPACITY_KBPS = QUEUE_COLUMNS.indexOf('capacity_kbps');
const DROPS = QUEUE_COLUMNS.indexOf('drops');
const ECN_MARKS = QUEUE_COLUMNS.indexOf('ecn_marks');

/** Points per chart line: enough detail for a wide screen, small enough to redraw 30×/s. */
export const POINTS_PER_LINE = 2048;
/** Groups of lines with capacities a step apart (RunTraces.line). */
const STAGGER_GROUPS = 16;
/** Markers per flow before they are thinned (a lossy run can have thousands). */
export const MARKERS_PER_FLOW = 2000;

export class RunTraces {
  run = 0;
  duration = 0;
  sampleCount = 0;
  /** simulated time of the newest batch, seconds */
  now = 0;
  flows: FlowTrace[] = [];
  queues: QueueTrace[] = [];
  /** index into `queues` of the direction with the longest average queue so far, or -1 */
  busiest = -1;
  /** every protocol event so far (bounded), for the event log */
  readonly events = new EventHistory();
  /** packets' passages through the link directions, for the packet animation (slow speeds and steps) */
  readonly flights = new PacketFlights();
  /** link_down / link_up: drawn on every flow's cwnd chart */
  linkMarkers: Marker[] = [];
  linkKinds = new Set<string>();
  private cwndCol = -1;
  private srttCol = -1;
  private ssthreshCol = -1;
  private throughputCol = -1;
  private inflationCol = -1;
  /** the variant-specific columns: their indexes and names (two arrays, read without destructuring in append) */
  private extraCols: number[] = [];
  private extraNames: string[] = [];
  private readonly listeners = new Set<() => void>();
  /** " at from→to:" (how an ecn_mark event names its direction) → queue index */
  private markLabels = new Map<string, number>();

  /** lines made for this run: their capacities' stagger (line()) */
  private lines = 0;
  /** the sampled lines' storage for this run (line()) */
  private arena = new SeriesArena();
  /** points a sampled line can receive in this run (one a sample), at most its capacity */
  private samplesPerLine = Infinity;
  /** flow id → flow, for the events of a batch */
  private flowById = new Map<string, FlowTrace>();
  /** a batch's recovery window (cwnd + inflation), reused from batch to batch */
  private scratch = new Float64Array(0);

  constructor(
    private readonly pointsPerLine = POINTS_PER_LINE,
    private readonly packetRowsPerFlow = PACKET_ROWS_PER_FLOW,
  ) {}

  reset(meta: RunMeta): void {
    this.run = meta.run;
    this.lines = 0;
    const samples = Math.ceil(meta.duration / meta.sampleInterval) + 2;
    this.samplesPerLine = Number.isFinite(samples) && samples > 0 ? samples : Infinity;
    const linesPerFlow = 4 + (meta.seriesColumns.includes(INFLATION_COLUMN) ? 1 : 0);
    const lines = meta.flowIds.length * linesPerFlow + meta.queueIds.length * 3;
    this.arena = new SeriesArena(lines * Math.min(this.pointsPerLine, this.samplesPerLine));
    this.duration = meta.duration;
    this.sampleCount = 0;
    this.now = 0;
    this.busiest = -1;
    this.cwndCol = meta.seriesColumns.indexOf('cwnd');
    this.ssthreshCol = meta.seriesColumns.indexOf('ssthresh');
    this.throughputCol = meta.seriesColumns.indexOf('throughput_kbps');
    this.srttCol = meta.seriesColumns.indexOf('srtt_ms');
    this.events.clear();
    this.flights.reset();
    this.linkMarkers = [];
    this.linkKinds = new Set();
    this.inflationCol = meta.seriesColumns.indexOf(INFLATION_COLUMN);
    const base: readonly string[] = BASE_SERIES_COLUMNS;
    this.extraCols = [];
    this.extraNames = [];
    meta.seriesColumns.forEach((c, i) => {
      if (base.includes(c)) return;
      this.extraCols.push(i);
      this.extraNames.push(c);
    });
    this.flows = meta.flowIds.map((id) => ({
      id,
      cwnd: this.line(),
      ssthresh: this.line(),
      throughput: this.line(),
      srtt: this.line(),
      rttSamples: null,
      recoveryWindow: this.inflationCol >= 0 ? this.line() : null,
      extra: new Map(),
      markers: [],
      kinds: new Set(),
      phases: [],
      packets: null,
      rttSampler: null,
    }));
    this.queues = meta.queueIds.map((id) => ({
      id,
      pkts: this.line(),
      redAvg: this.line(),
      sojourn: this.line(),
      capacity: null,
      sum: 0,
      drops: 0,
      marks: 0,
      markers: [],
    }));
    this.flowById = new Map();
    for (const f of this.flows) if (!this.flowById.has(f.id)) this.flowById.set(f.id, f);
    this.markLabels = new Map(meta.queueIds.map((id, q) => [` at ${id.from}→${id.to}:`, q]));
    this.notify();
  }

  /** Add a batch of the current run; batches of an older run are ignored. Returns whether it was used. */
  append(batch: SampleBatch): boolean {
    if (batch.run !== this.run) return false;
    // Once a batch is handled everything it allocated is garbage: the loops
    // below allocate nothing per flow or per point (no closures, iterators
    // or destructured pairs), which the first batches, run before V8 has
    // optimized this code, would otherwise do thousands of times.
    const { times, series } = batch;
    const n = times.length;
    if (this.scratch.length < n) this.scratch = new Float64Array(Math.max(n, 2 * this.scratch.length));
    const recovery = this.scratch;
    for (let f = 0; f < batch.flowCount; f++) {
      const flow = this.flows[f];
      if (!flow) continue;
      const cwndAt = flowColumnAt(batch, f, this.cwndCol);
      if (cwndAt >= 0) flow.cwnd.pushAll(times, series, cwndAt);
      const ssthreshAt = flowColumnAt(batch, f, this.ssthreshCol);
      if (ssthreshAt >= 0) flow.ssthresh.pushAll(times, series, ssthreshAt);
      const throughputAt = flowColumnAt(batch, f, this.throughputCol);
      if (throughputAt >= 0) flow.throughput.pushAll(times, series, throughputAt);
      const srttAt = flowColumnAt(batch, f, this.srttCol);
      if (srttAt >= 0) flow.srtt.pushAll(times, series, srttAt);
      const inflationAt = flowColumnAt(batch, f, this.inflationCol);
      if (flow.recoveryWindow && cwndAt >= 0 && inflationAt >= 0) {
        for (let i = 0; i < n; i++) {
          const inflation = series[inflationAt + i];
          recovery[i] = inflation > 0 ? series[cwndAt + i] + inflation : NaN;
        }
        flow.recoveryWindow.pushAll(times, recovery);
      }
      for (let k = 0; k < this.extraCols.length; k++) {
        const at = flowColumnAt(batch, f, this.extraCols[k]);
        const name = this.extraNames[k];
        if (at < 0) continue;
        let buf = flow.extra.get(name);
        if (!buf) {
          let seen = false;
          for (let i = 0; i < n && !seen; i++) seen = Number.isFinite(series[at + i]);
          if (!seen) continue;
          buf = this.line();
          flow.extra.set(name, buf);
        }
        buf.pushAll(times, series, at);
      }
    }
    for (let q = 0; q < batch.queueCount; q++) {
      const queue = this.queues[q];
      if (!queue) continue;
      const pktsAt = queueColumnAt(batch, q, QUEUE_PKTS);
      if (pktsAt >= 0) {
        queue.pkts.pushAll(times, series, pktsAt);
        let sum = queue.sum;
        for (let i = 0; i < n; i++) {
          const v = series[pktsAt + i];
          if (Number.isFinite(v)) sum += v;
        }
        queue.sum = sum;
      }
      const redAt = queueColumnAt(batch, q, RED_AVG);
      if (redAt >= 0) queue.redAvg.pushAll(times, series, redAt);
      // Engines older than the sojourn and capacity columns send fewer columns.
      const sojournAt = queueColumnAt(batch, q, SOJOURN_MS);
      if (sojournAt >= 0) queue.sojourn.pushAll(times, series, sojournAt);
      const capacityAt = queueColumnAt(batch, q, CAPACITY_KBPS);
      if (capacityAt >= 0) {
        if (!queue.capacity) {
          let seen = false;
          for (let i = 0; i < n && !seen; i++) seen = Number.isFinite(series[capacityAt + i]);
          if (seen) queue.capacity = this.line();
        }
        queue.capacity?.pushAll(times, series, capacityAt);
      }
      queue.drops = lastFinite(series, queueColumnAt(batch, q, DROPS), n, queue.drops);
      queue.marks = lastFinite(series, queueColumnAt(batch, q, ECN_MARKS), n, queue.marks);
    }
    const { events } = batch;
    for (let i = 0; i < events.length; i++) {
      this.addMarker(events[i]);
      this.addPhase(events[i]);
    }
    this.events.add(batch.events);
    if (batch.trace) this.addPackets(batch.trace);
    if (batch.links) this.flights.add(batch.links);
    this.sampleCount = batch.firstSample + times.length;
    this.now = Math.max(this.now, batch.time, times.length ? times[times.length - 1] : 0);
    this.updateBusiest();
    this.notify();
    return true;
  }

  /**
   * A new chart line. Lines fill at one pace (a point per sample), so with one
   * capacity they would all halve their resolution in the same batch: on the
   * 110-flow dumbbell (bench:ui), its 1,900 lines compacting at once made a
   * 35–50 ms task. The capacities step down by 1/64 over STAGGER_GROUPS
   * groups, so the compactions, and the storage's last doublings, fall in
   * that many batches instead of one. (A line's points are chosen by its own
   * values anyway: lines never shared their decimated times.)
   */
  private line(sampled = true): RingBuffer {
    const step = this.pointsPerLine >= 256 ? this.pointsPerLine >> 6 : 0;
    const capacity = this.pointsPerLine - (this.lines++ % STAGGER_GROUPS) * step;
    // A line of the sampled series receives one point a sample: a run of few
    // samples needs less than the capacity. Its storage comes whole from the
    // run's arena (series-arena.ts). Other lines (RTT samples) grow their own.
    const storage = sampled ? this.arena.take(Math.max(4, Math.min(capacity, this.samplesPerLine))) : null;
    return new RingBuffer(capacity, storage);
  }

  /** Call `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private addMarker(e: EventRow): void {
    if (e.event === 'ecn_mark') this.addQueueMark(e);
    if (e.flow === '') {
      if (this.linkMarkers.length >= MARKERS_PER_FLOW) this.linkMarkers = thin(this.linkMarkers);
      this.linkMarkers.push({ time: e.time_s, y: 0, event: e.event, detail: e.detail });
      this.linkKinds.add(e.event);
      return;
    }
    const flow = this.flowById.get(e.flow);
    if (!flow) return;
    if (flow.markers.length >= MARKERS_PER_FLOW) flow.markers = thin(flow.markers);
    const y = e.cwnd ?? (flow.cwnd.length ? flow.cwnd.y(flow.cwnd.length - 1) : 0);
    flow.markers.push({ time: e.time_s, y, event: e.event, detail: e.detail });
    flow.kinds.add(e.event);
  }

  /**
   * A CE mark on the queue chart of the direction that marked it (the
   * event's sentence names it: "… marked Congestion Experienced (CE) at
   * r1→r2: …"), at the queue length of the first sample from its time on.
   */
  private addQueueMark(e: EventRow): void {
    for (const [label, q] of this.markLabels) {
      if (!e.detail.includes(label)) continue;
      const queue = this.queues[q];
      if (queue.markers.length >= MARKERS_PER_FLOW) queue.markers = queue.markers.filter((_, i) => i % 2 === 0);
      const i = queue.pkts.lowerBound(e.time_s);
      const at = Math.min(queue.pkts.length - 1, i);
      const y = at >= 0 ? queue.pkts.y(at) : 0;
      queue.markers.push({ time: e.time_s, y, event: e.event, detail: e.detail });
      return;
    }
  }

  private addPhase(e: EventRow): void {
    if (!PHASE_EVENTS.has(e.event)) return;
    const flow = this.flowById.get(e.flow);
    if (!flow) return;
    // Thin by dropping the oldest half: the periods near "now" matter most.
    if (flow.phases.length >= MARKERS_PER_FLOW) flow.phases = flow.phases.slice(flow.phases.length >> 1);
    flow.phases.push({ time: e.time_s, event: e.event });
  }

  private addPackets(trace: NonNullable<SampleBatch['trace']>): void {
    const { time, flow, kind, seq } = trace;
    for (let i = 0; i < time.length; i++) {
      const f = this.flows[flow[i]];
      if (!f) continue;
      f.packets ??= new PacketRing(this.packetRowsPerFlow);
      f.packets.push(time[i], seq[i], kind[i]);
      if (!f.rttSampler) {
        const samples = this.line(false);
        f.rttSamples = samples;
        f.rttSampler = new RttSampler(samples);
      }
      f.rttSampler.add(time[i], kind[i], seq[i]);
    }
  }

  /**
   * Switch the queue chart to another direction only when it is clearly
   * busier (10 %), so the chart does not flap between two similar queues.
   */
  private updateBusiest(): void {
    let best = this.busiest;
    for (let q = 0; q < this.queues.length; q++) {
      if (best < 0 || this.queues[q].sum > this.queues[best].sum * 1.1) best = q;
    }
    this.busiest = best;
  }

  private notify(): void {
    for (const l of this.listeners) l();
  }
}

/** The newest finite value of a cumulative counter column (`n` values from `at`; -1: absent), or `previous`. */
function lastFinite(series: Float64Array, at: number, n: number, previous: number): number {
  if (at < 0) return previous;
  for (let i = n - 1; i >= 0; i--) if (Number.isFinite(series[at + i])) return series[at + i];
  return previous;
}

/**
 * Thin a long marker list: drops (the many) lose every other one and the
 * rarer kinds (fast retransmits, timeouts, recovery) are kept; if that frees
 * too little room, every other marker goes.
 */
function thin(markers: Marker[]): Marker[] {
  let k = 0;
  const out = markers.filter((m) => m.event !== 'drop' || k++ % 2 === 0);
  return out.length > markers.length * 0.75 ? markers.filter((_, i) => i % 2 === 0) : out;
}
