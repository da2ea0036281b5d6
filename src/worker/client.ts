/**
 * The main thread's side of the engine worker: typed commands out, typed
 * messages in, request/answer pairing for CSV export and the flows' next
 * segments, and — when started with a watchdog — the detection of a worker
 * that died, cannot be handed a command or stopped answering (watchdog.ts),
 * with `restart()` to replace it by a fresh one without reloading the page.
 */
import { engineWorker } from '../workers';
import type { FromWorker, ReplayOutput, ToWorker } from './protocol';
import { Watchdog, type WatchdogOptions } from './watchdog';

/** The part of `Worker` the client uses, so tests can pass a fake. */
export interface WorkerLike {
  postMessage(message: ToWorker, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (e: MessageEvent<FromWorker>) => void): void;
  addEventListener(type: 'error', listener: (e: ErrorEvent) => void): void;
  terminate(): void;
}

export type Listener = (message: FromWorker) => void;

/** Why the worker can no longer be used. */
export interface WorkerFailure {
  /** `died`: it failed to start or threw outside a command; `unresponsive`: no answer in time; `unsendable`: a command could not be copied to it */
  kind: 'died' | 'unresponsive' | 'unsendable';
  /** in plain words */
  message: string;
}

export type FailureListener = (failure: WorkerFailure) => void;

/** A worker message that answers a request. */
type Answer = Extract<FromWorker, { type: 'csv' | 'nextSegments' | 'replayFile' }>;

/** Start the engine worker (../workers.ts). */
export function startEngineWorker(): WorkerLike {
  return engineWorker() as WorkerLike;
}

export interface ClientOptions {
  /** Watch the worker (and report failures) with these settings; absent: no watch. */
  watchdog?: WatchdogOptions;
}

export class EngineClient {
  private readonly listeners = new Set<Listener>();
  private readonly failureListeners = new Set<FailureListener>();
  private readonly pending = new Map<number, { resolve(answer: Answer): void; reject(e: Error): void }>();
  private nextRequest = 1;
  private worker: WorkerLike;
  private readonly factory: (() => WorkerLike) | null;
  private readonly watchdog: Watchdog | null;
  /** set once the current worker has failed: nothing more is sent to it */
  private failed = false;

  /** `worker` is a worker, or a function that starts one (then `restart` can start another). */
  constructor(worker: WorkerLike | (() => WorkerLike) = startEngineWorker, options: ClientOptions = {}) {
    this.factory = typeof worker === 'function' ? worker : null;
    this.watchdog = options.watchdog
      ? new Watchdog(
          options.watchdog,
          (id) => this.post({ type: 'ping', id }),
          () =>
            this.fail({
              kind: 'unresponsive',
              message: `it did not answer within ${Math.round(options.watchdog!.answerMs / 1000)} seconds`,
            }),
        )
      : null;
    this.worker = this.attach(this.factory ? this.factory() : (worker as WorkerLike));
  }

  /** Whether `restart` can start a fresh worker. */
  get canRestart(): boolean {
    return this.factory !== null;
  }

  send(command: ToWorker): void {
    if (this.failed) return;
    this.post(command);
    this.watchdog?.nudge();
  }

  /**
   * Hand the buffers of batches the page has read back to the worker
   * (transferred: they are unusable here afterwards), for it to fill again.
   * Not a command the watchdog waits on.
   */
  recycle(buffers: ArrayBuffer[]): void {
    if (this.failed || buffers.length === 0) return;
    this.post({ type: 'recycle', buffers }, buffers);
  }

  /** Listen to every message from the worker; returns the unsubscribe function. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Listen to failures of the worker; returns the unsubscribe function. */
  onFailure(listener: FailureListener): () => void {
    this.failureListeners.add(listener);
    return () => this.failureListeners.delete(listener);
  }

  /** The five CSV files of the run so far, by file name. */
  async exportCsv(): Promise<Record<string, string>> {
    const answer = await this.request((requestId) => ({ type: 'exportCsv', requestId }));
    if (answer.type !== 'csv') throw new Error(`unexpected answer ${answer.type}`);
    return answer.files;
  }

  /** Each TCP flow's next new data segment at the engine's time now (flow id → segment). */
  async nextSegments(): Promise<{ time: number; seqs: Record<string, number> }> {
    const answer = await this.request((requestId) => ({ type: 'nextSegments', requestId }));
    if (answer.type !== 'nextSegments') throw new Error(`unexpected answer ${answer.type}`);
    return { time: answer.time, seqs: answer.seqs };
  }

  /** A packet-level file of the run so far (packets.pcap or out.tr). */
  async exportReplay(output: ReplayOutput): Promise<Uint8Array> {
    const answer = await this.request((requestId) => ({ type: 'exportReplay', requestId, output }));
    if (answer.type !== 'replayFile') throw new Error(`unexpected answer ${answer.type}`);
    return answer.bytes;
  }

  private request(command: (requestId: number) => ToWorker): Promise<Answer> {
    const requestId = this.nextRequest++;
    return new Promise((resolve, reject) => {
      if (this.failed) {
        reject(new Error('the simulation worker has stopped'));
        return;
      }
      this.pending.set(requestId, { resolve, reject });
      this.send(command(requestId));
    });
  }

  /**
   * Replace the worker by a fresh one (the old one is stopped, requests to it
   * fail). Listeners stay; the new worker has no scenario until one is sent.
   */
  restart(): void {
    if (!this.factory) throw new Error('this client cannot start another worker');
    this.stopWorker('the simulation worker was restarted');
    this.failed = false;
    this.worker = this.attach(this.factory());
  }

  terminate(): void {
    this.stopWorker('the simulation worker was stopped');
    this.listeners.clear();
    this.failureListeners.clear();
  }

  private attach(worker: WorkerLike): WorkerLike {
    worker.addEventListener('message', (e) => {
      if (worker === this.worker && !this.failed) this.receive(e.data);
    });
    worker.addEventListener('error', (e) => {
      if (worker !== this.worker || this.failed) return;
      // A worker that fails to load or throws outside a command reports here, not as a message.
      const message = e.message || 'the simulation worker failed';
      if (this.failureListeners.size > 0 && this.watchdog) this.fail({ kind: 'died', message });
      else this.receive({ type: 'error', message });
    });
    this.watchdog?.start();
    return worker;
  }

  private post(command: ToWorker, transfer?: Transferable[]): void {
    try {
      if (transfer) this.worker.postMessage(command, transfer);
      else this.worker.postMessage(command);
    } catch (err) {
      // postMessage copies the command (structured clone), which can throw on data it cannot copy.
      const reason = err instanceof Error ? err.message : String(err);
      if (this.failureListeners.size > 0) this.fail({ kind: 'unsendable', message: reason });
      else this.receive({ type: 'error', message: `the command could not be sent to the simulation: ${reason}` });
    }
  }

  private fail(failure: WorkerFailure): void {
    if (this.failed) return;
    this.failed = true;
    this.watchdog?.stop();
    for (const p of this.pending.values()) p.reject(new Error(`the simulation stopped: ${failure.message}`));
    this.pending.clear();
    for (const l of this.failureListeners) l(failure);
  }

  private stopWorker(reason: string): void {
    this.watchdog?.stop();
    try {
      this.worker.terminate();
    } catch {
      // already gone
    }
    for (const p of this.pending.values()) p.reject(new Error(reason));
    this.pending.clear();
  }

  private receive(message: FromWorker): void {
    if (message.type === 'pong') {
      this.watchdog?.answered(message.id);
      return;
    }
    if (
      message.type === 'csv' ||
      message.type === 'nextSegments' ||
      message.type === 'replayFile' ||
      (message.type === 'error' && message.requestId !== undefined)
    ) {
      const p = this.pending.get(message.requestId!);
      if (p) {
        this.pending.delete(message.requestId!);
        if (message.type === 'error') p.reject(new Error(message.message));
        else p.resolve(message);
        return;
      }
    }
    for (const l of this.listeners) l(message);
  }
}
