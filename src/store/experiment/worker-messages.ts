/**
 * What the page's sweep workers (sweep.worker.ts) are sent and answer.
 *
 * A sweep run is the shared protocol of src/experiment/worker-protocol.ts
 * (`SweepTask` → `SweepTaskResult`: metric values only). The side-by-side
 * comparison needs more of a run — one flow's cwnd and throughput over time —
 * so it has its own small message here, `SeriesTask` → `SeriesAnswer`,
 * answered by the same workers. Pure apart from running the engine.
 */
import type { FlowSummaryRow } from '../../engine/output/rundata';
import { runScenario } from '../../engine/run';
import type { Scenario } from '../../engine/scenario/types';
import type { SweepTask, SweepTaskResult } from '../../experiment/worker-protocol';

export interface SeriesTask {
  type: 'series';
  /** position in the caller's list (one per variant) */
  index: number;
  scenario: Scenario;
  /** id of the flow whose series come back */
  flow: string;
}

export interface SeriesResult {
  type: 'series';
  index: number;
  flow: string;
  /** sample times, seconds */
  times: Float64Array;
  /** segments; NaN where the flow has no window (not started, CBR) */
  cwnd: Float64Array;
  /** kbps over the engine's sliding window */
  throughput: Float64Array;
  /** the flow's summary.csv row */
  summary: FlowSummaryRow | null;
  events: number | null;
}

export type SeriesAnswer = SeriesResult | { type: 'error'; index: number; message: string };

export type WorkerRequest = SweepTask | SeriesTask;
export type WorkerAnswer = SweepTaskResult | SeriesAnswer;

function emptySeries(n: number): Float64Array {
  return new Float64Array(n).fill(Number.NaN);
}

/** Run one comparison task: the whole run, then only the chosen flow's two series. Never throws. */
export function runSeriesTask(task: SeriesTask): SeriesAnswer {
  try {
    const data = runScenario(task.scenario);
    const series = data.flowSeries.find((f) => f.flow === task.flow);
    const n = data.times.length;
    return {
      type: 'series',
      index: task.index,
      flow: task.flow,
      times: data.times,
      cwnd: series?.columns.cwnd ?? emptySeries(n),
      throughput: series?.columns.throughput_kbps ?? emptySeries(n),
      summary: data.summary.find((s) => s.flow === task.flow) ?? null,
      events: typeof data.eventsProcessed === 'number' ? data.eventsProcessed : null,
    };
  } catch (error) {
    return { type: 'error', index: task.index, message: error instanceof Error ? error.message : String(error) };
  }
}
