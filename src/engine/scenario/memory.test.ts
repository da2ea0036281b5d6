/** The memory estimate: what grows it, what does not, and the refusal it gives. */
import { describe, expect, it } from 'vitest';
import { dumbbell } from '../../../tests/support/scenarios';
import {
  CLI_MEMORY_BUDGET,
  estimateMemory,
  formatBytes,
  grouped,
  memoryIssues,
  PAGE_MEMORY_BUDGET,
  pageRetention,
  sampleBytes,
} from './memory';
import { runScenario } from '../run';
import { Simulator } from '../simulator';
import { QUEUE_COLUMNS } from '../../worker/protocol';
import { VARIANTS, type Scenario } from './types';

/** n Reno flows on a dumbbell; the duration and interval set afterwards (the estimate reads them as they are). */
const many = (flows: number, o: { window?: number; duration?: number; sampleInterval?: number } = {}): Scenario => {
  const s = dumbbell({ variants: Array.from({ length: flows }, () => 'reno'), window: o.window ?? 100, duration: 20 });
  const duration = o.duration ?? 20;
  return { ...s, duration, measure: { from: 0, to: duration }, sampleInterval: o.sampleInterval ?? s.sampleInterval };
};

describe('estimateMemory', () => {
  it('grows with the windows', () => {
    const small = estimateMemory(many(10, { window: 100 }), 'stream').bytes;
    const big = estimateMemory(many(10, { window: 100_000 }), 'stream').bytes;
    // Each receiver keeps a ring of 4 bytes per segment of its window (tcp/receiver.ts).
    expect(big).toBeGreaterThan(small + 10 * 4 * 100_000);
  });

  it('does not grow with simulated time when rows are streamed or capped', () => {
    for (const keeping of ['stream', 'page'] as const) {
      const short = estimateMemory(many(20, { duration: 100 }), keeping).bytes;
      const long = estimateMemory(many(20, { duration: 100_000, sampleInterval: 0.05 }), keeping).bytes;
      expect(long, keeping).toBe(short);
    }
  });

  it('counts every sample when a run keeps them all', () => {
    // The issue's case: 200 flows, 2,000,000 samples — 7.8 GB when the runner kept everything.
    const s = many(200, { duration: 20_000, sampleInterval: 0.01 });
    expect(estimateMemory(s, 'all').bytes).toBeGreaterThan(8e9);
    expect(estimateMemory(s, 'all').parts[0]!.path).toBe('sampleInterval');
    expect(estimateMemory(s, 'stream').bytes).toBeLessThan(CLI_MEMORY_BUDGET);
    expect(estimateMemory(s, 'page').bytes).toBeLessThan(PAGE_MEMORY_BUDGET);
  });
});

describe('memoryIssues', () => {
  it('is empty within the budget', () => {
    expect(memoryIssues(many(2), 'stream', CLI_MEMORY_BUDGET, '')).toEqual([]);
  });

  it('names the field with the largest share and how to need less', () => {
    const issues = memoryIssues(
      many(200, { window: 1_000_000 }),
      'stream',
      CLI_MEMORY_BUDGET,
      'run with --max-memory to allow more',
    );
    expect(issues).toHaveLength(1);
    expect(issues[0]!.path).toBe('flows[0].tcp.window');
    expect(issues[0]!.message).toMatch(
      /^the run would need about [\d.]+ GB of memory, more than the 1 GB allowed; most of it \([\d.]+ GB\) for the rings sized from the windows of 200 TCP flows \(up to 1000000 segments\): use a smaller tcp\.window \(run with --max-memory to allow more\)$/,
    );
  });
});

it('the page keeps fewer samples of a bigger network, never fewer than 64', () => {
  expect(pageRetention(many(1)).samples).toBeGreaterThan(pageRetention(many(20)).samples);
  const s = many(1);
  const huge = {
    ...s,
    flows: Array.from({ length: 1000 }, () => s.flows[0]!),
    links: Array.from({ length: 5000 }, () => s.links[0]!),
  };
  expect(pageRetention(huge).samples).toBe(64);
});

it('formatBytes', () => {
  expect([formatBytes(512), formatBytes(3400), formatBytes(512e6), formatBytes(1e9), formatBytes(4.23e9)]).toEqual([
    '512 B',
    '3.4 kB',
    '512 MB',
    '1 GB',
    '4.2 GB',
  ]);
});

describe('the per-sample estimate', () => {
  // The estimate counts each variant's series columns without running; a new
  // variant's trace columns must be counted too, or long runs of it are underestimated.
  it.each(VARIANTS)('counts the columns a %s run records', (variant) => {
    const s = { ...dumbbell({ variants: [variant], window: 20, duration: 0.2 }), sampleInterval: 0.1 };
    const run = runScenario(s);
    expect(sampleBytes(s)).toBe(8 + 1 * (run.seriesColumns.length + 1) * 8 + s.links.length * 2 * 6 * 8);
  });

  // Likewise each discipline's control variables and a changing capacity (queues.csv's extra columns).
  it.each([
    ['codel', undefined],
    ['fqcodel', undefined],
    ['pie', undefined],
    ['droptail', [{ at: 0.1, bandwidth: 1e6, from: null }]],
  ] as const)('counts the queue columns a %s link records', (type, schedule) => {
    const loaded = dumbbell({ variants: ['reno'], window: 20, duration: 0.2, queue: { type } });
    const links = loaded.links.map((l, i) => (i === 0 && schedule ? { ...l, schedule: [...schedule] } : l));
    const s = { ...loaded, sampleInterval: 0.1, links } as Scenario;
    const run = runScenario(s);
    expect(run.queueColumns.length).toBeGreaterThan(0);
    expect(sampleBytes(s)).toBe(
      8 + 1 * (run.seriesColumns.length + 1) * 8 + s.links.length * 2 * (6 + run.queueColumns.length) * 8,
    );
  });

  // The page's worker sends QUEUE_COLUMNS of every direction in each batch, read
  // from the columns the engine records: each must be one the estimate counts
  // (queue_pkts, queue_bytes, red_avg, sojourn_ms, drops, ecn_marks, and the
  // extra columns such as capacity_kbps), or the page would hold more than it says.
  it('counts every queue column the page’s worker sends', () => {
    const loaded = dumbbell({ variants: ['reno'], window: 20, duration: 0.5, queue: { type: 'red' } });
    const links = loaded.links.map((l, i) =>
      i === 0 ? { ...l, schedule: [{ at: 0.2, bandwidth: 1e6, from: null }] } : l,
    );
    const s = { ...loaded, sampleInterval: 0.1, links } as Scenario;
    const sim = new Simulator(s);
    sim.run();
    const counted = new Set([
      'queue_pkts',
      'queue_bytes',
      'red_avg',
      'sojourn_ms',
      'drops',
      'ecn_marks',
      ...sim.runData().queueColumns,
    ]);
    expect(counted.size).toBe(6 + sim.runData().queueColumns.length);
    const n = sim.sampleCount();
    for (const c of QUEUE_COLUMNS) {
      expect(counted.has(c), c).toBe(true);
      const values = [...sim.queueIds.keys()].flatMap((q) => [...sim.queueColumn(q, c, 0, n)]);
      expect(
        values.some((v) => Number.isFinite(v)),
        c,
      ).toBe(true);
    }
  });
});

describe('grouped', () => {
  it('groups thousands as toLocaleString("en") does', () => {
    const values = [
      0,
      7,
      12,
      999,
      1000,
      1001,
      12_345,
      999_999,
      1_000_000,
      1_234_567,
      2 ** 40 + 3,
      -4_321,
      3.5,
      Infinity,
    ];
    for (const n of values) expect(grouped(n), String(n)).toBe(n.toLocaleString('en'));
  });
});
