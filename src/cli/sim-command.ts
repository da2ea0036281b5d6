/**
 * `tcplab sim …` (and `npm run sim`): wires the real file system and engine
 * into main() (main.ts holds the logic and its tests).
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { streamRun } from '../engine/output/csv-stream';
import type { Scenario } from '../engine/scenario/types';
import { main, type RunReport } from './main';
import type { OutputFiles } from './output-files';
import type { RunStreams } from '../engine/run';
import { SampleWriter } from './sample-writer';
import { replaceFile } from './replace-file';
import { writerThreadAsked, writerThreadWanted } from './writer-thread-choice';

/**
 * Run the command with `argv` (after `sim`); resolves with the exit code.
 * `workerUrl` is the module that serves as the sample writer thread (the
 * command's own bundle); without it the run writes every file itself.
 */
export async function simCommand(argv: string[], workerUrl?: URL): Promise<number> {
  // The writer thread starts before the scenario is read (SampleWriter's
  // constructor says why); stopped unused if the run never starts.
  let early: SampleWriter | null = workerUrl && writerThreadAsked(argv) ? new SampleWriter(workerUrl) : null;
  try {
    return await main(
      argv,
      {
        stdout: (text) => void process.stdout.write(text),
        stderr: (text) => void process.stderr.write(text),
        // The file system is called synchronously behind the promises main() awaits:
        // the run has nothing to do meanwhile, and each call sent to libuv's threads
        // left the main thread idle for a few ms on a busy two-core machine.
        readFile: async (path) => readFileSync(path, 'utf8'),
        writeFile: async (path, text) => writeFileSync(path, text, 'utf8'),
        mkdir: async (path) => void mkdirSync(path, { recursive: true }),
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
        rename: async (from, to) => replaceFile(from, to),
        remove: async (path) => rmSync(path, { force: true }),
      },
      (scenario, out, streams, options) => {
        const wanted = workerUrl !== undefined && writerThreadWanted(scenario, options);
        const writer = wanted ? (early ?? new SampleWriter(workerUrl)) : null;
        if (!wanted) void early?.close();
        early = null;
        return run(scenario, out, streams, writer);
      },
    );
  } finally {
    void early?.close();
  }
}

async function run(
  scenario: Scenario,
  out: OutputFiles,
  streams: RunStreams | undefined,
  /** the writer thread, when the run wants one (closed here) */
  writer: SampleWriter | null,
): Promise<RunReport> {
  const timeseries = out.descriptor('timeseries.csv');
  const queues = out.descriptor('queues.csv');
  try {
    if (writer === null || timeseries === undefined || queues === undefined)
      return streamRun(scenario, out, { streams });
    const report = streamRun(scenario, out, {
      streams,
      samples: (layout) => writer.begin(layout, { timeseries, queues }),
    });
    await writer.finish();
    return report;
  } finally {
    await writer?.close();
  }
}
