/**
 * `tcplab sweep …` (and `npm run sweep`): wires the real file system, clock
 * and worker threads into main() (sweep-main.ts holds the logic and its
 * tests). The workers are started from `workerUrl`: the running module
 * itself, which serves runs when it finds itself started as a sweep worker
 * (experiment/node/worker.ts), so the workers need no build of their own.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { availableCores, runInThreads } from '../experiment/node/pool';
import { runSerial } from '../experiment/pool';
import { main } from './sweep-main';

/** Run the command with `argv` (after `sweep`); resolves with the exit code. */
export function sweepCommand(argv: string[], workerUrl: URL): Promise<number> {
  return main(
    argv,
    {
      stdout: (text) => void process.stdout.write(text),
      stderr: (text) => void process.stderr.write(text),
      readFile: (path) => readFile(path, 'utf8'),
      writeFile: (path, text) => writeFile(path, text, 'utf8'),
      mkdir: async (path) => void (await mkdir(path, { recursive: true })),
    },
    {
      runTasks: (tasks, workers, onProgress) =>
        workers <= 1 ? runSerial(tasks, onProgress) : runInThreads(tasks, { workers, workerUrl, onProgress }),
      cores: availableCores(),
      now: () => performance.now(),
      stderrIsTTY: process.stderr.isTTY === true,
    },
  );
}
