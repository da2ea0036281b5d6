/**
 * Computes a lesson's runs in the background (lesson-compute.ts), so the
 * Lessons view never blocks the page; the series and traces travel back as
 * transferred buffers.
 */
import '../../zod-config'; // first: before any zod schema is made (src/zod-config.ts)
import { computeLesson, transferList } from './lesson-compute';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (e: MessageEvent<{ lessonId: string }>) => {
  try {
    const result = computeLesson(e.data.lessonId);
    scope.postMessage({ ok: true, result }, transferList(result));
  } catch (err) {
    scope.postMessage({ ok: false, message: err instanceof Error ? err.message : String(err) });
  }
};
