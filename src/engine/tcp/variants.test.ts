/**
 * The variant descriptors: one per scenario variant, tunables that exist in
 * the scenario's defaults, and fresh per-connection state from each create().
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_TCP } from '../scenario/defaults';
import { VARIANTS } from '../scenario/types';
import { createVariant, VARIANT_DESCRIPTORS, VARIANT_LABELS, variantDescriptor } from './variants';

describe('variant descriptors', () => {
  it('every variant of the scenario format has one, with a label and caption wording', () => {
    expect(Object.keys(VARIANT_DESCRIPTORS).sort()).toEqual([...VARIANTS].sort());
    for (const v of VARIANTS) {
      expect(VARIANT_LABELS[v]).toBe(VARIANT_DESCRIPTORS[v].label);
      expect(VARIANT_DESCRIPTORS[v].lossRule.length).toBeGreaterThan(5);
    }
    expect(VARIANT_LABELS.newreno).toBe('NewReno');
  });

  it('every tunable names a number the scenario defaults have', () => {
    const groups = DEFAULT_TCP as unknown as Record<string, Record<string, unknown>>;
    for (const v of VARIANTS) {
      for (const t of VARIANT_DESCRIPTORS[v].tunables)
        expect(typeof groups[t.group][t.key], `${v}: ${t.group}.${t.key}`).toBe('number');
    }
  });

  it('create() gives each connection its own recovery module and congestion ops', () => {
    for (const v of VARIANTS) {
      const a = createVariant(v, DEFAULT_TCP);
      const b = createVariant(v, DEFAULT_TCP);
      expect(a.recovery).not.toBe(b.recovery);
      expect(a.cc).not.toBe(b.cc);
    }
  });

  it('an unknown name has no descriptor, and createVariant says so', () => {
    expect(variantDescriptor('bbr3')).toBeUndefined();
    expect(variantDescriptor('toString')).toBeUndefined();
    expect(() => createVariant('bbr3' as never, DEFAULT_TCP)).toThrow(/"bbr3" is not available/);
  });
});
