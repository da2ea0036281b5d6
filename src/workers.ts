/**
 * Every Web Worker the page starts, in one place. The
 * `new Worker(new URL(…, import.meta.url))` form must stay literal: Vite
 * bundles each worker from it into a file of its own next to the page.
 *
 * The single-file build (`npm run build:file`, for opening the page from the
 * file system) swaps this module for workers.inline.ts (vite.config.ts):
 * a page opened from file:// may not load worker files, but may start
 * workers from code it carries.
 */
export function engineWorker(): Worker {
  return new Worker(new URL('./worker/worker.ts', import.meta.url), { type: 'module', name: 'engine' });
}

export function lessonWorker(): Worker {
  return new Worker(new URL('./ui/lessons/lesson.worker.ts', import.meta.url), { type: 'module', name: 'lesson' });
}

export function sweepWorker(): Worker {
  return new Worker(new URL('./ui/experiment/sweep.worker.ts', import.meta.url), { type: 'module', name: 'sweep' });
}

export function paperRunsWorker(): Worker {
  return new Worker(new URL('./ui/presets/paper-runs.worker.ts', import.meta.url), { type: 'module', name: 'paper-table' });
}
