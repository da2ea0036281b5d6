import { describe, expect, it } from 'vitest';
import { median, summarizePairs } from '../bench/compare/paired';

/** A drifting machine: run times that wander from round to round, with a slow outlier now and then. */
function drifting(n: number, seed: number): number[] {
  let s = seed;
  const next = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  return Array.from({ length: n }, (_, i) => 900 + 60 * Math.sin(i / 3) + 20 * next() + (i % 11 === 5 ? 300 : 0));
}

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});

describe('summarizePairs', () => {
  it('finds a 1 % gain that the drift between rounds hides in the medians alone', () => {
    const a = drifting(31, 7);
    // B is 9 ms faster in every round, give or take 3 ms; the rounds themselves spread over 300 ms.
    const b = a.map((x, i) => x - 9 + ((i * 5) % 7) - 3);
    const s = summarizePairs(a, b);
    expect(s.n).toBe(31);
    expect(s.medianDiff).toBeGreaterThan(-12);
    expect(s.medianDiff).toBeLessThan(-6);
    expect(s.relative).toBeCloseTo(s.medianDiff / s.medianA, 12);
    expect(s.lower).toBe(31);
    expect(s.pValue).toBeLessThan(0.001);
  });

  it('shows no difference between two runs of the same thing', () => {
    const a = drifting(31, 7);
    const b = drifting(31, 7).map((x, i) => x + (i % 2 === 0 ? 4 : -4));
    const s = summarizePairs(a, b);
    expect(s.lower).toBe(15);
    expect(s.pValue).toBeGreaterThan(0.5);
  });

  it('is not moved by one pair lost to a busy machine', () => {
    const a = Array.from({ length: 21 }, (_, i) => 1000 + i);
    const b = a.map((x) => x + 5);
    b[10] = 3000; // one round where B waited for the core
    const s = summarizePairs(a, b);
    expect(s.medianDiff).toBe(5);
    expect(s.lower).toBe(0);
    expect(s.pValue).toBeLessThan(0.001);
  });

  it('keeps p a probability with a handful of pairs', () => {
    // Differences +5, −3, +1, −2: the test's two-sided value for these is 1.125.
    const s = summarizePairs([100, 100, 100, 100], [105, 97, 101, 98]);
    expect(s.pValue).toBe(1);
  });

  it('gives p = 1 when every pair is a tie, and refuses unpaired runs', () => {
    expect(summarizePairs([1, 2, 3], [1, 2, 3]).pValue).toBe(1);
    expect(() => summarizePairs([1, 2], [1])).toThrow(/paired/);
    expect(() => summarizePairs([], [])).toThrow(/none/);
  });
});
