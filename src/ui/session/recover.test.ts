/**
 * The session after a worker failure: the problem in plain words, a fresh
 * worker given the scenario again (but not a scenario that already failed
 * once), and the editor's scenario untouched.
 */
import { expect, it } from 'vitest';
import type { ParseResult, Scenario } from '../../engine/scenario/types';
import { createLabStore } from '../../store/lab-store';
import { EngineClient, type WorkerLike } from '../../worker/client';
import type { FromWorker, RunMeta, ToWorker } from '../../worker/protocol';
import { RunSession } from './run-session';

class FakeWorker implements WorkerLike {
  sent: ToWorker[] = [];
  answers = true;
  private onMessage: ((e: MessageEvent<FromWorker>) => void) | null = null;
  private onError: ((e: ErrorEvent) => void) | null = null;
  postMessage(message: ToWorker): void {
    this.sent.push(message);
    if (message.type === 'ping' && this.answers) this.emit({ type: 'pong', id: message.id });
  }
  addEventListener(type: 'message' | 'error', listener: never): void {
    if (type === 'message') this.onMessage = listener;
    else this.onError = listener;
  }
  terminate(): void {}
  emit(message: FromWorker): void {
    this.onMessage?.({ data: message } as MessageEvent<FromWorker>);
  }
  fail(message: string): void {
    this.onError?.({ message } as ErrorEvent);
  }
}

const scenario = { name: 'Heavy', duration: 10, flows: [], links: [] } as unknown as Scenario;
const other = { name: 'Light', duration: 5, flows: [], links: [] } as unknown as Scenario;
const meta = (run: number): RunMeta => ({ run, scenarioName: 'Heavy', duration: 10, sampleInterval: 0.1, flowIds: [], seriesColumns: [], queueIds: [] });

function setup() {
  let now = 0;
  let tick: (() => void) | null = null;
  const workers: FakeWorker[] = [];
  const client = new EngineClient(
    () => {
      const w = new FakeWorker();
      workers.push(w);
      return w;
    },
    { watchdog: { answerMs: 8000, heartbeatMs: 1000, clock: { now: () => now, every: (fn) => ((tick = fn), () => (tick = null)) } } },
  );
  const parse = (input: unknown): ParseResult => ({ ok: true, scenario: input === 'other' ? other : scenario, warnings: [] });
  const store = createLabStore({ parse, parseText: parse, formatIssues: () => [] });
  store.getState().setEntries([
    { key: 'heavy', label: 'Heavy', input: 'heavy', origin: 'preset' },
    { key: 'light', label: 'Light', input: 'other', origin: 'preset' },
  ]);
  store.getState().selectScenario('heavy');
  const session = new RunSession(store, client);
  const stall = () => {
    workers.at(-1)!.answers = false;
    for (let i = 0; i < 10; i++) {
      now += 1000;
      tick?.();
    }
  };
  return { workers, store, session, stall };
}

const loads = (w: FakeWorker) => w.sent.filter((m) => m.type === 'load').map((m) => (m.type === 'load' ? m.scenario.name : ''));

it('restarts a worker that stopped answering and gives it the scenario again', () => {
  const { workers, store, stall } = setup();
  workers[0]!.emit({ type: 'loaded', meta: meta(1) });
  stall();
  expect(workers).toHaveLength(2);
  expect(loads(workers[1]!)).toEqual(['Heavy']);
  expect(workers[1]!.sent[0]).toEqual({ type: 'speed', speed: 1 });
  const problem = store.getState().problem!;
  expect(problem.title).toBe('The simulation stopped responding');
  expect(problem.lines[0]).toBe('The simulation stopped responding while running “Heavy”: it did not answer within 8 seconds.');
  expect(problem.lines[1]).toMatch(/restarted and your scenario is kept: press Play/);
  expect(store.getState().scenarioInput).toBe('heavy');
});

it('does not give a fresh worker the scenario that failed twice, and runs another one', () => {
  const { workers, store, stall } = setup();
  stall();
  stall();
  expect(workers).toHaveLength(3);
  expect(loads(workers[2]!)).toEqual([]);
  expect(store.getState().problem!.lines[1]).toMatch(/failed on this scenario twice: change it or pick another one/);
  store.getState().selectScenario('light');
  expect(loads(workers[2]!)).toEqual(['Light']);
});

it('restarts a worker that died', () => {
  const { workers, store } = setup();
  workers[0]!.fail('Out of memory');
  expect(workers).toHaveLength(2);
  expect(loads(workers[1]!)).toEqual(['Heavy']);
  expect(store.getState().problem).toMatchObject({ title: 'The simulation stopped', lines: ['The simulation failed while running “Heavy”: Out of memory.', expect.any(String)] });
});
