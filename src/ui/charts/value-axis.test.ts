import { describe, expect, it } from 'vitest';
import { GROW, steadyDomain } from './value-axis';

describe('steady value axis', () => {
  it('starts from the wanted range with headroom', () => {
    expect(steadyDomain(null, [0, 100])).toEqual([0, 100 * GROW]);
  });

  it('keeps the shown range while the data fits and fills half of it', () => {
    const shown = [0, 150] as const;
    expect(steadyDomain(shown, [0, 120])).toBe(shown);
    expect(steadyDomain(shown, [0, 75])).toBe(shown);
  });

  it('grows when the data outgrows it, and refits when the data shrinks below half', () => {
    expect(steadyDomain([0, 150], [0, 160])).toEqual([0, 160 * GROW]);
    expect(steadyDomain([0, 150], [0, 40])).toEqual([0, 40 * GROW]);
    expect(steadyDomain([10, 150], [5, 140])).toEqual([5, 5 + 135 * GROW]);
  });
});
