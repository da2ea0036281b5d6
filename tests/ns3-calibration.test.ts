/**
 * The engine against ns-3.44 on what it can run today: one Reno/SACK flow on
 * a 10 Mb/s, 40 ms path with a 25-packet DropTail queue, and four sharing a
 * 50-packet queue (validation/ns3/cases/calibration-*.json; ns-3's side is
 * validation/ns3/src/calibration.cc, its figures are committed in
 * validation/ns3/reference/). ns-3 is set as close to the engine's defaults
 * as it allows; the figures and their tolerances, and why each is what it
 * is, are in validation/ns3/calibration.ts and docs/validation-ns3.md.
 *
 * Both sides are means over five runs with the flows' starts jittered by up
 * to 0.25 s (ns-3 runs 1–5, engine seeds 1–5).
 */
import { describe, expect, it } from 'vitest';
import { CALIBRATION_METRICS, withinTolerance } from '../validation/ns3/calibration';
import { NS3_CASES } from '../validation/ns3/cases';
import { runTwinMeans } from '../validation/ns3/ours';
import { ns3Figure } from '../validation/ns3/reference';

const CASES = NS3_CASES.filter((c) => c.family === 'calibration');

describe.each(CASES.map((c) => [c.id, c] as const))('%s', (id, c) => {
  const ours = runTwinMeans(c);
  const tcpFlows = (c.scenario.flows as { id: string }[]).map((f) => f.id);

  it.each(CALIBRATION_METRICS.map((m) => [`${m.scope === '*' ? 'each flow' : m.scope}: ${m.metric}`, m] as const))(
    '%s agrees with ns-3',
    (_, m) => {
      for (const scope of m.scope === '*' ? tcpFlows : [m.scope]) {
        const ns3 = ns3Figure(id, scope, m.metric);
        expect(ns3.runs, `${scope} ${m.metric}: ns-3 runs`).toBe(c.runs);
        const engine = ours.get(scope)?.get(m.metric);
        expect(engine, `${scope} ${m.metric}: engine figure`).toBeTypeOf('number');
        expect(
          withinTolerance(engine!, ns3.mean, m.tolerance),
          `${scope} ${m.metric}: engine ${engine} vs ns-3 ${ns3.mean} (tolerance ${JSON.stringify(m.tolerance)})`,
        ).toBe(true);
      }
    },
  );

  it('runs the path ns-3 ran: every segment 1042 bytes on the wire, the link nearly full', () => {
    const flow = (c.scenario.flows as { tcp: { headerBytes: number; ackBytes: number } }[])[0];
    expect([flow.tcp.headerBytes, flow.tcp.ackBytes]).toEqual([42, 42]);
    expect(ours.get('bottleneck')!.get('utilization')!).toBeGreaterThan(0.94);
  });
});
