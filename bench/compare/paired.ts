/**
 * The figures of a paired comparison: two commands run alternately, each
 * pair under the same load, so that the machine's drift cancels in the
 * differences within a pair. These are the figures docs/speed.md quotes as
 * "N alternated pairs, lower in k": both medians, the median of the
 * differences B − A, in how many pairs B was lower, and the two-sided
 * p-value of the Wilcoxon signed-rank test on the differences. On a shared
 * machine run times have a long right tail (a run that lost its core for a
 * while), which a rank test shrugs off and a t-test does not.
 */
import { median as d3Median } from 'd3';
import wilcoxon from '@stdlib/stats-wilcoxon';

export interface PairedSummary {
  /** pairs */
  n: number;
  medianA: number;
  medianB: number;
  /** median of the differences B − A, pair by pair (not the difference of the medians) */
  medianDiff: number;
  /** medianDiff as a fraction of medianA */
  relative: number;
  /** pairs in which B was lower than A */
  lower: number;
  /** Wilcoxon signed-rank test of the differences, two-sided; 1 when every difference is 0 */
  pValue: number;
}

/** d3's median, NaN for no values. */
export function median(xs: readonly number[]): number {
  return d3Median(xs) ?? NaN;
}

/** Summarize pairs (a[i], b[i]), each measured in the same round. */
export function summarizePairs(a: readonly number[], b: readonly number[]): PairedSummary {
  if (a.length !== b.length) throw new Error(`paired runs: ${a.length} against ${b.length}`);
  if (a.length === 0) throw new Error('paired runs: none');
  const diffs = a.map((x, i) => b[i]! - x);
  const medianA = median(a);
  const medianDiff = median(diffs);
  return {
    n: a.length,
    medianA,
    medianB: median(b),
    medianDiff,
    relative: medianDiff / medianA,
    lower: diffs.filter((d) => d < 0).length,
    // The test ranks the non-zero differences; with none there is nothing to test. With few
    // pairs and tied ranks it takes the normal approximation with a continuity correction, whose
    // two-sided value can pass 1: a probability, it is capped there.
    pValue: diffs.some((d) => d !== 0) ? Math.min(1, wilcoxon(diffs).pValue) : 1,
  };
}
