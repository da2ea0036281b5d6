/**
 * `tcplab sweep …` (and `npm run sweep`): wires the real file system, clock
 * and worker threads into main() (sweep-main.ts holds the logic and its
 * tests). The workers are started from `workerUrl`: the running module
 * itself, which serves runs when it finds itself started as a sweep worker
 * (experiment/node/worker.ts), so the workers need no build of their own.
 */
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { availableCores, runInThreads } from '../experiment/node/pool';
import { runSerial } from '../experiment/pool';
import type { CliIo } from './main';
import { mergeMain } from './sweep-merge';
import { main } from './sweep-main';

const io: CliIo = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
  readFile: (path) => readFile(path, 'utf8'),
  writeFile: (path, text) => writeFile(path, text, 'utf8'),
  mkdir: async (path) => void (await mkdir(path, { recursive: true })),
};

/** Run the command with `argv` (after `sweep`); resolves with the exit code. */
export function sweepCommand(argv: string[], workerUrl: URL): Promise<number> {
  if (argv[0] === 'merge') {
    return mergeMain(argv.slice(1), {
      ...io,
      readDir: async (path) => ((await stat(path)).isDirectory() ? readdir(path) : null),
    });
  }
  return main(argv, io, {
    runTasks: (tasks, workers, onProgress) =>
      workers <= 1 ? runSerial(tasks, onProgress) : runInThreads(tasks, { workers, workerUrl, onProgress }),
    cores: availableCores(),
    now: () => performance.now(),
    stderrIsTTY: process.stderr.isTTY === true,
  });
}
