/**
 * "Recorded in the scenario so the run can be replayed exactly": a fault
 * injected into a running engine, recorded as the page records it, gives
 * the same run when the saved scenario is run from the start.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../engine/scenario';
import type { FaultSpec, Scenario } from '../../engine/scenario/types';
import { Simulator } from '../../engine/simulator';
import { liveTime } from './live-inject';

function load(name: string): Scenario {
  const r = parseScenario(JSON.parse(readFileSync(`scenarios/${name}.json`, 'utf8')));
  if (!r.ok) throw new Error(name);
  return r.scenario;
}

/** Run in uneven slices, as the worker does. */
function runInSlices(sim: Simulator, to: number): void {
  for (let t = 0.0137; t < to; t += 0.0137) sim.runUntil(t);
  sim.runUntil(to);
}

function replay(s: Scenario, extra: FaultSpec[]): Simulator {
  const sim = new Simulator({ ...s, faults: [...s.faults, ...extra] });
  sim.run();
  return sim;
}

/** What the worker answers to `nextSegments` (engine-host.ts). */
function nextSegments(sim: Simulator): Record<string, number> {
  const out: Record<string, number> = {};
  for (const f of sim.state().flows) if (f.kind === 'tcp') out[f.id] = f.nextSeq;
  return out;
}

describe('faults injected live replay exactly', () => {
  it('a drop of the next segment, asked of the running engine, is the same run when replayed from the scenario', () => {
    const s = load('single-drop-reno');
    const live = new Simulator(s);
    runInSlices(live, 0.3);
    const next = nextSegments(live);
    expect(next.reno).toBeGreaterThan(0);
    const fault: FaultSpec = { kind: 'dropSegments', flow: 'reno', seqs: [next.reno] };
    live.addFault(fault);
    live.run();
    const events = live.runData().events;
    expect(events.some((e) => e.event === 'fast_retransmit' && e.seq === next.reno)).toBe(true);
    const again = replay(s, [fault]);
    expect(again.runData().events).toEqual(events);
    expect(again.runData().summary).toEqual(live.runData().summary);
  });

  it('after a Step (stopped inside an instant) the next segments are not yet sent, and two dropped replay exactly', () => {
    const s = load('multi-drop-newreno');
    const live = new Simulator(s);
    live.tracePackets([0]);
    let cursor = 0;
    for (let i = 0; i < 5; i++) {
      const e = live.stepToProtocolEvent();
      if (e) cursor = Math.max(cursor, e.time_s);
    }
    expect(cursor).toBeGreaterThan(0);
    const next = nextSegments(live);
    // Not one of them has been sent yet (trace rows 0 = sent, 1 = retransmitted).
    const pt = live.packetTrace;
    let highestSent = -1;
    for (let i = 0; i < pt.length; i++) if (pt.kind.view(i, i + 1)[0] <= 1) highestSent = Math.max(highestSent, pt.seq.view(i, i + 1)[0]);
    expect(highestSent).toBeGreaterThan(0);
    expect(highestSent).toBeLessThan(next.newreno);
    const fault: FaultSpec = { kind: 'dropSegments', flow: 'newreno', seqs: [next.newreno, next.newreno + 1] };
    live.addFault(fault);
    live.run();
    expect(replay(s, [fault]).runData().events).toEqual(live.runData().events);
  });

  it('a burst, an outage and random loss injected live replay exactly at the recorded time', () => {
    const s = load('red-vs-droptail');
    const live = new Simulator(s);
    runInSlices(live, 2.345_678_9);
    const at = liveTime(2.345_678_9);
    expect(at).toBe(2.345679);
    const faults: FaultSpec[] = [
      { kind: 'dropBurst', link: 'bottleneck', from: 'R1', at, count: 4 },
      { kind: 'linkDown', link: 'bottleneck', at, duration: 0.2 },
      { kind: 'randomLoss', link: 'bottleneck', from: null, rate: 0.02, at, until: null },
    ];
    for (const f of faults) expect(live.addFault(f)).toEqual(f); // recorded as given: not earlier than now
    live.run();
    expect(replay(s, faults).runData().events).toEqual(live.runData().events);
  });

  it('records live times to the microsecond, never before the run’s time', () => {
    expect(liveTime(1)).toBe(1);
    expect(liveTime(0.1 + 0.2)).toBe(0.3);
    expect(liveTime(1.0000001)).toBe(1.000001);
    expect(liveTime(0)).toBe(0);
  });
});
