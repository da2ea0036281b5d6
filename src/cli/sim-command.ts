/**
 * `tcplab sim …` (and `npm run sim`): wires the real file system and engine
 * into main() (main.ts holds the logic and its tests).
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { streamRun } from '../engine/output/csv-stream';
import type { Scenario } from '../engine/scenario/types';
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
export function simCommand(argv: string[], workerUrl?: URL): Promise<number> {
  return main(
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
    (scenario, out, streams, options) =>
      run(scenario, out, streams, writerThreadWanted(options) ? workerUrl : undefined),
  );
}

/**
 * Whether a run formats its sample rows on a thread of its own: only when
 * asked (--writer-thread). Written as bytes (sample-bytes.ts) a row costs
 * about 0.02–0.09 µs (a direction's, a flow's), a few per cent of the run;
 * the thread can save at most that, and only where a core is free, while
 * it costs some 0.15 s of CPU time to start, memory for the blocks in
 * flight, and competes with the run wherever no core is free. Measured on
 * the 2-core machine in alternated runs, one thread was as fast or faster
 * at every size tried: 22 flows × 100 s (1.1 M rows) 1.29 → 1.11 s idle
 * and 1.49 → 1.22 s loaded; 550 flows × 20 s (5.5 M rows) 7.7–8.2 →
 * 6.9–7.1 s loaded; 2,200 flows × 10 s (11 M rows) 16.2–19.8 → 16.1–16.7 s
 * idle, 420 → 362 MB.
 */
export function writerThreadWanted(options?: Pick<CliOptions, 'writerThread'>): boolean {
  return options?.writerThread === true;
}

async function run(
  scenario: Scenario,
  out: OutputFiles,
  streams: RunStreams | undefined,
  /** the writer thread's module, when the run wants one */
  workerUrl?: URL,
): Promise<RunReport> {
  const timeseries = out.descriptor('timeseries.csv');
  const queues = out.descriptor('queues.csv');
  const threaded = workerUrl !== undefined && timeseries !== undefined && queues !== undefined;
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
