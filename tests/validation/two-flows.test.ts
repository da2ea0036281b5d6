/**
 * Two TCP flows share the 10 Mb/s, 20 ms DropTail bottleneck for 40 s
 * (measured from 5 s): two Reno flows with equal RTTs, two NewReno flows with
 * RTTs of about 44 and 84 ms, SACK against Tahoe — in ns-2.35 and the engine.
 *
 * What the bottleneck delivers in total is set by its capacity and by how
 * long it idles, and agrees within 2 % (measured: 0.1–0.3 %). How it is split
 * between flows hinges on which flow each overflow hits; with equal RTTs the
 * runs agree within 5 % per flow (measured: up to 1.6 %). With unequal RTTs
 * the split is where the engine's rounding of cwnd after a fast retransmit
 * (deviation D1) shows most: ns-2 gives the long-RTT flow 16 % of the
 * bottleneck, the engine 13 %. Removing D1 makes all three cases replay ns-2
 * event by event (validation/what-if.ts); until then that case is held to
 * the aggregate and to the direction of the RTT unfairness only.
 */
import { describe, expect, it } from 'vitest';
import { CASES } from '../../validation/cases';
import { relDiff } from '../../validation/compare';
import { runOurs } from '../../validation/ours';
import { refFlow, refLink, refSummary } from '../../validation/reference';

const TOL = { total: 0.02, perFlow: 0.05, utilization: 0.02, drops: 0.25 };
/** Per-flow split not yet comparable: deviation D1 (docs/validation.md). */
const SPLIT_DIFFERS = new Set(['two-newreno-rtt']);

describe.each(CASES.filter((c) => c.family === 'two').map((c) => [c.id, c] as const))('%s', (id, c) => {
  const o = runOurs(c);
  const flows = o.summary.map((r) => r.flow);
  const total = (rows: { goodput_kbps: number }[]) => rows.reduce((a, r) => a + r.goodput_kbps, 0);

  it('delivers the same total through the bottleneck', () => {
    expect(Math.abs(relDiff(total(o.summary), total(refSummary(id))))).toBeLessThanOrEqual(TOL.total);
    const l = o.links.find((x) => x.from === 'r1')!;
    expect(Math.abs(l.utilization - refLink(id).utilization)).toBeLessThanOrEqual(TOL.utilization);
    expect(Math.abs(relDiff(l.drops, refLink(id).drops))).toBeLessThanOrEqual(TOL.drops);
  });

  if (SPLIT_DIFFERS.has(id)) {
    it('favours the short-RTT flow by more than 2:1 in both (split: deviation D1)', () => {
      const g = (f: string) => o.summary.find((r) => r.flow === f)!.goodput_kbps;
      expect(refFlow(id, 'A').goodput_kbps / refFlow(id, 'B').goodput_kbps).toBeGreaterThan(2);
      expect(g('A') / g('B')).toBeGreaterThan(2);
    });
  } else {
    it('splits it between the flows alike', () => {
      for (const f of flows) {
        const ours = o.summary.find((r) => r.flow === f)!;
        const ns = refFlow(id, f);
        expect(Math.abs(relDiff(ours.goodput_kbps, ns.goodput_kbps)), `flow ${f}`).toBeLessThanOrEqual(TOL.perFlow);
      }
    });
  }
});
