/**
 * The classic lesson, table-driven: one flow, 1, 2 and 5 segments dropped in
 * one window, for each loss-recovery variant. The window (20) is below the
 * bottleneck buffer, so the injected drops are the only losses.
 */
import { describe, expect, it } from 'vitest';
import { Simulator } from '../src/engine/simulator';
import type { EventRow } from '../src/engine/output/rundata';
import { singleFlow } from './support/scenarios';

interface Outcome {
  events: EventRow[];
  timeouts: number;
  fastRetransmits: number;
  retransmissions: number;
  drops: number;
  named(name: string): EventRow[];
}

function run(variant: string, drops: number[]): Outcome {
  const sim = new Simulator(singleFlow({ variant, drops }));
  sim.run();
  const d = sim.runData();
  const s = d.summary[0];
  return {
    events: d.events,
    timeouts: s.timeouts,
    fastRetransmits: s.fast_retransmits,
    retransmissions: s.retransmissions,
    drops: s.drops,
    named: (name) => d.events.filter((e) => e.event === name),
  };
}

const DROPS: Record<string, number[]> = {
  one: [30],
  two: [30, 32],
  five: [30, 32, 34, 36, 38],
};

describe('fast retransmit on the third duplicate ACK', () => {
  it.each(['tahoe', 'reno', 'newreno', 'sack'])('%s retransmits segment 30 after 3 dupacks for 29', (v) => {
    const o = run(v, DROPS.one);
    const fr = o.named('fast_retransmit');
    expect(fr).toHaveLength(1);
    expect(fr[0].seq).toBe(30);
    expect(fr[0].detail).toMatch(/^3 duplicate ACKs for segment 29: fast retransmit of segment 30/);
    expect(o.drops).toBe(1);
  });
});

describe('window response to a single loss', () => {
  it('Tahoe: ssthresh halves, cwnd falls to 1 and slow start resumes', () => {
    const o = run('tahoe', DROPS.one);
    const fr = o.named('fast_retransmit')[0];
    expect(fr.cwnd).toBe(1);
    expect(fr.ssthresh).toBe(10); // ⌊20/2⌋: the window was capped at 20
    expect(o.named('recovery_enter')).toHaveLength(0);
    expect(o.timeouts).toBe(0);
  });

  it.each(['reno', 'newreno', 'sack'])('%s: ssthresh and cwnd halve, fast recovery ends on the full ACK', (v) => {
    const o = run(v, DROPS.one);
    const fr = o.named('fast_retransmit')[0];
    expect(fr.ssthresh).toBe(10);
    expect(fr.cwnd).toBe(10);
    expect(o.named('recovery_enter')).toHaveLength(1);
    const exit = o.named('recovery_exit');
    expect(exit).toHaveLength(1);
    expect(exit[0].detail).toMatch(/covers the recovery point/);
    expect(exit[0].cwnd).toBe(10);
    expect(o.timeouts).toBe(0);
    expect(o.retransmissions).toBe(1);
  });
});

describe('several losses in one window', () => {
  it.each([
    ['two', DROPS.two],
    ['five', DROPS.five],
  ])('Reno leaves recovery on the first (partial) new ACK and then times out (%s losses)', (_n, drops) => {
    const o = run('reno', drops);
    const exit = o.named('recovery_exit')[0];
    expect(exit.seq).toBe(31);
    expect(exit.detail).toMatch(/Reno leaves fast recovery/);
    expect(o.fastRetransmits).toBe(1);
    expect(o.timeouts).toBe(1);
    const to = o.named('timeout')[0];
    expect(to.seq).toBe(32);
    expect(to.cwnd).toBe(1);
    expect(to.time_s).toBeGreaterThan(exit.time_s);
  });

  it.each([
    ['two', DROPS.two],
    ['five', DROPS.five],
  ])('NewReno retransmits one hole per partial ACK, without a timeout (%s losses)', (_n, drops) => {
    const o = run('newreno', drops);
    expect(o.timeouts).toBe(0);
    expect(o.fastRetransmits).toBe(1);
    const partial = o.named('partial_ack');
    expect(partial).toHaveLength(drops.length - 1);
    // Each partial ACK acknowledges up to just below the next hole and retransmits it.
    partial.forEach((p, i) => {
      expect(p.seq).toBe(drops[i + 1] - 1);
      expect(p.detail).toContain(`segment ${drops[i + 1]} was lost too`);
    });
    expect(o.retransmissions).toBe(drops.length);
    expect(o.named('recovery_exit')).toHaveLength(1);
  });

  it.each([
    ['two', DROPS.two],
    ['five', DROPS.five],
  ])('SACK retransmits every hole within one round trip, without a timeout (%s losses)', (_n, drops) => {
    const o = run('sack', drops);
    expect(o.timeouts).toBe(0);
    expect(o.retransmissions).toBe(drops.length);
    const fr = o.named('fast_retransmit')[0];
    const holes = o.named('retransmit');
    expect(holes.map((e) => e.seq)).toEqual(drops.slice(1));
    // All holes go out before the first partial ACK returns: several per RTT.
    const firstPartial = o.named('partial_ack')[0];
    for (const h of holes) expect(h.time_s).toBeLessThan(firstPartial.time_s);
    // …so recovery ends sooner than NewReno's, one hole per round trip.
    const sackExit = o.named('recovery_exit')[0].time_s - fr.time_s;
    const nr = run('newreno', drops);
    const nrExit = nr.named('recovery_exit')[0].time_s - nr.named('fast_retransmit')[0].time_s;
    if (drops.length === 5) expect(sackExit).toBeLessThan(nrExit * 0.6);
    else expect(sackExit).toBeLessThanOrEqual(nrExit);
  });

  it('Tahoe repairs several losses by slow start from the first hole, without a timeout', () => {
    const o = run('tahoe', DROPS.five);
    expect(o.timeouts).toBe(0);
    expect(o.fastRetransmits).toBe(1);
    // go-back-N resends what followed the first hole, received or not
    expect(o.retransmissions).toBeGreaterThan(5);
  });
});

describe('a link outage', () => {
  it.each(['tahoe', 'reno', 'newreno', 'sack'])(
    '%s times out and backs off exponentially while the link is down',
    (v) => {
      const sim = new Simulator(
        singleFlow({
          variant: v,
          duration: 8,
          faults: [{ kind: 'linkDown', link: 'bottleneck', at: 1.0, duration: 2.0 }],
        }),
      );
      sim.run();
      const d = sim.runData();
      const timeouts = d.events.filter((e) => e.event === 'timeout');
      expect(timeouts.length).toBeGreaterThanOrEqual(3);
      // Each successive RTO is twice the previous one while nothing gets through.
      const gaps = timeouts.slice(1, 4).map((t, i) => t.time_s - timeouts[i].time_s);
      for (let i = 1; i < gaps.length; i++) expect(gaps[i] / gaps[i - 1]).toBeCloseTo(2, 5);
      for (const t of timeouts) expect(t.cwnd).toBe(1);
      expect(d.events.some((e) => e.event === 'link_down')).toBe(true);
      expect(d.events.some((e) => e.event === 'link_up')).toBe(true);
      // The flow recovers after the outage.
      const last = timeouts[timeouts.length - 1];
      expect(d.summary[0].packets_delivered).toBeGreaterThan(300);
      expect(last.time_s).toBeGreaterThan(3.0 - 1e-9);
    },
  );
});

describe('lost SYNs (summary.csv accounting)', () => {
  // The SYN is lost twice while the link is down at the start; the one-segment file then
  // goes through. drops and packets_sent both count data packets only, so drop_rate stays
  // a data loss rate (it read 2 when drops counted the SYNs and packets_sent did not).
  const sim = new Simulator(
    singleFlow({
      variant: 'reno',
      duration: 15,
      bytes: 1000,
      faults: [{ kind: 'linkDown', link: 'bottleneck', at: 0, duration: 4 }],
    }),
  );
  sim.run();
  const d = sim.runData();
  const s = d.summary[0];

  it('are in events.csv and links.csv, not in drops', () => {
    const synDrops = d.events.filter((e) => e.event === 'drop' && e.seq === -1);
    expect(synDrops.length).toBe(2);
    for (const e of synDrops) expect(e.detail).toMatch(/^SYN lost: link r1→client is down/);
    expect(d.links.reduce((n, l) => n + l.fault_drops, 0)).toBe(2);
    expect(s.drops).toBe(0);
    expect(s.packets_sent).toBe(1);
    expect(s.drop_rate).toBe(0);
    expect(s.timeouts).toBe(2);
    expect(s.packets_delivered).toBe(1);
  });
});
