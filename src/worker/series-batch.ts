/**
 * Batches a run's series for the page: every sample, protocol event and
 * packet-trace row recorded since the previous batch, posted as one message
 * whose buffers are transferred, not copied. Keeps count of what was sent,
 * empties the engine's packet trace once enough of it is on its way, and
 * lets the engine forget what the page has (retention.ts), so a long run's
 * memory stays flat. The host (engine-host.ts) decides when a batch is due.
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
      ...packColumns(engine, from, samples),
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

/** Every flow's and queue's columns of samples [from, to), one after another in one buffer (protocol.ts SampleBatch.series). */
function packColumns(
  engine: EngineLike,
  from: number,
  to: number,
): Pick<SampleBatch, 'series' | 'flowCount' | 'flowColumns' | 'queueCount' | 'queueColumns'> {
  const n = to - from;
  const flowCount = engine.flowIds.length;
  const flowColumns = engine.seriesColumns.length;
  const queueCount = engine.queueIds.length;
  const queueColumns = QUEUE_COLUMNS.length;
  const series = new Float64Array((flowCount * flowColumns + queueCount * queueColumns) * n);
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
