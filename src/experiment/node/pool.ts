/**
 * The sweep's worker pool on Node: worker_threads workers, each running
 * runSweepTask on the tasks it is posted. Node-only (the page has its own pool
 * of Web Workers over the same protocol).
 *
 * A worker is started from a module that calls `serveSweepWorker()` when
 * `isSweepWorker()` is true (./worker.ts). The command-line entry
 * (src/cli/sweep.ts) is such a module: it starts workers of itself, so the one
 * esbuild bundle that `scripts/run-ts.mjs` makes of it serves both roles.
 */
import { availableParallelism, cpus } from 'node:os';
import { Worker } from 'node:worker_threads';
import { runPool, type PoolWorker, type TaskProgress } from '../pool';
import type { MetricValues } from '../types';
import type { SweepTask, SweepTaskResult } from '../worker-protocol';
import { SWEEP_WORKER_ROLE } from './worker';

export { isSweepWorker, serveSweepWorker, SWEEP_WORKER_ROLE } from './worker';

/** The cores Node may use (os.availableParallelism, which respects CPU affinity). */
export function availableCores(): number {
  try {
    return Math.max(1, availableParallelism());
  } catch {
    return Math.max(1, cpus().length);
  }
}

/** A worker_threads Worker behind the pool's interface. */
export function threadWorker(worker: Worker): PoolWorker {
  return {
    post: (task) => worker.postMessage(task),
    listen(onAnswer, onFailure) {
      worker.on('message', (answer: SweepTaskResult) => onAnswer(answer));
      worker.on('error', (error) => onFailure(error instanceof Error ? error : new Error(String(error))));
      worker.on('messageerror', (error) => onFailure(error));
      worker.on('exit', (code) => {
        // A worker only exits by itself when it crashed or was killed; terminate() comes after the pool is done.
        onFailure(new Error(`a sweep worker stopped unexpectedly (exit code ${code})`));
      });
    },
    terminate: () => void worker.terminate(),
  };
}

export interface ThreadPoolOptions {
  /** how many worker threads (at most one per task) */
  workers: number;
  /** the module the workers run: one that calls serveSweepWorker() when isSweepWorker() */
  workerUrl: URL | string;
  onProgress?: (p: TaskProgress) => void;
}

/** Run the tasks on worker threads; the workers are stopped when done or on the first failure. */
export async function runInThreads(tasks: readonly SweepTask[], options: ThreadPoolOptions): Promise<MetricValues[]> {
  if (tasks.length === 0) return [];
  const count = Math.max(1, Math.min(options.workers, tasks.length));
  const workers: Worker[] = [];
  try {
    for (let i = 0; i < count; i++)
      workers.push(new Worker(options.workerUrl, { workerData: { role: SWEEP_WORKER_ROLE } }));
    return await runPool(tasks, workers.map(threadWorker), options.onProgress);
  } finally {
    for (const w of workers) {
      w.removeAllListeners('exit');
      void w.terminate();
    }
  }
}
