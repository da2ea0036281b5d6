/**
 * Random loss: one flow over a 10 Mb/s path with an RTT of about 101 ms, each
 * data packet entering the bottleneck lost with probability p — in ns-2.35
 * and the engine — and the analytic check against Mathis et al. (1997).
 *
 * Common random numbers: for a given seed both simulators lose the same
 * packets by number (the n-th packet to enter the bottleneck), ns-2 through
 * an ErrorModel/List fed with the engine's own draws. The comparison is then
 * paired — the loss pattern is not a source of difference — and:
 *  - Tahoe, which the engine implements as ns-2 does, replays every run
 *    exactly: the same goodput, timeouts and retransmissions;
 *  - Reno, NewReno and SACK lose up to one segment of cwnd at every halving
 *    in the engine (deviation D1: ⌊⌊W⌋/2⌋ instead of ns-2's W/2, about half a
 *    segment on average), so their goodput is lower by about 0.5/W̄ — from
 *    1 % at p = 0.001 to about 10 % at p = 0.05, where the mean window W̄ is
 *    5 to 6 segments. They are held to that band (−12 % … +2 %); without D1
 *    the runs replay ns-2 (validation/what-if.ts) and the band should close.
 */
import { describe, expect, it } from 'vitest';
import { CASES, LOSS_RATES } from '../../validation/cases';
import { mathisKbps, mean, relDiff } from '../../validation/compare';
import { runOurs } from '../../validation/ours';
import { refFlow } from '../../validation/reference';
import type { SummaryRow } from '../../validation/ns2/extract';

/** Seeds run in the engine (ns-2 ran five; these are paired with its first ones). Paired runs need few. */
const SEEDS: Record<string, number[]> = { tahoe: [1], reno: [1, 2], newreno: [1, 2], sack: [1] };
const D1_BAND = { below: 0.12, above: 0.02 };

const cases = CASES.filter((c) => c.family === 'loss');
const ours = new Map<string, SummaryRow[]>();
for (const c of cases) ours.set(c.id, SEEDS[String(c.params.variant)].map((seed) => runOurs(c, seed, { events: false }).summary[0]));

describe('paired with ns-2 (same losses)', () => {
  it.each(cases.filter((c) => c.params.variant === 'tahoe').map((c) => [c.id] as const))('%s replays ns-2 exactly', (id) => {
    ours.get(id)!.forEach((o, i) => {
      const n = refFlow(id, 'A', i + 1);
      expect([o.goodput_kbps, o.highest_ack, o.timeouts, o.retransmissions, o.packets_sent]).toEqual([
        n.goodput_kbps,
        n.highest_ack,
        n.timeouts,
        n.retransmissions,
        n.packets_sent,
      ]);
    });
  });

  it.each(cases.filter((c) => c.params.variant !== 'tahoe').map((c) => [c.id] as const))(
    '%s is within the band deviation D1 accounts for',
    (id) => {
      ours.get(id)!.forEach((o, i) => {
        const d = relDiff(o.goodput_kbps, refFlow(id, 'A', i + 1).goodput_kbps);
        expect(d, `seed ${i + 1}`).toBeGreaterThanOrEqual(-D1_BAND.below);
        expect(d, `seed ${i + 1}`).toBeLessThanOrEqual(D1_BAND.above);
      });
    },
  );
});

/**
 * Mathis et al.: B = (MSS/RTT)·√(3/(2p)), RTT the mean RTT (here the engine's
 * mean srtt; ns-2's own srtt_ reads 8 ms high because of its integer tick
 * arithmetic, D5, so the same path RTT is used for both). The model assumes
 * every loss is repaired by fast retransmit and the window follows a regular
 * sawtooth; with losses at random the constant √(3/2) ≈ 1.22 rises to about
 * 1.31 (Mathis et al., §3, +7 %), and the timeouts that Reno takes when two
 * losses fall in one window pull the other way, more as p grows (Padhye et
 * al. 1998). Tolerance for p ≤ 1 %, where fast retransmit repairs most losses
 * in both simulators: 0.80 … 1.10 times the model (two runs of about 160
 * losses each: about ±4 % statistical error). Above 1 % timeouts dominate and the
 * model is only an upper bound, as it is for ns-2.
 */
describe('Reno under random loss follows Mathis et al. (1997)', () => {
  const reno = cases
    .filter((c) => c.params.variant === 'reno')
    .map((c) => {
      const p = Number(c.params.p);
      const o = ours.get(c.id)!;
      const rtt = mean(o.map((r) => r.avg_srtt_ms!)) / 1000;
      const model = mathisKbps(1000, rtt, p);
      const nsMean = mean(SEEDS.reno.map((s) => refFlow(c.id, 'A', s).goodput_kbps));
      return { p, rtt, model, ours: mean(o.map((r) => r.goodput_kbps)) / model, ns2: nsMean / model };
    });

  it('covers loss rates from 0.1 % to 5 %', () => {
    expect(reno.map((r) => r.p)).toEqual([...LOSS_RATES]);
    for (const r of reno) expect(r.rtt).toBeGreaterThan(0.1);
  });

  it.each(LOSS_RATES.filter((p) => p <= 0.01).map((p) => [p] as const))('p = %s: within 0.80–1.10 of the model', (p) => {
    const r = reno.find((x) => x.p === p)!;
    for (const ratio of [r.ours, r.ns2]) {
      expect(ratio).toBeGreaterThanOrEqual(0.8);
      expect(ratio).toBeLessThanOrEqual(1.1);
    }
  });

  it('above 1 %, below the model, and further below as timeouts take over', () => {
    const high = reno.filter((r) => r.p > 0.01);
    for (const r of high) {
      expect(r.ours).toBeLessThan(1);
      expect(r.ns2).toBeLessThan(1);
    }
    for (const k of ['ours', 'ns2'] as const) {
      for (let i = 1; i < reno.length; i++) expect(reno[i][k]).toBeLessThan(reno[i - 1][k] + 0.02);
    }
  });
});
