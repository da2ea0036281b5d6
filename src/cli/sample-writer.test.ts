/**
 * The sampled files written on a thread of their own (sample-writer.ts) are
 * byte for byte the files the run writes itself, and a write that fails stops
 * the run with the writer's message. The writer thread runs the prebuilt
 * build/sample-writer.cjs, as it does for users.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CSV_FILE_NAMES, type CsvFileName } from '../engine/output/csv';
import { streamRun } from '../engine/output/csv-stream';
import { writeSampleBlock, type SampleBlock, type SampleLayout } from '../engine/output/sample-block';
import { parseScenarioText } from '../engine/scenario/index';
import { SampleWriter, WRITER_LIMITS } from './sample-writer';
import { sampleRows, WRITER_THREAD_ROWS, writerThreadAsked, writerThreadWanted } from './writer-thread-choice';
import type { Scenario } from '../engine/scenario/types';

const root = resolve(__dirname, '../..');
const bundle = join(root, 'build', 'tcplab.mjs');
const writerEntry = pathToFileURL(join(root, 'build', 'sample-writer.cjs'));
const work = mkdtempSync(join(tmpdir(), 'tcplab-writer-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The two files' text as the run formats `blocks` itself. */
function formatted(layout: SampleLayout, blocks: readonly SampleBlock[]): { timeseries: string; queues: string } {
  const text = { timeseries: '', queues: '' };
  for (const block of blocks)
    writeSampleBlock(layout, block, 3, (file, t) => {
      if (file === 'timeseries.csv') text.timeseries += t;
      else text.queues += t;
    });
  return text;
}

/** The two files' text as a writer thread writes `blocks`, into files named after `name`. */
async function throughThread(
  name: string,
  layout: SampleLayout,
  blocks: readonly SampleBlock[],
): Promise<{ timeseries: string; queues: string }> {
  const paths = { timeseries: join(work, `${name}-ts.csv`), queues: join(work, `${name}-q.csv`) };
  const fds = { timeseries: openSync(paths.timeseries, 'w'), queues: openSync(paths.queues, 'w') };
  const writer = new SampleWriter(writerEntry).begin(layout, fds);
  try {
    for (const block of blocks) writer.write(block);
    await writer.finish();
  } finally {
    await writer.close();
    closeSync(fds.timeseries);
    closeSync(fds.queues);
  }
  return { timeseries: readFileSync(paths.timeseries, 'utf8'), queues: readFileSync(paths.queues, 'utf8') };
}

function tcplab(...args: string[]) {
  return spawnSync(process.execPath, [bundle, ...args], { cwd: root, encoding: 'utf8', timeout: 120_000 });
}

describe('the sample writer thread', () => {
  it('writes the files the run writes itself, byte for byte', () => {
    const file = join(root, 'bench', 'dumbbell-22.json');
    const parsed = parseScenarioText(readFileSync(file, 'utf8'));
    if (!parsed.ok) throw new Error('the scenario does not load');
    const scenario = { ...parsed.scenario, duration: 5 };
    const threaded = tcplab('sim', file, '--duration', '5', '--out', join(work, 'threaded'), '--writer-thread');
    const single = tcplab('sim', file, '--duration', '5', '--out', join(work, 'single'));
    expect(threaded.status, threaded.stderr).toBe(0);
    expect(single.status, single.stderr).toBe(0);
    const want = new Map<CsvFileName, string>(CSV_FILE_NAMES.map((n) => [n, '']));
    streamRun(scenario, { write: (name, text) => want.set(name, want.get(name)! + text) });
    for (const name of CSV_FILE_NAMES) {
      expect(readFileSync(join(work, 'threaded', name), 'utf8'), name).toBe(want.get(name));
      expect(readFileSync(join(work, 'single', name), 'utf8'), name).toBe(want.get(name));
    }
  }, 120_000);

  it('stops the run with the writer’s message when a write fails', async () => {
    const layout: SampleLayout = {
      flowIds: ['a'],
      seriesColumns: ['cwnd'],
      queueIds: [{ link: 'l', from: 'x' }],
      queueColumns: [],
    };
    // A descriptor open for reading only: every write to it fails (EBADF).
    const path = join(work, 'read-only.csv');
    writeFileSync(path, '');
    const fd = openSync(path, 'r');
    const writer = new SampleWriter(writerEntry).begin(layout, { timeseries: fd, queues: fd });
    const block = () => ({
      times: new Float64Array([0, 0.01]),
      flowRows: new Float64Array([1, 0, 2, 0]),
      queueRows: new Float64Array(12),
    });
    try {
      let failure: unknown;
      try {
        for (let i = 0; i < 20; i++) writer.write(block());
        await writer.finish();
      } catch (e) {
        failure = e;
      }
      expect(String(failure)).toMatch(/writing timeseries\.csv and queues\.csv failed: .*EBADF/);
    } finally {
      await writer.close();
      closeSync(fd);
    }
  }, 60_000);

  it('writes blocks far larger than its young generation, byte for byte', async () => {
    // 3,000 flows and 3,000 link directions: one sample is 6,000 rows, a
    // block's text is a good part of the thread's young generation and the
    // run's text a few times it, so a bound that broke the writer would show
    // here.
    expect(WRITER_LIMITS.maxYoungGenerationSizeMb).toBeLessThanOrEqual(8);
    const flows = 3000;
    const layout: SampleLayout = {
      flowIds: Array.from({ length: flows }, (_, i) => `flow ${i}`),
      seriesColumns: ['cwnd', 'ssthresh', 'srtt_ms'],
      queueIds: Array.from({ length: flows }, (_, i) => ({ link: `l${i}`, from: `n${i}` })),
      queueColumns: ['marks'],
    };
    const samples = 8;
    const block = (b: number): SampleBlock => {
      const times = Float64Array.from({ length: samples }, (_, i) => (b * samples + i) * 0.01);
      // Per flow: its 3 series columns and its cumulative bytes; per direction: 4 queue values and 1 column.
      const flowRows = Float64Array.from({ length: samples * flows * 4 }, (_, i) => ((i * 7919 + b) % 100_003) / 7);
      const queueRows = Float64Array.from({ length: samples * flows * 5 }, (_, i) => (i * 104_729 + b) % 613);
      return { times, flowRows, queueRows };
    };
    const blocks = Array.from({ length: 10 }, (_, b) => block(b));
    const want = formatted(layout, blocks);
    const got = await throughThread('big', layout, blocks);
    expect(want.timeseries.length + want.queues.length).toBeGreaterThan(
      2 * WRITER_LIMITS.maxYoungGenerationSizeMb * 1e6,
    );
    expect(got).toEqual(want);
  }, 60_000);
});

describe('the slots blocks are copied into', () => {
  it('carry blocks of every length in turn, growing and shrinking, byte for byte', async () => {
    // Each slot is reused every MAX_PENDING blocks, grows when a block does not
    // fit (and is sent again), and keeps its size for shorter ones after: the
    // thread must read each block at its own length, never a longer one's tail.
    const layout: SampleLayout = {
      flowIds: ['a', 'b'],
      seriesColumns: ['cwnd'],
      queueIds: [{ link: 'l', from: 'x' }],
      queueColumns: [],
    };
    const lengths = [1, 9, 2, 30, 1, 3, 31, 4, 2, 60, 1, 1, 5];
    let t = 0;
    const blocks = lengths.map((n, b): SampleBlock => {
      const times = Float64Array.from({ length: n }, () => t++ * 0.01);
      // Per flow: cwnd, then cumulative bytes; per direction: the 6 queue values.
      const flowRows = Float64Array.from({ length: n * 2 * 2 }, (_, i) => b * 1000 + i);
      const queueRows = Float64Array.from({ length: n * 6 }, (_, i) => (b + i) % 50);
      return { times, flowRows, queueRows };
    });
    expect(await throughThread('slots', layout, blocks)).toEqual(formatted(layout, blocks));
  }, 60_000);
});

describe('when a run starts the writer thread', () => {
  const parsed = parseScenarioText(readFileSync(join(root, 'bench', 'dumbbell-22.json'), 'utf8'));
  if (!parsed.ok) throw new Error('bench/dumbbell-22.json does not load');
  const dumbbell = (duration: number): Scenario => ({ ...parsed.scenario, duration });

  it("counts a run's sample rows: samples (the first at 0) × (flows + link directions)", () => {
    // 22 flows and 45 links, every 0.01 s.
    expect(sampleRows(dumbbell(100))).toBe(10_001 * 112);
  });

  it('by default from WRITER_THREAD_ROWS rows on', () => {
    const small = dumbbell(1); // 101 samples × 112 rows
    const large = dumbbell(100);
    expect(sampleRows(small)).toBeLessThan(WRITER_THREAD_ROWS);
    expect(sampleRows(large)).toBeGreaterThanOrEqual(WRITER_THREAD_ROWS);
    expect(writerThreadWanted(small)).toBe(false);
    expect(writerThreadWanted(large, {})).toBe(true);
  });

  it('as --writer-thread and --single-thread say, whatever the size', () => {
    expect(writerThreadWanted(dumbbell(0.001), { writerThread: true })).toBe(true);
    expect(writerThreadWanted(dumbbell(100), { singleThread: true })).toBe(false);
  });

  it('starts early unless the command line says --single-thread', () => {
    expect(writerThreadAsked(['a.json', '--out', 'o'])).toBe(true);
    expect(writerThreadAsked(['a.json', '--out', 'o', '--single-thread'])).toBe(false);
  });
});

describe('a writer thread started early and not wanted', () => {
  it('does not keep `npm run sim` alive after a small run (it ends by itself, without process.exit)', () => {
    const out = join(work, 'small');
    const r = spawnSync(
      process.execPath,
      ['scripts/run-ts.mjs', 'src/cli/sim.ts', 'bench/dumbbell-22.json', '--duration', '0.001', '--out', out],
      { cwd: root, encoding: 'utf8', timeout: 30_000 },
    );
    expect(r.error).toBeUndefined();
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/wrote 5 files/);
  }, 60_000);
});
