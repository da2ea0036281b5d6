import { describe as group, expect, it } from 'vitest';
import { jainIndex } from './metrics';
import { describe, mean, sampleSd, studentTQuantile, tTestEqualVariance } from './stats';

// R's `sleep` data set (Student, 1908): extra hours of sleep under two drugs.
const SLEEP_1 = [0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0];
const SLEEP_2 = [1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4];

group('two-sample t-test, equal variances', () => {
  it("matches R's t.test(extra ~ group, data = sleep, var.equal = TRUE)", () => {
    // R 4.x prints: t = -1.8608, df = 18, p-value = 0.07919;
    // mean in group 1 0.75, mean in group 2 2.33.
    const r = tTestEqualVariance(SLEEP_1, SLEEP_2);
    expect(r.nA).toBe(10);
    expect(r.nB).toBe(10);
    expect(r.meanA).toBeCloseTo(0.75, 12);
    expect(r.meanB).toBeCloseTo(2.33, 12);
    expect(r.df).toBe(18);
    expect(r.t).toBeCloseTo(-1.8608, 4);
    expect(r.pValue).toBeCloseTo(0.07919, 5);
  });

  it('computes the statistic the textbook way (pooled variance)', () => {
    const a = SLEEP_1;
    const b = SLEEP_2;
    const na = a.length;
    const nb = b.length;
    const sp2 = ((na - 1) * sampleSd(a)! ** 2 + (nb - 1) * sampleSd(b)! ** 2) / (na + nb - 2);
    const t = (mean(a)! - mean(b)!) / Math.sqrt(sp2 * (1 / na + 1 / nb));
    expect(tTestEqualVariance(a, b).t).toBeCloseTo(t, 12);
  });

  it('is symmetric: swapping the samples flips t and keeps p', () => {
    const ab = tTestEqualVariance(SLEEP_1, SLEEP_2);
    const ba = tTestEqualVariance(SLEEP_2, SLEEP_1);
    expect(ba.t).toBeCloseTo(-ab.t!, 12);
    expect(ba.pValue).toBeCloseTo(ab.pValue!, 12);
  });

  it('unequal sizes: t by hand, p checked independently of stdlib', () => {
    // a: mean 5, var 2.5; b: mean 8, var 10/3. Pooled sp² = (4·2.5 + 3·10/3) / 7 = 20/7,
    // t = −3 / √(20/7 · (1/5 + 1/4)) = −√7 = −2.6457513…, df = 7. The two-sided p, from
    // the regularized incomplete beta I_{df/(df+t²)}(df/2, 1/2) in mpmath at 30 digits
    // (and by Simpson integration of the t density), is 0.03314550026377368.
    const r = tTestEqualVariance([3, 4, 5, 6, 7], [6, 7, 9, 10]);
    expect(r.df).toBe(7);
    expect(r.t).toBeCloseTo(-Math.sqrt(7), 12);
    expect(r.pValue).toBeCloseTo(0.03314550026377368, 10);
  });

  it('sleep-data p-value to 10 digits (mpmath, I_{18/(18+t²)}(9, 1/2))', () => {
    expect(tTestEqualVariance(SLEEP_1, SLEEP_2).pValue).toBeCloseTo(0.07918671421593818, 10);
  });

  it('skips missing values and needs two values a side', () => {
    expect(tTestEqualVariance([1, null, 2, 3], [2, 3, 4])).toMatchObject({ nA: 3, nB: 3, df: 4 });
    expect(tTestEqualVariance([1], [2, 3])).toMatchObject({
      nA: 1,
      nB: 2,
      meanA: 1,
      meanB: 2.5,
      t: null,
      df: null,
      pValue: null,
    });
  });

  it('constant samples: no statistic; p = 0 when they differ, none when they are equal', () => {
    expect(tTestEqualVariance([5, 5, 5], [7, 7, 7])).toMatchObject({ t: null, df: 4, pValue: 0 });
    expect(tTestEqualVariance([5, 5, 5], [5, 5, 5])).toMatchObject({ t: null, df: 4, pValue: null });
  });
});

group('Student t quantile', () => {
  it("matches R's qt()", () => {
    expect(studentTQuantile(0.975, 1)).toBeCloseTo(12.706205, 6);
    expect(studentTQuantile(0.975, 4)).toBeCloseTo(2.776445, 6);
    expect(studentTQuantile(0.975, 9)).toBeCloseTo(2.262157, 6);
    expect(studentTQuantile(0.975, 29)).toBeCloseTo(2.04523, 6);
    expect(studentTQuantile(0.975, 1e6)).toBeCloseTo(1.959966, 5);
  });
});

group('describe: mean, sd, 95 % CI', () => {
  it("matches R's mean, sd and t.test(x)$conf.int", () => {
    // R: t.test(sleep$extra[1:10])$conf.int → -0.5297804  2.0297804
    const s = describe(SLEEP_1);
    expect(s.n).toBe(10);
    expect(s.mean).toBeCloseTo(0.75, 12);
    expect(s.sd).toBeCloseTo(1.78901, 6);
    expect(s.ci95Low).toBeCloseTo(-0.5297804, 6);
    expect(s.ci95High).toBeCloseTo(2.0297804, 6);
  });

  it('one value: a mean and nothing else; none: n = 0; equal values: a zero-width interval', () => {
    expect(describe([4])).toEqual({ n: 1, mean: 4, sd: null, ci95Low: null, ci95High: null });
    expect(describe([])).toEqual({ n: 0, mean: null, sd: null, ci95Low: null, ci95High: null });
    expect(describe([null, null])).toEqual({ n: 0, mean: null, sd: null, ci95Low: null, ci95High: null });
    expect(describe([2, 2, 2])).toEqual({ n: 3, mean: 2, sd: 0, ci95Low: 2, ci95High: 2 });
  });

  it('leaves out missing values', () => {
    expect(describe([1, null, 3])).toMatchObject({ n: 2, mean: 2 });
  });
});

group("Jain's fairness index", () => {
  it('is 1 for equal shares and 1/n when one flow takes everything', () => {
    expect(jainIndex([5, 5, 5, 5])).toBe(1);
    expect(jainIndex([10, 0, 0, 0])).toBe(0.25);
    expect(jainIndex([10, 0])).toBe(0.5);
  });

  it('is (Σx)² / (n·Σx²)', () => {
    // (1+2+3)² / (3·(1+4+9)) = 36 / 42
    expect(jainIndex([1, 2, 3])).toBeCloseTo(36 / 42, 15);
  });

  it('has no value for no flows, all zeros or a non-finite share', () => {
    expect(jainIndex([])).toBeNull();
    expect(jainIndex([0, 0])).toBeNull();
    expect(jainIndex([1, NaN])).toBeNull();
  });
});
