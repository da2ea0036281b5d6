/**
 * Runs the presets and variants a paper table needs, one after the other,
 * and sends each summary back as soon as it is ready.
 */
import '../../zod-config'; // first: before any zod schema is made (src/zod-config.ts)
import { runSummary, type TableJob } from './paper-runs';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (e: MessageEvent<{ jobs: TableJob[] }>) => {
  for (const job of e.data.jobs) {
    try {
      scope.postMessage({ type: 'run', key: job.key, presetId: job.presetId, summary: runSummary(job.input) });
    } catch (err) {
      scope.postMessage({ type: 'failed', key: job.key, message: err instanceof Error ? err.message : String(err) });
    }
  }
  scope.postMessage({ type: 'done' });
};
