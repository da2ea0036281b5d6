/**
 * The engine's CoDel, FQ-CoDel and PIE, with and without ECN, against
 * ns-3.44 on the bufferbloat dumbbell: four Reno/SACK flows and a 100-byte
 * probe every 10 ms over a 10 Mb/s, 40 ms bottleneck
 * (validation/ns3/cases/aqm-*.json, validation/ns3/src/aqm.cc). The metrics
 * and their tolerances, and why, are in validation/ns3/aqm.ts; the figures
 * in docs/validation-ns3.md.
 *
 * DropTail is the baseline, not a tolerance (docs/validation-ns3.md, N7):
 * what both must show is the lesson — the probe hundreds of milliseconds
 * late behind the 1000-packet queue, and within a few ms of the path delay
 * behind every AQM.
 */
import { describe, expect, it } from 'vitest';
import { AQM_METRICS } from '../validation/ns3/aqm';
import { withinTolerance } from '../validation/ns3/calibration';
import { NS3_CASES } from '../validation/ns3/cases';
import { runTwinMeans, type Figures } from '../validation/ns3/ours';
import { ns3Figure } from '../validation/ns3/reference';

const CASES = NS3_CASES.filter((c) => c.family === 'aqm' && c.loadsToday && !c.id.includes('droptail'));
const cache = new Map<string, Figures>();
const ours = (c: (typeof CASES)[number]) => {
  if (!cache.has(c.id)) cache.set(c.id, runTwinMeans(c));
  return cache.get(c.id)!;
};

describe.each(CASES.map((c) => [c.id, c] as const))('%s against ns-3.44', (id, c) => {
  const ecn = id.endsWith('-ecn');
  const metrics = AQM_METRICS.filter((m) => m.only === undefined || m.only === (ecn ? 'ecn' : 'plain'));
  const tcpFlows = (c.scenario.flows as { id: string; kind: string }[])
    .filter((f) => f.kind === 'tcp')
    .map((f) => f.id);

  it.each(metrics.map((m) => [`${m.scope === '*' ? 'each flow' : m.scope}: ${m.label}`, m] as const))(
    '%s agrees',
    (_, m) => {
      for (const scope of m.scope === '*' ? tcpFlows : [m.scope]) {
        const ns3 = ns3Figure(id, scope, m.ns3Metric ?? m.metric);
        expect(ns3.runs).toBe(c.runs);
        const engine = ours(c).get(scope)?.get(m.metric);
        expect(engine, `${scope} ${m.metric}`).toBeTypeOf('number');
        expect(
          withinTolerance(engine!, ns3.mean, m.tolerance),
          `${scope} ${m.metric}: engine ${engine} vs ns-3 ${ns3.mean} (${JSON.stringify(m.tolerance)})`,
        ).toBe(true);
      }
    },
  );

  it(ecn ? 'loses no TCP segment where it would have dropped: it marks' : 'drops, and marks nothing', () => {
    const f = ours(c);
    const tcpDrops = tcpFlows.reduce((a, id) => a + f.get(id)!.get('drops')!, 0);
    if (ecn) {
      expect(tcpDrops).toBe(0);
      expect(f.get('bottleneck')!.get('ce_marks')!).toBeGreaterThan(100);
    } else {
      expect(tcpDrops).toBeGreaterThan(100);
      expect(f.get('bottleneck')!.get('ce_marks')!).toBe(0);
    }
  });
});

describe('aqm-droptail: the baseline', () => {
  const c = NS3_CASES.find((x) => x.id === 'aqm-droptail')!;
  it('keeps the probe hundreds of milliseconds late in both simulators, at full utilization', () => {
    const f = runTwinMeans(c, 2);
    expect(f.get('P')!.get('delay_mean_ms')!).toBeGreaterThan(200);
    expect(ns3Figure(c.id, 'P', 'delay_mean_ms').mean).toBeGreaterThan(200);
    expect(f.get('bottleneck')!.get('utilization')!).toBeGreaterThan(0.98);
  });
});
