/**
 * Runs sweep tasks on a set of workers, one task per worker at a time, and
 * collects the results by run index, so the outcome never depends on which
 * worker ran what or in which order they finished. The workers are given
 * behind a small interface: src/experiment/node/ adapts worker_threads; the
 * page adapts Web Workers the same way. No Node or DOM API here.
 */
import type { MetricValues } from './types';
import { runSweepTask, type SweepTask, type SweepTaskResult } from './worker-protocol';

export interface PoolWorker {
  post(task: SweepTask): void;
  /** Sets the handlers for the worker's answers and for its failure (a crash, an error event). */
  listen(onAnswer: (answer: SweepTaskResult) => void, onFailure: (error: Error) => void): void;
  terminate(): void;
}

export interface TaskProgress {
  /** tasks finished so far */
  done: number;
  total: number;
  index: number;
  /** engine events of the run just finished, when known */
  events: number | null;
}

/** A run that failed: which one, and the engine's message. */
export class SweepRunError extends Error {
  constructor(
    readonly index: number,
    readonly reason: string,
  ) {
    super(`run ${index} failed: ${reason}`);
    this.name = 'SweepRunError';
  }
}

/**
 * Runs every task on `workers` and resolves with the values of each, by task
 * index. The first failure rejects (a `SweepRunError` for a run that threw);
 * the workers are left to the caller to terminate either way.
 */
export function runPool(tasks: readonly SweepTask[], workers: readonly PoolWorker[], onProgress?: (p: TaskProgress) => void): Promise<MetricValues[]> {
  const total = tasks.length;
  const results: MetricValues[] = new Array(total);
  if (total === 0) return Promise.resolve(results);
  if (workers.length === 0) return Promise.reject(new Error('no workers to run the sweep on'));
  return new Promise((resolve, reject) => {
    let next = 0;
    let done = 0;
    let failed = false;
    const feed = (w: PoolWorker) => {
      if (failed || next >= total) return;
      w.post(tasks[next++]!);
    };
    for (const w of workers) {
      w.listen(
        (answer) => {
          if (failed) return;
          if (answer.type === 'error') {
            failed = true;
            reject(new SweepRunError(answer.index, answer.message));
            return;
          }
          results[answer.index] = answer.values;
          done++;
          onProgress?.({ done, total, index: answer.index, events: answer.events });
          if (done === total) resolve(results);
          else feed(w);
        },
        (error) => {
          if (failed) return;
          failed = true;
          reject(error);
        },
      );
    }
    for (const w of workers) feed(w);
  });
}

/**
 * Runs every task here, one after the other (tests, a one-worker run, a page
 * without workers). Same results as runPool.
 */
export async function runSerial(tasks: readonly SweepTask[], onProgress?: (p: TaskProgress) => void): Promise<MetricValues[]> {
  const results: MetricValues[] = new Array(tasks.length);
  let done = 0;
  for (const task of tasks) {
    const answer = runSweepTask(task);
    if (answer.type === 'error') throw new SweepRunError(answer.index, answer.message);
    results[answer.index] = answer.values;
    done++;
    onProgress?.({ done, total: tasks.length, index: answer.index, events: answer.events });
  }
  return results;
}
