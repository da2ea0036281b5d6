/**
 * The worker side of the Node sweep pool: a thread started with
 * `workerData.role === SWEEP_WORKER_ROLE` answers each posted task with
 * runSweepTask. Kept apart from pool.ts and free of the sweep loader (zod) and
 * the statistics (stdlib), so that a module which only serves as a worker
 * initializes no more than the engine. Node-only.
 */
import { parentPort } from 'node:worker_threads';
import { runSweepTask, type SweepTask } from '../worker-protocol';

export { isSweepWorker, SWEEP_WORKER_ROLE } from './worker-role';

/** Answer every task posted to this worker thread until it is terminated. */
export function serveSweepWorker(): void {
  const port = parentPort;
  if (!port) throw new Error('serveSweepWorker: not in a worker thread');
  port.on('message', (task: SweepTask) => port.postMessage(runSweepTask(task)));
}
