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
 * since the previous batch (series-batch.ts). At "max" speed and while stepping, ticks follow
 * each other with no idle time (still ≤ budget each, so commands get in
 * between), and batches still go out at most once per tick interval.
 * Requests for files and state are answered by host-requests.ts.
 */
import { LinkTrace } from '../engine/net/link-trace';
import type { EngineLike } from './engine-like';
import { DEFAULT_HOST_OPTIONS, type HostDeps, type HostOptions } from './host-deps';
import { exportCsv, exportReplay, nextSegments, requestIdOf } from './host-requests';
import { SeriesBatcher } from './series-batch';
import type { FaultSpec, Scenario } from '../engine/scenario/types';
import { ANIMATE_MAX_SPEED, normalizeSpeed, type RunStatus, type Speed, type ToWorker } from './protocol';

export type { EngineLike, PacketTraceSource } from './engine-like';

export { DEFAULT_HOST_OPTIONS, type HostDeps, type HostOptions } from './host-deps';

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
  /** the flow the time-sequence diagram shows */
  private tracedFlow = -1;
  /** the link trace handed to the engine while the page animates packets (kept for its capacity) */
  private readonly linkTrace = new LinkTrace();
  /** what the page has of the run, and what goes in the next batch */
  private readonly batcher: SeriesBatcher;
  private lastTickAt = 0;
  private cancelTick: (() => void) | null = null;

  constructor(
    private readonly deps: HostDeps,
    options: Partial<HostOptions> = {},
  ) {
    this.opts = { ...DEFAULT_HOST_OPTIONS, ...options };
    this.batcher = new SeriesBatcher(deps, this.opts, this.linkTrace);
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
          exportCsv(this.deps, this.engine, this.batcher.retention, this.cursor, msg.requestId);
          break;
        case 'nextSegments':
          nextSegments(this.deps, this.engine, msg.requestId);
          break;
        case 'ping':
          // The page's watchdog: any answer shows the worker is alive and taking commands.
          this.deps.post({ type: 'pong', id: msg.id });
          break;
        case 'exportReplay':
          exportReplay(this.deps, this.engine, msg.requestId, msg.output);
          break;
        case 'recycle':
          this.batcher.recycle(msg.buffers);
          break;
        default: {
          const never: never = msg;
          throw new Error(`unknown command ${JSON.stringify(never)}`);
        }
      }
    } catch (err) {
      this.fail(err, requestIdOf(msg));
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
    this.batcher.reset(this.deps.retention?.(scenario));
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
    if (finished || !flatOut || end >= this.batcher.dueAt) this.postBatch();
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
    if (this.engine) this.batcher.post(this.engine, this.run, this.cursor);
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
