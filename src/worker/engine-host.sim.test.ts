/**
 * The host driving the real Simulator in-process (no Worker, fake clock): the
 * same wiring as worker.ts, checked against an example scenario.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runDataToCsv } from '../engine/output/csv';
import { parseScenarioText } from '../engine/scenario';
import { Simulator } from '../engine/simulator';
import { EngineHost, type HostOptions } from './engine-host';
import { batchTransferables, type FromWorker } from './protocol';

function host(options: Partial<HostOptions> = {}) {
  const parsed = parseScenarioText(readFileSync('scenarios/single-drop-reno.json', 'utf8'));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  let now = 0;
  let tasks: { at: number; fn: () => void }[] = [];
  const messages: FromWorker[] = [];
  const engines: Simulator[] = [];
  const h = new EngineHost(
    {
      createEngine: (s) => {
        const sim = new Simulator(s);
        engines.push(sim);
        return sim;
      },
      post: (m) => messages.push(m),
      now: () => now,
      schedule: (fn, ms) => {
        const task = { at: now + ms, fn };
        tasks.push(task);
        return () => {
          tasks = tasks.filter((t) => t !== task);
        };
      },
      toCsv: runDataToCsv,
    },
    options,
  );
  h.handle({ type: 'load', scenario: parsed.scenario });
  /** Run timers for `ms` of fake wall time (the engine's own cost is not charged). */
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      tasks.sort((x, y) => x.at - y.at);
      const task = tasks[0];
      if (!task || task.at > end) break;
      tasks.shift();
      now = Math.max(now, task.at);
      task.fn();
    }
    now = end;
  };
  return { h, messages, advance, engines, scenario: parsed.scenario };
}

describe('EngineHost with the real Simulator', () => {
  it('sends the link trace while stepping and at slow speed, in batches, and none at full speed', () => {
    const { h, messages, advance } = host();
    h.handle({ type: 'step' });
    advance(1000);
    const stepped = messages.flatMap((m) => (m.type === 'batch' && m.batch.links ? [m.batch.links] : []));
    expect(stepped.length).toBeGreaterThan(0);
    const rows = stepped.reduce((n, l) => n + l.time.length, 0);
    // one message per batch, never one per packet
    expect(rows).toBeGreaterThan(stepped.length * 2);
    // the step ends at the scripted loss: its drop row is there (code & 3 = drop)
    const drops = stepped.flatMap((l) => [...l.code].flatMap((c, i) => ((c & 3) === 2 ? [l.seq[i]] : [])));
    expect(drops).toEqual([101]);

    const before = messages.length;
    h.handle({ type: 'speed', speed: 0.05 });
    h.handle({ type: 'play' });
    advance(500);
    const slow = messages.slice(before).flatMap((m) => (m.type === 'batch' && m.batch.links ? [m.batch.links] : []));
    expect(slow.length).toBeGreaterThan(0);

    const fast = messages.length;
    h.handle({ type: 'speed', speed: 1 });
    advance(500);
    expect(messages.slice(fast).some((m) => m.type === 'batch' && m.batch.links)).toBe(false);
  });

  it('steps to the first loss and explains it', () => {
    const { h, messages, advance } = host();
    h.handle({ type: 'step' });
    advance(1000);
    const stepped = messages.find((m) => m.type === 'stepped');
    expect(stepped).toBeDefined();
    if (stepped?.type !== 'stepped') return;
    expect(stepped.event?.event).toBe('drop');
    expect(stepped.event?.detail.length).toBeGreaterThan(10);
    expect(h.currentStatus).toBe('paused');
  });

  it('plays to the end at max speed, delivering every sample once', () => {
    const { h, messages, advance, scenario } = host();
    h.handle({ type: 'speed', speed: 'max' });
    h.handle({ type: 'play' });
    advance(60_000);
    expect(h.currentStatus).toBe('done');
    const batches = messages.flatMap((m) => (m.type === 'batch' ? [m.batch] : []));
    const samples = batches.reduce((n, b) => n + b.times.length, 0);
    expect(samples).toBe(Math.round(scenario.duration / scenario.sampleInterval) + 1);
    const events = batches.flatMap((b) => b.events.map((e) => e.event));
    expect(events).toContain('fast_retransmit');
    h.handle({ type: 'exportCsv', requestId: 1 });
    const csv = messages.at(-1);
    expect(csv?.type === 'csv' && Object.keys(csv.files).sort()).toEqual([
      'events.csv',
      'links.csv',
      'queues.csv',
      'summary.csv',
      'timeseries.csv',
    ]);
  });
});

describe('EngineHost packet trace batching', () => {
  it('traces every TCP flow and sends each trace row exactly once, in transferable arrays', () => {
    const { h, messages, advance, scenario } = host();
    // 4× real time: many batches (the fake clock does not charge the engine's cost)
    h.handle({ type: 'speed', speed: 4 });
    h.handle({ type: 'play' });
    advance((scenario.duration / 4) * 1000 + 1000);
    expect(h.currentStatus).toBe('done');
    const batches = messages.flatMap((m) => (m.type === 'batch' ? [m.batch] : []));
    expect(batches.length).toBeGreaterThan(10);
    let next = 0;
    const kinds = new Set<number>();
    for (const b of batches) {
      expect(b.trace).toBeDefined();
      if (!b.trace) continue;
      expect(b.firstTraceRow).toBe(next);
      const n = b.trace.time.length;
      expect([b.trace.flow.length, b.trace.kind.length, b.trace.seq.length]).toEqual([n, n, n]);
      for (const a of [b.trace.time, b.trace.flow, b.trace.kind, b.trace.seq]) {
        expect(a.byteOffset).toBe(0);
        expect(a.byteLength).toBe(a.buffer.byteLength); // owns its buffer: safe to transfer
      }
      for (let i = 1; i < n; i++) expect(b.trace.time[i]).toBeGreaterThanOrEqual(b.trace.time[i - 1]);
      b.trace.kind.forEach((k) => kinds.add(k));
      next += n;
    }
    expect(next).toBeGreaterThan(100);
    // sent, retransmitted, ACK received, dropped: the single-drop scenario has all four
    expect([...kinds].sort()).toEqual([0, 1, 2, 3]);
  });

  it('lists the trace buffers for transfer and starts again at row 0 on reset', () => {
    const { h, messages, advance } = host();
    h.handle({ type: 'step' });
    advance(1000);
    h.handle({ type: 'reset' });
    h.handle({ type: 'step' });
    advance(1000);
    const loaded = messages.map((m, i) => (m.type === 'loaded' ? i : -1)).filter((i) => i >= 0);
    const afterReset = messages.slice(loaded.at(-1)).flatMap((m) => (m.type === 'batch' ? [m.batch] : []));
    expect(afterReset[0].firstTraceRow).toBe(0);
    const b = afterReset.find((x) => (x.trace?.time.length ?? 0) > 0)!;
    const buffers = batchTransferables(b);
    expect(buffers).toContain(b.trace!.seq.buffer);
    expect(new Set(buffers).size).toBe(buffers.length);
  });
});

describe('EngineHost packet trace on a long run', () => {
  it("empties the engine's trace once enough rows are posted, and the page still gets every row once, numbered", () => {
    const { h, messages, advance, engines, scenario } = host({ drainTraceRows: 500 });
    h.handle({ type: 'speed', speed: 4 });
    h.handle({ type: 'play' });
    let longest = 0;
    for (let ms = 0; ms < (scenario.duration / 4) * 1000 + 1000; ms += 100) {
      advance(100);
      longest = Math.max(longest, engines[0].packetTrace.length);
    }
    expect(h.currentStatus).toBe('done');
    const batches = messages.flatMap((m) => (m.type === 'batch' && m.batch.trace ? [m.batch] : []));
    let next = 0;
    let last = -Infinity;
    for (const b of batches) {
      expect(b.firstTraceRow).toBe(next);
      next += b.trace!.time.length;
      if (b.trace!.time.length) {
        expect(b.trace!.time[0]).toBeGreaterThanOrEqual(last);
        last = b.trace!.time[b.trace!.time.length - 1];
      }
    }
    expect(next).toBeGreaterThan(3000); // many drains
    // The worker holds at most one batch's worth of rows beyond the drain mark.
    expect(longest).toBeLessThan(500 + 400);
  });
});
