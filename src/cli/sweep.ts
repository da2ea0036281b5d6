/**
 * Entry point of `npm run sweep`: wires the real file system, clock and
 * worker threads into main() (src/cli/sweep-main.ts holds the logic and its
 * tests).
 *
 * This module is also the workers' code: it starts its worker threads from
 * its own URL with `workerData.role` set, and a thread started that way serves
 * runs instead of running main(). Under `scripts/run-ts.mjs` the URL is the
 * cached esbuild bundle of this file, so the workers need no build of their
 * own. Only the worker's needs are imported statically: the command line's
 * modules (the sweep loader with zod, the statistics with stdlib) are
 * imported when the thread is the main one, so a worker does not initialize
 * them (esbuild keeps a dynamically imported module lazy within the bundle).
 */
import { isSweepWorker, serveSweepWorker } from '../experiment/node/worker';

if (isSweepWorker()) {
  serveSweepWorker();
} else {
  const [{ mkdir, readFile, writeFile }, { runSerial }, { availableCores, runInThreads }, { main }] = await Promise.all(
    [
      import('node:fs/promises'),
      import('../experiment/pool'),
      import('../experiment/node/pool'),
      import('./sweep-main'),
    ],
  );
  const code = await main(
    process.argv.slice(2),
    {
      stdout: (text) => void process.stdout.write(text),
      stderr: (text) => void process.stderr.write(text),
      readFile: (path) => readFile(path, 'utf8'),
      writeFile: (path, text) => writeFile(path, text, 'utf8'),
      mkdir: async (path) => void (await mkdir(path, { recursive: true })),
    },
    {
      runTasks: (tasks, workers, onProgress) =>
        workers <= 1
          ? runSerial(tasks, onProgress)
          : runInThreads(tasks, { workers, workerUrl: new URL(import.meta.url), onProgress }),
      cores: availableCores(),
      now: () => performance.now(),
      stderrIsTTY: process.stderr.isTTY === true,
    },
  );
  // exitCode rather than exit(): lets stdout drain when it is a pipe.
  process.exitCode = code;
}
