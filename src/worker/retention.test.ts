/**
 * The page's worker keeps a bounded window of a long run: older samples and
 * events are forgotten once posted, batches keep numbering them from the
 * run's start, and Export CSV says what it left out. It also answers the
 * watchdog's pings.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { runDataToCsv } from '../engine/output/csv';
import { parseScenarioText } from '../engine/scenario';
import { Simulator } from '../engine/simulator';
import { EngineHost } from './engine-host';
import type { FromWorker, SampleBatch } from './protocol';

function host(retain: { samples: number; events: number } | null) {
  const parsed = parseScenarioText(readFileSync('scenarios/single-drop-reno.json', 'utf8'));
  if (!parsed.ok) throw new Error('the shipped scenario is valid');
  const messages: FromWorker[] = [];
  const engines: Simulator[] = [];
  let tasks: (() => void)[] = [];
  // Every look at the clock costs 0.05 ms: a tick (8 ms of budget) runs a slice of the run, not all of it.
  let clock = 0;
  const h = new EngineHost({
    createEngine: (s) => {
      const sim = new Simulator(s);
      engines.push(sim);
      return sim;
    },
    ...(retain ? { retention: () => retain } : {}),
    post: (m) => messages.push(m),
    now: () => (clock += 0.05),
    schedule: (fn) => {
      tasks.push(fn);
      return () => (tasks = tasks.filter((t) => t !== fn));
    },
    toCsv: runDataToCsv,
  });
  h.handle({ type: 'load', scenario: parsed.scenario });
  h.handle({ type: 'speed', speed: 'max' });
  h.handle({ type: 'play' });
  let peak = 0;
  for (let i = 0; i < 100_000 && tasks.length; i++) {
    const t = tasks;
    tasks = [];
    for (const fn of t) fn();
    peak = Math.max(peak, engines[0]!.sampleCount());
  }
  return { h, messages, engine: engines[0]!, peak };
}

const batches = (m: FromWorker[]) => m.flatMap((x) => (x.type === 'batch' ? [x.batch] : [])) as SampleBatch[];

it('keeps at most half again its retention, numbering batches from the run start', () => {
  const { messages, engine, peak } = host({ samples: 100, events: 1 });
  expect(messages.some((m) => m.type === 'status' && m.status.status === 'done')).toBe(true);
  expect(peak).toBeLessThanOrEqual(150);
  expect(engine.sampleCount()).toBeLessThanOrEqual(150);
  // Every sample of the run was posted exactly once, in order.
  let next = 0;
  let events = 0;
  for (const b of batches(messages)) {
    expect(b.firstSample).toBe(next);
    next += b.times.length;
    expect(b.firstEvent).toBe(events);
    events += b.events.length;
  }
  expect(next).toBe(1001);
  // …and every event: as many as a host that keeps everything posts.
  const all = batches(host(null).messages).reduce((n, b) => n + b.events.length, 0);
  expect(events).toBe(all);
  expect(engine.eventCount()).toBeLessThanOrEqual(2);
});

it('Export CSV adds notes.txt saying what the page left out; nothing when it kept everything', async () => {
  const capped = host({ samples: 100, events: 4 });
  capped.h.handle({ type: 'exportCsv', requestId: 1 });
  const csv = capped.messages.find((m) => m.type === 'csv');
  if (csv?.type !== 'csv') throw new Error('no csv answer');
  expect(Object.keys(csv.files).sort()).toEqual([
    'events.csv',
    'links.csv',
    'notes.txt',
    'queues.csv',
    'summary.csv',
    'timeseries.csv',
  ]);
  expect(csv.files['notes.txt']).toMatch(
    /^timeseries\.csv and queues\.csv hold the last \d+ samples, from [\d.]+ s on: the page keeps at most 100 samples/,
  );
  expect(csv.files['notes.txt']).toMatch(/events\.csv holds the last \d+ protocol events: the page keeps at most 4/);
  expect(csv.files['notes.txt']).toMatch(/npm run sim/);

  const whole = host(null);
  whole.h.handle({ type: 'exportCsv', requestId: 1 });
  const all = whole.messages.find((m) => m.type === 'csv');
  if (all?.type !== 'csv') throw new Error('no csv answer');
  expect(Object.keys(all.files)).not.toContain('notes.txt');
  // The summary covers the whole run either way.
  expect(csv.files['summary.csv']).toBe(all.files['summary.csv']);
});

it('answers the watchdog at once', () => {
  const { h, messages } = host(null);
  h.handle({ type: 'ping', id: 42 });
  expect(messages.at(-1)).toEqual({ type: 'pong', id: 42 });
});
