/**
 * Invariants that hold on every run: packets are conserved, cwnd never falls
 * below one segment, simulated time never goes back, and the same scenario
 * and seed give byte-identical outputs.
 */
import { describe, expect, it } from 'vitest';
import { runDataToCsv } from '../src/engine/output/csv';
import type { Scenario } from '../src/engine/scenario/types';
import { Simulator } from '../src/engine/simulator';
import { dumbbell, singleFlow } from './support/scenarios';

const CASES: [string, () => Scenario][] = [
  ['reno, 5 drops', () => singleFlow({ variant: 'reno', drops: [30, 32, 34, 36, 38] })],
  [
    'sack, outage',
    () =>
      singleFlow({
        variant: 'sack',
        duration: 6,
        faults: [{ kind: 'linkDown', link: 'bottleneck', at: 1, duration: 0.7 }],
      }),
  ],
  [
    'newreno, random loss both ways',
    () =>
      singleFlow({
        variant: 'newreno',
        duration: 6,
        faults: [{ kind: 'randomLoss', link: 'bottleneck', rate: 0.02, at: 0 }],
      }),
  ],
  [
    'tahoe, burst',
    () =>
      singleFlow({
        variant: 'tahoe',
        faults: [{ kind: 'dropBurst', link: 'bottleneck', from: 'r1', at: 1, count: 6 }],
      }),
  ],
  [
    'dumbbell with CBR, DropTail',
    () => dumbbell({ variants: ['reno', 'newreno', 'sack', 'tahoe'], cbrRates: ['3Mbps'], duration: 8, limit: 20 }),
  ],
  [
    'dumbbell, RED gentle',
    () =>
      dumbbell({
        variants: ['reno', 'sack'],
        cbrRates: ['2Mbps'],
        duration: 8,
        queue: { type: 'red', limit: 50, minThresh: 5, maxThresh: 15, maxP: 0.1, weight: 0.002, gentle: true },
      }),
  ],
];

describe.each(CASES)('%s', (_name, make) => {
  it('conserves packets: created = delivered + dropped + still in the network', () => {
    const sim = new Simulator(make());
    // Check at several instants, not only at the end.
    for (const t of [0.5, 1.3, 2.7, sim.scenario.duration]) {
      sim.runUntil(t);
      const a = sim.accounting();
      expect(a.created).toBe(a.delivered + a.dropped + a.alive);
      expect(a.alive).toBe(a.inNetwork);
    }
    const d = sim.runData();
    const lost = d.links.reduce((s, l) => s + l.queue_drops + l.fault_drops, 0);
    const perFlow = d.summary.reduce((s, f) => s + f.drops + f.ack_drops, 0);
    // summary.csv's drops count data packets; a lost SYN (segment −1) is only in the log.
    const synDrops = d.events.filter((e) => e.event === 'drop' && e.seq === -1 && e.detail.startsWith('SYN')).length;
    expect(perFlow + synDrops).toBe(lost);
    expect(d.events.filter((e) => e.event === 'drop')).toHaveLength(lost);
  });

  it('keeps cwnd at one segment or more, and time moving forward', () => {
    const sim = new Simulator(make());
    let last = -1;
    let steps = 0;
    while (sim.step()) {
      expect(sim.time).toBeGreaterThanOrEqual(last);
      last = sim.time;
      if (++steps % 997 === 0)
        for (const f of sim.state().flows) if (f.kind === 'tcp') expect(f.cwnd).toBeGreaterThanOrEqual(1);
    }
    const d = sim.runData();
    for (const f of d.flowSeries) {
      const cwnd = f.columns.cwnd;
      for (let i = 0; i < cwnd.length; i++) if (!Number.isNaN(cwnd[i])) expect(cwnd[i]).toBeGreaterThanOrEqual(1);
    }
    for (let i = 1; i < d.times.length; i++) expect(d.times[i]).toBeGreaterThan(d.times[i - 1]);
    for (let i = 1; i < d.events.length; i++) expect(d.events[i].time_s).toBeGreaterThanOrEqual(d.events[i - 1].time_s);
  });

  it('gives byte-identical CSV for the same scenario and seed', () => {
    const a = new Simulator(make());
    a.run();
    const b = new Simulator(make());
    b.run();
    expect(runDataToCsv(b.runData())).toEqual(runDataToCsv(a.runData()));
  });
});

describe('seeds', () => {
  it('a different seed changes random losses, the same seed does not', () => {
    const mk = (seed: number) =>
      singleFlow({
        variant: 'reno',
        seed,
        duration: 4,
        faults: [{ kind: 'randomLoss', link: 'bottleneck', rate: 0.02, at: 0 }],
      });
    const drops = (seed: number) => {
      const sim = new Simulator(mk(seed));
      sim.run();
      return sim
        .runData()
        .events.filter((e) => e.event === 'drop')
        .map((e) => `${e.time_s}:${e.seq}`)
        .join(',');
    };
    expect(drops(7)).toBe(drops(7));
    expect(drops(7)).not.toBe(drops(8));
  });
});

describe('RED on a shared bottleneck', () => {
  it('drops early only with the average queue at or above minThresh, and keeps the average below the buffer', () => {
    const sim = new Simulator(
      dumbbell({
        variants: ['reno', 'reno', 'reno'],
        duration: 15,
        queue: { type: 'red', limit: 60, minThresh: 5, maxThresh: 15, maxP: 0.1, weight: 0.002, gentle: false },
      }),
    );
    sim.run();
    const d = sim.runData();
    const red = d.events.filter((e) => e.event === 'drop' && /RED.*average queue/.test(e.detail));
    expect(red.length).toBeGreaterThan(0);
    for (const e of red) {
      const avg = Number(/average queue ([\d.]+)/.exec(e.detail)?.[1]);
      expect(avg).toBeGreaterThanOrEqual(5 - 0.01);
    }
    const q = d.queueSeries.find((s) => s.link === 'bn' && s.from === 'r1')!;
    const avg = Array.from(q.red_avg);
    expect(Math.max(...avg)).toBeLessThan(30);
  });
});
