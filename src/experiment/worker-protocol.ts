/**
 * What a sweep worker is sent and answers, and how it answers: the same for
 * a Node worker thread (src/experiment/node/) and a browser Web Worker (the
 * page's pool). A worker gets one run at a time, simulates it and sends back
 * only the metric values, never the run's time series. Pure apart from
 * running the engine; no Node or DOM API.
 */
import { runScenario } from '../engine/run';
import type { Scenario } from '../engine/scenario/types';
import { extractMetrics } from './metrics';
import { planRuns, runScenarioOf } from './expand';
import type { Metric, MetricValues, Sweep } from './types';

export interface SweepTask {
  type: 'run';
  /** run index (position in planRuns order) */
  index: number;
  scenario: Scenario;
  metrics: Metric[];
}

export type SweepTaskResult =
  | { type: 'result'; index: number; values: MetricValues; events: number | null }
  | { type: 'error'; index: number; message: string };

/** The tasks of a sweep, in run order; `keep` picks some runs (a shard's) before their scenarios are made. */
export function sweepTasks(sweep: Sweep, keep: (runIndex: number) => boolean = () => true): SweepTask[] {
  return planRuns(sweep)
    .filter((run) => keep(run.index))
    .map((run) => ({
      type: 'run',
      index: run.index,
      scenario: runScenarioOf(sweep, run),
      metrics: sweep.metrics,
    }));
}

/** Simulate one task: what a worker does with each message. Never throws. */
export function runSweepTask(task: SweepTask): SweepTaskResult {
  try {
    const data = runScenario(task.scenario);
    return {
      type: 'result',
      index: task.index,
      values: extractMetrics(data, task.metrics),
      events: typeof data.eventsProcessed === 'number' ? data.eventsProcessed : null,
    };
  } catch (error) {
    return { type: 'error', index: task.index, message: error instanceof Error ? error.message : String(error) };
  }
}
