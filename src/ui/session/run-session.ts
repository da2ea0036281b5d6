/**
 * Wires the page together: store changes become worker commands, worker
 * messages become store updates (low rate) and ring-buffer points (high rate).
 * Components call its commands; they never talk to the worker themselves.
 */
import type { EventRow } from '../../engine/output/rundata';
import type { FaultSpec, Scenario } from '../../engine/scenario/types';
import type { LabStore } from '../../store/lab-store';
import type { EngineClient, WorkerFailure } from '../../worker/client';
import type { FromWorker, ReplayOutput } from '../../worker/protocol';
import { RunTraces } from './traces';

/**
 * Events worth a caption while the run plays. Drops are left out: on a
 * congested link they come many per second and would make the caption flicker;
 * Step still stops at each one.
 */
const PLAY_CAPTION_EVENTS: ReadonlySet<string> = new Set([
  'fast_retransmit',
  'timeout',
  'recovery_enter',
  'recovery_exit',
  'partial_ack',
]);

/** The commands a component may give (RunSession implements it; tests may fake it). */
export interface RunCommands {
  play(): void;
  pause(): void;
  togglePlay(): void;
  step(): void;
  reset(): void;
  injectFault(fault: FaultSpec): void;
  exportCsv(): Promise<Record<string, string>>;
  /** A packet-level file of the run so far: packets.pcap or ns-2's out.tr. */
  exportReplay(output: ReplayOutput): Promise<Uint8Array>;
  /** Each TCP flow's next new data segment where the engine is now (flow id → segment). */
  nextSegments(): Promise<Record<string, number>>;
  /** Trace this flow (by index) for the time-sequence diagram from now on. */
  traceFlow(flow: number): void;
}

export class RunSession implements RunCommands {
  readonly traces = new RunTraces();
  private readonly unsubscribe: (() => void)[] = [];
  /** the scenario the worker was on when it last failed (a second failure on it is not retried) */
  private failedOn: Scenario | null = null;

  constructor(
    private readonly store: LabStore,
    private readonly client: EngineClient,
  ) {
    this.unsubscribe.push(client.subscribe((m) => this.receive(m)));
    this.unsubscribe.push(client.onFailure((f) => this.recover(f)));
    this.unsubscribe.push(
      store.subscribe((s, prev) => {
        if (s.speed !== prev.speed) client.send({ type: 'speed', speed: s.speed });
        if (s.scenario !== prev.scenario && s.scenario) client.send({ type: 'load', scenario: s.scenario });
      }),
    );
    const { speed, scenario } = store.getState();
    client.send({ type: 'speed', speed });
    if (scenario) client.send({ type: 'load', scenario });
  }

  /** Not while a value typed into the editor is invalid: the run would not be what the page shows. */
  play(): void {
    if (this.store.getState().pending.length > 0) return;
    this.client.send({ type: 'play' });
  }

  pause(): void {
    this.client.send({ type: 'pause' });
  }

  togglePlay(): void {
    const { status } = this.store.getState();
    if (status === 'playing' || status === 'stepping') this.pause();
    else this.play();
  }

  step(): void {
    if (this.store.getState().pending.length > 0) return;
    this.client.send({ type: 'step' });
  }

  reset(): void {
    this.client.send({ type: 'reset' });
  }

  injectFault(fault: FaultSpec): void {
    this.client.send({ type: 'fault', fault });
  }

  traceFlow(flow: number): void {
    this.client.send({ type: 'traceFlow', flow });
  }

  exportCsv(): Promise<Record<string, string>> {
    return this.client.exportCsv();
  }

  exportReplay(output: ReplayOutput): Promise<Uint8Array> {
    return this.client.exportReplay(output);
  }

  async nextSegments(): Promise<Record<string, number>> {
    return (await this.client.nextSegments()).seqs;
  }

  dispose(): void {
    for (const u of this.unsubscribe) u();
    this.client.terminate();
  }

  /**
   * The worker died, could not be given a command, or stopped answering (the
   * client's watchdog): say so in plain words, start a fresh worker and give
   * it the scenario again — unless that scenario just failed once already,
   * which would only fail again. The scenario in the editor is never touched.
   */
  private recover(failure: WorkerFailure): void {
    const { scenario, speed, run, simTime } = this.store.getState();
    const name = scenario ? `“${scenario.name}”` : 'the scenario';
    const what =
      failure.kind === 'unresponsive'
        ? `The simulation stopped responding while running ${name}: ${failure.message}.`
        : failure.kind === 'unsendable'
          ? `The scenario could not be handed to the simulation: ${failure.message}.`
          : `The simulation failed while running ${name}: ${failure.message}.`;
    const again = scenario !== null && scenario === this.failedOn;
    this.failedOn = scenario;
    if (run) this.store.getState().statusChanged({ run: run.run, status: 'error', time: simTime, eventsProcessed: 0, speed });
    if (!this.client.canRestart) {
      this.store.getState().showProblem({ title: 'The simulation stopped', lines: [what, 'Reload the page to start it again.'] });
      return;
    }
    this.client.restart();
    this.client.send({ type: 'speed', speed });
    if (scenario && !again) this.client.send({ type: 'load', scenario });
    this.store.getState().showProblem({
      title: failure.kind === 'unresponsive' ? 'The simulation stopped responding' : 'The simulation stopped',
      lines: [
        what,
        again
          ? 'It has been restarted, and your scenario is kept, but it failed on this scenario twice: change it or pick another one, then press Play.'
          : 'It has been restarted and your scenario is kept: press Play to run it again, or change it first.',
      ],
    });
  }

  private receive(m: FromWorker): void {
    const actions = this.store.getState();
    switch (m.type) {
      case 'loaded':
        this.traces.reset(m.meta);
        actions.runLoaded(m.meta);
        // A scenario that loads again after a failure gets its second chance.
        if (this.failedOn !== actions.scenario) this.failedOn = null;
        break;
      case 'status':
        actions.statusChanged(m.status);
        break;
      case 'batch': {
        const used = this.traces.append(m.batch);
        // Its values are copied into the chart lines: the buffer goes back to be filled again.
        this.client.recycle([m.batch.series.buffer as ArrayBuffer]);
        if (!used) break;
        actions.samplesArrived(m.batch.run, this.traces.sampleCount, m.batch.time);
        if (actions.status === 'playing') this.captionWhilePlaying(m.batch.events);
        break;
      }
      case 'stepped':
        if (m.run === this.traces.run) actions.stepped(m.event, m.time);
        break;
      case 'error':
        actions.showProblem({ title: 'The simulation stopped', lines: [m.message] });
        break;
      case 'csv':
      case 'nextSegments':
      case 'pong':
        break; // answered through EngineClient's requests and watchdog
    }
  }

  private captionWhilePlaying(events: EventRow[]): void {
    for (let i = events.length - 1; i >= 0; i--) {
      const e = events[i];
      if (PLAY_CAPTION_EVENTS.has(e.event)) {
        this.store.getState().setCaption({ time: e.time_s, flow: e.flow, event: e.event, detail: e.detail });
        return;
      }
    }
  }
}
