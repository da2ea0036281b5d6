/**
 * How a thread knows it was started as a sweep worker, apart from what a
 * worker serves (./worker.ts): the `tcplab` command asks on every start, and
 * only a sweep worker should load the engine for it.
 */
import { isMainThread, workerData } from 'node:worker_threads';

/** workerData of a sweep worker: `{ role: SWEEP_WORKER_ROLE }`. */
export const SWEEP_WORKER_ROLE = 'tcp-lab-sweep-worker';

/** Whether this thread was started as a sweep worker. */
export function isSweepWorker(): boolean {
  return !isMainThread && (workerData as { role?: unknown } | null)?.role === SWEEP_WORKER_ROLE;
}
