/**
 * Entry point of `npm run sweep` (the same command as `tcplab sweep`), and
 * the code of its worker threads: a thread started as a sweep worker serves
 * runs instead. Only the worker's needs are imported statically; the command
 * line's modules (the sweep loader with zod, the statistics with stdlib) are
 * imported when the thread is the main one, so a worker does not initialize
 * them (esbuild keeps a dynamically imported module lazy within the bundle).
 */
import { isSweepWorker, serveSweepWorker } from '../experiment/node/worker';

if (isSweepWorker()) {
  serveSweepWorker();
} else {
  const { sweepCommand } = await import('./sweep-command');
  // exitCode rather than exit(): lets stdout drain when it is a pipe.
  process.exitCode = await sweepCommand(process.argv.slice(2), new URL(import.meta.url));
}
