/**
 * Replays a run in the background to find each TCP flow's next segment (see
 * next-seq.ts), so a long replay never blocks the page.
 */
import type { Scenario } from '../../engine/scenario/types';
import { nextSegments } from './next-seq';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (e: MessageEvent<{ scenario: Scenario; time: number }>) => {
  try {
    scope.postMessage({ ok: true, seqs: nextSegments(e.data.scenario, e.data.time) });
  } catch (err) {
    scope.postMessage({ ok: false, message: err instanceof Error ? err.message : String(err) });
  }
};
