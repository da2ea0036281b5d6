/**
 * A worker of the page's experiment pool (web-pool.ts): answers each sweep
 * run with its metric values (runSweepTask, the protocol the command-line
 * runner's threads speak) and each comparison run with one flow's series.
 * One task at a time; the pool terminates the worker when it is done or
 * cancelled.
 */
import '../../zod-config'; // first: before any zod schema is made (src/zod-config.ts)
import { runSweepTask } from '../../experiment/worker-protocol';
import { runSeriesTask, type WorkerAnswer, type WorkerRequest } from '../../store/experiment/worker-messages';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (e: MessageEvent<WorkerRequest>) => {
  const task = e.data;
  const answer: WorkerAnswer =
    task.type === 'series'
      ? runSeriesTask(task)
      : task.type === 'run'
        ? runSweepTask(task)
        : { type: 'error', index: -1, message: 'unknown task' };
  // Copied, not transferred. The first ArrayBuffer a thread detaches makes V8
  // recompile every function that reads a typed array with a detach check on
  // each access, and this worker runs the next task of its job: in Node's V8
  // the second 30 s run of the 22-flow dumbbell took 351–390 ms after its
  // first answer's series were transferred, 269–282 ms after they were
  // copied (three runs each). One flow's three series are small to copy.
  scope.postMessage(answer);
};
