/**
 * Paces one simulation run for the page: the worker's logic, kept free of
 * `self`, timers and `performance` so Vitest can drive it with a fake clock,
 * a fake scheduler and a fake engine.
 *
 * While playing, each tick (~30 per second) advances the engine by
 * speed × wall time elapsed since the previous tick, but never works longer
 * than `budgetMs` of wall time, so commands (pause, step, speed) are answered
 * promptly even on a slow machine or at "max" speed. If the engine cannot keep
 * up, the run simply goes slower than asked; the debt is not carried over,
 * which would otherwise make it lurch forward after a heavy moment.
 *
 * Each tick posts at most one batch: every sample and protocol event recorded
 * since the previous batch. At "max" speed and while stepping, ticks follow
 * each other with no idle time (still ≤ budget each, so commands get in
 * between), and batches still go out at most once per tick interval.
 */
import { LinkTrace } from '../engine/net/link-trace';
import type { RunData } from '../engine/output/rundata';
import type { EngineLike } from './engine-like';
import { takeLinkRows } from './link-rows';
import { KEEP_ALL, Retention } from './retention';
import type { FaultSpec, Scenario } from '../engine/scenario/types';
import {
  ANIMATE_MAX_SPEED,
  batchTransferables,
  normalizeSpeed,
  QUEUE_COLUMNS,
  type FromWorker,
  type RunStatus,
  type SampleBatch,
  type ReplayOutput,
  type Speed,
  type ToWorker,
} from './protocol';

export type { EngineLike, PacketTraceSource } from './engine-like';

export interface HostDeps {
  createEngine(scenario: Scenario): EngineLike;
  /**
   * How much of a run the engine keeps for Export CSV (engine/scenario/memory.ts
   * pageRetention); older samples and events are forgotten once posted, so a
   * long run's memory stays flat. Absent: everything is kept.
   */
  retention?(scenario: Scenario): { samples: number; events: number };
  post(message: FromWorker, transfer?: Transferable[]): void;
  /** wall clock, milliseconds */
  now(): number;
  /** Run `fn` after `ms` milliseconds; returns a function that cancels it. */
  schedule(fn: () => void, ms: number): () => void;
  toCsv(data: RunData): Record<string, string>;
  /** Replay `scenario` to simulated time `until` and return one packet-level file of it (replay.ts). */
  replay?(scenario: Scenario, until: number, output: ReplayOutput): Uint8Array;
}

export interface HostOptions {
  /** wall milliseconds between ticks (30 per second) */
  tickMs: number;
  /** longest wall time one tick may spend in the engine */
  budgetMs: number;
  /** a tick after a long gap (a throttled background tab) advances at most this much wall time */
  maxElapsedMs: number;
  /** once this many packet trace rows have been posted, the engine's trace columns are emptied (they keep their capacity) */
  drainTraceRows: number;
  /** a batch carries at most this many link trace rows, the newest (a long step would otherwise send them all) */
  maxLinkRows: number;
}

export const DEFAULT_HOST_OPTIONS: HostOptions = {
  tickMs: 1000 / 30,
  budgetMs: 8,
  maxElapsedMs: 100,
  drainTraceRows: 1 << 16,
  maxLinkRows: 20_000,
};

/** Smallest and starting simulated slice handed to the engine in one call, seconds. */
const MIN_SLICE = 1e-6;
const START_SLICE = 1e-3;

export class EngineHost {
  private readonly opts: HostOptions;
  private scenario: Scenario | null = null;
  private engine: EngineLike | null = null;
  private run = 0;
  private status: RunStatus = 'empty';
  private speed: Speed = 1;
  /**
   * Simulated time the host has run the engine to. Kept here rather than read
   * from the engine because an engine may leave its clock at its last event
   * when it runs until a time with no event in between.
   */
  private cursor = 0;
  /** Simulated seconds per engine call, adapted so one call costs about an eighth of the budget. */
  private slice = START_SLICE;
  private sentSamples = 0;
  private sentEvents = 0;
  /** rows of the engine's packet trace posted since it was last emptied */
  private sentTrace = 0;
  /** rows posted before that (firstTraceRow counts the run's rows) */
  private drainedTrace = 0;
  /** what the engine keeps of a long run, and has forgotten (batches number rows from the run's start) */
  private retention = new Retention();
  /** the flow the time-sequence diagram shows */
  private tracedFlow = -1;
  /** the link trace handed to the engine while the page animates packets (kept for its capacity) */
  private readonly linkTrace = new LinkTrace();
  private lastTickAt = 0;
  /** when the next batch is due while running flat out (wall ms) */
  private nextPostAt = 0;
  private cancelTick: (() => void) | null = null;

  constructor(
    private readonly deps: HostDeps,
    options: Partial<HostOptions> = {},
  ) {
    this.opts = { ...DEFAULT_HOST_OPTIONS, ...options };
  }

  handle(msg: ToWorker): void {
    try {
      switch (msg.type) {
        case 'load':
          this.load(msg.scenario);
          break;
        case 'reset':
          if (this.scenario) this.load(this.scenario);
          break;
        case 'play':
          this.play();
          break;
        case 'pause':
          this.pause();
          break;
        case 'step':
          this.step();
          break;
        case 'speed':
          this.speed = normalizeSpeed(msg.speed);
          this.updateLinkTrace();
          this.postStatus();
          break;
        case 'fault':
          this.injectFault(msg.fault);
          break;
        case 'traceFlow':
          this.tracedFlow = msg.flow;
          this.engine?.setTracedFlows?.([msg.flow]);
          break;
        case 'exportCsv':
          this.exportCsv(msg.requestId);
          break;
        case 'nextSegments':
          this.nextSegments(msg.requestId);
          break;
        case 'ping':
          // The page's watchdog: any answer shows the worker is alive and taking commands.
          this.deps.post({ type: 'pong', id: msg.id });
          break;
        case 'exportReplay':
          this.exportReplay(msg.requestId, msg.output);
          break;
        default: {
          const never: never = msg;
          throw new Error(`unknown command ${JSON.stringify(never)}`);
        }
      }
    } catch (err) {
      this.fail(
        err,
        msg.type === 'exportCsv' || msg.type === 'nextSegments' || msg.type === 'exportReplay'
          ? msg.requestId
          : undefined,
      );
    }
  }

  /** For tests and diagnostics. */
  get currentStatus(): RunStatus {
    return this.status;
  }

  get currentTime(): number {
    return this.cursor;
  }

  // ------------------------------------------------------------------ commands

  private load(scenario: Scenario): void {
    this.stopTicking();
    // The host keeps a pristine copy and hands each run its own: an engine
    // records live-injected faults in its scenario, and Reset must replay the
    // scenario as loaded, not the faults injected since.
    this.scenario = structuredClone(scenario);
    this.engine = null;
    this.status = 'empty';
    this.run += 1;
    this.cursor = 0;
    this.slice = START_SLICE;
    this.sentSamples = 0;
    this.sentEvents = 0;
    this.sentTrace = 0;
    this.drainedTrace = 0;
    this.retention = new Retention(this.deps.retention?.(scenario) ?? KEEP_ALL);
    const engine = this.deps.createEngine(structuredClone(scenario));
    this.engine = engine;
    this.linkTrace.clear();
    // The time-sequence diagram shows one TCP flow at a time: trace only that one
    // (the one chosen before, or the first), so a run of many flows at full
    // speed does not stream every flow's packets to the page.
    const tcp = scenario.flows.flatMap((f, i) => (f.kind === 'tcp' ? [i] : []));
    const traced = tcp.includes(this.tracedFlow) ? this.tracedFlow : tcp[0];
    if (traced !== undefined) engine.tracePackets?.([traced]);
    this.deps.post({
      type: 'loaded',
      meta: {
        run: this.run,
        scenarioName: scenario.name,
        duration: scenario.duration,
        sampleInterval: scenario.sampleInterval,
        flowIds: [...engine.flowIds],
        seriesColumns: [...engine.seriesColumns],
        queueIds: engine.queueIds.map((q) => ({ ...q })),
      },
    });
    this.status = 'ready';
    this.updateLinkTrace();
    // The engine may have recorded the t = 0 sample already: show it at once.
    this.postBatch();
    this.postStatus();
  }

  private play(): void {
    if (!this.engine || this.status === 'done' || this.status === 'error') return;
    if (this.status === 'playing') return;
    this.status = 'playing';
    this.updateLinkTrace();
    this.lastTickAt = this.deps.now();
    this.postStatus();
    this.scheduleTick(this.opts.tickMs);
  }

  private pause(): void {
    if (this.status !== 'playing' && this.status !== 'stepping') return;
    this.stopTicking();
    this.status = 'paused';
    this.updateLinkTrace();
    this.postBatch();
    this.postStatus();
  }

  private step(): void {
    if (!this.engine || this.status === 'done' || this.status === 'error') return;
    if (this.status === 'stepping') return;
    this.stopTicking();
    this.status = 'stepping';
    this.updateLinkTrace();
    this.postStatus();
    // Search at once: most next events are a few milliseconds of engine work away.
    this.scheduleTick(0);
  }

  private injectFault(fault: FaultSpec): void {
    if (!this.engine) throw new Error('no scenario is loaded');
    this.engine.addFault(fault);
  }

  private exportCsv(requestId: number): void {
    if (!this.engine) throw new Error('no scenario is loaded');
    const files = this.deps.toCsv(this.engine.runData());
    const note = this.retention.note(this.engine, this.cursor);
    this.deps.post({ type: 'csv', requestId, files: note ? { ...files, 'notes.txt': note } : files });
  }

  /**
   * A packet-level file of the run so far. The engine keeps no per-packet
   * history, so the run is replayed (deterministic: the same packets) from
   * the engine's own scenario, which holds the faults injected live.
   */
  private exportReplay(requestId: number, output: ReplayOutput): void {
    const engine = this.engine;
    if (!engine) throw new Error('no scenario is loaded');
    if (!this.deps.replay || !engine.scenario) throw new Error('this engine cannot export packet files');
    const bytes = this.deps.replay(engine.scenario, engine.time, output);
    this.deps.post({ type: 'replayFile', requestId, bytes }, [bytes.buffer as ArrayBuffer]);
  }

  private nextSegments(requestId: number): void {
    if (!this.engine) throw new Error('no scenario is loaded');
    const state = this.engine.state();
    const seqs: Record<string, number> = {};
    for (const f of state.flows) if (f.kind === 'tcp') seqs[f.id] = f.nextSeq;
    this.deps.post({ type: 'nextSegments', requestId, time: state.time, seqs });
  }

  /**
   * The link trace is on while the page can animate packets: at speeds up to
   * ANIMATE_MAX_SPEED and whenever the run is not playing (a step, a pause).
   * Playing faster, it is off: nothing is recorded per packet for the page.
   */
  private updateLinkTrace(): void {
    const net = this.engine?.network;
    if (!net) return;
    const on = this.status !== 'playing' || (this.speed !== 'max' && this.speed <= ANIMATE_MAX_SPEED);
    if (on && net.linkTrace === null) net.linkTrace = this.linkTrace;
    else if (!on && net.linkTrace !== null) {
      net.linkTrace = null;
      this.linkTrace.clear();
    }
  }

  // ------------------------------------------------------------------ ticking

  private scheduleTick(ms: number): void {
    this.cancelTick?.();
    this.cancelTick = this.deps.schedule(this.tick, ms);
  }

  private stopTicking(): void {
    this.cancelTick?.();
    this.cancelTick = null;
  }

  private readonly tick = (): void => {
    this.cancelTick = null;
    const engine = this.engine;
    if (!engine || (this.status !== 'playing' && this.status !== 'stepping')) return;
    const start = this.deps.now();
    try {
      if (this.status === 'playing') {
        const elapsed = Math.min(Math.max(0, start - this.lastTickAt), this.opts.maxElapsedMs);
        this.lastTickAt = start;
        this.advance(engine, start, elapsed);
      } else {
        this.searchStep(engine, start);
      }
    } catch (err) {
      this.fail(err);
      return;
    }
    const end = this.deps.now();
    const finished = this.finished(engine);
    const flatOut = this.flatOut();
    // Flat out, work slices follow each other with only a yield between them
    // (so commands still get in), but batches still go at the tick rate.
    if (finished || !flatOut || end >= this.nextPostAt) this.postBatch();
    if (finished) {
      this.status = 'done';
      this.postStatus();
      return;
    }
    if (this.status === 'playing' || this.status === 'stepping') {
      this.scheduleTick(flatOut ? 0 : Math.max(0, this.opts.tickMs - (end - start)));
    }
  };

  /**
   * Running as fast as the machine allows: playing at "max", or searching for
   * the next protocol event (a student waiting on Step wants it now). Then a
   * tick is followed at once by the next instead of idling to the tick rate.
   */
  private flatOut(): boolean {
    return this.status === 'stepping' || (this.status === 'playing' && this.speed === 'max');
  }

  private get duration(): number {
    return this.scenario?.duration ?? 0;
  }

  private finished(engine: EngineLike): boolean {
    return engine.done || this.cursor >= this.duration;
  }

  /** Playing: run the engine towards now × speed, within the wall-time budget. */
  private advance(engine: EngineLike, start: number, elapsedMs: number): void {
    const target =
      this.speed === 'max' ? this.duration : Math.min(this.duration, this.cursor + (this.speed * elapsedMs) / 1000);
    while (this.cursor < target && !engine.done) {
      if (this.deps.now() - start >= this.opts.budgetMs) break;
      const until = Math.min(target, this.cursor + this.slice);
      const t0 = this.deps.now();
      engine.runUntil(until);
      this.cursor = Math.max(until, engine.time);
      this.adaptSlice(this.deps.now() - t0);
    }
  }

  /**
   * Stepping: look for the next protocol event in slices, so that a long
   * quiet stretch does not block the worker beyond one tick's budget.
   */
  private searchStep(engine: EngineLike, start: number): void {
    while (!this.finished(engine)) {
      if (this.deps.now() - start >= this.opts.budgetMs) return; // go on next tick
      const horizon = Math.min(this.duration, this.cursor + this.slice);
      const t0 = this.deps.now();
      const event = engine.stepToProtocolEvent(horizon);
      this.adaptSlice(this.deps.now() - t0);
      if (event) {
        this.cursor = Math.max(this.cursor, Math.min(engine.time, horizon), event.time_s);
        this.status = 'paused';
        this.postBatch();
        this.deps.post({ type: 'stepped', run: this.run, event, time: this.cursor });
        this.postStatus();
        return;
      }
      this.cursor = Math.max(horizon, engine.time);
    }
    // Reached the end without another protocol event.
    this.postBatch();
    this.deps.post({ type: 'stepped', run: this.run, event: null, time: this.cursor });
  }

  private adaptSlice(costMs: number): void {
    const target = this.opts.budgetMs / 8;
    if (costMs < target / 2) this.slice *= 2;
    else if (costMs > target * 2) this.slice = Math.max(MIN_SLICE, this.slice / 2);
  }

  // ------------------------------------------------------------------ output

  /** Post every sample and event recorded since the previous batch, if any. */
  private postBatch(): void {
    const engine = this.engine;
    if (!engine) return;
    const samples = engine.sampleCount();
    const events = engine.eventCount();
    const traceRows = engine.packetTrace?.length ?? 0;
    const linkRows = engine.network?.linkTrace ? this.linkTrace.length : 0;
    if (samples === this.sentSamples && events === this.sentEvents && traceRows === this.sentTrace && linkRows === 0)
      return;
    const from = this.sentSamples;
    const batch: SampleBatch = {
      run: this.run,
      firstSample: this.retention.droppedSamples + from,
      times: ownBuffer(engine.sampleTimes(from, samples)),
      flows: engine.flowIds.map((_, f) =>
        engine.seriesColumns.map((c) => ownBuffer(engine.flowColumn(f, c, from, samples))),
      ),
      queues: engine.queueIds.map((_, q) =>
        QUEUE_COLUMNS.map((c) => ownBuffer(engine.queueColumn(q, c, from, samples))),
      ),
      firstEvent: this.retention.droppedEvents + this.sentEvents,
      events: engine.eventRows(this.sentEvents, events),
      time: this.cursor,
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
    const kept = this.retention.forget(engine, { samples: this.sentSamples, events: this.sentEvents });
    this.sentSamples = kept.samples;
    this.sentEvents = kept.events;
    // Due times advance by whole tick intervals, so that ticks of uneven length
    // still give the tick rate on average; after an idle spell, start afresh.
    const now = this.deps.now();
    this.nextPostAt = (now - this.nextPostAt > this.opts.tickMs ? now : this.nextPostAt) + this.opts.tickMs;
    this.deps.post({ type: 'batch', batch }, batchTransferables(batch));
  }

  private postStatus(): void {
    this.deps.post({
      type: 'status',
      status: {
        run: this.run,
        status: this.status,
        time: this.cursor,
        eventsProcessed: this.engine?.eventsProcessed ?? 0,
        speed: this.speed,
      },
    });
  }

  private fail(err: unknown, requestId?: number): void {
    const message = err instanceof Error ? err.message : String(err);
    if (requestId !== undefined) {
      this.deps.post({ type: 'error', message, requestId });
      return;
    }
    this.stopTicking();
    // An engine that threw mid-event cannot be trusted to go on.
    if (this.engine) this.status = 'error';
    this.deps.post({ type: 'error', message });
    this.postStatus();
  }
}

/**
 * A typed array whose buffer holds exactly its own values, so that
 * transferring the buffer moves nothing else (and no buffer is listed twice).
 */
function ownBuffer(a: Float64Array): Float64Array {
  return a.byteOffset === 0 && a.byteLength === a.buffer.byteLength ? a : a.slice();
}
