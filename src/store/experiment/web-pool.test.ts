import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../engine/scenario';
import { sweepResults } from '../../experiment/index';
import { runSerial, SweepRunError } from '../../experiment/pool';
import { parseSweep } from '../../experiment/sweep';
import { smallBase, smallSweep } from '../../experiment/test-fixtures';
import type { Sweep } from '../../experiment/types';
import { runSweepTask, sweepTasks, type SweepTask } from '../../experiment/worker-protocol';
import { CancelledError, ExperimentPool, poolSize, SeriesRunError, type WorkerPort } from './web-pool';
import { runSeriesTask, type SeriesTask, type WorkerAnswer, type WorkerRequest } from './worker-messages';

/**
 * A stand-in for a Web Worker: answers each message after a delay chosen
 * per task (so that later tasks can finish first), and never after
 * terminate(). `answer` is what the worker computes.
 */
class FakeWorker implements WorkerPort {
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  onmessageerror: ((event: MessageEvent) => void) | null = null;
  terminated = false;
  posted: WorkerRequest[] = [];

  constructor(
    private readonly answer: (task: WorkerRequest) => WorkerAnswer,
    private readonly delay: (task: WorkerRequest) => number,
  ) {}

  postMessage(task: WorkerRequest): void {
    this.posted.push(task);
    // Computed now, answered after the delay: the order of answers is the delays', however long the work takes.
    const data = this.answer(task);
    setTimeout(() => {
      if (this.terminated) return;
      this.onmessage?.({ data } as MessageEvent);
    }, this.delay(task));
  }

  terminate(): void {
    this.terminated = true;
  }

  crash(message: string): void {
    this.onerror?.({ message, preventDefault() {} } as ErrorEvent);
  }
}

function fakes(answer: (task: WorkerRequest) => WorkerAnswer, delay: (task: WorkerRequest) => number) {
  const made: FakeWorker[] = [];
  return {
    made,
    createWorker: () => {
      const w = new FakeWorker(answer, delay);
      made.push(w);
      return w;
    },
  };
}

const echo = (task: WorkerRequest): WorkerAnswer =>
  task.type === 'run'
    ? { type: 'result', index: task.index, values: [task.index, task.index * task.index], events: 10 }
    : { type: 'error', index: task.index, message: 'no' };

const tasks = (n: number): SweepTask[] =>
  Array.from({ length: n }, (_, index) => ({ type: 'run', index, scenario: null as never, metrics: [] }));

function loadSmall(): Sweep {
  const parsed = parseSweep(smallSweep());
  if (!parsed.ok) throw new Error(parsed.issues.map((i) => `${i.path}: ${i.message}`).join('\n'));
  return parsed.sweep;
}

describe('poolSize', () => {
  it('leaves a core for the page: cores − 1, at least 1, at most 4', () => {
    expect(poolSize(1)).toBe(1);
    expect(poolSize(2)).toBe(1);
    expect(poolSize(3)).toBe(2);
    expect(poolSize(4)).toBe(3);
    expect(poolSize(5)).toBe(4);
    expect(poolSize(16)).toBe(4);
    expect(poolSize(Number.NaN)).toBe(1);
    expect(poolSize(0)).toBe(1);
  });
});

describe('ExperimentPool', () => {
  it('collects each answer by run index, whatever order the workers finish in', async () => {
    const f = fakes(echo, (t) => 40 - 3 * (t as SweepTask).index);
    const pool = new ExperimentPool({ size: 3, createWorker: f.createWorker });
    const progress: number[] = [];
    const values = await pool.runSweep(tasks(10), (p) => progress.push(p.done));
    expect(values).toEqual(Array.from({ length: 10 }, (_, i) => [i, i * i]));
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(f.made).toHaveLength(3);
    expect(f.made.every((w) => w.terminated)).toBe(true);
    expect(pool.busy).toBe(false);
  });

  it('starts no more workers than there are tasks, and none for no tasks', async () => {
    const f = fakes(echo, () => 1);
    const pool = new ExperimentPool({ size: 4, createWorker: f.createWorker });
    await pool.runSweep(tasks(2));
    expect(f.made).toHaveLength(2);
    await expect(pool.runSweep([])).resolves.toEqual([]);
    expect(f.made).toHaveLength(2);
  });

  it('gives the same table, byte for byte, as running the sweep here, with 1 or 3 workers finishing out of order', async () => {
    const sweep = loadSmall();
    const all = sweepTasks(sweep);
    const serial = sweepResults(sweep, await runSerial(all)).files;
    for (const size of [1, 3]) {
      // A pseudo-random delay per task: the finishing order differs from the run order.
      const f = fakes(
        (t) => runSweepTask(t as SweepTask),
        // Tens of ms apart, so that the order is the delays' even on a busy machine.
        (t) => (((t as SweepTask).index * 7919) % 13) * 10,
      );
      const pool = new ExperimentPool({ size, createWorker: f.createWorker });
      const finished: number[] = [];
      const values = await pool.runSweep(all, (p) => finished.push(p.index));
      if (size === 3) expect(finished).not.toEqual([...finished].sort((a, b) => a - b));
      const files = sweepResults(sweep, values).files;
      expect(files['table.csv']).toBe(serial['table.csv']);
      expect(files['runs.csv']).toBe(serial['runs.csv']);
      expect(files['ttest.csv']).toBe(serial['ttest.csv']);
    }
  });

  it('Cancel terminates every worker, rejects with CancelledError and reports no more progress', async () => {
    const f = fakes(echo, () => 5);
    const pool = new ExperimentPool({ size: 2, createWorker: f.createWorker });
    const progress: number[] = [];
    const job = pool.runSweep(tasks(40), (p) => {
      progress.push(p.done);
      if (p.done === 3) pool.cancel();
    });
    await expect(job).rejects.toBeInstanceOf(CancelledError);
    await expect(job).rejects.toThrow('cancelled');
    expect(f.made.every((w) => w.terminated)).toBe(true);
    await new Promise((r) => setTimeout(r, 30));
    expect(progress).toEqual([1, 2, 3]);
    expect(pool.busy).toBe(false);
    expect(pool.cancel()).toBe(false);
    // The pool runs the next job as if nothing happened.
    await expect(pool.runSweep(tasks(3))).resolves.toEqual([
      [0, 0],
      [1, 1],
      [2, 4],
    ]);
  });

  it('rejects with the run that failed, and stops the workers', async () => {
    const f = fakes(
      (t) => ((t as SweepTask).index === 2 ? { type: 'error', index: 2, message: 'no route' } : echo(t)),
      () => 1,
    );
    const pool = new ExperimentPool({ size: 2, createWorker: f.createWorker });
    await expect(pool.runSweep(tasks(5))).rejects.toEqual(new SweepRunError(2, 'no route'));
    expect(f.made.every((w) => w.terminated)).toBe(true);
  });

  it('rejects when a worker fails to start or crashes', async () => {
    const f = fakes(echo, () => 50);
    const pool = new ExperimentPool({ size: 2, createWorker: f.createWorker });
    const job = pool.runSweep(tasks(4));
    f.made[1]!.crash('SyntaxError in the worker');
    await expect(job).rejects.toThrow('a sweep worker failed: SyntaxError in the worker');
    expect(f.made.every((w) => w.terminated)).toBe(true);
  });

  it('refuses a second job while one runs', async () => {
    const pool = new ExperimentPool({ size: 1, createWorker: fakes(echo, () => 5).createWorker });
    const first = pool.runSweep(tasks(2));
    await expect(pool.runSweep(tasks(1))).rejects.toThrow('already running');
    await first;
  });
});

describe('comparison runs (series)', () => {
  const loaded = parseScenario(smallBase());
  if (!loaded.ok) throw new Error('small base does not load');
  const scenario = loaded.scenario;

  it('a worker answers a series task with the flow’s cwnd and throughput over time', () => {
    const answer = runSeriesTask({ type: 'series', index: 0, scenario, flow: 'A' });
    if (answer.type !== 'series') throw new Error(answer.message);
    expect(answer.times.length).toBeGreaterThan(100);
    expect(answer.cwnd.length).toBe(answer.times.length);
    expect(answer.throughput.length).toBe(answer.times.length);
    expect(Math.max(...answer.cwnd.filter(Number.isFinite))).toBeGreaterThan(1);
    expect(answer.summary?.flow).toBe('A');
  });

  it('runs on the pool, by index, and fails with the failing run', async () => {
    const series: SeriesTask[] = (['reno', 'newreno', 'sack'] as const).map((variant, index) => ({
      type: 'series',
      index,
      flow: 'A',
      scenario: { ...scenario, flows: scenario.flows.map((f) => (f.kind === 'tcp' ? { ...f, variant } : f)) },
    }));
    const f = fakes(
      (t) => runSeriesTask(t as SeriesTask),
      (t) => 20 - 5 * (t as SeriesTask).index,
    );
    const pool = new ExperimentPool({ size: 3, createWorker: f.createWorker });
    const out = await pool.runSeries(series);
    expect(out.map((r) => r.index)).toEqual([0, 1, 2]);
    expect(out.map((r) => r.summary?.variant)).toEqual(['reno', 'newreno', 'sack']);

    const failing = fakes(
      () => ({ type: 'error', index: 1, message: 'boom' }),
      () => 1,
    );
    const pool2 = new ExperimentPool({ size: 2, createWorker: failing.createWorker });
    await expect(pool2.runSeries(series)).rejects.toEqual(new SeriesRunError(1, 'boom'));
  });
});
