/**
 * Batches a run's series for the page: every sample, protocol event and
 * packet-trace row recorded since the previous batch, posted as one message
 * whose buffers are transferred, not copied. Keeps count of what was sent,
 * empties the engine's packet trace once enough of it is on its way, and
 * lets the engine forget what the page has (retention.ts), so a long run's
 * memory stays flat. The host (engine-host.ts) decides when a batch is due.
 *
 * The page hands each batch's series buffer back once it has copied the
 * values out (`recycle`), and the next batches are packed into those
 * buffers: on the 110-flow dumbbell a batch carries ~4,000 values a sample
 * (442 queues × 7 columns, 110 flows' columns), some 20 MB a second at full
 * speed, which as fresh buffers each time the page's heap counted as external
 * memory until a major garbage collection freed them (bench:ui).
 */
import type { LinkTrace } from '../engine/net/link-trace';
import type { EngineLike } from './engine-like';
import { takeLinkRows } from './link-rows';
import { KEEP_ALL, Retention } from './retention';
import { batchTransferables, QUEUE_COLUMNS, type FromWorker, type SampleBatch } from './protocol';

export interface BatchDeps {
  post(message: FromWorker, transfer?: Transferable[]): void;
  /** wall clock, milliseconds */
  now(): number;
}

export interface BatchOptions {
  /** wall milliseconds between ticks: batches go out at most this often while running flat out */
  tickMs: number;
  /** once this many packet trace rows have been posted, the engine's trace columns are emptied (they keep their capacity) */
  drainTraceRows: number;
  /** a batch carries at most this many link trace rows, the newest (a long step would otherwise send them all) */
  maxLinkRows: number;
}

export class SeriesBatcher {
  private sentSamples = 0;
  private sentEvents = 0;
  /** rows of the engine's packet trace posted since it was last emptied */
  private sentTrace = 0;
  /** rows posted before that (firstTraceRow counts the run's rows) */
  private drainedTrace = 0;
  /** what the engine keeps of a long run, and has forgotten (batches number rows from the run's start) */
  private kept = new Retention();
  /** when the next batch is due while running flat out (wall ms) */
  private nextPostAt = 0;
  /** series buffers the page has handed back, to pack the next batches into */
  private readonly spare: ArrayBuffer[] = [];

  constructor(
    private readonly deps: BatchDeps,
    private readonly opts: BatchOptions,
    /** the link trace handed to the engine while the page animates packets */
    private readonly linkTrace: LinkTrace,
  ) {}

  /** A new run: nothing of it sent yet. */
  reset(keep = KEEP_ALL): void {
    this.sentSamples = 0;
    this.sentEvents = 0;
    this.sentTrace = 0;
    this.drainedTrace = 0;
    this.kept = new Retention(keep);
  }

  get retention(): Retention {
    return this.kept;
  }

  /** Wall time (ms) from which the next batch is due while running flat out. */
  get dueAt(): number {
    return this.nextPostAt;
  }

  /**
   * Buffers of batches the page has read, to pack the next batches into: at
   * most SPARE_BUFFERS are kept, the largest (batches vary in length).
   */
  recycle(buffers: readonly ArrayBuffer[]): void {
    for (const b of buffers) {
      if (!(b instanceof ArrayBuffer) || b.byteLength === 0) continue;
      if (this.spare.length < SPARE_BUFFERS) {
        this.spare.push(b);
        continue;
      }
      let smallest = 0;
      for (let i = 1; i < this.spare.length; i++)
        if (this.spare[i].byteLength < this.spare[smallest].byteLength) smallest = i;
      if (b.byteLength > this.spare[smallest].byteLength) this.spare[smallest] = b;
    }
  }

  /** Room for `values` doubles: the smallest spare buffer that holds them, else a new one of exactly that size. */
  private take(values: number): Float64Array {
    const bytes = values * Float64Array.BYTES_PER_ELEMENT;
    let best = -1;
    for (let i = 0; i < this.spare.length; i++) {
      const len = this.spare[i].byteLength;
      if (len >= bytes && (best < 0 || len < this.spare[best].byteLength)) best = i;
    }
    if (best < 0) return new Float64Array(values);
    const buffer = this.spare[best];
    this.spare[best] = this.spare[this.spare.length - 1];
    this.spare.pop();
    return new Float64Array(buffer, 0, values);
  }

  /** Post every sample and event recorded since the previous batch, if any. */
  post(engine: EngineLike, run: number, time: number): void {
    const samples = engine.sampleCount();
    const events = engine.eventCount();
    const traceRows = engine.packetTrace?.length ?? 0;
    const linkRows = engine.network?.linkTrace ? this.linkTrace.length : 0;
    if (samples === this.sentSamples && events === this.sentEvents && traceRows === this.sentTrace && linkRows === 0)
      return;
    const from = this.sentSamples;
    const batch: SampleBatch = {
      run,
      firstSample: this.kept.droppedSamples + from,
      times: ownBuffer(engine.sampleTimes(from, samples)),
      ...packColumns(engine, from, samples, (values) => this.take(values)),
      firstEvent: this.kept.droppedEvents + this.sentEvents,
      events: engine.eventRows(this.sentEvents, events),
      time,
      eventsProcessed: engine.eventsProcessed,
    };
    const pt = engine.packetTrace;
    if (pt) {
      const from = this.sentTrace;
      batch.firstTraceRow = this.drainedTrace + from;
      // slice(): copies into buffers of their own, safe to transfer
      batch.trace = {
        time: pt.time.view(from, traceRows).slice(),
        flow: pt.flow.view(from, traceRows).slice(),
        kind: pt.kind.view(from, traceRows).slice(),
        seq: pt.seq.view(from, traceRows).slice(),
      };
    }
    if (linkRows > 0) batch.links = takeLinkRows(this.linkTrace, this.opts.maxLinkRows);
    this.sentSamples = samples;
    this.sentEvents = events;
    this.sentTrace = traceRows;
    if (pt && traceRows >= this.opts.drainTraceRows) {
      // Every row is on its way to the page: empty the engine's columns.
      pt.time.length = pt.flow.length = pt.kind.length = pt.seq.length = 0;
      this.drainedTrace += traceRows;
      this.sentTrace = 0;
    }
    const kept = this.kept.forget(engine, { samples: this.sentSamples, events: this.sentEvents });
    this.sentSamples = kept.samples;
    this.sentEvents = kept.events;
    // Due times advance by whole tick intervals, so that ticks of uneven length
    // still give the tick rate on average; after an idle spell, start afresh.
    const now = this.deps.now();
    this.nextPostAt = (now - this.nextPostAt > this.opts.tickMs ? now : this.nextPostAt) + this.opts.tickMs;
    this.deps.post({ type: 'batch', batch }, batchTransferables(batch));
  }
}

/** Series buffers kept for reuse: a batch or two in flight each way, and one to spare. */
const SPARE_BUFFERS = 4;

/**
 * Every flow's and queue's columns of samples [from, to), one after another
 * in one buffer (protocol.ts SampleBatch.series), got from `room`; every
 * value of it is written.
 */
function packColumns(
  engine: EngineLike,
  from: number,
  to: number,
  room: (values: number) => Float64Array,
): Pick<SampleBatch, 'series' | 'flowCount' | 'flowColumns' | 'queueCount' | 'queueColumns'> {
  const n = to - from;
  const flowCount = engine.flowIds.length;
  const flowColumns = engine.seriesColumns.length;
  const queueCount = engine.queueIds.length;
  const queueColumns = QUEUE_COLUMNS.length;
  const series = room((flowCount * flowColumns + queueCount * queueColumns) * n);
  let at = 0;
  for (let f = 0; f < flowCount; f++)
    for (const c of engine.seriesColumns) {
      series.set(engine.flowColumn(f, c, from, to), at);
      at += n;
    }
  for (let q = 0; q < queueCount; q++)
    for (const c of QUEUE_COLUMNS) {
      series.set(engine.queueColumn(q, c, from, to), at);
      at += n;
    }
  return { series, flowCount, flowColumns, queueCount, queueColumns };
}

/**
 * A typed array whose buffer holds exactly its own values, so that
 * transferring the buffer moves nothing else (and no buffer is listed twice).
 */
function ownBuffer(a: Float64Array): Float64Array {
  return a.byteOffset === 0 && a.byteLength === a.buffer.byteLength ? a : a.slice();
}
