/**
 * Experiments: parameter sweeps, repeated seeds, statistics and comparison
 * tables (docs/sweep-format.md). Everything here is pure and browser-safe, so
 * the page's Web Worker pool reuses it; the Node worker-thread pool lives in
 * ./node/.
 *
 *   parseSweep(json)            → Sweep (points expanded and loaded) | issues
 *   sweepTasks(sweep)           → one task per run (post to workers)
 *   runSweepTask(task)          → the run's metric values (what a worker does)
 *   runPool / runSerial         → every task's values, by run index
 *   sweepResults(sweep, values) → statistics, t-tests and the CSV files
 *   variantScenarios(base, …)   → one scenario per variant, same seed
 */
import { aggregate, tTests } from './aggregate';
import { runsCsv, tableCsv, ttestCsv, type SweepCsvName } from './csv';
import { planRuns } from './expand';
import type { MetricValues, PointStats, Sweep, SweepRun, TTestRow } from './types';

export * from './types';
export { parseSweep, parseSweepText, type LoadedBase, type ParseSweepOptions } from './sweep';
export { planRuns, runId, runScenarioOf, seedOf } from './expand';
export { extractMetrics, jainIndex } from './metrics';
export { describe, mean, sampleSd, studentTQuantile, tTestEqualVariance, type TTestResult } from './stats';
export { aggregate, tTests } from './aggregate';
export { formatPValue, runsCsv, tableCsv, ttestCsv, type SweepCsvName } from './csv';
export { runSweepTask, sweepTasks, type SweepTask, type SweepTaskResult } from './worker-protocol';
export { runPool, runSerial, SweepRunError, type PoolWorker, type TaskProgress } from './pool';
export { variantScenarios, type VariantScenario, type VariantScenarioOptions } from './compare';
export { checkPath, getAt, parsePath, setAt, type PathSegment } from './path';

export interface SweepResults {
  runs: SweepRun[];
  stats: PointStats[];
  tests: TTestRow[];
  /** runs.csv and table.csv always; ttest.csv when the sweep has comparisons */
  files: Partial<Record<SweepCsvName, string>>;
}

/** Statistics, t-tests and output files from every run's values (indexed as planRuns orders the runs). */
export function sweepResults(sweep: Sweep, results: readonly MetricValues[]): SweepResults {
  const runs = planRuns(sweep);
  if (results.length !== runs.length) throw new Error(`expected ${runs.length} results, got ${results.length}`);
  const stats = aggregate(sweep, runs, results);
  const tests = tTests(sweep, runs, results);
  const files: Partial<Record<SweepCsvName, string>> = {
    'runs.csv': runsCsv(sweep, runs, results),
    'table.csv': tableCsv(sweep, stats),
  };
  if (sweep.comparisons.length) files['ttest.csv'] = ttestCsv(sweep, tests);
  return { runs, stats, tests, files };
}
