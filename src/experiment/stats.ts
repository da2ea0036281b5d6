/**
 * Statistics of repeated runs: mean, sample standard deviation, the 95 %
 * confidence interval of the mean (Student's t) and the two-sample t-test with
 * equal variances that paper 001 uses.
 *
 * The distribution work comes from stdlib (@stdlib/stats-base-dists-t-quantile
 * for the t quantile, @stdlib/stats-ttest2 for the test and its p-value):
 * maintained, typed, ports of Boost's algorithms, browser-safe. Mean and
 * standard deviation are two lines each and are written here, in a fixed
 * order, so that results do not depend on anything but the input order.
 */
import tQuantile from '@stdlib/stats-base-dists-t-quantile';
import ttest2 from '@stdlib/stats-ttest2';
import type { MetricStats } from './types';

export function mean(xs: readonly number[]): number | null {
  if (xs.length === 0) return null;
  let s = 0;
  for (const x of xs) s += x;
  return s / xs.length;
}

/** Sample standard deviation (divides by n − 1, as R's sd()); null for fewer than 2 values. Two-pass. */
export function sampleSd(xs: readonly number[]): number | null {
  const n = xs.length;
  if (n < 2) return null;
  const m = mean(xs)!;
  let ss = 0;
  for (const x of xs) ss += (x - m) * (x - m);
  return Math.sqrt(ss / (n - 1));
}

/** Student's t quantile: the t with P(T ≤ t) = p for `df` degrees of freedom (R's qt(p, df)). */
export function studentTQuantile(p: number, df: number): number {
  return tQuantile(p, df);
}

/**
 * n, mean, sd and the 95 % confidence interval mean ± t(0.975, n − 1)·sd/√n of
 * the values that are not null. With one value the mean is that value and the
 * rest is null; with none, everything but n is null. Identical values give
 * sd 0 and a zero-width interval.
 */
export function describe(values: readonly (number | null)[]): MetricStats {
  const xs = values.filter((v): v is number => v !== null && Number.isFinite(v));
  const n = xs.length;
  const m = mean(xs);
  const sd = sampleSd(xs);
  if (m === null || sd === null) return { n, mean: m, sd: null, ci95Low: null, ci95High: null };
  const half = studentTQuantile(0.975, n - 1) * (sd / Math.sqrt(n));
  return { n, mean: m, sd, ci95Low: m - half, ci95High: m + half };
}

export interface TTestResult {
  nA: number;
  nB: number;
  meanA: number | null;
  meanB: number | null;
  /** t statistic of mean(a) − mean(b); null when it cannot be computed */
  t: number | null;
  /** n_a + n_b − 2 */
  df: number | null;
  /** two-sided p-value; null when it cannot be computed */
  pValue: number | null;
}

/**
 * Two-sample Student's t-test assuming equal variances (R's
 * `t.test(a, b, var.equal = TRUE)`), two-sided. Needs at least two values on
 * each side. When both samples have no spread at all the statistic is
 * undefined (0/0) or infinite; t and p are then reported as null, except that
 * different constant samples give p = 0 (and t null).
 */
export function tTestEqualVariance(
  aValues: readonly (number | null)[],
  bValues: readonly (number | null)[],
): TTestResult {
  const a = aValues.filter((v): v is number => v !== null && Number.isFinite(v));
  const b = bValues.filter((v): v is number => v !== null && Number.isFinite(v));
  const out: TTestResult = {
    nA: a.length,
    nB: b.length,
    meanA: mean(a),
    meanB: mean(b),
    t: null,
    df: null,
    pValue: null,
  };
  if (a.length < 2 || b.length < 2) return out;
  out.df = a.length + b.length - 2;
  const r = ttest2(a, b, { variance: 'equal', alternative: 'two-sided' });
  out.t = Number.isFinite(r.statistic) ? r.statistic : null;
  out.pValue = Number.isFinite(r.pValue) ? r.pValue : null;
  return out;
}
