/**
 * Whether a `tcplab sim` run formats timeseries.csv and queues.csv on a
 * thread of its own (sample-writer.ts) or on the run's thread: decided by
 * the rows the run will write and the command line's --writer-thread and
 * --single-thread. Apart from sample-writer.ts, whose code the thread
 * itself loads: this reads the scenario's size (scenario/memory.ts), which
 * the thread has no use for.
 */
import type { Scenario } from '../engine/scenario/types';
import { rowsPerSample, sampleCount } from '../engine/scenario/memory';
import type { CliOptions } from './main';

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
