/**
 * Two TCP flows share the 10 Mb/s, 20 ms DropTail bottleneck for 40 s
 * (measured from 5 s): two Reno flows with equal RTTs, two NewReno flows with
 * RTTs of about 44 and 84 ms, SACK against Tahoe — in ns-2.35 and the engine.
 *
 * All three replay ns-2 event by event (validation/deviations.ts
 * EXACT_REPLAY): every drop, fast retransmit, timeout and retransmission of
 * both flows, 650 to 740 events each, so each flow's counters and goodput
 * are equal too — including the split between RTT-unequal flows, which the
 * engine's rounding of cwnd after a fast retransmit (D1, fixed 2026-11-21)
 * used to move from 16 % to 13 % of the bottleneck for the long-RTT flow.
 * On ns-2's RTT clock (`tcpTick` 0.01, ns-2's phase) each flow's mean srtt
 * agrees as well.
 */
import { describe, expect, it } from 'vitest';
import { CASES } from '../../validation/cases';
import { EXACT, firstDifference } from '../../validation/compare';
import { EXACT_REPLAY } from '../../validation/deviations';
import { runOurs } from '../../validation/ours';
import { refEvents, refFlow, refLink } from '../../validation/reference';

describe.each(CASES.filter((c) => c.family === 'two').map((c) => [c.id, c] as const))('%s', (id, c) => {
  const o = runOurs(c);

  it('replays ns-2 event by event for 40 s', () => {
    expect(id in EXACT_REPLAY).toBe(true);
    const ns = refEvents(id);
    expect(ns.length).toBeGreaterThan(600);
    expect(firstDifference(ns, o.events, EXACT)).toBeNull();
  });

  it('gives each flow the same goodput, with the same counters', () => {
    for (const s of o.summary) {
      const n = refFlow(id, s.flow);
      expect(
        [s.goodput_kbps, s.highest_ack, s.packets_sent, s.retransmissions, s.timeouts, s.fast_retransmits, s.drops],
        `flow ${s.flow}`,
      ).toEqual([
        n.goodput_kbps,
        n.highest_ack,
        n.packets_sent,
        n.retransmissions,
        n.timeouts,
        n.fast_retransmits,
        n.drops,
      ]);
      // the same srtt estimate on ns-2's ticks (an ACK at a sample instant may fall on either side of it)
      expect(Math.abs(s.avg_srtt_ms! - n.avg_srtt_ms!), `flow ${s.flow}`).toBeLessThanOrEqual(0.002);
    }
  });

  it('drops, uses and queues at the bottleneck alike', () => {
    const l = o.links.find((x) => x.from === 'r1')!;
    const n = refLink(id);
    expect(l.drops).toBe(n.drops);
    expect(l.utilization).toBeCloseTo(n.utilization, 4);
    // a time average over ns-2's trace, whose times have 6 significant digits
    expect(l.avg_queue_pkts).toBeCloseTo(n.avg_queue_pkts, 2);
  });
});

describe('the lesson, as ns-2 tells it', () => {
  it('the short-RTT NewReno flow gets more than twice the long-RTT one', () => {
    expect(refFlow('two-newreno-rtt', 'A').goodput_kbps / refFlow('two-newreno-rtt', 'B').goodput_kbps).toBeGreaterThan(
      2,
    );
  });
});
