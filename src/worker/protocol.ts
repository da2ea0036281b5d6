/**
 * Messages between the page (main thread) and the engine worker.
 *
 * The worker owns the only running Simulator; the page only ever sees what
 * these messages carry. High-rate data travels as batches whose samples are
 * one Float64Array per batch (every flow's and queue's columns, one after
 * another) transferred (moved, not copied), a few tens of times per second,
 * never one message per packet.
 */
import type { EventRow } from '../engine/output/rundata';
import type { FaultSpec, Scenario } from '../engine/scenario/types';

/** Simulated seconds per wall-clock second, or as fast as the machine goes. */
export type Speed = number | 'max';

export const MIN_SPEED = 0.01;
export const MAX_NUMERIC_SPEED = 1000;

/** Clamp a requested speed into the supported range; anything odd becomes 1×. */
export function normalizeSpeed(speed: Speed): Speed {
  if (speed === 'max') return 'max';
  if (!Number.isFinite(speed) || speed <= 0) return 1;
  return Math.min(MAX_NUMERIC_SPEED, Math.max(MIN_SPEED, speed));
}

/**
 * Where a run is.
 * - `empty`: no scenario loaded yet
 * - `ready`: loaded, at t = 0, not started
 * - `playing`: advancing in real time × speed
 * - `paused`: stopped mid-run by the user (or after a step)
 * - `stepping`: searching for the next protocol event
 * - `done`: reached the scenario's duration
 * - `error`: the engine threw; only Reset or loading another scenario helps
 */
export type RunStatus = 'empty' | 'ready' | 'playing' | 'paused' | 'stepping' | 'done' | 'error';

// ---------------------------------------------------------------- page → worker

export type ToWorker =
  /** Start a new run of an already validated (normalized) scenario. */
  | { type: 'load'; scenario: Scenario }
  | { type: 'play' }
  | { type: 'pause' }
  /** Run to the next protocol event (drop, fast retransmit, timeout, …) and pause there. */
  | { type: 'step' }
  /** Start the same scenario again from t = 0. */
  | { type: 'reset' }
  | { type: 'speed'; speed: Speed }
  /** Inject a fault at the current simulated time. */
  | { type: 'fault'; fault: FaultSpec }
  /** Trace (for the time-sequence diagram) only this flow from now on. */
  | { type: 'traceFlow'; flow: number }
  /** Ask for the five CSV files of the run so far; answered by `csv` with the same id. */
  | { type: 'exportCsv'; requestId: number }
  /**
   * Ask for the next new data segment of each TCP flow at the engine's
   * current time ("drop the next segment"); answered by `nextSegments`.
   */
  | { type: 'nextSegments'; requestId: number }
  /** The watchdog's question: answered by `pong` with the same id as soon as the worker reads it. */
  | { type: 'ping'; id: number }
  /**
   * Ask for a packet-level file of the run so far (the scenario replayed to
   * the engine's time, with the faults injected meanwhile): `pcap`
   * (packets.pcap) or `ns2Trace` (out.tr); answered by `replayFile`.
   */
  | { type: 'exportReplay'; requestId: number; output: ReplayOutput }
  /**
   * The `series` buffers of batches the page has read, handed back
   * (transferred) for the worker to pack later batches into
   * (series-batch.ts): no new buffer per batch on either side.
   */
  | { type: 'recycle'; buffers: ArrayBuffer[] };

/** The packet-level files the page can export (src/worker/replay.ts). */
export type ReplayOutput = 'pcap' | 'ns2Trace';

// ---------------------------------------------------------------- worker → page

export interface QueueId {
  link: string;
  from: string;
  to: string;
}

/**
 * Column order of `SampleBatch.queues[q]`: queues.csv's occupancy, RED's
 * average and the sojourn time (ms the packets that left in the interval
 * waited; NaN when none left), the cumulative drop and CE-mark counts, and
 * the capacity in force (kbps; NaN unless some link's capacity changes).
 * Every one is a column the engine records anyway (output/sampler.ts,
 * counted by engine/scenario/memory.ts).
 */
export const QUEUE_COLUMNS = [
  'queue_pkts',
  'queue_bytes',
  'red_avg',
  'drops',
  'sojourn_ms',
  'ecn_marks',
  'capacity_kbps',
] as const;
export type QueueColumn = (typeof QUEUE_COLUMNS)[number];

/** What a new run contains; sent once per load or reset, before any of its batches. */
export interface RunMeta {
  /** Increases with every load and reset; batches of older runs are ignored. */
  run: number;
  scenarioName: string;
  /** simulated seconds */
  duration: number;
  sampleInterval: number;
  flowIds: string[];
  /** Column order of `SampleBatch.flows[f]` (cwnd, ssthresh, srtt_ms, …). */
  seriesColumns: string[];
  queueIds: QueueId[];
}

/** Snapshot of the run's position, sent whenever it changes state. */
export interface StatusSnapshot {
  run: number;
  status: RunStatus;
  /** simulated seconds */
  time: number;
  eventsProcessed: number;
  speed: Speed;
}

/**
 * New samples and protocol events since the previous batch of the same run.
 * Sample `i` of the batch is sample number `firstSample + i` of the run.
 */
export interface SampleBatch {
  run: number;
  firstSample: number;
  /** seconds */
  times: Float64Array;
  /**
   * Every flow's columns (in `RunMeta.seriesColumns` order; NaN = not
   * applicable), then every queue's (in `QUEUE_COLUMNS` order), each
   * `times.length` values long, one after another in one buffer: one object
   * to copy and one buffer to transfer however many flows and links (a
   * Float64Array per column made receiving a 110-flow batch cost the page
   * milliseconds). Read with flowColumn and queueColumn.
   */
  series: Float64Array;
  flowCount: number;
  /** columns per flow in `series` */
  flowColumns: number;
  queueCount: number;
  /** columns per queue in `series` (engines older than a column send fewer) */
  queueColumns: number;
  firstEvent: number;
  events: EventRow[];
  /** simulated time the batch brings the run to */
  time: number;
  eventsProcessed: number;
  /**
   * New rows of the time-sequence trace (of the flow chosen with
   * `traceFlow`, or the first TCP flow), row `i` being row `firstTraceRow + i`
   * of the run's trace. Absent from engines that do not trace packets.
   */
  firstTraceRow?: number;
  trace?: PacketTraceRows;
  /**
   * New rows of the link trace (engine/net/link-trace.ts): packets entering a
   * direction's queue, starting their transmission, lost. Only while the
   * page animates packets (speed ≤ ANIMATE_MAX_SPEED, or stepping).
   */
  links?: LinkTraceRows;
}

/** The fastest speed at which the page animates packets on the wire; faster, it shows the queues only. */
export const ANIMATE_MAX_SPEED = 0.1;

/** Columns of link trace rows (see engine/net/link-trace.ts). */
export interface LinkTraceRows {
  /** seconds */
  time: Float64Array;
  /** link direction index (into RunMeta.queueIds) */
  dir: Int32Array;
  /** the packet's identity while it lives */
  pkt: Int32Array;
  /** flow index (into RunMeta.flowIds) */
  flow: Int32Array;
  /** sequence number as the engine's packet holds it (TCP data counts the SYN when there is one) */
  seq: Int32Array;
  /** LINK_* | packet kind << 2 | retransmission << 4 | drop cause << 8 */
  code: Int32Array;
  /** transmit: arrival at the far end, seconds */
  until: Float64Array;
}

/** Columns of packet trace rows (see Simulator.packetTrace). */
export interface PacketTraceRows {
  /** seconds */
  time: Float64Array;
  /** flow index (into RunMeta.flowIds) */
  flow: Int32Array;
  /** 0 sent, 1 retransmitted, 2 ACK received at the sender, 3 dropped */
  kind: Int32Array;
  /** data segment number (for an ACK: the next segment expected) */
  seq: Int32Array;
}

export const TRACE_SENT = 0;
export const TRACE_RETRANSMITTED = 1;
export const TRACE_ACK = 2;
export const TRACE_DROPPED = 3;

export type FromWorker =
  | { type: 'loaded'; meta: RunMeta }
  | { type: 'status'; status: StatusSnapshot }
  | { type: 'batch'; batch: SampleBatch }
  /** Answer to `step`: the event it stopped at, or null when the run ended without one. */
  | { type: 'stepped'; run: number; event: EventRow | null; time: number }
  /** The five files by name, and `notes.txt` when the page kept only the end of a long run. */
  | { type: 'csv'; requestId: number; files: Record<string, string> }
  | { type: 'pong'; id: number }
  /** flow id → next new data segment (TCP flows), at simulated time `time`. */
  | { type: 'nextSegments'; requestId: number; time: number; seqs: Record<string, number> }
  /** Answer to `exportReplay`: the file's bytes. */
  | { type: 'replayFile'; requestId: number; bytes: Uint8Array }
  /** `requestId` is set when the error answers a request (`exportCsv`, `nextSegments`). */
  | { type: 'error'; message: string; requestId?: number };

type SeriesLayout = Pick<SampleBatch, 'times' | 'flowCount' | 'flowColumns' | 'queueCount' | 'queueColumns'>;

/** Where column `c` of flow `f` starts in `batch.series`, or -1 if the batch has no such column. */
export function flowColumnAt(batch: SeriesLayout, f: number, c: number): number {
  if (f < 0 || f >= batch.flowCount || c < 0 || c >= batch.flowColumns) return -1;
  return (f * batch.flowColumns + c) * batch.times.length;
}

/** Where column `c` of queue `q` starts in `batch.series`, or -1 if the batch has no such column. */
export function queueColumnAt(batch: SeriesLayout, q: number, c: number): number {
  if (q < 0 || q >= batch.queueCount || c < 0 || c >= batch.queueColumns) return -1;
  return (batch.flowCount * batch.flowColumns + q * batch.queueColumns + c) * batch.times.length;
}

/** Column `c` of flow `f` (a view into `batch.series`), or undefined. */
export function flowColumn(batch: SampleBatch, f: number, c: number): Float64Array | undefined {
  const at = flowColumnAt(batch, f, c);
  return at < 0 ? undefined : batch.series.subarray(at, at + batch.times.length);
}

/** Column `c` of queue `q` (a view into `batch.series`), or undefined. */
export function queueColumn(batch: SampleBatch, q: number, c: number): Float64Array | undefined {
  const at = queueColumnAt(batch, q, c);
  return at < 0 ? undefined : batch.series.subarray(at, at + batch.times.length);
}

/** The `series` fields of a batch from its columns, [flow][column] and [queue][column], each `n` values long. */
export function packSeries(
  flows: readonly (readonly ArrayLike<number>[])[],
  queues: readonly (readonly ArrayLike<number>[])[],
  n: number,
): Pick<SampleBatch, 'series' | 'flowCount' | 'flowColumns' | 'queueCount' | 'queueColumns'> {
  const flowColumns = flows[0]?.length ?? 0;
  const queueColumns = queues[0]?.length ?? 0;
  const series = new Float64Array((flows.length * flowColumns + queues.length * queueColumns) * n);
  let at = 0;
  for (const cols of [...flows, ...queues])
    for (const c of cols) {
      series.set(c.length === n ? c : Array.from({ length: n }, (_, i) => c[i] ?? NaN), at);
      at += n;
    }
  return { series, flowCount: flows.length, flowColumns, queueCount: queues.length, queueColumns };
}

/** The buffers of a batch, to pass as postMessage's transfer list. */
export function batchTransferables(batch: SampleBatch): ArrayBuffer[] {
  const out: ArrayBuffer[] = [batch.times.buffer as ArrayBuffer, batch.series.buffer as ArrayBuffer];
  if (batch.trace) {
    const t = batch.trace;
    out.push(
      t.time.buffer as ArrayBuffer,
      t.flow.buffer as ArrayBuffer,
      t.kind.buffer as ArrayBuffer,
      t.seq.buffer as ArrayBuffer,
    );
  }
  if (batch.links) {
    const l = batch.links;
    for (const c of [l.time, l.dir, l.pkt, l.flow, l.seq, l.code, l.until]) out.push(c.buffer as ArrayBuffer);
  }
  return out;
}
