/**
 * Entry point of `npm run sim`: wires the real file system and engine into
 * main() (src/cli/main.ts holds the logic and its tests).
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { runScenario } from '../engine/run';
import { main } from './main';

const code = await main(
  process.argv.slice(2),
  {
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    readFile: (path) => readFile(path, 'utf8'),
    writeFile: (path, text) => writeFile(path, text, 'utf8'),
    mkdir: async (path) => void (await mkdir(path, { recursive: true })),
    openStream: (path) => {
      const fd = openSync(path, 'w');
      return {
        write: (chunk) => {
          for (let at = 0; at < chunk.length;) at += writeSync(fd, chunk, at, chunk.length - at);
        },
        close: () => closeSync(fd),
      };
    },
    remove: (path) => rm(path, { force: true }),
  },
  runScenario,
);
// exitCode rather than exit(): lets stdout drain when it is a pipe.
process.exitCode = code;
