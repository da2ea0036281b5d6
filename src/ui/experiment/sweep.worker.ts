/**
 * A worker of the page's experiment pool (web-pool.ts): answers each sweep
 * run with its metric values (runSweepTask, the protocol the command-line
 * runner's threads speak) and each comparison run with one flow's series.
 * One task at a time; the pool terminates the worker when it is done or
 * cancelled.
 */
import '../../zod-config'; // first: before any zod schema is made (src/zod-config.ts)
import { runSweepTask } from '../../experiment/worker-protocol';
import { runSeriesTask, transferables, type WorkerAnswer, type WorkerRequest } from '../../store/experiment/worker-messages';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (e: MessageEvent<WorkerRequest>) => {
  const task = e.data;
  const answer: WorkerAnswer =
    task.type === 'series' ? runSeriesTask(task) : task.type === 'run' ? runSweepTask(task) : { type: 'error', index: -1, message: 'unknown task' };
  scope.postMessage(answer, transferables(answer));
};
