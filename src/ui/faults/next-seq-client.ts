/** Ask a short-lived worker for the next segments (next-seq.worker.ts). */
import type { Scenario } from '../../engine/scenario/types';
import type { NextSegments } from './next-seq';

type Answer = { ok: true; seqs: NextSegments } | { ok: false; message: string };

export function computeNextSegments(scenario: Scenario, time: number): Promise<NextSegments> {
  return new Promise((resolve, reject) => {
    // The `new Worker(new URL(…, import.meta.url))` form must stay literal: Vite bundles the worker from it.
    const worker = new Worker(new URL('./next-seq.worker.ts', import.meta.url), { type: 'module', name: 'replay' });
    const done = () => worker.terminate();
    worker.onmessage = (e: MessageEvent<Answer>) => {
      done();
      if (e.data.ok) resolve(e.data.seqs);
      else reject(new Error(e.data.message));
    };
    worker.onerror = (e) => {
      done();
      reject(new Error(e.message || 'the replay worker failed'));
    };
    worker.postMessage({ scenario, time });
  });
}
