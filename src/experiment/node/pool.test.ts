import { describe, expect, it } from 'vitest';
import { SweepRunError } from '../pool';
import type { SweepTask } from '../worker-protocol';
import { availableCores, isSweepWorker, runInThreads, SWEEP_WORKER_ROLE } from './pool';

/**
 * Worker threads from inline JavaScript modules that speak the sweep protocol
 * without the engine (the real worker, the bundled command line, is run by
 * src/cli/sweep-main.test.ts): each answers [index, index²] after a delay that
 * makes later tasks finish first.
 */
function workerUrl(body: string): URL {
  const code = `
    import { parentPort, workerData } from 'node:worker_threads';
    if (workerData.role !== ${JSON.stringify(SWEEP_WORKER_ROLE)}) throw new Error('wrong role');
    parentPort.on('message', (task) => { ${body} });
  `;
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}

const echo = workerUrl(
  `setTimeout(() => parentPort.postMessage({ type: 'result', index: task.index, values: [task.index, task.index * task.index], events: 1 }), 40 - 3 * task.index);`,
);

const tasks = (n: number): SweepTask[] =>
  Array.from({ length: n }, (_, index) => ({ type: 'run', index, scenario: null as never, metrics: [] }));

describe('runInThreads', () => {
  it('collects each answer by run index, whatever order the threads finish in', async () => {
    const progress: number[] = [];
    const values = await runInThreads(tasks(10), {
      workers: 3,
      workerUrl: echo,
      onProgress: (p) => progress.push(p.done),
    });
    expect(values).toEqual(Array.from({ length: 10 }, (_, i) => [i, i * i]));
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('rejects with the failing run', async () => {
    const failing = workerUrl(
      `parentPort.postMessage(task.index === 2 ? { type: 'error', index: 2, message: 'no route' } : { type: 'result', index: task.index, values: [], events: null });`,
    );
    await expect(runInThreads(tasks(5), { workers: 2, workerUrl: failing })).rejects.toEqual(
      new SweepRunError(2, 'no route'),
    );
  });

  it('rejects when a thread dies', async () => {
    const dying = workerUrl(`process.exit(3);`);
    await expect(runInThreads(tasks(3), { workers: 2, workerUrl: dying })).rejects.toThrow(
      'a sweep worker stopped unexpectedly (exit code 3)',
    );
  });

  it('starts no thread for no tasks', async () => {
    await expect(runInThreads([], { workers: 2, workerUrl: 'file:///nonexistent.mjs' })).resolves.toEqual([]);
  });
});

describe('helpers', () => {
  it('the main thread is not a sweep worker; there is at least one core', () => {
    expect(isSweepWorker()).toBe(false);
    expect(availableCores()).toBeGreaterThanOrEqual(1);
  });
});
