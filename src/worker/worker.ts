/**
 * The engine worker's entry: wires the real Simulator, the worker's clock and
 * timers and postMessage into an EngineHost, which holds all the logic.
 *
 * No scenario loader here: the page gives the worker scenarios its loader
 * has already checked (src/ui/loader-on-demand.ts), so the worker makes no
 * zod schema and needs no zod configuration (src/zod-config.ts) either.
 */
import { runDataFiles } from '../engine/output/transactions';
import { pageRetention } from '../engine/scenario/memory';
import { Simulator } from '../engine/simulator';
import { EngineHost } from './engine-host';
import { replayFile } from './replay';
import type { FromWorker, ToWorker } from './protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;

const host = new EngineHost({
  createEngine: (scenario) => new Simulator(scenario),
  retention: pageRetention,
  post: (message: FromWorker, transfer: Transferable[] = []) => scope.postMessage(message, transfer),
  now: () => performance.now(),
  schedule: (fn, ms) => {
    const id = setTimeout(fn, ms);
    return () => clearTimeout(id);
  },
  toCsv: runDataFiles,
  replay: replayFile,
});

scope.onmessage = (e: MessageEvent<ToWorker>) => host.handle(e.data);
