import { describe, expect, it } from 'vitest';
import type { EventRow } from '../../engine/output/rundata';
import type { ParseResult, Scenario } from '../../engine/scenario/types';
import { createLabStore } from '../../store/lab-store';
import { EngineClient, type WorkerLike } from '../../worker/client';
import { packSeries, type FromWorker, type RunMeta, type SampleBatch, type ToWorker } from '../../worker/protocol';
import { RunSession } from './run-session';

/** A Worker stand-in: records commands, lets the test play the worker's messages. */
class FakeWorker implements WorkerLike {
  sent: ToWorker[] = [];
  /** the transfer list of each message sent with one */
  transfers: Transferable[][] = [];
  terminated = false;
  private onMessage: ((e: MessageEvent<FromWorker>) => void) | null = null;
  private onError: ((e: ErrorEvent) => void) | null = null;

  postMessage(message: ToWorker, transfer?: Transferable[]): void {
    this.sent.push(message);
    if (transfer) this.transfers.push(transfer);
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

const scenario = { name: 'S', duration: 10, flows: [], links: [] } as unknown as Scenario;
const ok = (): ParseResult => ({ ok: true, scenario, warnings: [] });

function setup() {
  const worker = new FakeWorker();
  const store = createLabStore({ parse: ok, parseText: ok, formatIssues: () => [] });
  store.getState().setEntries([{ key: 's', label: 'S', input: {}, origin: 'preset' }]);
  const session = new RunSession(store, new EngineClient(worker));
  return { worker, store, session };
}

function meta(run: number): RunMeta {
  return {
    run,
    scenarioName: 'S',
    duration: 10,
    sampleInterval: 0.1,
    flowIds: ['A'],
    seriesColumns: ['cwnd', 'ssthresh', 'srtt_ms'],
    queueIds: [
      { link: 'l1', from: 'a', to: 'b' },
      { link: 'l1', from: 'b', to: 'a' },
    ],
  };
}

function batch(run: number, firstSample: number, n: number, events: EventRow[] = []): SampleBatch {
  const times = Float64Array.from({ length: n }, (_, i) => (firstSample + i) * 0.1);
  const col = (f: (t: number) => number) => Float64Array.from(times, f);
  return {
    run,
    firstSample,
    times,
    ...packSeries(
      [[col((t) => 1 + t), col(() => 64), col(() => 20)]],
      [
        [col(() => 1), col(() => 1000), col(() => NaN)],
        [col(() => 9), col(() => 9000), col(() => NaN)],
      ],
      n,
    ),
    firstEvent: 0,
    events,
    time: times.at(-1) ?? 0,
    eventsProcessed: 0,
  };
}

const fastRetransmit: EventRow = {
  time_s: 0.25,
  flow: 'A',
  event: 'fast_retransmit',
  seq: 99,
  cwnd: 10,
  ssthresh: 10,
  detail: '3 duplicate ACKs for segment 99: fast retransmit',
};

describe('RunSession', () => {
  it('sends the speed, then loads the selected scenario', () => {
    const { worker, store } = setup();
    expect(worker.sent).toEqual([{ type: 'speed', speed: 1 }]);
    store.getState().selectScenario('s');
    expect(worker.sent.at(-1)).toEqual({ type: 'load', scenario });
    store.getState().setSpeed(0.1);
    expect(worker.sent.at(-1)).toEqual({ type: 'speed', speed: 0.1 });
  });

  it('turns commands into worker messages', () => {
    const { worker, session, store } = setup();
    session.play();
    session.step();
    session.reset();
    session.injectFault({ kind: 'linkDown', link: 'l1', at: 0, duration: 1 });
    expect(worker.sent.slice(1).map((m) => m.type)).toEqual(['play', 'step', 'reset', 'fault']);
    store.getState().runLoaded(meta(1));
    store.getState().statusChanged({ run: 1, status: 'playing', time: 0, eventsProcessed: 0, speed: 1 });
    session.togglePlay();
    expect(worker.sent.at(-1)).toEqual({ type: 'pause' });
  });

  it('fills the ring buffers and the store from batches, and drops stale runs', () => {
    const { worker, store, session } = setup();
    worker.emit({ type: 'loaded', meta: meta(1) });
    worker.emit({ type: 'batch', batch: batch(1, 0, 5) });
    worker.emit({ type: 'batch', batch: batch(1, 5, 5) });
    expect(session.traces.flows[0].cwnd.length).toBe(10);
    expect(session.traces.flows[0].cwnd.y(9)).toBeCloseTo(1.9);
    expect(store.getState().sampleCount).toBe(10);
    expect(store.getState().simTime).toBeCloseTo(0.9);
    // The second direction holds the longer queue.
    expect(session.traces.busiest).toBe(1);

    worker.emit({ type: 'loaded', meta: meta(2) });
    worker.emit({ type: 'batch', batch: batch(1, 10, 5) });
    expect(session.traces.flows[0].cwnd.length).toBe(0);
    expect(store.getState().sampleCount).toBe(0);
  });

  it("hands each batch's series buffer back to the worker once read, stale runs' too", () => {
    const { worker, session } = setup();
    worker.emit({ type: 'loaded', meta: meta(1) });
    const first = batch(1, 0, 5);
    const buffer = first.series.buffer;
    worker.emit({ type: 'batch', batch: first });
    expect(session.traces.flows[0].cwnd.length).toBe(5);
    expect(worker.sent.at(-1)).toEqual({ type: 'recycle', buffers: [buffer] });
    expect(worker.transfers.at(-1)).toEqual([buffer]);
    const stale = batch(0, 0, 5);
    worker.emit({ type: 'batch', batch: stale });
    expect(worker.sent.at(-1)).toEqual({ type: 'recycle', buffers: [stale.series.buffer] });
    expect(session.traces.flows[0].cwnd.length).toBe(5);
  });

  it('marks fast retransmits, and captions them while playing', () => {
    const { worker, store, session } = setup();
    worker.emit({ type: 'loaded', meta: meta(1) });
    worker.emit({ type: 'status', status: { run: 1, status: 'playing', time: 0, eventsProcessed: 0, speed: 1 } });
    worker.emit({ type: 'batch', batch: batch(1, 0, 5, [fastRetransmit]) });
    expect(session.traces.flows[0].markers).toEqual([
      { time: 0.25, y: 10, event: 'fast_retransmit', detail: fastRetransmit.detail },
    ]);
    expect(store.getState().caption).toMatchObject({ event: 'fast_retransmit', detail: fastRetransmit.detail });
  });

  it('captions the event a step stopped at', () => {
    const { worker, store } = setup();
    worker.emit({ type: 'loaded', meta: meta(1) });
    worker.emit({ type: 'stepped', run: 1, event: { ...fastRetransmit, event: 'drop', detail: 'segment 99 lost' }, time: 0.25 });
    expect(store.getState().caption).toEqual({ time: 0.25, flow: 'A', event: 'drop', detail: 'segment 99 lost' });
  });

  it('shows worker errors, including a worker that fails to start', () => {
    const { worker, store } = setup();
    worker.emit({ type: 'error', message: 'engine exploded' });
    expect(store.getState().problem).toEqual({ title: 'The simulation stopped', lines: ['engine exploded'] });
    worker.fail('SyntaxError in worker.js');
    expect(store.getState().problem?.lines).toEqual(['SyntaxError in worker.js']);
  });

  it('pairs CSV exports with their answers', async () => {
    const { worker, session } = setup();
    const first = session.exportCsv();
    const second = session.exportCsv();
    const ids = worker.sent.filter((m) => m.type === 'exportCsv').map((m) => m.requestId);
    expect(new Set(ids).size).toBe(2);
    worker.emit({ type: 'csv', requestId: ids[1], files: { 'summary.csv': 'two' } });
    worker.emit({ type: 'error', message: 'no run', requestId: ids[0] });
    await expect(second).resolves.toEqual({ 'summary.csv': 'two' });
    await expect(first).rejects.toThrow('no run');
  });

  it('asks the worker for the next segments and pairs the answer with its request', async () => {
    const { worker, session } = setup();
    const csv = session.exportCsv();
    const next = session.nextSegments();
    const req = worker.sent.find((m) => m.type === 'nextSegments');
    expect(req).toBeDefined();
    if (req?.type !== 'nextSegments') return;
    worker.emit({ type: 'nextSegments', requestId: req.requestId, time: 1.5, seqs: { reno: 42 } });
    await expect(next).resolves.toEqual({ reno: 42 });
    const csvReq = worker.sent.find((m) => m.type === 'exportCsv');
    if (csvReq?.type === 'exportCsv') worker.emit({ type: 'csv', requestId: csvReq.requestId, files: {} });
    await expect(csv).resolves.toEqual({});
  });

  it('stops the worker when disposed', async () => {
    const { worker, session } = setup();
    const pending = session.exportCsv();
    session.dispose();
    expect(worker.terminated).toBe(true);
    await expect(pending).rejects.toThrow(/stopped/);
  });
});
