/**
 * Runs sweep tasks on a set of workers, one task per worker at a time, and
 * collects the results by run index, so the outcome never depends on which
 * worker ran what or in which order they finished. The workers are given
 * behind a small interface: src/experiment/node/ adapts worker_threads; the
 * page adapts Web Workers the same way. No Node or DOM API here.
 */
import type { MetricValues } from './types';
import { runSweepTask, type SweepTask, type SweepTaskResult } from './worker-protocol';

/** A sweep worker. */
export type PoolWorker = TaskChannel<SweepTask, SweepTaskResult>;

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

/** A worker as a typed channel: post a task, hear its answers and its failure. */
export interface TaskChannel<T, A> {
  post(task: T): void;
  /** Sets the handlers for the worker's answers and for its failure (a crash, an error event). */
  listen(onAnswer: (answer: A) => void, onFailure: (error: Error) => void): void;
  terminate(): void;
}

/** What an answer means: the result for task `index`, or that task's failure. */
export type Judged<R> = { index: number; result: R; events: number | null } | { index: number; error: Error };

/**
 * Runs every task on `workers`, one task per worker at a time, and resolves
 * with the results by task index. `judge` reads an answer; the first failure
 * rejects. The workers are left to the caller to terminate either way.
 */
export function runOnWorkers<T, A, R>(
  tasks: readonly T[],
  workers: readonly TaskChannel<T, A>[],
  judge: (answer: A) => Judged<R>,
  onProgress?: (p: TaskProgress) => void,
): Promise<R[]> {
  const total = tasks.length;
  const results: R[] = new Array(total);
  if (total === 0) return Promise.resolve(results);
  if (workers.length === 0) return Promise.reject(new Error('no workers to run on'));
  return new Promise((resolve, reject) => {
    let next = 0;
    let done = 0;
    let failed = false;
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      reject(error);
    };
    const feed = (w: TaskChannel<T, A>) => {
      if (!failed && next < total) w.post(tasks[next++]!);
    };
    for (const w of workers) {
      w.listen((answer) => {
        if (failed) return;
        const j = judge(answer);
        if ('error' in j) return fail(j.error);
        results[j.index] = j.result;
        done++;
        onProgress?.({ done, total, index: j.index, events: j.events });
        if (done === total) resolve(results);
        else feed(w);
      }, fail);
    }
    for (const w of workers) feed(w);
  });
}

/**
 * Runs every sweep task on `workers` and resolves with the values of each, by
 * task index. The first failure rejects (a `SweepRunError` for a run that
 * threw).
 */
export function runPool(
  tasks: readonly SweepTask[],
  workers: readonly PoolWorker[],
  onProgress?: (p: TaskProgress) => void,
): Promise<MetricValues[]> {
  return runOnWorkers(
    tasks,
    workers,
    (a): Judged<MetricValues> =>
      a.type === 'error'
        ? { index: a.index, error: new SweepRunError(a.index, a.message) }
        : { index: a.index, result: a.values, events: a.events },
    onProgress,
  );
}

/**
 * Runs every task here, one after the other (tests, a one-worker run, a page
 * without workers). Same results as runPool.
 */
export async function runSerial(
  tasks: readonly SweepTask[],
  onProgress?: (p: TaskProgress) => void,
): Promise<MetricValues[]> {
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
