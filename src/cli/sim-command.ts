/**
 * `tcplab sim …` (and `npm run sim`): wires the real file system and engine
 * into main() (main.ts holds the logic and its tests).
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { streamRun } from '../engine/output/csv-stream';
import type { Scenario } from '../engine/scenario/types';
import { rowsPerSample, sampleCount } from '../engine/scenario/memory';
import { main, type CliOptions, type RunReport } from './main';
import type { OutputFiles } from './output-files';
import type { RunStreams } from '../engine/run';
import { SampleWriter } from './sample-writer';
import { replaceFile } from './replace-file';

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

/**
 * Sample rows (timeseries.csv's and queues.csv's) from which a run formats
 * and writes them on a thread of its own by default. Below it the thread's
 * start and end cost more than it saves: the 22-flow dumbbell for 0.001 s
 * took 88.5 ms alone and 104.8 ms with the thread (11 alternated runs); for
 * 10 s (112 k rows) 265.8 and 255.3 ms.
 */
export const WRITER_THREAD_ROWS = 100_000;

/** The rows a run's sampled files will have: samples × rows per sample (scenario/memory.ts counts both). */
export function sampleRows(scenario: Scenario): number {
  return sampleCount(scenario) * rowsPerSample(scenario);
}

/**
 * Whether a run formats its sample rows on a thread of its own, beside the
 * simulation on the other core: by default when it writes at least
 * WRITER_THREAD_ROWS rows; --writer-thread and --single-thread decide
 * otherwise. Measured on the 2-core machine (docs/speed.md, alternated
 * runs, medians): the 22-flow dumbbell for 100 s 927.5 → 901.4 ms (lower in
 * 11 of 11), 3,600 s 28.5 → 26.1 s at 70 → 83 MB peak; 100 flows × 100 s
 * 4.11 → 3.98 s; 2,000 flows × 10 s 13.4–13.8 → 13.0–13.1 s at 320 → 418 MB;
 * 500 flows × 20 s no difference (5.2 and 5.3 s).
 */
export function writerThreadWanted(
  scenario: Scenario,
  options?: Pick<CliOptions, 'writerThread' | 'singleThread'>,
): boolean {
  if (options?.singleThread === true) return false;
  if (options?.writerThread === true) return true;
  return sampleRows(scenario) >= WRITER_THREAD_ROWS;
}

/**
 * Whether the command line may want the writer thread, read before main()
 * parses it so that the thread starts early; writerThreadWanted decides
 * once the scenario is read (an early thread not wanted is stopped).
 */
export function writerThreadAsked(argv: readonly string[]): boolean {
  return !argv.includes('--single-thread');
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
