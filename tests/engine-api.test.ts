/**
 * The engine as the worker and the page drive it: stepping, querying state,
 * adding faults while running; and the traffic models' accounting.
 */
import { describe, expect, it } from 'vitest';
import { nsToSeconds } from '../src/engine/core/time';
import { runScenario } from '../src/engine/run';
import { Simulator } from '../src/engine/simulator';
import { load, singleFlow } from './support/scenarios';

describe('stepping', () => {
  it('steps to each protocol event in turn, with a caption, and stops at the end', () => {
    const sim = new Simulator(singleFlow({ variant: 'newreno', drops: [30, 32], duration: 2 }));
    const names: string[] = [];
    for (let e = sim.stepToProtocolEvent(); e; e = sim.stepToProtocolEvent()) {
      expect(e.detail.length).toBeGreaterThan(10);
      expect(e.time_s).toBeCloseTo(sim.time, 9);
      names.push(e.event);
    }
    expect(names).toEqual(['drop', 'drop', 'fast_retransmit', 'recovery_enter', 'partial_ack', 'recovery_exit']);
    expect(sim.done).toBe(true);
    expect(sim.time).toBe(2);
  });

  it('runUntil advances the clock to the requested time even between events', () => {
    const sim = new Simulator(singleFlow({ variant: 'reno', duration: 3 }));
    sim.runUntil(0.123456);
    expect(sim.time).toBeCloseTo(0.123456, 9);
    sim.runUntil(10);
    expect(sim.time).toBe(3);
    expect(sim.done).toBe(true);
  });

  it('one event at a time reaches the same state as running to the same time', () => {
    const a = new Simulator(singleFlow({ variant: 'sack', drops: [40, 41], duration: 2 }));
    const b = new Simulator(singleFlow({ variant: 'sack', drops: [40, 41], duration: 2 }));
    while (a.step());
    b.run();
    expect(a.eventsProcessed).toBe(b.eventsProcessed);
    expect(a.state()).toEqual(b.state());
  });

  it('reports the state a student would inspect', () => {
    const sim = new Simulator(singleFlow({ variant: 'reno', drops: [30] }));
    sim.runUntil(0.28);
    const f = sim.state().flows[0];
    expect(f.phase).toBe('fast_recovery');
    expect(f.ssthresh).toBe(10);
    expect(f.inflation).toBeGreaterThanOrEqual(3);
    expect(f.ackedSeq).toBe(29);
    expect(sim.state().queues).toHaveLength(4);
  });
});

describe('faults added while running', () => {
  it('a drop injected live causes a fast retransmit, and is recorded for replay', () => {
    const sim = new Simulator(singleFlow({ variant: 'newreno', duration: 3 }));
    sim.runUntil(1);
    const next = sim.state().flows[0].nextSeq;
    const f = sim.addFault({ kind: 'dropSegments', flow: 'A', seqs: [next + 2] });
    sim.run();
    const d = sim.runData();
    const fr = d.events.filter((e) => e.event === 'fast_retransmit');
    expect(fr.map((e) => e.seq)).toEqual([next + 2]);
    expect(sim.scenario.faults).toContainEqual(f);
    // Replaying the recorded scenario gives the same run.
    const replay = runScenario(sim.scenario);
    expect(replay.events).toEqual(d.events);
  });

  it('a live link outage takes effect at the current time', () => {
    const sim = new Simulator(singleFlow({ variant: 'reno', duration: 4 }));
    sim.runUntil(1.5);
    const f = sim.addFault({ kind: 'linkDown', link: 'bottleneck', at: 0, duration: 0.5 });
    expect(f.kind === 'linkDown' && f.at).toBe(1.5);
    sim.run();
    const down = sim.runData().events.find((e) => e.event === 'link_down')!;
    expect(down.time_s).toBeCloseTo(1.5, 9);
    expect(down.detail).toMatch(/goes down for 0.5 s/);
  });
});

describe('traffic', () => {
  it('a file transfer reports its completion time and sends each byte once without loss', () => {
    const d = runScenario(singleFlow({ variant: 'reno', bytes: 100_000, duration: 5 }));
    const s = d.summary[0];
    expect(s.packets_delivered).toBe(100);
    expect(s.packets_sent).toBe(100);
    expect(s.completion_s).toBeGreaterThan(0.5);
    expect(s.completion_s).toBeLessThan(1);
    expect(d.events.filter((e) => e.event === 'complete')).toHaveLength(1);
  });

  it('a last segment shorter than packetSize carries only the remaining bytes', () => {
    const d = runScenario(singleFlow({ variant: 'reno', bytes: 2500, duration: 2 }));
    expect(d.summary[0].packets_delivered).toBe(3);
    expect(d.summary[0].throughput_kbps).toBeCloseTo((2500 * 8) / 2 / 1000, 9);
  });

  it('CBR sends at its rate and, alone, gets it all through', () => {
    const d = runScenario(
      load({
        version: 1,
        duration: 10,
        nodes: [
          { id: 'a', kind: 'host' },
          { id: 'b', kind: 'host' },
        ],
        links: [{ id: 'l', a: 'a', b: 'b', bandwidth: '2Mbps', delay: '5ms' }],
        flows: [{ id: 'U', kind: 'cbr', from: 'a', to: 'b', rate: '800kbps', packetSize: 1000, start: 1, stop: 9 }],
      }),
    );
    const s = d.summary[0];
    expect(s.packets_sent).toBe(800); // 100 packets/s for 8 s
    expect(s.packets_delivered).toBe(800);
    expect(s.throughput_kbps).toBeCloseTo((800 * 8000) / 10 / 1000, 6);
    expect(s.avg_latency_ms).toBeCloseTo(5 + 4, 6); // propagation + 1000-byte serialization at 2 Mb/s
  });

  it('with the handshake off, data starts at once with the initial window', () => {
    const sim = new Simulator(singleFlow({ variant: 'reno', tcp: { handshake: false, initialCwnd: 4 }, duration: 1 }));
    sim.runUntil(0.0001);
    const f = sim.state().flows[0];
    expect(f.cwnd).toBe(4);
    expect(f.nextSeq).toBe(4);
  });

  it('with the handshake on, the SYN goes first and the window opens to initialCwnd when it is acknowledged', () => {
    const sim = new Simulator(singleFlow({ variant: 'reno', tcp: { initialCwnd: 2 }, duration: 1 }));
    sim.runUntil(0.0001);
    expect(sim.state().flows[0].nextSeq).toBe(0); // only the SYN is out
    sim.runUntil(0.03);
    expect(sim.state().flows[0].cwnd).toBeGreaterThanOrEqual(2);
  });

  it('delayed ACKs halve the ACK count in slow start without stalling the flow', () => {
    const plain = new Simulator(singleFlow({ variant: 'reno', duration: 3 }));
    plain.run();
    const delayed = new Simulator(singleFlow({ variant: 'reno', duration: 3, tcp: { delayedAck: true } }));
    delayed.run();
    const acks = (s: Simulator) =>
      s.dirs.filter((d) => s.queueIds[d.index].from === 'client').reduce((n, d) => n + d.offered, 0);
    expect(acks(delayed)).toBeLessThan(acks(plain) * 0.6);
    expect(delayed.runData().summary[0].packets_delivered).toBeGreaterThan(
      plain.runData().summary[0].packets_delivered * 0.9,
    );
  });
});

describe('time-sequence trace', () => {
  it('records sends, retransmissions, ACKs and drops of the traced flows only', () => {
    const sim = new Simulator(singleFlow({ variant: 'newreno', drops: [30, 32], duration: 1 }));
    sim.tracePackets([0]);
    sim.run();
    const t = sim.packetTrace;
    const rows = Array.from({ length: t.length }, (_, i) => ({
      time: t.time.at(i),
      kind: t.kind.at(i),
      seq: t.seq.at(i),
    }));
    const of = (k: number) => rows.filter((r) => r.kind === k);
    expect(of(3).map((r) => r.seq)).toEqual([30, 32]); // dropped
    expect(of(1).map((r) => r.seq)).toEqual([30, 32]); // retransmitted
    expect(of(0).filter((r) => r.seq === 30)).toHaveLength(1); // first transmission, traced before its loss
    expect(of(2).length).toBeGreaterThan(50); // ACKs back at the sender
    for (let i = 1; i < rows.length; i++) expect(rows[i].time).toBeGreaterThanOrEqual(rows[i - 1].time);
    const untraced = new Simulator(singleFlow({ variant: 'newreno', duration: 1 }));
    untraced.run();
    expect(untraced.packetTrace.length).toBe(0);
  });
});

describe('start jitter', () => {
  it('delays each flow start by a seeded draw below startJitter, different per seed', () => {
    const starts = (seed: number) => {
      const sc = singleFlow({ variant: 'reno', duration: 1, seed });
      const sim = new Simulator({ ...sc, startJitter: 0.2 });
      sim.runUntil(1);
      return nsToSeconds(sim.receivers[0]!.startedAt);
    };
    const a = starts(1);
    expect(a).toBeGreaterThanOrEqual(0);
    expect(a).toBeLessThan(0.2);
    expect(starts(1)).toBe(a);
    expect(starts(2)).not.toBe(a);
    const none = new Simulator(singleFlow({ variant: 'reno', duration: 1 }));
    none.runUntil(1);
    expect(none.receivers[0]!.startedAt).toBe(0);
  });
});
