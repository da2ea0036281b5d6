/**
 * The main thread's side of the engine worker: typed commands out, typed
 * messages in, and request/answer pairing for CSV export and the flows' next
 * segments.
 */
import { engineWorker } from '../workers';
import type { FromWorker, ReplayOutput, ToWorker } from './protocol';

/** The part of `Worker` the client uses, so tests can pass a fake. */
export interface WorkerLike {
  postMessage(message: ToWorker): void;
  addEventListener(type: 'message', listener: (e: MessageEvent<FromWorker>) => void): void;
  addEventListener(type: 'error', listener: (e: ErrorEvent) => void): void;
  terminate(): void;
}

export type Listener = (message: FromWorker) => void;

/** A worker message that answers a request. */
type Answer = Extract<FromWorker, { type: 'csv' | 'nextSegments' | 'replayFile' }>;

/** Start the engine worker (../workers.ts). */
export function startEngineWorker(): WorkerLike {
  return engineWorker() as WorkerLike;
}

export class EngineClient {
  private readonly listeners = new Set<Listener>();
  private readonly pending = new Map<number, { resolve(answer: Answer): void; reject(e: Error): void }>();
  private nextRequest = 1;

  constructor(private readonly worker: WorkerLike = startEngineWorker()) {
    worker.addEventListener('message', (e) => this.receive(e.data));
    worker.addEventListener('error', (e) => {
      // A worker that fails to load or throws at top level reports here, not as a message.
      this.receive({ type: 'error', message: e.message || 'the simulation worker failed' });
    });
  }

  send(command: ToWorker): void {
    this.worker.postMessage(command);
  }

  /** Listen to every message from the worker; returns the unsubscribe function. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
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
      this.pending.set(requestId, { resolve, reject });
      this.send(command(requestId));
    });
  }

  terminate(): void {
    this.worker.terminate();
    for (const p of this.pending.values()) p.reject(new Error('the simulation worker was stopped'));
    this.pending.clear();
    this.listeners.clear();
  }

  private receive(message: FromWorker): void {
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
