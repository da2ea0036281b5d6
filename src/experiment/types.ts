/**
 * Types of a sweep (docs/sweep-format.md): the normalized form that
 * `parseSweep` builds from a sweep file, the runs it expands to, and what the
 * runs and the statistics yield. Plain data only, so that every piece can be
 * posted to a worker (Node worker_threads or a browser Web Worker).
 */
import { SUMMARY_NUMBER_COLUMNS } from '../engine/output/rundata';
import type { Scenario, ScenarioIssue } from '../engine/scenario/types';
import type { PathSegment } from './path';

/** The numeric columns of summary.csv a metric can collect. */
export const METRIC_COLUMNS = SUMMARY_NUMBER_COLUMNS;

export type MetricColumn = (typeof METRIC_COLUMNS)[number];

/** A CSV cell for a parameter value: what the sweep file wrote (a number when a `unit` is given). */
export type Label = string | number | boolean | null;

export interface SweepParameter {
  /** Column name in the outputs (the `name` given, else the path, with `_unit` when a unit is given). */
  name: string;
  /** The path as written (`flows[1].rate`). */
  path: string;
  segments: PathSegment[];
  /** The values put into the scenario file, in order. */
  values: unknown[];
  /** How each value is shown in the outputs and named in `comparisons`. */
  labels: Label[];
  unit: string | null;
  /** whether the file listed the values or gave a range (for messages) */
  given: 'values' | 'range';
}

/** One collected number per run: a summary.csv column of one flow. */
export interface FlowMetric {
  kind: 'flow';
  name: string;
  flow: string;
  column: MetricColumn;
}

/** Jain's fairness index (Σx)² / (n·Σx²) of a column (throughput by default) over two or more flows. */
export interface JainMetric {
  kind: 'jain';
  name: string;
  flows: string[];
  column: MetricColumn;
}

export type Metric = FlowMetric | JainMetric;

/** A t-test between two values of one parameter (at each value of the other parameter, if any). */
export interface Comparison {
  /** index into `Sweep.parameters` */
  parameter: number;
  /** value indexes of that parameter */
  a: number;
  b: number;
  /** indexes into `Sweep.metrics` */
  metrics: number[];
}

/** One combination of parameter values: a scenario that is run `repetitions` times. */
export interface SweepPoint {
  index: number;
  /** value index of each parameter */
  values: number[];
  /** normalized scenario of the point (its seed is replaced per repetition) */
  scenario: Scenario;
}

export interface Sweep {
  version: 1;
  name: string;
  description: string;
  parameters: SweepParameter[];
  repetitions: number;
  /** seed of repetition 0; repetition r uses (seed + r) mod 2³² */
  seed: number;
  metrics: Metric[];
  comparisons: Comparison[];
  /** cartesian product of the parameters' values, first parameter slowest */
  points: SweepPoint[];
  /** the page's view settings, carried through unchecked */
  ui?: unknown;
}

/** One simulation of a sweep. */
export interface SweepRun {
  /** `p03-r07`: point and repetition, zero-padded so that ids sort in run order */
  id: string;
  /** position in run order (point-major, then repetition) */
  index: number;
  point: number;
  repetition: number;
  seed: number;
}

/** What one run yields: one value per metric, in `Sweep.metrics` order; null where the metric has no value. */
export type MetricValues = (number | null)[];

export interface MetricStats {
  /** runs that gave a value */
  n: number;
  mean: number | null;
  /** sample standard deviation (n − 1); null when n < 2 */
  sd: number | null;
  /** 95 % confidence interval of the mean, Student's t with n − 1 degrees of freedom; null when n < 2 */
  ci95Low: number | null;
  ci95High: number | null;
}

export interface PointStats {
  point: number;
  /** one per metric, in `Sweep.metrics` order */
  metrics: MetricStats[];
}

/** One row of ttest.csv. */
export interface TTestRow {
  metric: number;
  parameter: number;
  a: number;
  b: number;
  /** value index of the other parameter (two-parameter sweeps), else null */
  other: number | null;
  nA: number;
  nB: number;
  meanA: number | null;
  meanB: number | null;
  t: number | null;
  df: number | null;
  pValue: number | null;
}

export type SweepParseResult = { ok: true; sweep: Sweep } | { ok: false; issues: ScenarioIssue[] };
