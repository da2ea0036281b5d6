/**
 * The worker side of the Node sweep pool: a thread started with
 * `workerData.role === SWEEP_WORKER_ROLE` answers each posted task with
 * runSweepTask. Kept apart from pool.ts and free of the sweep loader (zod) and
 * the statistics (stdlib), so that a module which only serves as a worker
 * initializes no more than the engine. Node-only.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { runSweepTask, type SweepTask } from '../worker-protocol';

/** workerData of a sweep worker: `{ role: SWEEP_WORKER_ROLE }`. */
export const SWEEP_WORKER_ROLE = 'tcp-lab-sweep-worker';

/** Whether this thread was started as a sweep worker. */
export function isSweepWorker(): boolean {
  return !isMainThread && (workerData as { role?: unknown } | null)?.role === SWEEP_WORKER_ROLE;
}

/** Answer every task posted to this worker thread until it is terminated. */
export function serveSweepWorker(): void {
  const port = parentPort;
  if (!port) throw new Error('serveSweepWorker: not in a worker thread');
  port.on('message', (task: SweepTask) => port.postMessage(runSweepTask(task)));
}
