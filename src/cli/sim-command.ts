/**
 * `tcplab sim …` (and `npm run sim`): wires the real file system and engine
 * into main() (main.ts holds the logic and its tests).
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { streamRun } from '../engine/output/csv-stream';
import { rowsPerSample, sampleCount } from '../engine/scenario/memory';
import type { Scenario } from '../engine/scenario/types';
import { main, type RunReport } from './main';
import type { OutputFiles } from './output-files';
import type { RunStreams } from '../engine/run';
import { SampleWriter } from './sample-writer';

/**
 * Sample rows (timeseries.csv and queues.csv) from which a run formats them
 * on a thread of its own: below, starting the thread (some 50 ms of the other
 * core) costs more than the rows.
 */
export const THREADED_ROWS = 50_000;

/**
 * Run the command with `argv` (after `sim`); resolves with the exit code.
 * `workerUrl` is the module that serves as the sample writer thread (the
 * command's own bundle); without it the run writes every file itself.
 */
export function simCommand(argv: string[], workerUrl?: URL): Promise<number> {
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
          fd,
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
    (scenario, out, streams, options) => run(scenario, out, streams, options?.singleThread ? undefined : workerUrl),
  );
}

async function run(
  scenario: Scenario,
  out: OutputFiles,
  streams: RunStreams | undefined,
  workerUrl?: URL,
): Promise<RunReport> {
  const timeseries = out.descriptor('timeseries.csv');
  const queues = out.descriptor('queues.csv');
  const threaded =
    workerUrl !== undefined &&
    timeseries !== undefined &&
    queues !== undefined &&
    rowsPerSample(scenario) * sampleCount(scenario) >= THREADED_ROWS;
  if (!threaded) return streamRun(scenario, out, { streams });
  let writer: SampleWriter | null = null;
  try {
    const report = streamRun(scenario, out, {
      streams,
      samples: (layout) => (writer = new SampleWriter(workerUrl, layout, { timeseries, queues })),
    });
    await (writer as SampleWriter | null)?.finish();
    return report;
  } finally {
    await (writer as SampleWriter | null)?.close();
  }
}
