import { describe, expect, it } from 'vitest';
import { formatPValue, labelCell, runsCsv, tableCsv, ttestCsv } from './csv';
import { planRuns } from './expand';
import { aggregate, tTests } from './aggregate';
import { parseSweep } from './sweep';
import { smallSweep } from './test-fixtures';
import type { MetricValues, Sweep } from './types';

describe('cells', () => {
  it('p-values keep four significant digits as plain decimals', () => {
    expect(formatPValue(0.07918671421593805)).toBe('0.079187');
    expect(formatPValue(0.00006253)).toBe('0.00006253');
    expect(formatPValue(1.234567e-11)).toBe('0.00000000001235');
    expect(formatPValue(1)).toBe('1');
    expect(formatPValue(0)).toBe('0');
    expect(formatPValue(1e-40)).toBe('0');
    expect(formatPValue(null)).toBe('');
    expect(formatPValue(NaN)).toBe('');
  });

  it('parameter values: numbers plain, text formula-safe', () => {
    expect(labelCell(0.001)).toBe('0.001');
    expect(labelCell(1e-7)).toBe('0.0000001');
    expect(labelCell(1800)).toBe('1800');
    expect(labelCell('reno')).toBe('reno');
    expect(labelCell('=cmd')).toBe("'=cmd");
    expect(labelCell(true)).toBe('true');
    expect(labelCell(null)).toBe('null');
  });
});

describe('files from hand-made results', () => {
  const r = parseSweep({ ...smallSweep(), repetitions: 2 });
  if (!r.ok) throw new Error('fixture');
  const sweep: Sweep = r.sweep;
  const runs = planRuns(sweep);
  // throughput, timeouts, jain per run: point p, repetition k
  const values: MetricValues[] = runs.map((run) => [
    1000 + 100 * run.point + run.repetition,
    run.point === 3 ? null : 2,
    0.5 + run.repetition / 10,
  ]);

  it('runs.csv: one row per run, in run-id order', () => {
    expect(runsCsv(sweep, runs, values)).toBe(
      [
        'run,point,variant,cbr_kbps,repetition,seed,A.throughput_kbps,A.timeouts,jain_A_U',
        'p0-r0,0,reno,300,0,7,1000,2,0.5',
        'p0-r1,0,reno,300,1,8,1001,2,0.6',
        'p1-r0,1,reno,600,0,7,1100,2,0.5',
        'p1-r1,1,reno,600,1,8,1101,2,0.6',
        'p2-r0,2,newreno,300,0,7,1200,2,0.5',
        'p2-r1,2,newreno,300,1,8,1201,2,0.6',
        'p3-r0,3,newreno,600,0,7,1300,,0.5',
        'p3-r1,3,newreno,600,1,8,1301,,0.6',
        '',
      ].join('\n'),
    );
  });

  it('table.csv: mean, sd, CI and n per metric and point', () => {
    const lines = tableCsv(sweep, aggregate(sweep, runs, values)).split('\n');
    expect(lines[0]).toBe(
      'point,variant,cbr_kbps,' +
        'A.throughput_kbps_mean,A.throughput_kbps_sd,A.throughput_kbps_ci95_low,A.throughput_kbps_ci95_high,A.throughput_kbps_n,' +
        'A.timeouts_mean,A.timeouts_sd,A.timeouts_ci95_low,A.timeouts_ci95_high,A.timeouts_n,' +
        'jain_A_U_mean,jain_A_U_sd,jain_A_U_ci95_low,jain_A_U_ci95_high,jain_A_U_n',
    );
    // mean 1000.5, sd √0.5 = 0.707107, half-width qt(0.975, 1)·0.5 = 6.353102
    expect(lines[1]).toBe(
      '0,reno,300,1000.5,0.707107,994.146898,1006.853102,2,2,0,2,2,2,0.55,0.070711,-0.08531,1.18531,2',
    );
    expect(lines[4]).toMatch(/^3,newreno,600,1300\.5,.*,,,,,0,0\.55,/);
    expect(lines).toHaveLength(6);
  });

  it('ttest.csv: one row per metric and value of the other parameter', () => {
    const text = ttestCsv(sweep, tTests(sweep, runs, values));
    const lines = text.split('\n');
    expect(lines[0]).toBe('metric,parameter,a,b,other_parameter,other_value,n_a,n_b,mean_a,mean_b,t,df,p_value');
    // Throughput at 300: reno 1000, 1001 against newreno 1200, 1201: pooled sd √0.5, t = −200 / (√0.5·1) = −282.842712;
    // with 2 df the two-sided p is 1 − |t|/√(2 + t²) = 1.2499…e-5, four significant digits 0.0000125 (trailing 0 trimmed).
    expect(lines[1]).toBe(
      'A.throughput_kbps,variant,reno,newreno,cbr_kbps,300,2,2,1000.5,1200.5,-282.842712,2,0.0000125',
    );
    // Timeouts at 600: no values for newreno → no test
    expect(lines[4]).toBe('A.timeouts,variant,reno,newreno,cbr_kbps,600,2,0,2,,,,');
    // Constant equal samples: no statistic, no p
    expect(lines[3]).toBe('A.timeouts,variant,reno,newreno,cbr_kbps,300,2,2,2,2,,2,');
  });
});
