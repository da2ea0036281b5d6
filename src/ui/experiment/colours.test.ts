import { describe, expect, it } from 'vitest';
import { VARIANTS } from '../../engine/scenario/types';
import { seriesStyle } from './colours';

/** WCAG relative luminance of #rrggbb. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

describe('variant styles', () => {
  it('every variant has a colour of its own, whatever its place in the list', () => {
    const colours = VARIANTS.map((v, k) => seriesStyle(v, k).colour.toLowerCase());
    expect(new Set(colours).size).toBe(VARIANTS.length);
  });

  it('every variant’s line reads on white (contrast at least 3:1)', () => {
    for (const v of VARIANTS) {
      const c = seriesStyle(v, 0).colour;
      expect(1.05 / (luminance(c) + 0.05), `${v} ${c}`).toBeGreaterThanOrEqual(3);
    }
  });
});
