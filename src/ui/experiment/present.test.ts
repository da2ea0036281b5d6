import { describe, expect, it } from 'vitest';
import { sweepResults } from '../../experiment/index';
import { parseSweep } from '../../experiment/sweep';
import { smallSweep } from '../../experiment/test-fixtures';
import { planRuns } from '../../experiment/expand';
import { thinnedPath } from './overlay-chart';
import { chartAxes, formatStat, resultChartSpec, valueLabel } from './present';
import type { SweepOutcome } from '../../store/experiment/run-sweep';

function outcome(): SweepOutcome {
  const parsed = parseSweep(smallSweep());
  if (!parsed.ok) throw new Error('no');
  const sweep = parsed.sweep;
  // Fake values: metric m of run r is r + m (so every point has spread).
  const values = planRuns(sweep).map((r) => sweep.metrics.map((_, m) => r.index + m));
  return {
    seq: 1,
    file: smallSweep() as never,
    sweep,
    values,
    results: sweepResults(sweep, values),
    paper: null,
    fixedLabels: {},
    display: { paramTitles: ['Variant of flow A', 'Flow U (CBR): Rate (kbps)'], logX: false },
    wallMs: 1,
    workers: 1,
    events: 0,
  };
}

describe('present', () => {
  it('formats statistics to about four significant digits, integers as they are', () => {
    expect(formatStat(1094.6123)).toBe('1094.6');
    expect(formatStat(12)).toBe('12');
    expect(formatStat(48.187)).toBe('48.19');
    expect(formatStat(1.6)).toBe('1.600');
    expect(formatStat(0.0123456)).toBe('0.01235');
    expect(formatStat(-2.5)).toBe('\u22122.500');
    expect(formatStat(null)).toBe('—');
  });

  it('draws one line per variant against the numeric parameter, with the CI of each point', () => {
    const o = outcome();
    expect(chartAxes(o.sweep)).toEqual({ x: 1, series: 0 });
    expect(valueLabel(o, 0, 1)).toBe('NewReno');
    expect(valueLabel(o, 1, 0)).toBe('300');
    const spec = resultChartSpec(o, 'A.throughput_kbps')!;
    expect(spec.kind).toBe('line');
    expect(spec.series.map((s) => s.label)).toEqual(['Reno', 'NewReno']);
    expect(spec.series[0]!.points.map((p) => p.x)).toEqual([300, 600]);
    // Point 0 is runs 0, 1, 2 of metric 0: mean 1, sd 1, CI 1 ± t(0.975, 2)/√3.
    const p = spec.series[0]!.points[0]!;
    expect(p.mean).toBe(1);
    expect(p.high! - p.mean!).toBeCloseTo(4.302652729911275 / Math.sqrt(3), 8);
    expect(spec.xLabel).toBe('Flow U (CBR): Rate (kbps)');
  });

  it('draws bars for a parameter whose values are not numbers', () => {
    const o = outcome();
    const one = { ...o, fixedLabels: { 1: ['slow', 'fast'] } };
    const spec = resultChartSpec(one, 'A.timeouts')!;
    expect(spec.kind).toBe('bar');
    expect(spec.categories).toEqual(['slow', 'fast']);
  });
});

describe('thinnedPath', () => {
  it('keeps each pixel column’s first, lowest, highest and last sample, and breaks at NaN', () => {
    const times = Float64Array.from([0, 0.1, 0.2, 0.3, 1, 2, 3]);
    const values = Float64Array.from([5, 9, 1, 4, Number.NaN, 2, 3]);
    const d = thinnedPath(times, values, (t) => Math.floor(t), (v) => v);
    // Column 0: first 5, max 9 (i = 1) before min 1 (i = 2), last 4; then a gap; then columns 2 and 3.
    expect(d).toBe('M0.0,5.0L0.0,9.0L0.0,1.0L0.0,4.0M2.0,2.0L2.0,2.0L2.0,2.0L2.0,2.0L3.0,3.0L3.0,3.0L3.0,3.0L3.0,3.0');
  });
});
