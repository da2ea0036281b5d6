import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSerial, SweepRunError } from '../experiment/pool';
import { smallBase, smallSweep } from '../experiment/test-fixtures';
import type { CliIo } from './main';
import { main, parseArgs, progressLine, progressReporter, USAGE, type SweepDeps } from './sweep-main';

const json = (o: unknown) => JSON.stringify(o, null, 2);

interface Harness {
  io: CliIo;
  files: Map<string, string>;
  dirs: string[];
  reads: string[];
  out: () => string;
  err: () => string;
  deps: SweepDeps;
  workersAsked: number[];
}

function harness(inputs: Record<string, string>, deps: Partial<SweepDeps> = {}): Harness {
  const files = new Map(Object.entries(inputs));
  const dirs: string[] = [];
  const reads: string[] = [];
  const workersAsked: number[] = [];
  let stdout = '';
  let stderr = '';
  let clock = 0;
  return {
    files,
    dirs,
    reads,
    workersAsked,
    out: () => stdout,
    err: () => stderr,
    io: {
      stdout: (t) => void (stdout += t),
      stderr: (t) => void (stderr += t),
      readFile: async (p) => {
        reads.push(p);
        const t = files.get(p);
        if (t === undefined) throw new Error(`ENOENT: no such file or directory, open '${p}'`);
        return t;
      },
      writeFile: async (p, t) => void files.set(p, t),
      mkdir: async (p) => void dirs.push(p),
    },
    deps: {
      runTasks: (tasks, workers, onProgress) => (workersAsked.push(workers), runSerial(tasks, onProgress)),
      cores: 2,
      // Each reading of the clock advances it 100 ms, so times in messages are fixed.
      now: () => (clock += 100),
      stderrIsTTY: false,
      ...deps,
    },
  };
}

function written(h: Harness, inputs: string[]): string[] {
  return [...h.files.keys()].filter((k) => !inputs.includes(k)).sort();
}

describe('parseArgs', () => {
  it('reads the sweep file and the options', () => {
    expect(parseArgs(['s.json', '--out', 'o'])).toEqual({
      help: false,
      options: { file: 's.json', out: 'o', workers: undefined, summary: false, dryRun: false },
    });
    expect(parseArgs(['--workers=3', 's.json', '--out=o', '--summary'])).toMatchObject({
      options: { workers: 3, summary: true },
    });
    expect(parseArgs(['s.json', '--dry-run'])).toMatchObject({ options: { dryRun: true, out: undefined } });
    expect(parseArgs(['-h'])).toEqual({ help: true });
  });

  it('says what is wrong', () => {
    expect(parseArgs([])).toEqual({ error: 'no sweep file given' });
    expect(parseArgs(['s.json'])).toEqual({ error: '--out <dir> is required' });
    expect(parseArgs(['s.json', 't.json', '--out', 'o'])).toEqual({
      error: 'one sweep file expected, got s.json and t.json',
    });
    expect(parseArgs(['s.json', '--out'])).toEqual({ error: '--out needs a value' });
    expect(parseArgs(['s.json', '--out', 'o', '--workers', '0'])).toEqual({
      error: '--workers must be a whole number from 1 to 1024 (got "0")',
    });
    expect(parseArgs(['s.json', '--out', 'o', '--workers', 'two'])).toEqual({
      error: '--workers must be a whole number from 1 to 1024 (got "two")',
    });
    expect(parseArgs(['s.json', '--out', 'o', '--fast'])).toEqual({ error: 'unknown option --fast' });
  });
});

describe('a valid sweep', () => {
  it('runs every point, writes runs.csv, table.csv and ttest.csv, and reports progress on stderr', async () => {
    const h = harness({ 's.json': json(smallSweep()) });
    expect(await main(['s.json', '--out', 'out'], h.io, h.deps)).toBe(0);
    expect(h.dirs).toEqual(['out']);
    expect(written(h, ['s.json'])).toEqual(['out/runs.csv', 'out/table.csv', 'out/ttest.csv']);
    expect(h.files.get('out/runs.csv')!.split('\n')).toHaveLength(1 + 12 + 1);
    expect(h.files.get('out/table.csv')!.split('\n')).toHaveLength(1 + 4 + 1);
    expect(h.workersAsked).toEqual([2]);
    const err = h.err().split('\n');
    expect(err[0]).toBe('sweep: Small sweep: 2 × 2 points × 3 repetitions = 12 runs on 2 workers');
    // Not a terminal: a line each time another tenth is done (runs 1 and 7 complete no new tenth).
    expect(err.filter((l) => l.startsWith('['))).toEqual([
      '[2/12] 16% 0.2 s elapsed, ~1.0 s left',
      '[3/12] 25% 0.3 s elapsed, ~0.9 s left',
      '[4/12] 33% 0.4 s elapsed, ~0.8 s left',
      '[5/12] 41% 0.5 s elapsed, ~0.7 s left',
      '[6/12] 50% 0.6 s elapsed, ~0.6 s left',
      '[8/12] 66% 0.8 s elapsed, ~0.4 s left',
      '[9/12] 75% 0.9 s elapsed, ~0.3 s left',
      '[10/12] 83% 1.0 s elapsed, ~0.2 s left',
      '[11/12] 91% 1.1 s elapsed, ~0.1 s left',
      '[12/12] 100% 1.2 s elapsed',
    ]);
    expect(err.at(-2)).toMatch(
      /^wrote runs\.csv, table\.csv, ttest\.csv to out\/ \(12 runs, [\d.]+ k events, 1\.3 s wall, 2 workers\)$/,
    );
    expect(h.out()).toBe('');
  });

  it('gives the same bytes with one worker as with several', async () => {
    const a = harness({ 's.json': json(smallSweep()) });
    const b = harness({ 's.json': json(smallSweep()) });
    await main(['s.json', '--out', 'o', '--workers', '1'], a.io, a.deps);
    await main(['s.json', '--out', 'o', '--workers', '8'], b.io, b.deps);
    expect(a.workersAsked).toEqual([1]);
    expect(b.workersAsked).toEqual([8]);
    for (const f of ['o/runs.csv', 'o/table.csv', 'o/ttest.csv']) expect(a.files.get(f)).toBe(b.files.get(f));
  });

  it('reads a base scenario file relative to the sweep file', async () => {
    const sweep = { ...smallSweep(), base: '../scenarios/base.json' };
    const h = harness({ 'sweeps/s.json': json(sweep), 'scenarios/base.json': json(smallBase()) });
    expect(await main(['sweeps/s.json', '--out', 'out'], h.io, h.deps)).toBe(0);
    expect(h.reads).toEqual(['sweeps/s.json', 'scenarios/base.json']);
  });

  it('--summary prints the means and CI half-widths', async () => {
    const h = harness({ 's.json': json(smallSweep()) });
    expect(await main(['s.json', '--out', 'out', '--summary'], h.io, h.deps)).toBe(0);
    const lines = h.out().trimEnd().split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatch(/^variant\s+cbr_kbps\s+A\.throughput_kbps\s+±95%\s+A\.timeouts\s+±95%\s+jain_A_U\s+±95%$/);
    expect(lines[1]).toMatch(/^reno\s+300\s+\d/);
  });

  it('--dry-run lists the points and writes nothing', async () => {
    const h = harness({ 's.json': json(smallSweep()) });
    expect(await main(['s.json', '--dry-run'], h.io, h.deps)).toBe(0);
    expect(h.out()).toBe(
      'Small sweep: 2 × 2 points × 3 repetitions = 12 runs, seeds 7 … 9\n' +
        'point  variant  cbr_kbps\n' +
        '    0  reno          300\n' +
        '    1  reno          600\n' +
        '    2  newreno       300\n' +
        '    3  newreno       600\n',
    );
    expect(h.workersAsked).toEqual([]);
    expect(h.dirs).toEqual([]);
  });

  it('--help shows the options', async () => {
    const h = harness({});
    expect(await main(['--help'], h.io, h.deps)).toBe(0);
    expect(h.out()).toContain(USAGE);
    expect(h.out()).toContain('here 2)');
  });
});

describe('failures', () => {
  it('an invalid sweep exits 2, prints one line per problem and writes nothing', async () => {
    const bad = {
      ...smallSweep(),
      repetitions: 0,
      parameters: [{ path: 'flows[1].rate', values: ['300kbps', 'fast'] }],
    };
    const h = harness({ 's.json': json(bad) });
    expect(await main(['s.json', '--out', 'out'], h.io, h.deps)).toBe(2);
    expect(h.err()).toBe('s.json: repetitions: must be at least 1 (got 0)\n');
    expect(h.dirs).toEqual([]);
    expect(written(h, ['s.json'])).toEqual([]);

    const h2 = harness({
      's.json': json({
        ...smallSweep(),
        parameters: [{ path: 'flows[1].rate', values: ['300kbps', 'fast'] }],
        comparisons: [],
      }),
    });
    expect(await main(['s.json', '--out', 'out'], h2.io, h2.deps)).toBe(2);
    expect(h2.err()).toBe(
      's.json: parameters[0].values[1]: flows[1].rate: must be a bandwidth such as "10Mbps" or a number of bit/s (got "fast")\n',
    );
  });

  it('a missing file, bad JSON or a missing base file exit 2', async () => {
    const h = harness({ 'bad.json': '{ nope', 's.json': json({ ...smallSweep(), base: 'none.json' }) });
    expect(await main(['x.json', '--out', 'o'], h.io, h.deps)).toBe(2);
    expect(h.err()).toMatch(/^sweep: cannot read x\.json: ENOENT/);
    expect(await main(['bad.json', '--out', 'o'], h.io, h.deps)).toBe(2);
    expect(h.err()).toMatch(/bad\.json: \(file\): is not valid JSON: /);
    expect(await main(['s.json', '--out', 'o'], h.io, h.deps)).toBe(2);
    expect(h.err()).toMatch(/s\.json: base: cannot read the base scenario "none\.json": ENOENT/);
    expect(h.dirs).toEqual([]);
  });

  it('a failing run exits 1 and names the run', async () => {
    const h = harness(
      { 's.json': json(smallSweep()) },
      { runTasks: async () => Promise.reject(new SweepRunError(4, 'no route')) },
    );
    expect(await main(['s.json', '--out', 'out'], h.io, h.deps)).toBe(1);
    expect(h.err()).toMatch(/sweep: s\.json: run p1-r1 \(variant = reno, cbr_kbps = 600, seed 8\) failed: no route\n$/);
    expect(h.dirs).toEqual([]);
  });

  it('a point over the memory budget (shared by the workers) exits 2 before any run, naming the field', async () => {
    // 200 flows sampled a million times each: every run would keep several GB of series.
    const base = smallBase() as { flows: object[]; duration: number; sampleInterval: number; faults: unknown[] };
    const big = {
      ...base,
      duration: 10_000,
      sampleInterval: 0.005,
      flows: Array.from({ length: 200 }, (_, i) => ({ ...base.flows[0], id: `f${i}` })),
      faults: [],
    };
    const sweep = {
      ...smallSweep(),
      base: big,
      parameters: [{ path: 'flows[0].variant', name: 'variant', values: ['reno', 'newreno'] }],
      metrics: ['f0.throughput_kbps'],
      comparisons: [],
    };
    const h = harness({ 's.json': json(sweep) }, { runTasks: () => Promise.reject(new Error('nothing may run')) });
    expect(await main(['s.json', '--out', 'out'], h.io, h.deps)).toBe(2);
    expect(h.err()).toMatch(
      /^s\.json: base\.sampleInterval: the run would need about [\d.]+ GB of memory, more than the 500 MB allowed; .*\(use fewer --workers\) \(at point 0\)\n$/,
    );
    expect(h.dirs).toEqual([]);
  });

  it('a usage error exits 2', async () => {
    const h = harness({});
    expect(await main(['--out', 'o'], h.io, h.deps)).toBe(2);
    expect(h.err()).toBe(`sweep: no sweep file given\n${USAGE}\n`);
  });
});

describe('progress', () => {
  it('formats a line with the time left', () => {
    expect(progressLine(12, 50, 3100)).toBe('[12/50] 24% 3.1 s elapsed, ~9.8 s left');
    expect(progressLine(50, 50, 9000)).toBe('[50/50] 100% 9.0 s elapsed');
  });

  it('on a terminal, redraws one line in place at most every 100 ms, then ends it', () => {
    let out = '';
    let t = 0;
    const p = progressReporter(
      4,
      true,
      (s) => (out += s),
      () => t,
    );
    t = 0;
    p.update(1);
    t = 50;
    p.update(2); // too soon: skipped
    t = 200;
    p.update(3);
    t = 210;
    p.update(4); // the last is always drawn
    p.finish();
    expect(out.split('\r').filter(Boolean)).toEqual([
      '[1/4] 25% 0.0 s elapsed, ~0.0 s left\u001b[K',
      '[3/4] 75% 0.2 s elapsed, ~0.1 s left\u001b[K',
      '[4/4] 100% 0.2 s elapsed\u001b[K\n',
    ]);
  });

  it('in a log, about ten lines for any number of runs', () => {
    const lines: string[] = [];
    const p = progressReporter(
      1000,
      false,
      (s) => lines.push(s),
      () => 0,
    );
    for (let i = 1; i <= 1000; i++) p.update(i);
    p.finish();
    expect(lines).toHaveLength(10);
    expect(lines[0]).toMatch(/^\[100\/1000\] 10%/);
  });
});

describe('npm run sweep (the bundled entry, with worker threads)', () => {
  const run = promisify(execFile);
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tcp-lab-sweep-'));
    await writeFile(join(dir, 'base.json'), json(smallBase()));
    await writeFile(join(dir, 's.json'), json({ ...smallSweep(), base: 'base.json' }));
    await writeFile(join(dir, 'bad.json'), json({ ...smallSweep(), metrics: ['A.throughput'] }));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  const sweep = (...args: string[]) =>
    run(process.execPath, ['scripts/run-ts.mjs', 'src/cli/sweep.ts', ...args], { cwd: process.cwd() });

  it('runs on two worker threads and gives the same bytes as in one thread', async () => {
    const two = await sweep(join(dir, 's.json'), '--out', join(dir, 'two'), '--workers', '2');
    expect(two.stderr).toMatch(/= 12 runs on 2 workers\n/);
    expect(two.stderr).toMatch(/\[12\/12\] 100% /);
    const one = await sweep(join(dir, 's.json'), '--out', join(dir, 'one'), '--workers', '1');
    expect(one.stderr).toMatch(/on 1 worker\n/);
    for (const f of ['runs.csv', 'table.csv', 'ttest.csv']) {
      const a = await readFile(join(dir, 'two', f), 'utf8');
      expect(a.length).toBeGreaterThan(100);
      expect(await readFile(join(dir, 'one', f), 'utf8')).toBe(a);
    }
  });

  it('exits 2 on an invalid sweep', async () => {
    const err = await sweep(join(dir, 'bad.json'), '--out', join(dir, 'bad')).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(err).toMatchObject({ code: 2 });
    expect((err as { stderr: string }).stderr).toMatch(/bad\.json: metrics\[0\]: unknown column "throughput"/);
  });
});
