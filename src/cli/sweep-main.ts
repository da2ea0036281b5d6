/**
 * The sweep runner's logic, kept apart from the real file system, clock and
 * worker threads so tests can drive it with an in-memory io and an
 * in-process runner (sweep.ts wires the real ones).
 *
 *   npm run sweep -- <sweep.json> --out <dir> [--workers N] [--summary] [--dry-run]
 *
 * Exit codes: 0 success; 1 a run or writing failed; 2 usage error or invalid
 * sweep (and then nothing is written, not even the --out folder).
 */
import { dirname, isAbsolute, join } from 'node:path';
import { formatIssues } from '../engine/scenario/index';
import { readJsonText } from '../engine/scenario/json-text';
import { CLI_MEMORY_BUDGET, memoryIssues } from '../engine/scenario/memory';
import {
  parseSweep,
  planRuns,
  sweepResults,
  sweepTasks,
  SweepRunError,
  type LoadedBase,
  type MetricValues,
  type PointStats,
  type Sweep,
  type SweepCsvName,
  type SweepTask,
  type TaskProgress,
} from '../experiment/index';
import { labelCell } from '../experiment/csv';
import { readArgs } from './args';
import { errorText } from './file-error';
import { inShard, parseShard, shardFileName, shardText, type Shard } from './sweep-shard';
import { formatCount, textTable, type CliIo } from './main';
import { readTraceFiles } from './trace-files';

export interface SweepDeps {
  /**
   * Runs the tasks on `workers` workers (1: in this thread) and resolves with
   * each task's values by index, calling onProgress after each run.
   */
  runTasks(tasks: SweepTask[], workers: number, onProgress: (p: TaskProgress) => void): Promise<MetricValues[]>;
  /** default worker count: the machine's cores */
  cores: number;
  /** milliseconds, for progress and the wall time reported */
  now(): number;
  /** progress is redrawn in place on a terminal, else printed as a line every ~10 % */
  stderrIsTTY: boolean;
}

/** The command's two names: the prebuilt `tcplab sweep` (npx, build/tcplab.cjs) and `npm run sweep --` in a checkout. */
export const USAGE =
  'usage: tcplab sweep <sweep.json> --out <dir> [--workers N] [--shard k/n] [--summary] [--dry-run]\n' +
  '       (in a checkout, the same as: npm run sweep -- <sweep.json> --out <dir> …)';

const HELP = `${USAGE}

Runs every point of a parameter sweep (docs/sweep-format.md) the given number
of times, in parallel, and writes into <dir> (created if missing):
  runs.csv    one row per run: run id, parameter values, repetition, seed, metrics
  table.csv   one row per point: mean, sd, 95 % CI and n of every metric
  ttest.csv   the two-sample t-tests the sweep's "comparisons" ask for

  --out <dir>      folder for the CSV files (required)
  --workers N      worker threads (default: the machine's cores, here %CORES%)
  --shard k/n      run only the runs whose index is k − 1 modulo n and write their
                   values to <dir>/shard-k-of-n.json; "tcplab sweep merge" then
                   writes the files of the whole sweep (docs/sweep-sharding.md)
  --summary        also print the table (mean ± 95 % CI half-width) on stdout
  --dry-run        check the sweep and list its points; run nothing, write nothing
  --help, -h       show this help

Progress goes to stderr. The same sweep file gives byte-identical files
whatever the number of workers.
Exit codes: 0 done, 1 a run failed, 2 usage error or invalid sweep.
`;

export interface SweepCliOptions {
  file: string;
  out: string | undefined;
  workers: number | undefined;
  summary: boolean;
  dryRun: boolean;
  /** run only this slice of the runs, and write its values for `sweep merge` */
  shard?: Shard;
}

type ParsedArgs = { help: true } | { help: false; options: SweepCliOptions } | { error: string };

/** Reads argv (after the command's name) with node:util's parseArgs (args.ts). */
export function parseArgs(argv: string[]): ParsedArgs {
  const read = readArgs(argv, {
    out: { type: 'string' },
    workers: { type: 'string' },
    shard: { type: 'string' },
    summary: { type: 'boolean' },
    'dry-run': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if ('error' in read) return read;
  const v = read.values;
  if (v.help === true) return { help: true };
  const [file, extra] = read.positionals;
  if (file === undefined) return { error: 'no sweep file given' };
  if (extra !== undefined) return { error: `one sweep file expected, got ${file} and ${extra}` };
  const out = v.out as string | undefined;
  const dryRun = v['dry-run'] === true;
  let workers: number | undefined;
  if (v.workers !== undefined) {
    const value = v.workers as string;
    const n = Number(value);
    if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < 1 || n > 1024) {
      return { error: `--workers must be a whole number from 1 to 1024 (got ${JSON.stringify(value)})` };
    }
    workers = n;
  }
  if (out === undefined && !dryRun) return { error: '--out <dir> is required' };
  const options: SweepCliOptions = { file, out, workers, summary: v.summary === true, dryRun };
  if (v.shard !== undefined) {
    const shard = parseShard(v.shard as string);
    if ('error' in shard) return shard;
    if (options.summary) return { error: '--summary needs the whole sweep: print it after tcplab sweep merge' };
    options.shard = shard;
  }
  return { help: false, options };
}

function joinPath(dir: string, name: string): string {
  return dir.endsWith('/') || dir.endsWith('\\') ? dir + name : `${dir}/${name}`;
}

/** A `base` given as a path is read relative to the sweep file's folder. */
function basePath(sweepFile: string, ref: string): string {
  return isAbsolute(ref) ? ref : join(dirname(sweepFile), ref);
}

/** Reads the base scenario file the sweep names, if it names one, so the (synchronous) loader can have it. */
async function preloadBase(text: string, file: string, io: CliIo): Promise<(ref: string) => LoadedBase> {
  let ref: unknown;
  try {
    ref = (JSON.parse(text) as { base?: unknown } | null)?.base;
  } catch {
    ref = undefined;
  }
  if (typeof ref !== 'string' || ref.trim() === '') return () => ({ ok: false, message: 'no base file was read' });
  const path = basePath(file, ref);
  let loaded: LoadedBase;
  try {
    const json = readJsonText(await io.readFile(path));
    // Mahimahi files its links' traces name, relative to the base scenario (trace-files.ts).
    const traces = json.ok ? await readTraceFiles(json.value, path, io.readFile) : null;
    if (!json.ok) loaded = { ok: false, message: `${path} ${json.message}` };
    else if (traces && !traces.ok)
      loaded = { ok: false, message: `${path}: ${traces.issues.map((i) => `${i.path}: ${i.message}`).join('; ')}` };
    else loaded = { ok: true, json: traces?.ok ? traces.value : json.value, source: path };
  } catch (e) {
    loaded = { ok: false, message: `cannot read the base scenario ${JSON.stringify(path)}: ${errorText(e)}` };
  }
  return () => loaded;
}

/** Read and check a sweep file; an exit code (2) when it cannot be used, the messages written. */
export async function loadSweep(file: string, io: CliIo, usage: string): Promise<Sweep | number> {
  let text: string;
  try {
    text = await io.readFile(file);
  } catch (e) {
    io.stderr(`sweep: cannot read ${file}: ${errorText(e)}\n${usage}\n`);
    return 2;
  }
  const json = readJsonText(text);
  if (!json.ok) {
    io.stderr(`${file}: (file): ${json.message}\n`);
    return 2;
  }
  const result = parseSweep(json.value, { loadBase: await preloadBase(text, file, io) });
  if (!result.ok) {
    io.stderr(
      formatIssues(result.issues)
        .map((line) => `${file}: ${line}\n`)
        .join(''),
    );
    return 2;
  }
  return result.sweep;
}

export async function main(argv: string[], io: CliIo, deps: SweepDeps): Promise<number> {
  const parsed = parseArgs(argv);
  if ('error' in parsed) {
    io.stderr(`sweep: ${parsed.error}\n${USAGE}\n`);
    return 2;
  }
  if (parsed.help) {
    io.stdout(HELP.replace('%CORES%', String(deps.cores)));
    return 0;
  }
  const o = parsed.options;
  const sweep = await loadSweep(o.file, io, USAGE);
  if (typeof sweep === 'number') return sweep;
  const shard = o.shard;
  const tasks = sweepTasks(sweep, shard ? (i) => inShard(i, shard) : undefined);
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const points = sweep.parameters.map((p) => p.values.length).join(' × ');
  const all = sweep.points.length * sweep.repetitions;
  const shape =
    `${points} ${sweep.points.length === 1 ? 'point' : 'points'} × ${plural(sweep.repetitions, 'repetition')} = ${plural(all, 'run')}` +
    (shard ? `, shard ${shard.k}/${shard.of}: ${plural(tasks.length, 'run')}` : '');

  if (o.dryRun) {
    io.stdout(`${sweep.name}: ${shape}, seeds ${sweep.seed} … ${planRuns(sweep).at(-1)?.seed ?? sweep.seed}\n`);
    io.stdout(
      textTable([
        ['point', ...sweep.parameters.map((p) => p.name)],
        ...sweep.points.map((p) => [String(p.index), ...pointCells(sweep, p.index)]),
      ]),
    );
    return 0;
  }

  const workers = Math.max(1, Math.min(o.workers ?? deps.cores, tasks.length));
  // Each worker keeps its run's whole series until the run ends: the workers share the budget.
  for (const point of sweep.points) {
    const raise = workers > 1 ? 'use fewer --workers' : 'npm run sim streams a single run to disk';
    const over = memoryIssues(point.scenario, 'all', CLI_MEMORY_BUDGET / workers, raise);
    if (over.length) {
      io.stderr(
        formatIssues(over)
          .map((line) => `${o.file}: base.${line} (at point ${point.index})\n`)
          .join(''),
      );
      return 2;
    }
  }
  io.stderr(`sweep: ${sweep.name}: ${shape} on ${workers} worker${workers === 1 ? '' : 's'}\n`);
  const t0 = deps.now();
  const progress = progressReporter(
    tasks.length,
    deps.stderrIsTTY,
    (s) => io.stderr(s),
    () => deps.now() - t0,
  );
  let values: MetricValues[];
  let events = 0;
  try {
    values = await deps.runTasks(tasks, workers, (p) => {
      events += p.events ?? 0;
      progress.update(p.done);
    });
  } catch (e) {
    progress.abort();
    const runs = planRuns(sweep);
    if (e instanceof SweepRunError) {
      const run = runs[e.index];
      const where = run ? `run ${run.id} (${describeRun(sweep, run.point)}, seed ${run.seed})` : `run ${e.index}`;
      io.stderr(`sweep: ${o.file}: ${where} failed: ${e.reason}\n`);
    } else {
      io.stderr(`sweep: ${o.file}: the sweep failed: ${errorText(e)}\n`);
    }
    return 1;
  }
  progress.finish();
  const wall = deps.now() - t0;

  const eventCount = events > 0 ? `, ${formatCount(events)} events` : '';
  const how = `${tasks.length} runs${eventCount}, ${(wall / 1000).toFixed(1)} s wall, ${workers} worker${workers === 1 ? '' : 's'}`;
  if (shard) {
    const dir = o.out!;
    try {
      await io.mkdir(dir);
      await io.writeFile(joinPath(dir, shardFileName(shard)), shardText(sweep, shard, values));
    } catch (e) {
      io.stderr(`sweep: cannot write to ${dir}: ${errorText(e)}\n`);
      return 1;
    }
    io.stderr(`wrote ${shardFileName(shard)} to ${dir.endsWith('/') ? dir : `${dir}/`} (${how})\n`);
    return 0;
  }
  return writeSweepFiles(sweep, values, o.out!, o.summary, io, how);
}

/** runs.csv, table.csv and ttest.csv of a whole sweep's values into `dir`; the exit code. */
export async function writeSweepFiles(
  sweep: Sweep,
  values: readonly MetricValues[],
  dir: string,
  summary: boolean,
  io: CliIo,
  how: string,
): Promise<number> {
  const out = sweepResults(sweep, values);
  const names = (['runs.csv', 'table.csv', 'ttest.csv'] as SweepCsvName[]).filter((n) => out.files[n] !== undefined);
  try {
    await io.mkdir(dir);
    for (const name of names) await io.writeFile(joinPath(dir, name), out.files[name]!);
  } catch (e) {
    io.stderr(`sweep: cannot write to ${dir}: ${errorText(e)}\n`);
    return 1;
  }
  const shown = dir.endsWith('/') ? dir : `${dir}/`;
  io.stderr(`wrote ${names.join(', ')} to ${shown} (${how})\n`);
  if (summary) io.stdout(summaryTable(sweep, out.stats));
  return 0;
}

function pointCells(sweep: Sweep, point: number): string[] {
  const p = sweep.points[point]!;
  return sweep.parameters.map((param, i) => labelCell(param.labels[p.values[i]!]!));
}

function describeRun(sweep: Sweep, point: number): string {
  const p = sweep.points[point]!;
  return sweep.parameters.map((param, i) => `${param.name} = ${labelCell(param.labels[p.values[i]!]!)}`).join(', ');
}

/** Significant digits for the printed table: enough to read, not the CSV's full precision. */
function short(x: number | null): string {
  if (x === null || !Number.isFinite(x)) return '';
  if (x === 0) return '0';
  const digits = Math.max(0, Math.min(6, 3 - Math.floor(Math.log10(Math.abs(x)))));
  return String(Number(x.toFixed(digits)));
}

/**
 * The table as text, four significant digits: each metric's mean and, when
 * the sweep repeats its runs, the half-width of the 95 % CI.
 */
export function summaryTable(sweep: Sweep, stats: readonly PointStats[]): string {
  const ci = sweep.repetitions > 1;
  const header = [...sweep.parameters.map((p) => p.name)];
  for (const m of sweep.metrics) header.push(m.name, ...(ci ? ['±95%'] : []));
  const rows = stats.map((s) => {
    const row = pointCells(sweep, s.point);
    for (const m of s.metrics) {
      row.push(short(m.mean));
      if (ci) row.push(m.ci95High === null || m.mean === null ? '' : short(m.ci95High - m.mean));
    }
    return row;
  });
  return textTable([header, ...rows]);
}

// ---------------------------------------------------------------------------
// Progress

export interface ProgressReporter {
  update(done: number): void;
  finish(): void;
  abort(): void;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** `[12/50] 24% 3.1 s elapsed, ~9.8 s left` */
export function progressLine(done: number, total: number, elapsedMs: number): string {
  const pct = total === 0 ? 100 : Math.floor((done * 100) / total);
  const left = done > 0 && done < total ? `, ~${seconds((elapsedMs * (total - done)) / done)} left` : '';
  return `[${done}/${total}] ${pct}% ${seconds(elapsedMs)} elapsed${left}`;
}

/**
 * Progress on stderr: on a terminal one line redrawn in place (at most every
 * 100 ms, and at the end); otherwise a line each time another tenth of the
 * runs is done, so a log stays short.
 */
export function progressReporter(
  total: number,
  tty: boolean,
  write: (s: string) => void,
  elapsed: () => number,
): ProgressReporter {
  let lastDraw = -Infinity;
  let lastTenth = 0;
  let drawn = false;
  let done = 0;
  return {
    update(n) {
      done = n;
      const ms = elapsed();
      if (tty) {
        if (n < total && ms - lastDraw < 100) return;
        lastDraw = ms;
        drawn = true;
        write(`\r${progressLine(n, total, ms)}\u001b[K`);
        return;
      }
      const tenth = Math.floor((n * 10) / total);
      if (tenth > lastTenth || n === total) {
        lastTenth = tenth;
        write(`${progressLine(n, total, ms)}\n`);
      }
    },
    finish() {
      if (tty && drawn) write('\n');
    },
    abort() {
      if (tty && drawn) write(`\r${progressLine(done, total, elapsed())} stopped\u001b[K\n`);
    },
  };
}
