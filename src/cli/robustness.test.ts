/**
 * The runner against the inputs that used to hang it, crash it or flood its
 * stderr (issue list of "Robustness"), with the real engine and an
 * in-memory file system: each gives field-path lines, exit 2 and no files,
 * promptly; warnings and the memory budget behave as documented.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { streamRun } from '../engine/output/csv-stream';
import { main, type SimIo } from './main';

const root = fileURLToPath(new URL('../../', import.meta.url));
const SINGLE = readFileSync(`${root}scenarios/single-drop-reno.json`, 'utf8');

function harness(input: string) {
  const files = new Map<string, string>([['s.json', input]]);
  const dirs: string[] = [];
  let stdout = '';
  let stderr = '';
  const io: SimIo = {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    readFile: async (p) => {
      const t = files.get(p);
      if (t === undefined) throw new Error(`ENOENT: ${p}`);
      return t;
    },
    writeFile: async (p, t) => void files.set(p, t),
    mkdir: async (p) => void dirs.push(p),
    createWriter: (p) => {
      files.set(p, '');
      return {
        write: (t) => void files.set(p, files.get(p)! + (typeof t === 'string' ? t : new TextDecoder().decode(t))),
        close: () => {},
      };
    },
    rename: async (from, to) => {
      files.set(to, files.get(from)!);
      files.delete(from);
    },
    remove: async (p) => void files.delete(p),
  };
  return {
    io,
    files,
    dirs,
    err: () => stderr,
    out: () => stdout,
    run: (...flags: string[]) =>
      main(['s.json', '--out', 'out', ...flags], io, (s, sink, streams) => streamRun(s, sink, { streams })),
  };
}

const scenario = (change: (s: any) => void): string => {
  const s = JSON.parse(SINGLE);
  change(s);
  return JSON.stringify(s);
};

describe('inputs that broke the runner', () => {
  it('a window of 2.7e8 segments (it hung the engine) is refused at its field', async () => {
    for (const window of [2.7e8, 1e308]) {
      const h = harness(scenario((s) => (s.flows[0].tcp.window = window)));
      expect(await h.run()).toBe(2);
      expect(h.err()).toMatch(/^s\.json: flows\[0\]\.tcp\.window: must be at most 1000000 \(got /m);
      expect(h.dirs).toEqual([]);
    }
  });

  it('a ui nested 100,000 deep (it overflowed the stack) is refused, with or without overrides', async () => {
    const deep = SINGLE.replace(/^\{/, `{"ui": ${'['.repeat(100_000)}${']'.repeat(100_000)},`);
    for (const flags of [[], ['--seed', '3']]) {
      const h = harness(deep);
      expect(await h.run(...flags)).toBe(2);
      expect(h.err()).toBe(
        's.json: ui: is nested too deeply: at most 32 levels of lists and objects (at [0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0])\n',
      );
      expect(h.dirs).toEqual([]);
    }
  });

  it('a 1 MB unknown field gives one short line', async () => {
    const h = harness(scenario((s) => (s['x'.repeat(1_000_000)] = 1)));
    expect(await h.run()).toBe(2);
    const lines = h.err().trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]!.length).toBeLessThan(1000);
    expect(lines[0]).toMatch(/^s\.json: x{39}…: unknown field/);
  });

  it('a JSON syntax error is one line naming its line and column', async () => {
    const h = harness('{\n  "name": "x"\n  "duration": 5\n}');
    expect(await h.run()).toBe(2);
    expect(h.err()).toBe(
      `s.json: (file): is not valid JSON: expected ',' or '}' after a value, found '"' (line 3, column 3)\n`,
    );
  });

  it('a file over 50,000,000 characters is refused before it is parsed', async () => {
    const h = harness(' '.repeat(50_000_001));
    expect(await h.run()).toBe(2);
    expect(h.err()).toBe('s.json: (file): is too large for a scenario: 50000001 characters, at most 50000000\n');
  });

  it('a byte-order mark is skipped, overrides included', async () => {
    const h = harness(`\uFEFF${scenario((s) => delete s.measure)}`);
    expect(await h.run('--seed', '9', '--duration', '0.5')).toBe(0);
    expect(h.err()).toMatch(/\(0\.5 s simulated/);
  });
});

describe('warnings', () => {
  it('are printed as "warning: path: message" and leave the exit code at 0', async () => {
    const h = harness(scenario((s) => (s.flows[0].start = 20)));
    expect(await h.run()).toBe(0);
    const lines = h.err().trimEnd().split('\n');
    expect(lines[0]).toBe('warning: flows[0].start: is at or after the end of the run (10 s): this flow sends nothing');
    expect(lines[1]).toMatch(/^wrote 5 files to out\//);
  });

  it('come beside the errors of an invalid scenario', async () => {
    const h = harness(scenario((s) => ((s.flows[0].start = 20), (s.links[0].a = 'nowhere'))));
    expect(await h.run()).toBe(2);
    expect(h.err()).toMatch(/^s\.json: links\[0\]\.a: unknown node "nowhere".*\nwarning: flows\[0\]\.start: /);
  });
});

describe('the memory budget', () => {
  // 200 flows with windows of a million segments: their receivers' rings alone take 800 MB.
  const huge = scenario((s) => {
    s.flows = Array.from({ length: 200 }, (_, i) => ({ ...s.flows[0], id: `f${i}`, tcp: { window: 1_000_000 } }));
    s.faults = [];
  });

  it('refuses a run estimated over 1 GB, naming the field and the flag', async () => {
    const h = harness(huge);
    expect(await h.run()).toBe(2);
    expect(h.err()).toMatch(
      /^s\.json: flows\[0\]\.tcp\.window: the run would need about [\d.]+ GB of memory, more than the 1 GB allowed; most of it .* for the rings sized from the windows of 200 TCP flows \(up to 1000000 segments\): use a smaller tcp\.window \(run with --max-memory to allow more\)\n$/,
    );
    expect(h.dirs).toEqual([]);
  });

  it('--max-memory raises the budget, or lowers it', async () => {
    const short = (s: any) => ((s.duration = 0.1), delete s.measure);
    const small = harness(scenario(short));
    expect(await small.run('--max-memory', '10MB')).toBe(2);
    expect(small.err()).toMatch(/more than the 10 MB allowed/);
    const ok = harness(scenario(short));
    expect(await ok.run('--max-memory=2GB')).toBe(0);
  });

  it('a bad --max-memory is a usage error', async () => {
    const h = harness(SINGLE);
    expect(await h.run('--max-memory', 'lots')).toBe(2);
    expect(h.err()).toMatch(/^sim: --max-memory must be a size/);
  });
});

it('writes the same files as the whole run formatted at the end', async () => {
  const h = harness(SINGLE);
  expect(await h.run('--summary')).toBe(0);
  const { runScenario } = await import('../engine/run');
  const { runDataToCsv, CSV_FILE_NAMES } = await import('../engine/output/csv');
  const { parseScenarioText } = await import('../engine/scenario/index');
  const parsed = parseScenarioText(SINGLE);
  if (!parsed.ok) throw new Error('the shipped scenario is valid');
  const whole = runDataToCsv(runScenario(parsed.scenario));
  for (const name of CSV_FILE_NAMES) expect(h.files.get(`out/${name}`), name).toBe(whole[name]);
  expect(h.out()).toMatch(/^flow\s+kind\s+variant/);
});
