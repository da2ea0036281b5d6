/**
 * putNumber writes the bytes formatNumber's text is made of, for every
 * number: the sampled files written as bytes must be those written as text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatNumber } from './csv-cells';
import { MAX_NUMBER_BYTES, putNumber } from './csv-number-bytes';

const buf = new Uint8Array(MAX_NUMBER_BYTES + 8);
const decoder = new TextDecoder();

function written(x: number, decimals: number): string {
  // Start past 0 and check the bytes before are untouched.
  buf.fill(7);
  const end = putNumber(buf, 3, x, decimals);
  expect(buf[2]).toBe(7);
  expect(end - 3).toBeLessThanOrEqual(MAX_NUMBER_BYTES);
  return decoder.decode(buf.subarray(3, end));
}

const decimals = fc.integer({ min: 0, max: 6 });

describe('putNumber', () => {
  it('writes what formatNumber writes, for any double', () => {
    fc.assert(
      fc.property(fc.double(), decimals, (x, d) => {
        expect(written(x, d)).toBe(formatNumber(x, d));
      }),
      { numRuns: 20_000 },
    );
  });

  it('writes what formatNumber writes for values like those sampled (windows, times, rates)', () => {
    const sampled = fc.oneof(
      fc.double({ min: -1e6, max: 1e6, noNaN: true }),
      fc.double({ min: 0, max: 1, noNaN: true }),
      // a decimal near a rounding boundary: k/10^d ± a hair
      fc
        .tuple(fc.integer({ min: -1e9, max: 1e9 }), decimals, fc.integer({ min: -3, max: 3 }))
        .map(([k, d, h]) => k / 10 ** d + h * 1e-12 + 0.5 / 10 ** d),
      fc.integer({ min: -(2 ** 53), max: 2 ** 53 }),
      fc.double({ min: 1e14, max: 1e22, noNaN: true }),
      // scaled by 10^6 to either side of 2^31
      fc.integer({ min: 2 ** 31 - 1000, max: 2 ** 31 + 1000 }).map((k) => k / 1e6),
    );
    fc.assert(
      fc.property(sampled, decimals, (x, d) => {
        expect(written(x, d)).toBe(formatNumber(x, d));
      }),
      { numRuns: 20_000 },
    );
  });

  it('writes the cases at the edges of its fast paths as formatNumber does', () => {
    const cases = [
      0,
      -0,
      1,
      -1,
      0.5,
      -0.5,
      1e-7,
      -1e-7,
      5e-7,
      0.000001,
      0.0000015,
      123.456789,
      999999.9999999,
      1e15 - 1,
      1e15,
      2 ** 53 - 1,
      2 ** 53,
      2 ** 53 + 2,
      1e21,
      -1e21,
      1.5e300,
      Number.MAX_VALUE,
      -Number.MAX_VALUE,
      Number.MIN_VALUE,
      NaN,
      Infinity,
      -Infinity,
      0.1 + 0.2,
      1e9 - 1e-6,
      99.99995,
      12345678.9999995,
      // the scaled value either side of 2^31, where the digits leave integer arithmetic
      2147.483647,
      2147.4836475,
      2147.483648,
      -2147.483648,
      21474836.47,
      21474836.475,
      214748364.7,
      0.2,
      0.05,
      10.1,
      100.001,
    ];
    for (const x of cases)
      for (let d = 0; d <= 7; d++) expect(written(x, d), `${x} with ${d} places`).toBe(formatNumber(x, d));
  });
});
