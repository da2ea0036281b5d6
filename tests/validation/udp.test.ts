/**
 * One TCP flow against constant-rate UDP (2, 4, 6, 8 Mb/s) on a 10 Mb/s,
 * 20 ms bottleneck with a 50-packet DropTail queue, for Tahoe, Reno, NewReno
 * and SACK (Vegas: vegas.test.ts), in ns-2.35 and in the engine.
 *
 * Two kinds of check (docs/validation.md, "Tolerances"):
 *  - the runs the engine replays (validation/deviations.ts EXACT_REPLAY: 9
 *    of the 16): every drop of either flow, fast retransmit, timeout and
 *    retransmission over the whole 20 s, at ns-2's print precision, and so
 *    the same counters, goodput and bottleneck drops;
 *  - the others, where two events at the bottleneck (an arrival and the end
 *    of a transmission at a full queue, or two arrivals) fall on the same
 *    instant and the two simulators order them differently (D6; DIVERGENCE
 *    names the instant): the quantities a study would report, within what
 *    one such tie decision moves them. A tie sends the runs onto different
 *    trajectories; measured over these runs, now and with earlier versions
 *    of the engine: up to 5.4 % in TCP goodput (with the earlier tie order;
 *    now 2.3 %), 16 % in bottleneck drops (udp-sack-6mbps before the
 *    2026-11-21 fixes; now 4.2 %) and 8 % in mean queue (udp-reno-6mbps).
 */
import { describe, expect, it } from 'vitest';
import { CASES, UDP_RATES } from '../../validation/cases';
import { EXACT, firstDifference, relDiff } from '../../validation/compare';
import { DIVERGENCE, EXACT_REPLAY } from '../../validation/deviations';
import { runOurs, type OurRun } from '../../validation/ours';
import { refEvents, refFlow, refLink } from '../../validation/reference';

/** For the runs a tie (D6) sends elsewhere. */
const TOL = {
  /** TCP goodput over the 20 s */
  tcp: 0.06,
  /** CBR goodput: it loses under 1 % of its packets in every run */
  cbr: 0.01,
  /** TCP + CBR goodput: what the bottleneck delivered */
  total: 0.03,
  /** bottleneck utilization, absolute: the bottleneck is full in every run and idles only after a timeout */
  utilization: 0.03,
  /** packets the bottleneck queue dropped */
  drops: 0.2,
  /** time-average bottleneck queue */
  queue: 0.1,
};

const cases = CASES.filter((c) => c.family === 'udp' && c.params.variant !== 'vegas');
const runs = new Map<string, OurRun>();
const ours = (id: string) => {
  if (!runs.has(id)) runs.set(id, runOurs(cases.find((c) => c.id === id)!));
  return runs.get(id)!;
};
const flow = (o: OurRun, f: string) => o.summary.find((r) => r.flow === f)!;
const bottleneck = (o: OurRun) => o.links.find((x) => x.from === 'r1')!;

describe.each(cases.filter((c) => c.id in EXACT_REPLAY).map((c) => [c.id] as const))('%s (replays ns-2)', (id) => {
  it('replays ns-2 event by event for 20 s', () => {
    const ns = refEvents(id);
    expect(ns.length).toBeGreaterThan(200);
    expect(firstDifference(ns, ours(id).events, EXACT)).toBeNull();
  });

  it('has the same counters and goodput, for both flows', () => {
    const o = ours(id);
    for (const f of ['T', 'U']) {
      const a = flow(o, f);
      const n = refFlow(id, f);
      expect(
        [a.goodput_kbps, a.drops, a.highest_ack, a.retransmissions, a.timeouts, a.fast_retransmits],
        `flow ${f}`,
      ).toEqual([n.goodput_kbps, n.drops, n.highest_ack, n.retransmissions, n.timeouts, n.fast_retransmits]);
    }
    expect(flow(o, 'T').packets_sent).toBe(refFlow(id, 'T').packets_sent);
    // On ns-2's 10 ms ticks (tcpTick) srtt is the same estimate in both, sampled every 10 ms:
    // equal but for an ACK at the very instant of a sample.
    expect(Math.abs(flow(o, 'T').avg_srtt_ms! - refFlow(id, 'T').avg_srtt_ms!)).toBeLessThanOrEqual(0.002);
  });

  it('drops, uses and queues at the bottleneck alike', () => {
    const l = bottleneck(ours(id));
    const n = refLink(id);
    expect(l.drops).toBe(n.drops);
    expect(l.utilization).toBeCloseTo(n.utilization, 4);
    // a time average over ns-2's trace, whose times have 6 significant digits
    expect(l.avg_queue_pkts).toBeCloseTo(n.avg_queue_pkts, 2);
  });
});

describe.each(cases.filter((c) => !(c.id in EXACT_REPLAY)).map((c) => [c.id] as const))('%s (a tie, D6)', (id) => {
  it('is a case a tie sends elsewhere', () => {
    expect(DIVERGENCE[id].causes).toEqual(['D6']);
  });

  it('delivers the same TCP and UDP goodput', () => {
    const o = ours(id);
    const t = flow(o, 'T');
    const u = flow(o, 'U');
    const nt = refFlow(id, 'T');
    const nu = refFlow(id, 'U');
    expect(Math.abs(relDiff(t.goodput_kbps, nt.goodput_kbps))).toBeLessThanOrEqual(TOL.tcp);
    expect(Math.abs(relDiff(u.goodput_kbps, nu.goodput_kbps))).toBeLessThanOrEqual(TOL.cbr);
    expect(Math.abs(relDiff(t.goodput_kbps + u.goodput_kbps, nt.goodput_kbps + nu.goodput_kbps))).toBeLessThanOrEqual(
      TOL.total,
    );
  });

  it('uses and queues at the bottleneck alike', () => {
    const l = bottleneck(ours(id));
    const n = refLink(id);
    expect(Math.abs(l.utilization - n.utilization)).toBeLessThanOrEqual(TOL.utilization);
    expect(Math.abs(relDiff(l.drops, n.drops))).toBeLessThanOrEqual(TOL.drops);
    expect(Math.abs(relDiff(l.avg_queue_pkts, n.avg_queue_pkts))).toBeLessThanOrEqual(TOL.queue);
  });
});

describe('TCP yields to UDP, in both simulators', () => {
  it.each(['tahoe', 'reno', 'newreno', 'sack'])('%s: goodput falls as the UDP rate rises', (v) => {
    const ids = UDP_RATES.map((r) => `udp-${v}-${parseInt(r, 10)}mbps`);
    const nsG = ids.map((id) => refFlow(id, 'T').goodput_kbps);
    const ourG = ids.map((id) => flow(ours(id), 'T').goodput_kbps);
    for (const g of [nsG, ourG]) for (let i = 1; i < g.length; i++) expect(g[i]).toBeLessThan(g[i - 1]);
  });
});
