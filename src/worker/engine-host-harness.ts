/**
 * A clock, an engine and a host under the test's control, for the tests of
 * EngineHost (engine-host.test.ts): the fake engine makes a sample every
 * `sampleInterval` and charges a wall-clock cost per simulated second, so
 * the host's ticks, batches and budgets are checked without the simulator
 * (not used by the app).
 */
import type { EventRow, RunData } from '../engine/output/rundata';
import type { FaultSpec, Scenario } from '../engine/scenario/types';
import { EngineHost, type EngineLike, type HostDeps } from './engine-host';
import type { FromWorker, SampleBatch, StatusSnapshot } from './protocol';

/** Wall clock and timer queue under the test's control. */
export class FakeTime {
  now = 0;
  private tasks: { at: number; seq: number; fn: () => void }[] = [];
  private seq = 0;
  /** wall milliseconds each tick callback ran for */
  tickDurations: number[] = [];

  schedule = (fn: () => void, ms: number): (() => void) => {
    const task = { at: this.now + ms, seq: this.seq++, fn };
    this.tasks.push(task);
    return () => {
      this.tasks = this.tasks.filter((t) => t !== task);
    };
  };

  /** Let `ms` of wall time pass, running every timer that falls due. */
  advance(ms: number): void {
    const end = this.now + ms;
    for (;;) {
      this.tasks.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const next = this.tasks[0];
      if (!next || next.at > end) break;
      this.tasks.shift();
      this.now = Math.max(this.now, next.at);
      const start = this.now;
      next.fn();
      this.tickDurations.push(this.now - start);
    }
    this.now = Math.max(this.now, end);
  }

  get pending(): number {
    return this.tasks.length;
  }
}

/**
 * An engine with a sample every `sampleInterval`, protocol events at given
 * times, and a wall-clock cost per simulated second charged to FakeTime.
 */
export class FakeEngine implements EngineLike {
  time = 0;
  eventsProcessed = 0;
  readonly seriesColumns = ['cwnd', 'ssthresh'];
  readonly flowIds = ['A'];
  readonly queueIds = [{ link: 'l1', from: 'r1', to: 'client' }];
  readonly faults: FaultSpec[] = [];
  private samples: number[] = [];
  private logged: EventRow[] = [];
  private nextEvent = 0;
  throwAt = Infinity;

  constructor(
    private readonly clock: FakeTime,
    readonly scenario: Scenario,
    private readonly events: EventRow[],
    private readonly msPerSimSecond: number,
  ) {
    this.sampleUpTo(0);
  }

  get done(): boolean {
    return this.time >= this.scenario.duration;
  }

  private sampleUpTo(t: number): void {
    const dt = this.scenario.sampleInterval;
    let next = this.samples.length * dt;
    while (next <= t + 1e-12) {
      this.samples.push(next);
      next = this.samples.length * dt;
    }
  }

  private advanceTo(t: number): void {
    t = Math.min(t, this.scenario.duration);
    if (t > this.throwAt) throw new Error('engine exploded');
    if (t <= this.time) return;
    this.clock.now += (t - this.time) * this.msPerSimSecond;
    this.eventsProcessed += Math.round((t - this.time) * 1000);
    this.time = t;
    this.sampleUpTo(t);
    while (this.nextEvent < this.events.length && this.events[this.nextEvent].time_s <= t) {
      this.logged.push(this.events[this.nextEvent++]);
    }
  }

  runUntil(t: number): void {
    this.advanceTo(t);
  }

  stepToProtocolEvent(maxTime = Infinity): EventRow | null {
    const next = this.events[this.nextEvent];
    if (next && next.time_s <= maxTime) {
      this.advanceTo(next.time_s);
      return next;
    }
    this.advanceTo(maxTime);
    return null;
  }

  /** One TCP flow sending 100 segments per simulated second. */
  state() {
    return { time: this.time, flows: [{ id: 'A', kind: 'tcp' as const, nextSeq: Math.floor(this.time * 100) }] };
  }

  addFault(f: FaultSpec): void {
    this.faults.push(f);
    // As the real Simulator does: the scenario records what was injected.
    this.scenario.faults.push(f);
  }

  sampleCount(): number {
    return this.samples.length;
  }

  sampleTimes(from: number, to: number): Float64Array {
    return Float64Array.from(this.samples.slice(from, to));
  }

  flowColumn(_flow: number, column: string, from: number, to: number): Float64Array {
    // Shares one buffer on purpose: the host must copy before transferring.
    const all = Float64Array.from(this.samples, (t) => (column === 'cwnd' ? 1 + t : 64));
    return all.subarray(from, to);
  }

  queueColumn(_q: number, _c: string, from: number, to: number): Float64Array {
    return new Float64Array(to - from);
  }

  eventCount(): number {
    return this.logged.length;
  }

  eventRows(from: number, to: number): EventRow[] {
    return this.logged.slice(from, to);
  }

  runData(): RunData {
    return {
      times: this.sampleTimes(0, this.samples.length),
      seriesColumns: this.seriesColumns,
      flowSeries: [],
      queueColumns: [],
      queueSeries: [],
      summary: [],
      links: [],
      events: this.logged,
    };
  }
}

export function scenario(duration = 10, sampleInterval = 0.01): Scenario {
  return {
    version: 1,
    name: 'fake',
    description: '',
    seed: 1,
    duration,
    sampleInterval,
    startJitter: 0,
    measure: { from: 0, to: duration },
    nodes: [],
    links: [],
    flows: [],
    faults: [],
  };
}

export function event(time_s: number, name: string, detail: string): EventRow {
  return { time_s, flow: 'A', event: name, seq: 99, cwnd: 20, ssthresh: 10, detail };
}

export interface Harness {
  time: FakeTime;
  host: EngineHost;
  messages: { msg: FromWorker; transfer?: Transferable[] }[];
  engines: FakeEngine[];
  batches(): SampleBatch[];
  statuses(): StatusSnapshot[];
  lastStatus(): StatusSnapshot;
}

export function harness(
  opts: { events?: EventRow[]; msPerSimSecond?: number; duration?: number; load?: boolean } = {},
): Harness {
  const time = new FakeTime();
  const messages: Harness['messages'] = [];
  const engines: FakeEngine[] = [];
  const deps: HostDeps = {
    createEngine: (s) => {
      const e = new FakeEngine(time, s, opts.events ?? [], opts.msPerSimSecond ?? 1);
      engines.push(e);
      return e;
    },
    post: (msg, transfer) => messages.push({ msg, transfer }),
    now: () => time.now,
    schedule: time.schedule,
    toCsv: () => ({ 'summary.csv': 'flow,kind\n' }),
  };
  const host = new EngineHost(deps);
  if (opts.load !== false) host.handle({ type: 'load', scenario: scenario(opts.duration ?? 10) });
  const of = <T extends FromWorker['type']>(type: T) =>
    messages.map((m) => m.msg).filter((m): m is Extract<FromWorker, { type: T }> => m.type === type);
  return {
    time,
    host,
    messages,
    engines,
    batches: () => of('batch').map((m) => m.batch),
    statuses: () => of('status').map((m) => m.status),
    lastStatus: () => of('status').at(-1)!.status,
  };
}
