/**
 * The sweep end to end without the command line: expansion → runs (here, or
 * on fake workers that answer out of order) → statistics → CSV; and
 * determinism: the same sweep gives the same bytes however it is run.
 */
import { csvParse } from 'd3-dsv';
import { describe, expect, it } from 'vitest';
import { runScenario } from '../engine/run';
import { extractMetrics } from './metrics';
import { runPool, runSerial, SweepRunError, type PoolWorker } from './pool';
import { parseSweep } from './sweep';
import { smallSweep } from './test-fixtures';
import type { Sweep } from './types';
import { runSweepTask, sweepTasks, type SweepTask, type SweepTaskResult } from './worker-protocol';
import { describe as stats } from './stats';
import { sweepResults } from './index';

function load(input: unknown = smallSweep()): Sweep {
  const r = parseSweep(input);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.sweep;
}

/** A worker that answers after a delay chosen by `delay(index)`, as a thread would, in whatever order. */
function fakeWorker(
  delay: (index: number) => number,
  answer: (t: SweepTask) => SweepTaskResult = runSweepTask,
): PoolWorker {
  let onAnswer: (a: SweepTaskResult) => void = () => {};
  return {
    post: (task) => void setTimeout(() => onAnswer(answer(task)), delay(task.index)),
    listen: (a) => void (onAnswer = a),
    terminate: () => {},
  };
}

describe('a small sweep, end to end', () => {
  const sweep = load();
  const tasksPromise = runSerial(sweepTasks(sweep));

  it('runs every point × repetition with its own seed, and the seeds matter', async () => {
    const values = await tasksPromise;
    expect(values).toHaveLength(12);
    const out = sweepResults(sweep, values);
    const runs = csvParse(out.files['runs.csv']!);
    expect(runs.columns).toEqual([
      'run',
      'point',
      'variant',
      'cbr_kbps',
      'repetition',
      'seed',
      'A.throughput_kbps',
      'A.timeouts',
      'jain_A_U',
    ]);
    expect(runs.map((r) => `${r.run} ${r.variant} ${r.cbr_kbps} ${r.seed}`).slice(0, 4)).toEqual([
      'p0-r0 reno 300 7',
      'p0-r1 reno 300 8',
      'p0-r2 reno 300 9',
      'p1-r0 reno 600 7',
    ]);
    // Random loss depends on the seed: the three repetitions of a point are not all equal.
    const p0 = runs.filter((r) => r.point === '0').map((r) => r['A.throughput_kbps']);
    expect(new Set(p0).size).toBeGreaterThan(1);
  });

  it('each run is exactly what the engine gives for its scenario and seed', async () => {
    const values = await tasksPromise;
    const task = sweepTasks(sweep)[4]!;
    expect(task.scenario.seed).toBe(8);
    expect(values[4]).toEqual(extractMetrics(runScenario(task.scenario), sweep.metrics));
  });

  it('table.csv holds mean, sd, CI and n of the repetitions of each point', async () => {
    const values = await tasksPromise;
    const out = sweepResults(sweep, values);
    const table = csvParse(out.files['table.csv']!);
    expect(table.columns.slice(0, 8)).toEqual([
      'point',
      'variant',
      'cbr_kbps',
      'A.throughput_kbps_mean',
      'A.throughput_kbps_sd',
      'A.throughput_kbps_ci95_low',
      'A.throughput_kbps_ci95_high',
      'A.throughput_kbps_n',
    ]);
    expect(table).toHaveLength(4);
    const s = stats([values[3]![0]!, values[4]![0]!, values[5]![0]!]);
    const row = table[1]!;
    expect(row.variant).toBe('reno');
    expect(row.cbr_kbps).toBe('600');
    expect(Number(row['A.throughput_kbps_mean'])).toBeCloseTo(s.mean!, 5);
    expect(Number(row['A.throughput_kbps_sd'])).toBeCloseTo(s.sd!, 5);
    expect(Number(row['A.throughput_kbps_ci95_low'])).toBeCloseTo(s.ci95Low!, 5);
    expect(Number(row['A.throughput_kbps_ci95_high'])).toBeCloseTo(s.ci95High!, 5);
    expect(row['A.throughput_kbps_n']).toBe('3');
  });

  it('ttest.csv: reno against newreno at each CBR rate, for every metric', async () => {
    const out = sweepResults(sweep, await tasksPromise);
    const t = csvParse(out.files['ttest.csv']!);
    expect(t.columns).toEqual([
      'metric',
      'parameter',
      'a',
      'b',
      'other_parameter',
      'other_value',
      'n_a',
      'n_b',
      'mean_a',
      'mean_b',
      't',
      'df',
      'p_value',
    ]);
    expect(t.map((r) => `${r.metric} ${r.a}-${r.b} @${r.other_value} n=${r.n_a}+${r.n_b} df=${r.df}`)).toEqual([
      'A.throughput_kbps reno-newreno @300 n=3+3 df=4',
      'A.throughput_kbps reno-newreno @600 n=3+3 df=4',
      'A.timeouts reno-newreno @300 n=3+3 df=4',
      'A.timeouts reno-newreno @600 n=3+3 df=4',
      'jain_A_U reno-newreno @300 n=3+3 df=4',
      'jain_A_U reno-newreno @600 n=3+3 df=4',
    ]);
    for (const r of t) if (r.p_value !== '') expect(Number(r.p_value)).toBeGreaterThanOrEqual(0);
  });

  it('writes no ttest.csv when the sweep has no comparisons', async () => {
    const plain = load({ ...smallSweep(), comparisons: [] });
    expect(Object.keys(sweepResults(plain, await tasksPromise).files)).toEqual(['runs.csv', 'table.csv']);
  });
});

describe('determinism', () => {
  it('the same sweep gives byte-identical files, however many workers and in whatever order they finish', async () => {
    const files = async (run: (tasks: SweepTask[]) => Promise<unknown>) => {
      const sweep = load();
      return sweepResults(sweep, (await run(sweepTasks(sweep))) as never).files;
    };
    const serial = await files((t) => runSerial(t));
    const again = await files((t) => runSerial(t));
    // Three workers, each slower for low indexes: answers arrive roughly in reverse.
    const reversed = await files((t) =>
      runPool(
        t,
        [0, 1, 2].map(() => fakeWorker((i) => 2 * (12 - i))),
      ),
    );
    const scrambled = await files((t) => runPool(t, [fakeWorker((i) => (i * 7) % 5), fakeWorker((i) => (i * 3) % 4)]));
    expect(again).toEqual(serial);
    expect(reversed).toEqual(serial);
    expect(scrambled).toEqual(serial);
  });
});

describe('runPool', () => {
  const sweep = load();
  const tasks = sweepTasks(sweep);

  it('reports progress once per run, ending at the total', async () => {
    const seen: number[] = [];
    await runPool(tasks, [fakeWorker(() => 0), fakeWorker(() => 1)], (p) => seen.push(p.done));
    expect(seen).toEqual(tasks.map((_, i) => i + 1));
  });

  it('rejects with the failing run when a worker reports an error', async () => {
    const failing = fakeWorker(
      () => 0,
      (t) => (t.index === 5 ? { type: 'error', index: 5, message: 'boom' } : runSweepTask(t)),
    );
    await expect(runPool(tasks, [failing])).rejects.toEqual(new SweepRunError(5, 'boom'));
  });

  it('rejects when a worker crashes', async () => {
    const crash: PoolWorker = {
      post: () => {},
      listen: (_a, f) => void setTimeout(() => f(new Error('worker died')), 0),
      terminate: () => {},
    };
    await expect(runPool(tasks, [crash])).rejects.toThrow('worker died');
  });

  it('resolves at once with no tasks', async () => {
    await expect(runPool([], [])).resolves.toEqual([]);
  });

  it('runSerial turns an engine failure into a SweepRunError', async () => {
    const broken = { ...tasks[0]!, scenario: { ...tasks[0]!.scenario, flows: null as never } };
    await expect(runSerial([broken])).rejects.toBeInstanceOf(SweepRunError);
  });
});
