/**
 * Running the Experiment view's jobs: a sweep (the form's sweep file, parsed,
 * expanded into one task per run, run on the pool, then the statistics, the
 * t-tests and the CSV files of src/experiment — byte for byte what the
 * command-line runner writes for the same file) and a side-by-side
 * comparison (the scenario once per variant, same seed, with one flow's
 * series back).
 *
 * The view imports this module lazily: it brings the statistics library
 * (stdlib), which the rest of the page does not need.
 */
import type { Scenario, ScenarioIssue, Variant } from '../../engine/scenario/types';
import { memoryIssues, PAGE_MEMORY_BUDGET } from '../../engine/scenario/memory';
import { variantScenarios } from '../../experiment/compare';
import { sweepResults, type SweepResults } from '../../experiment/index';
import type { TaskProgress } from '../../experiment/pool';
import { parseSweep, type ParseSweepOptions } from '../../experiment/sweep';
import type { MetricValues, Sweep } from '../../experiment/types';
import { sweepTasks, type SweepTask } from '../../experiment/worker-protocol';
import { paperComparison, type PaperComparison, type PresetSweep } from './preset-sweeps';
import type { SweepFile } from './sweep-form';
import type { ExperimentPool } from './web-pool';
import type { SeriesResult, SeriesTask } from './worker-messages';

export type Prepared = { ok: true; sweep: Sweep; tasks: SweepTask[] } | { ok: false; issues: ScenarioIssue[] };

/** Parse and expand a sweep file: every point loaded, one task per run. */
export function prepareSweep(file: SweepFile, options: ParseSweepOptions = {}): Prepared {
  const parsed = parseSweep(file, options);
  if (!parsed.ok) return parsed;
  // Each run keeps its whole series in a worker: refuse a point over the page's budget before any starts.
  for (const point of parsed.sweep.points) {
    const over = runMemoryIssues(point.scenario);
    if (over.length) return { ok: false, issues: over.map((i) => ({ path: `base.${i.path}`, message: `${i.message} (at point ${point.index})` })) };
  }
  return { ok: true, sweep: parsed.sweep, tasks: sweepTasks(parsed.sweep) };
}

/** A run of the Experiment view keeps every sample until it ends (memory.ts, "all"). */
function runMemoryIssues(scenario: Scenario): ScenarioIssue[] {
  return memoryIssues(scenario, 'all', PAGE_MEMORY_BUDGET, 'the command-line runner, npm run sweep, allows more');
}

export interface SweepOutcome {
  /** 1 for the first sweep of the page, then 2, …: tells a re-run's results from the last ones */
  seq: number;
  file: SweepFile;
  sweep: Sweep;
  /** every run's metric values, by run index */
  values: MetricValues[];
  results: SweepResults;
  /** the paper's numbers beside ours, for a preset sweep */
  paper: PaperComparison | null;
  /** display labels of a preset's fixed parameter, by parameter index */
  fixedLabels: Record<number, string[]>;
  /** how the view shows the parameters: titles by parameter index, log axis */
  display: SweepDisplay;
  wallMs: number;
  workers: number;
  events: number;
}

export interface SweepDisplay {
  /** "Flow udp (CBR): Rate (kbps)", by parameter index */
  paramTitles: string[];
  logX: boolean;
}

export interface JobProgress extends TaskProgress {
  /** engine events so far */
  eventsSoFar: number;
}

/** Run a prepared sweep on the pool and compute everything from its values. Rejects with CancelledError on Cancel. */
export async function executeSweep(
  file: SweepFile,
  prepared: { sweep: Sweep; tasks: SweepTask[] },
  pool: ExperimentPool,
  onProgress: (p: JobProgress) => void,
  options: { preset?: PresetSweep | null; now?: () => number; onStart?: (workers: number) => void; display?: SweepDisplay; seq?: number } = {},
): Promise<SweepOutcome> {
  const now = options.now ?? (() => performance.now());
  const started = now();
  let events = 0;
  const run = pool.runSweep(prepared.tasks, (p) => {
    events += p.events ?? 0;
    onProgress({ ...p, eventsSoFar: events });
  });
  const workers = pool.workersInUse;
  options.onStart?.(workers);
  const values = await run;
  const { sweep } = prepared;
  const results = sweepResults(sweep, values);
  const fixedLabels: Record<number, string[]> = {};
  const fixed = file.ui && typeof file.ui === 'object' ? (file.ui as { fixedLabels?: Record<string, string[]> }).fixedLabels : undefined;
  sweep.parameters.forEach((p, i) => {
    const labels = fixed?.[p.path];
    if (labels && labels.length === p.values.length) fixedLabels[i] = labels;
  });
  return {
    seq: options.seq ?? 1,
    file,
    sweep,
    values,
    results,
    paper: options.preset ? paperComparison(options.preset, sweep, values) : null,
    fixedLabels,
    display: options.display ?? { paramTitles: sweep.parameters.map((p) => p.name), logX: false },
    wallMs: now() - started,
    workers,
    events,
  };
}

export interface CompareRequest {
  scenario: Scenario;
  variants: readonly Variant[];
  /** the flow whose cwnd and throughput are drawn (a TCP flow) */
  flow: string;
  /** switch every TCP flow to the variant, not only `flow` */
  allFlows: boolean;
}

export interface CompareOutcome {
  seq: number;
  scenarioName: string;
  flow: string;
  variants: Variant[];
  /** one per variant, in order */
  series: SeriesResult[];
  duration: number;
  wallMs: number;
  workers: number;
}

export type CompareTasks = { ok: true; tasks: SeriesTask[]; variants: Variant[] } | { ok: false; issues: ScenarioIssue[] };

/** One task per variant: the same scenario (seed included), the chosen flows switched. */
export function compareTasks(req: CompareRequest): CompareTasks {
  const made = variantScenarios(req.scenario, req.variants, req.allFlows ? {} : { flows: [req.flow] });
  if (!made.ok) return made;
  const over = made.scenarios.length ? runMemoryIssues(made.scenarios[0]!.scenario) : [];
  if (over.length) return { ok: false, issues: over };
  return {
    ok: true,
    variants: made.scenarios.map((s) => s.variant),
    tasks: made.scenarios.map((s, index) => ({ type: 'series', index, scenario: s.scenario, flow: req.flow })),
  };
}

export async function executeCompare(
  req: CompareRequest,
  tasks: { tasks: SeriesTask[]; variants: Variant[] },
  pool: ExperimentPool,
  onProgress: (p: JobProgress) => void,
  options: { now?: () => number; onStart?: (workers: number) => void; seq?: number } = {},
): Promise<CompareOutcome> {
  const now = options.now ?? (() => performance.now());
  const started = now();
  let events = 0;
  const run = pool.runSeries(tasks.tasks, (p) => {
    events += p.events ?? 0;
    onProgress({ ...p, eventsSoFar: events });
  });
  const workers = pool.workersInUse;
  options.onStart?.(workers);
  const series = await run;
  return {
    seq: options.seq ?? 1,
    scenarioName: req.scenario.name,
    flow: req.flow,
    variants: tasks.variants,
    series,
    duration: req.scenario.duration,
    wallMs: now() - started,
    workers,
  };
}
