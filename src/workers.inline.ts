/**
 * The workers of workers.ts, for the single-file build: each worker's code is
 * carried inside the page (Vite's `?worker&inline`) and started from a blob,
 * which a page opened from file:// may do.
 */
import EngineWorker from './worker/worker.ts?worker&inline';
import SweepWorker from './ui/experiment/sweep.worker.ts?worker&inline';
import LessonWorker from './ui/lessons/lesson.worker.ts?worker&inline';
import PaperRunsWorker from './ui/presets/paper-runs.worker.ts?worker&inline';

export const engineWorker = (): Worker => new EngineWorker({ name: 'engine' });
export const lessonWorker = (): Worker => new LessonWorker({ name: 'lesson' });
export const sweepWorker = (): Worker => new SweepWorker({ name: 'sweep' });
export const paperRunsWorker = (): Worker => new PaperRunsWorker({ name: 'paper-table' });
