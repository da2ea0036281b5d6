/**
 * From the values of every run to the statistics of every point, and the
 * t-tests the sweep asks for. Pure; the order of the inputs (run order) fixes
 * the order of every sum, so equal inputs give equal bytes.
 */
import { describe, tTestEqualVariance } from './stats';
import type { MetricValues, PointStats, Sweep, SweepRun, TTestRow } from './types';

/** The values of metric `m` over the repetitions of each point, in repetition order. */
function valuesByPoint(
  sweep: Sweep,
  runs: readonly SweepRun[],
  results: readonly MetricValues[],
  m: number,
): (number | null)[][] {
  const byPoint: (number | null)[][] = sweep.points.map(() => []);
  for (const run of runs) {
    const values = results[run.index];
    if (!values) throw new Error(`run ${run.id} has no result`);
    byPoint[run.point]!.push(values[m] ?? null);
  }
  return byPoint;
}

/** n, mean, sd and 95 % CI of every metric at every point. */
export function aggregate(sweep: Sweep, runs: readonly SweepRun[], results: readonly MetricValues[]): PointStats[] {
  const perMetric = sweep.metrics.map((_, m) => valuesByPoint(sweep, runs, results, m));
  return sweep.points.map((point) => ({
    point: point.index,
    metrics: perMetric.map((byPoint) => describe(byPoint[point.index]!)),
  }));
}

/**
 * The t-tests of the sweep's comparisons: for each comparison and metric, a
 * against b — at every value of the other parameter when there are two.
 */
export function tTests(sweep: Sweep, runs: readonly SweepRun[], results: readonly MetricValues[]): TTestRow[] {
  const rows: TTestRow[] = [];
  const pointAt = new Map<string, number>();
  for (const p of sweep.points) pointAt.set(p.values.join(','), p.index);
  const cache = new Map<number, (number | null)[][]>();
  const byPoint = (m: number) => {
    let v = cache.get(m);
    if (!v) cache.set(m, (v = valuesByPoint(sweep, runs, results, m)));
    return v;
  };
  for (const c of sweep.comparisons) {
    const other = sweep.parameters.length === 2 ? 1 - c.parameter : null;
    const otherValues = other === null ? [null] : sweep.parameters[other]!.values.map((_, k) => k);
    for (const m of c.metrics) {
      for (const o of otherValues) {
        const key = (v: number) => {
          const idx = [0, 0];
          idx[c.parameter] = v;
          if (other !== null) idx[other] = o!;
          return idx.slice(0, sweep.parameters.length).join(',');
        };
        const pa = pointAt.get(key(c.a))!;
        const pb = pointAt.get(key(c.b))!;
        const r = tTestEqualVariance(byPoint(m)[pa]!, byPoint(m)[pb]!);
        rows.push({ metric: m, parameter: c.parameter, a: c.a, b: c.b, other: o, ...r });
      }
    }
  }
  return rows;
}
