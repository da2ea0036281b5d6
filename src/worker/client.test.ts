/**
 * The client's watchdog: a worker that dies, cannot be handed a command or
 * stops answering is reported once, its requests fail, and `restart` gives a
 * fresh worker whose messages are the only ones heard.
 */
import { describe, expect, it } from 'vitest';
import { EngineClient, type WorkerFailure, type WorkerLike } from './client';
import type { FromWorker, ToWorker } from './protocol';
import type { WatchdogOptions } from './watchdog';

class FakeWorker implements WorkerLike {
  sent: ToWorker[] = [];
  terminated = false;
  /** answer pings (a live worker) or not (a stuck one) */
  answers = true;
  throwOnPost: Error | null = null;
  private onMessage: ((e: MessageEvent<FromWorker>) => void) | null = null;
  private onError: ((e: ErrorEvent) => void) | null = null;

  postMessage(message: ToWorker): void {
    if (this.throwOnPost) throw this.throwOnPost;
    this.sent.push(message);
    if (message.type === 'ping' && this.answers) this.emit({ type: 'pong', id: message.id });
  }
  addEventListener(type: 'message' | 'error', listener: never): void {
    if (type === 'message') this.onMessage = listener;
    else this.onError = listener;
  }
  terminate(): void {
    this.terminated = true;
  }
  emit(message: FromWorker): void {
    this.onMessage?.({ data: message } as MessageEvent<FromWorker>);
  }
  fail(message: string): void {
    this.onError?.({ message } as ErrorEvent);
  }
}

function setup() {
  let now = 0;
  let tick: (() => void) | null = null;
  const watchdog: WatchdogOptions = {
    answerMs: 8000,
    heartbeatMs: 1000,
    clock: {
      now: () => now,
      every: (fn) => {
        tick = fn;
        return () => (tick = null);
      },
    },
  };
  const workers: FakeWorker[] = [];
  const client = new EngineClient(
    () => {
      const w = new FakeWorker();
      workers.push(w);
      return w;
    },
    { watchdog },
  );
  const failures: WorkerFailure[] = [];
  const messages: FromWorker[] = [];
  client.onFailure((f) => failures.push(f));
  client.subscribe((m) => messages.push(m));
  /** Let `ms` of wall time pass, the watchdog looking every second. */
  const wait = (ms: number) => {
    for (let t = 0; t < ms; t += 1000) {
      now += 1000;
      tick?.();
    }
  };
  return { client, workers, failures, messages, wait };
}

describe('the watchdog', () => {
  it('pings after a command and keeps quiet while the worker answers', () => {
    const { client, workers, failures, wait } = setup();
    client.send({ type: 'play' });
    expect(workers[0]!.sent.map((m) => m.type)).toEqual(['play', 'ping']);
    wait(60_000);
    expect(failures).toEqual([]);
    expect(workers[0]!.sent.filter((m) => m.type === 'ping').length).toBeGreaterThan(30);
  });

  it('reports a worker that stops answering, once, and fails its requests', async () => {
    const { client, workers, failures, wait } = setup();
    workers[0]!.answers = false;
    client.send({ type: 'play' });
    const csv = client.exportCsv();
    wait(7000);
    expect(failures).toEqual([]);
    wait(2000);
    expect(failures).toEqual([{ kind: 'unresponsive', message: 'it did not answer within 8 seconds' }]);
    await expect(csv).rejects.toThrow(/the simulation stopped: it did not answer/);
    wait(30_000);
    expect(failures).toHaveLength(1);
  });

  it('reports a worker that dies', () => {
    const { workers, failures } = setup();
    workers[0]!.fail('Out of memory');
    expect(failures).toEqual([{ kind: 'died', message: 'Out of memory' }]);
  });

  it('reports a command that cannot be copied to the worker', () => {
    const { client, workers, failures } = setup();
    workers[0]!.throwOnPost = new Error('Maximum call stack size exceeded');
    expect(() => client.send({ type: 'play' })).not.toThrow();
    expect(failures).toEqual([{ kind: 'unsendable', message: 'Maximum call stack size exceeded' }]);
  });
});

describe('restart', () => {
  it('stops the old worker, starts a fresh one, and hears only the fresh one', () => {
    const { client, workers, failures, messages, wait } = setup();
    workers[0]!.answers = false;
    wait(10_000);
    expect(failures).toHaveLength(1);
    client.restart();
    expect(workers).toHaveLength(2);
    expect(workers[0]!.terminated).toBe(true);
    workers[0]!.emit({ type: 'status', status: { run: 9, status: 'playing', time: 1, eventsProcessed: 1, speed: 1 } });
    expect(messages).toEqual([]);
    client.send({ type: 'play' });
    expect(workers[1]!.sent.map((m) => m.type)).toEqual(['play', 'ping']);
    workers[1]!.emit({ type: 'status', status: { run: 1, status: 'playing', time: 0, eventsProcessed: 0, speed: 1 } });
    expect(messages).toHaveLength(1);
    wait(30_000);
    expect(failures).toHaveLength(1);
  });

  it('is refused by a client given one worker rather than a way to start them', () => {
    const client = new EngineClient(new FakeWorker());
    expect(client.canRestart).toBe(false);
    expect(() => client.restart()).toThrow(/cannot start another worker/);
  });
});
