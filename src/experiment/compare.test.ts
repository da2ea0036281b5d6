import { describe, expect, it } from 'vitest';
import { parseScenario } from '../engine/scenario/index';
import { VARIANTS, type Scenario } from '../engine/scenario/types';
import { runLengthChanges, variantScenarios, withRunLength } from './compare';
import { smallBase } from './test-fixtures';

function base(extra: (s: Record<string, any>) => void = () => {}): Scenario {
  const json = smallBase() as Record<string, any>;
  extra(json);
  const r = parseScenario(json);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.scenario;
}

describe('variantScenarios', () => {
  it('one scenario per variant, in order, same seed, only the variant changed', () => {
    const b = base();
    const frozen = structuredClone(b);
    const r = variantScenarios(b, ['reno', 'newreno', 'vegas']);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.scenarios.map((s) => s.variant)).toEqual(['reno', 'newreno', 'vegas']);
    for (const { variant, scenario } of r.scenarios) {
      expect(scenario.seed).toBe(b.seed);
      expect(scenario.name).toBe(`Small lossy path (${variant})`);
      const a = scenario.flows[0]!;
      expect(a.kind === 'tcp' && a.variant).toBe(variant);
      expect(scenario.flows[1]).toBe(b.flows[1]);
      expect(scenario.links).toBe(b.links);
      expect({ ...scenario, name: b.name, flows: b.flows }).toEqual(b);
    }
    expect(b).toEqual(frozen);
  });

  it('switches every TCP flow by default, or only the chosen ones', () => {
    const two = base((s) => s.flows.push({ id: 'C', variant: 'tahoe', from: 'server', to: 'client' }));
    const all = variantScenarios(two, ['cubic']);
    const some = variantScenarios(two, ['cubic'], { flows: ['C'] });
    const variants = (r: typeof all) =>
      r.ok ? r.scenarios[0]!.scenario.flows.map((f) => (f.kind === 'tcp' ? f.variant : f.kind)) : [];
    expect(variants(all)).toEqual(['cubic', 'cbr', 'cubic']);
    expect(variants(some)).toEqual(['reno', 'cbr', 'cubic']);
  });

  it('says what is wrong with the variants and flows', () => {
    const r = variantScenarios(base(), ['reno', 'rneo', 'reno'], { flows: ['U', 'Z'] });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues.map((i) => `${i.path}: ${i.message}`)).toEqual([
      `variants[1]: unknown variant "rneo"; known variants: ${VARIANTS.join(', ')}; did you mean "reno"?`,
      'variants[2]: variant "reno" is listed twice',
      'flows[0]: flow "U" is not a TCP flow: it has no variant',
      'flows[1]: unknown flow "Z" (TCP flows are "A")',
    ]);
    const none = variantScenarios(
      base((s) => s.flows.splice(0, 1)),
      ['reno'],
    );
    expect(none.ok || none.issues).toEqual([
      { path: '(scenario)', message: 'has no TCP flow whose variant could change' },
    ]);
    const empty = variantScenarios(base(), []);
    expect(empty.ok || empty.issues).toEqual([{ path: 'variants', message: 'must list at least one variant' }]);
  });
});

describe('run length', () => {
  it('moves a measuring window that ended at the end, keeps an earlier one, and never lets it start after it ends', () => {
    const small = base();
    expect(runLengthChanges(small, small.duration)).toEqual({});
    expect(withRunLength(small, small.duration)).toBe(small);
    expect(runLengthChanges(small, 10)).toEqual({ duration: 10, 'measure.to': 10 });
    const early = { ...small, measure: { from: 1, to: 2 } };
    expect(runLengthChanges(early, 10)).toEqual({ duration: 10 });
    expect(runLengthChanges(early, 0.5)).toEqual({ duration: 0.5, 'measure.to': 0.5, 'measure.from': 0 });
    expect(withRunLength(early, 0.5)).toMatchObject({ duration: 0.5, measure: { from: 0, to: 0.5 } });
  });
});
