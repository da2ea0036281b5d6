/**
 * The page's experiment pool: Web Workers (sweep.worker.ts) behind the
 * `PoolWorker` interface of src/experiment/pool.ts, so a sweep runs through
 * the very `runPool` the command-line runner uses and its results are stored
 * by run index — the numbers never depend on how many workers there were or
 * which finished first. The side-by-side comparison runs on the same workers
 * with its own message (worker-messages.ts).
 *
 * Workers are started for one job (a sweep, a comparison) and terminated at
 * its end; Cancel terminates them at once and the job rejects with
 * `CancelledError`, keeping nothing of what was half done.
 */
import { runOnWorkers, runPool, type Judged, type PoolWorker, type TaskChannel, type TaskProgress } from '../../experiment/pool';
import type { MetricValues } from '../../experiment/types';
import type { SweepTask, SweepTaskResult } from '../../experiment/worker-protocol';
import type { SeriesResult, SeriesTask, WorkerAnswer, WorkerRequest } from './worker-messages';
import { sweepWorker } from '../../workers';

/** At most this many workers, whatever the machine: the page must stay responsive and the memory modest. */
export const MAX_WORKERS = 4;

/** Workers for a machine with `cores` logical cores: one left for the page, at least 1, at most MAX_WORKERS. */
export function poolSize(cores: number | undefined = typeof navigator !== 'undefined' ? navigator.hardwareConcurrency : undefined): number {
  const n = typeof cores === 'number' && Number.isFinite(cores) ? Math.floor(cores) : 2;
  return Math.min(MAX_WORKERS, Math.max(1, n - 1));
}

/** What the pool uses of a Web Worker: a real `Worker`, or a test double. */
export interface WorkerPort {
  postMessage(message: WorkerRequest): void;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  onmessageerror: ((event: MessageEvent) => void) | null;
  terminate(): void;
}

/** A dedicated module worker running sweep.worker.ts. */
export function createSweepWorker(): WorkerPort {
  return sweepWorker();
}

function channel<T extends WorkerRequest, A extends WorkerAnswer>(port: WorkerPort): TaskChannel<T, A> {
  return {
    post: (task) => port.postMessage(task),
    listen(onAnswer, onFailure) {
      port.onmessage = (e) => onAnswer(e.data as A);
      port.onerror = (e) => {
        e.preventDefault?.();
        onFailure(new Error(`a sweep worker failed: ${e.message || 'it could not start or crashed'}`));
      };
      port.onmessageerror = () => onFailure(new Error('a sweep worker sent a message that could not be read'));
    },
    terminate: () => port.terminate(),
  };
}

/** A Web Worker behind the sweep pool's interface. */
export function webPoolWorker(port: WorkerPort): PoolWorker {
  return channel<SweepTask, SweepTaskResult>(port);
}

/** The job was cancelled: nothing of it is kept. */
export class CancelledError extends Error {
  constructor() {
    super('cancelled');
    this.name = 'CancelledError';
  }
}

export function isCancelled(error: unknown): error is CancelledError {
  return error instanceof CancelledError;
}

/** A comparison run that failed: which one, and the engine's message. */
export class SeriesRunError extends Error {
  constructor(
    readonly index: number,
    readonly reason: string,
  ) {
    super(`run ${index} failed: ${reason}`);
    this.name = 'SeriesRunError';
  }
}

/**
 * Runs comparison tasks as runPool runs sweep tasks: one at a time per
 * worker, results stored by index, the first failure rejects.
 */
export function runSeriesPool(
  tasks: readonly SeriesTask[],
  workers: readonly TaskChannel<SeriesTask, WorkerAnswer>[],
  onProgress?: (p: TaskProgress) => void,
): Promise<SeriesResult[]> {
  return runOnWorkers(
    tasks,
    workers,
    (a): Judged<SeriesResult> =>
      a.type === 'series'
        ? { index: a.index, result: a, events: a.events }
        : { index: a.index, error: new SeriesRunError(a.index, a.type === 'error' ? a.message : `unexpected answer "${a.type}"`) },
    onProgress,
  );
}

export interface ExperimentPoolOptions {
  /** workers per job (default poolSize()); never more than the job has tasks */
  size?: number;
  createWorker?: () => WorkerPort;
}

/** Starts workers for each job, runs it, stops them; one job at a time. */
export class ExperimentPool {
  readonly size: number;
  private readonly createWorker: () => WorkerPort;
  private ports: WorkerPort[] | null = null;
  private abort: ((error: Error) => void) | null = null;
  /** workers of the job running now (0 when idle) */
  workersInUse = 0;

  constructor(options: ExperimentPoolOptions = {}) {
    this.size = Math.max(1, Math.floor(options.size ?? poolSize()));
    this.createWorker = options.createWorker ?? createSweepWorker;
  }

  get busy(): boolean {
    return this.ports !== null;
  }

  /** Every sweep task's metric values, by run index (runPool, as the command-line runner). */
  runSweep(tasks: readonly SweepTask[], onProgress?: (p: TaskProgress) => void): Promise<MetricValues[]> {
    return this.job(tasks.length, onProgress, (ports, progress) => runPool(tasks, ports.map(webPoolWorker), progress));
  }

  /** Every comparison task's series, by index. */
  runSeries(tasks: readonly SeriesTask[], onProgress?: (p: TaskProgress) => void): Promise<SeriesResult[]> {
    return this.job(tasks.length, onProgress, (ports, progress) =>
      runSeriesPool(tasks, ports.map((p) => channel<SeriesTask, WorkerAnswer>(p)), progress),
    );
  }

  /** Stop the running job: its workers are terminated and it rejects with CancelledError. False when idle. */
  cancel(): boolean {
    const abort = this.abort;
    if (!abort) return false;
    this.stopWorkers();
    abort(new CancelledError());
    return true;
  }

  private async job<R>(
    count: number,
    onProgress: ((p: TaskProgress) => void) | undefined,
    run: (ports: WorkerPort[], progress: (p: TaskProgress) => void) => Promise<R[]>,
  ): Promise<R[]> {
    if (this.ports) throw new Error('the experiment pool is already running a job');
    if (count === 0) return [];
    const ports: WorkerPort[] = [];
    this.ports = ports;
    let live = true;
    const cancelled = new Promise<never>((_, reject) => {
      this.abort = reject;
    });
    try {
      const n = Math.min(this.size, count);
      for (let i = 0; i < n; i++) ports.push(this.createWorker());
      this.workersInUse = n;
      // Progress stops the moment the job is cancelled, even if an answer was already on its way.
      const progress = (p: TaskProgress) => {
        if (live && this.ports === ports) onProgress?.(p);
      };
      return await Promise.race([run(ports, progress), cancelled]);
    } finally {
      live = false;
      if (this.ports === ports) this.stopWorkers();
      this.abort = null;
      this.workersInUse = 0;
    }
  }

  private stopWorkers(): void {
    const ports = this.ports;
    this.ports = null;
    for (const p of ports ?? []) {
      p.onmessage = null;
      p.onerror = null;
      p.onmessageerror = null;
      p.terminate();
    }
  }
}
