/**
 * A sweep's output files: runs.csv (one row per run), table.csv (one row per
 * point: mean, sd and 95 % CI of each metric) and ttest.csv (the comparisons'
 * t-tests, when the sweep has any). Same cell rules as the runner's files
 * (src/engine/output/csv.ts): plain decimals, never NaN or exponents, text
 * made formula-safe, d3-dsv quoting, a header row, a final newline.
 * Browser-safe.
 */
import { csvFormatRows } from 'd3-dsv';
import { DECIMALS, formatNumber, safeText } from '../engine/output/csv-cells';
import { metricDecimals } from './metrics';
import type { Label, MetricValues, PointStats, Sweep, SweepRun, TTestRow } from './types';

export type SweepCsvName = 'runs.csv' | 'table.csv' | 'ttest.csv';

/** Decimal places of means, standard deviations, interval bounds and t statistics. */
export const STAT_DECIMALS = 6;
/** Decimal places of parameter values written as numbers. */
const LABEL_DECIMALS = 12;

function toCsv(rows: string[][]): string {
  return csvFormatRows(rows) + '\n';
}

/** A parameter value as a cell: numbers as plain decimals, text formula-safe, null as "null". */
export function labelCell(l: Label): string {
  if (typeof l === 'number') return formatNumber(l, LABEL_DECIMALS);
  if (typeof l === 'string') return safeText(l);
  return String(l);
}

/**
 * A p-value as a plain decimal with 6 decimals (0.079187), and with at least
 * four significant digits when it is smaller (0.0000001234), so that a small
 * p does not print as 0; below about 1e-31 it is "0".
 */
export function formatPValue(p: number | null): string {
  if (p === null || !Number.isFinite(p)) return '';
  if (p <= 0) return '0';
  const decimals = Math.min(34, Math.max(6, Math.ceil(-Math.log10(p)) + 3));
  return formatNumber(p, decimals);
}

function parameterCells(sweep: Sweep, point: number): string[] {
  const p = sweep.points[point]!;
  return sweep.parameters.map((param, i) => labelCell(param.labels[p.values[i]!]!));
}

export function runsCsv(sweep: Sweep, runs: readonly SweepRun[], results: readonly MetricValues[]): string {
  const decimals = sweep.metrics.map(metricDecimals);
  const rows: string[][] = [
    [
      'run',
      'point',
      ...sweep.parameters.map((p) => safeText(p.name)),
      'repetition',
      'seed',
      ...sweep.metrics.map((m) => safeText(m.name)),
    ],
  ];
  const sorted = [...runs].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const run of sorted) {
    const values = results[run.index] ?? [];
    rows.push([
      run.id,
      String(run.point),
      ...parameterCells(sweep, run.point),
      String(run.repetition),
      String(run.seed),
      ...sweep.metrics.map((_, m) => formatNumber(values[m] ?? null, decimals[m]!)),
    ]);
  }
  return toCsv(rows);
}

export const TABLE_STATS = ['mean', 'sd', 'ci95_low', 'ci95_high', 'n'] as const;

export function tableCsv(sweep: Sweep, stats: readonly PointStats[]): string {
  const header = ['point', ...sweep.parameters.map((p) => safeText(p.name))];
  for (const m of sweep.metrics) for (const s of TABLE_STATS) header.push(safeText(`${m.name}_${s}`));
  const rows: string[][] = [header];
  for (const ps of stats) {
    const row = [String(ps.point), ...parameterCells(sweep, ps.point)];
    for (const s of ps.metrics) {
      row.push(
        formatNumber(s.mean, STAT_DECIMALS),
        formatNumber(s.sd, STAT_DECIMALS),
        formatNumber(s.ci95Low, STAT_DECIMALS),
        formatNumber(s.ci95High, STAT_DECIMALS),
        String(s.n),
      );
    }
    rows.push(row);
  }
  return toCsv(rows);
}

/**
 * One row per comparison, metric (and value of the other parameter, in
 * two-parameter sweeps: `other_parameter`, `other_value`).
 */
export function ttestCsv(sweep: Sweep, tests: readonly TTestRow[]): string {
  const two = sweep.parameters.length === 2;
  const header = [
    'metric',
    'parameter',
    'a',
    'b',
    ...(two ? ['other_parameter', 'other_value'] : []),
    'n_a',
    'n_b',
    'mean_a',
    'mean_b',
    't',
    'df',
    'p_value',
  ];
  const rows: string[][] = [header];
  for (const r of tests) {
    const p = sweep.parameters[r.parameter]!;
    const o = two ? sweep.parameters[1 - r.parameter]! : null;
    rows.push([
      safeText(sweep.metrics[r.metric]!.name),
      safeText(p.name),
      labelCell(p.labels[r.a]!),
      labelCell(p.labels[r.b]!),
      ...(o ? [safeText(o.name), r.other === null ? '' : labelCell(o.labels[r.other]!)] : []),
      String(r.nA),
      String(r.nB),
      formatNumber(r.meanA, STAT_DECIMALS),
      formatNumber(r.meanB, STAT_DECIMALS),
      formatNumber(r.t, STAT_DECIMALS),
      formatNumber(r.df, DECIMALS.count),
      formatPValue(r.pValue),
    ]);
  }
  return toCsv(rows);
}
