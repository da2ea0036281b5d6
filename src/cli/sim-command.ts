/**
 * `tcplab sim …` (and `npm run sim`): wires the real file system and engine
 * into main() (main.ts holds the logic and its tests).
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { streamRun } from '../engine/output/csv-stream';
import { main } from './main';

/** Run the command with `argv` (after `sim`); resolves with the exit code. */
export function simCommand(argv: string[]): Promise<number> {
  return main(
    argv,
    {
      stdout: (text) => void process.stdout.write(text),
      stderr: (text) => void process.stderr.write(text),
      readFile: (path) => readFile(path, 'utf8'),
      writeFile: (path, text) => writeFile(path, text, 'utf8'),
      mkdir: async (path) => void (await mkdir(path, { recursive: true })),
      // Synchronous writes: the run is synchronous too, and each piece is written
      // (and can be forgotten) before the run goes on.
      createWriter: (path) => {
        const fd = openSync(path, 'w');
        return {
          write: (data) => {
            if (typeof data === 'string') writeSync(fd, data, null, 'utf8');
            else for (let at = 0; at < data.length;) at += writeSync(fd, data, at, data.length - at);
          },
          close: () => closeSync(fd),
        };
      },
      rename: (from, to) => rename(from, to),
      remove: (path) => rm(path, { force: true }),
    },
    (scenario, sink, streams) => streamRun(scenario, sink, { streams }),
  );
}
