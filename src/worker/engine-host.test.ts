import { describe, expect, it } from 'vitest';
import type { EventRow, RunData } from '../engine/output/rundata';
import type { FaultSpec, Scenario } from '../engine/scenario/types';
import { EngineHost, type EngineLike, type HostDeps } from './engine-host';
import { flowColumn, type FromWorker, type SampleBatch, type StatusSnapshot } from './protocol';

// ----------------------------------------------------------------- test doubles

/** Wall clock and timer queue under the test's control. */
class FakeTime {
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
class FakeEngine implements EngineLike {
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

function scenario(duration = 10, sampleInterval = 0.01): Scenario {
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

function event(time_s: number, name: string, detail: string): EventRow {
  return { time_s, flow: 'A', event: name, seq: 99, cwnd: 20, ssthresh: 10, detail };
}

interface Harness {
  time: FakeTime;
  host: EngineHost;
  messages: { msg: FromWorker; transfer?: Transferable[] }[];
  engines: FakeEngine[];
  batches(): SampleBatch[];
  statuses(): StatusSnapshot[];
  lastStatus(): StatusSnapshot;
}

function harness(
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

// ----------------------------------------------------------------- tests

describe('EngineHost', () => {
  it('announces the run and its first sample on load', () => {
    const h = harness();
    expect(h.messages[0].msg).toMatchObject({
      type: 'loaded',
      meta: { run: 1, duration: 10, flowIds: ['A'], seriesColumns: ['cwnd', 'ssthresh'] },
    });
    expect(h.batches()[0].times).toEqual(Float64Array.from([0]));
    expect(h.lastStatus()).toMatchObject({ status: 'ready', time: 0 });
  });

  it.each([0.5, 1, 2, 10])('advances %s simulated seconds per wall second', (speed) => {
    const h = harness({ duration: 100 });
    h.host.handle({ type: 'speed', speed });
    h.host.handle({ type: 'play' });
    h.time.advance(2000);
    expect(h.host.currentTime).toBeGreaterThan(speed * 2 * 0.95);
    expect(h.host.currentTime).toBeLessThanOrEqual(speed * 2 + 1e-9);
  });

  it('ticks about 30 times per second and posts at most one batch per tick', () => {
    const h = harness();
    h.host.handle({ type: 'play' });
    const before = h.batches().length;
    h.time.advance(1000);
    const ticks = h.time.tickDurations.length;
    expect(ticks).toBeGreaterThanOrEqual(28);
    expect(ticks).toBeLessThanOrEqual(31);
    expect(h.batches().length - before).toBeLessThanOrEqual(ticks);
  });

  it('runs flat out at max speed, in budget-sized ticks, posting batches at the tick rate', () => {
    const h = harness({ msPerSimSecond: 1000, duration: 100 });
    h.host.handle({ type: 'speed', speed: 'max' });
    h.host.handle({ type: 'play' });
    const before = h.batches().length;
    h.time.advance(1000);
    // Nearly all wall time goes to the engine (1 simulated second costs 1 s here)...
    expect(h.host.currentTime).toBeGreaterThan(0.9);
    expect(Math.max(...h.time.tickDurations)).toBeLessThanOrEqual(8 * 1.5);
    // ...in many short ticks, but the page gets ~30 batches per second, not one per tick.
    expect(h.time.tickDurations.length).toBeGreaterThan(100);
    const batches = h.batches().length - before;
    expect(batches).toBeGreaterThanOrEqual(25);
    expect(batches).toBeLessThanOrEqual(31);
  });

  it('delivers every sample exactly once, in order, as transferable buffers', () => {
    const h = harness({ duration: 3 });
    h.host.handle({ type: 'speed', speed: 'max' });
    h.host.handle({ type: 'play' });
    h.time.advance(10_000);
    const batches = h.batches();
    let expected = 0;
    for (const b of batches) {
      expect(b.firstSample).toBe(expected);
      expected += b.times.length;
      expect(b.series.length).toBe(b.times.length * (b.flowCount * b.flowColumns + b.queueCount * b.queueColumns));
      expect(flowColumn(b, 0, 0)?.length).toBe(b.times.length);
    }
    expect(expected).toBe(h.engines[0].sampleCount());
    const withData = h.messages.find((m) => m.msg.type === 'batch' && m.msg.batch.times.length > 5)!;
    const batch = (withData.msg as { batch: SampleBatch }).batch;
    expect(withData.transfer).toContain(batch.times.buffer);
    // Every flow's and queue's columns went over in one buffer of their own.
    expect(withData.transfer).toContain(batch.series.buffer);
    expect(batch.series.buffer.byteLength).toBe(batch.series.byteLength);
    expect(batch.flowCount).toBeGreaterThan(0);
  });

  it('packs later batches into the series buffers the page hands back, the smallest that holds them', () => {
    const h = harness({ duration: 100 });
    h.host.handle({ type: 'speed', speed: 1 });
    h.host.handle({ type: 'play' });
    h.time.advance(1000);
    const sent = h.batches();
    const values = sent.at(-1)!.series.length;
    expect(values).toBeGreaterThan(0);
    const small = new ArrayBuffer(8 * (values - 1));
    const roomy = new ArrayBuffer(8 * (values + 100));
    const huge = new ArrayBuffer(8 * (values + 10_000));
    h.host.handle({ type: 'recycle', buffers: [huge, small, roomy] });
    // A used buffer holds old values: the batch packed into it must overwrite them all.
    new Float64Array(roomy).fill(-7);
    new Float64Array(huge).fill(-7);
    const before = h.batches().length;
    h.time.advance(1000);
    const next = h.batches().slice(before);
    expect(next.length).toBeGreaterThan(2);
    const fill = (b: SampleBatch) => b.series.length;
    const firstFit = next.find((b) => fill(b) * 8 <= roomy.byteLength)!;
    expect(firstFit.series.buffer).toBe(roomy);
    expect(firstFit.series.byteOffset).toBe(0);
    expect(Array.from(firstFit.series).some((v) => v === -7)).toBe(false);
    expect(flowColumn(firstFit, 0, 0)?.length).toBe(firstFit.times.length);
    // the others got the huge one, then new buffers; the too small one never
    const buffers = next.map((b) => b.series.buffer);
    expect(buffers).not.toContain(small);
    expect(buffers.filter((b) => b === huge).length).toBeLessThanOrEqual(1);
    // and the samples still arrive once each, in order
    let expected = sent.at(-1)!.firstSample + sent.at(-1)!.times.length;
    for (const b of next) {
      expect(b.firstSample).toBe(expected);
      expected += b.times.length;
    }
  });

  it('never blocks a tick much longer than the budget, even at max speed on a slow engine', () => {
    // 500 ms of wall time per simulated second: the engine is the bottleneck.
    const h = harness({ msPerSimSecond: 500, duration: 5 });
    h.host.handle({ type: 'speed', speed: 'max' });
    h.host.handle({ type: 'play' });
    h.time.advance(3000);
    expect(h.host.currentTime).toBeGreaterThan(1);
    expect(Math.max(...h.time.tickDurations)).toBeLessThanOrEqual(8 * 1.5);
  });

  it('stops advancing when paused, and resumes without a jump', () => {
    const h = harness();
    h.host.handle({ type: 'play' });
    h.time.advance(500);
    h.host.handle({ type: 'pause' });
    const t = h.host.currentTime;
    const posted = h.messages.length;
    expect(h.lastStatus().status).toBe('paused');
    h.time.advance(5000);
    expect(h.host.currentTime).toBe(t);
    expect(h.messages.length).toBe(posted);
    expect(h.time.pending).toBe(0);
    h.host.handle({ type: 'play' });
    h.time.advance(100);
    expect(h.host.currentTime).toBeLessThan(t + 0.2);
  });

  it('steps to the next protocol event, posts its caption and pauses there', () => {
    const fr = event(1.5, 'fast_retransmit', '3 duplicate ACKs for segment 99: fast retransmit');
    const h = harness({ events: [event(1.2, 'drop', 'segment 99 dropped'), fr] });
    h.host.handle({ type: 'step' });
    h.time.advance(50);
    let stepped = h.messages.map((m) => m.msg).filter((m) => m.type === 'stepped');
    expect(stepped).toHaveLength(1);
    expect(stepped[0]).toMatchObject({ event: { event: 'drop', detail: 'segment 99 dropped' } });
    expect(h.host.currentTime).toBeCloseTo(1.2);
    expect(h.lastStatus().status).toBe('paused');
    // The samples up to the event arrived before the caption.
    expect(h.batches().at(-1)!.times.at(-1)).toBeCloseTo(1.2);

    h.host.handle({ type: 'step' });
    h.time.advance(50);
    stepped = h.messages.map((m) => m.msg).filter((m) => m.type === 'stepped');
    expect(stepped[1]).toMatchObject({ event: { detail: fr.detail } });
    expect(h.time.pending).toBe(0);
  });

  it('ends the run when no protocol event is left to step to', () => {
    const h = harness({ duration: 2 });
    h.host.handle({ type: 'step' });
    h.time.advance(1000);
    const stepped = h.messages.map((m) => m.msg).filter((m) => m.type === 'stepped');
    expect(stepped).toEqual([{ type: 'stepped', run: 1, event: null, time: 2 }]);
    expect(h.lastStatus().status).toBe('done');
  });

  it('forwards an injected fault to the engine', () => {
    const h = harness();
    const fault: FaultSpec = { kind: 'dropBurst', link: 'l1', from: 'r1', at: 0, count: 3 };
    h.host.handle({ type: 'fault', fault });
    expect(h.engines[0].faults).toEqual([fault]);
  });

  it('resets to the scenario as loaded, without the faults injected since', () => {
    const h = harness();
    h.host.handle({ type: 'fault', fault: { kind: 'linkDown', link: 'l1', at: 0, duration: 1 } });
    h.host.handle({ type: 'reset' });
    expect(h.engines[1].scenario.faults).toEqual([]);
  });

  it('resets to a new run from t = 0', () => {
    const h = harness();
    h.host.handle({ type: 'play' });
    h.time.advance(500);
    h.host.handle({ type: 'reset' });
    expect(h.engines).toHaveLength(2);
    expect(h.host.currentTime).toBe(0);
    expect(h.lastStatus()).toMatchObject({ run: 2, status: 'ready' });
    expect(h.batches().at(-1)).toMatchObject({ run: 2, firstSample: 0 });
    h.time.advance(1000);
    expect(h.host.currentTime).toBe(0);
  });

  it('finishes at the scenario duration and stops ticking', () => {
    const h = harness({ duration: 1 });
    h.host.handle({ type: 'speed', speed: 'max' });
    h.host.handle({ type: 'play' });
    h.time.advance(2000);
    expect(h.lastStatus()).toMatchObject({ status: 'done', time: 1 });
    expect(h.time.pending).toBe(0);
    h.host.handle({ type: 'play' });
    expect(h.lastStatus().status).toBe('done');
  });

  it('reports an engine failure and stops', () => {
    const h = harness();
    h.engines[0].throwAt = 0.3;
    h.host.handle({ type: 'play' });
    h.time.advance(1000);
    const errors = h.messages.map((m) => m.msg).filter((m) => m.type === 'error');
    expect(errors).toEqual([{ type: 'error', message: 'engine exploded' }]);
    expect(h.lastStatus().status).toBe('error');
    expect(h.time.pending).toBe(0);
  });

  it('answers exportCsv with the files under the same request id', () => {
    const h = harness();
    h.host.handle({ type: 'exportCsv', requestId: 7 });
    expect(h.messages.at(-1)!.msg).toEqual({
      type: 'csv',
      requestId: 7,
      files: { 'summary.csv': 'flow,kind\n' },
    });
  });

  it("answers nextSegments with each TCP flow's next segment where the engine stands, under the same request id", () => {
    const h = harness();
    h.host.handle({ type: 'play' });
    h.time.advance(500);
    h.host.handle({ type: 'pause' });
    expect(h.lastStatus().status).toBe('paused');
    const at = h.engines[0].time;
    expect(at).toBeGreaterThan(0);
    h.host.handle({ type: 'nextSegments', requestId: 9 });
    expect(h.messages.at(-1)!.msg).toEqual({
      type: 'nextSegments',
      requestId: 9,
      time: at,
      seqs: { A: Math.floor(at * 100) },
    });
  });

  it('answers a request made before any scenario with an error carrying its id, and keeps going', () => {
    const h = harness({ load: false });
    h.host.handle({ type: 'nextSegments', requestId: 4 });
    expect(h.messages.at(-1)!.msg).toEqual({ type: 'error', message: 'no scenario is loaded', requestId: 4 });
  });

  it('clamps speeds into range', () => {
    const h = harness();
    h.host.handle({ type: 'speed', speed: 0.0001 });
    expect(h.lastStatus().speed).toBe(0.01);
    h.host.handle({ type: 'speed', speed: Number.NaN });
    expect(h.lastStatus().speed).toBe(1);
    h.host.handle({ type: 'speed', speed: 'max' });
    expect(h.lastStatus().speed).toBe('max');
  });
});
