import { describe, expect, it } from 'vitest';
import { BASE_SERIES_COLUMNS, type RunData } from '../engine/output/rundata';
import { parseScenarioText } from '../engine/scenario/index';
import type { Scenario } from '../engine/scenario/types';
import { main, parseArgs, textTable, USAGE, type CliIo } from './main';

const VALID = {
  version: 1,
  name: 'Single drop, Reno',
  seed: 1,
  duration: 20,
  nodes: [
    { id: 'server', kind: 'host' },
    { id: 'r1', kind: 'router' },
    { id: 'client', kind: 'host' },
  ],
  links: [
    { id: 'l1', a: 'server', b: 'r1', bandwidth: '10Mbps', delay: '1ms', queue: { type: 'droptail', limit: 50 } },
    { id: 'l2', a: 'r1', b: 'client', bandwidth: '1.5Mbps', delay: '10ms', queue: { type: 'droptail', limit: 20 } },
  ],
  flows: [
    { id: 'A', kind: 'tcp', variant: 'reno', from: 'server', to: 'client' },
    { id: 'U', kind: 'cbr', from: 'server', to: 'client', rate: '800kbps', packetSize: 1000 },
  ],
  faults: [{ kind: 'dropSegments', flow: 'A', seqs: [100] }],
};

const json = (o: unknown) => JSON.stringify(o, null, 2);

/** A small hand-made RunData, so these tests do not depend on the engine. */
function fakeRunData(extra: object = {}): RunData {
  const times = Float64Array.of(0, 0.01);
  const col = () => Float64Array.of(1, 2);
  return {
    times,
    seriesColumns: [...BASE_SERIES_COLUMNS],
    flowSeries: ['A', 'U'].map((flow) => ({
      flow,
      columns: Object.fromEntries(BASE_SERIES_COLUMNS.map((c) => [c, col()])),
    })),
    queueColumns: [],
    queueSeries: [
      {
        link: 'l2',
        from: 'r1',
        queue_pkts: col(),
        queue_bytes: col(),
        red_avg: Float64Array.of(NaN, NaN),
        sojourn_ms: col(),
        extra: {},
      },
    ],
    summary: [
      {
        flow: 'A',
        kind: 'tcp',
        variant: 'reno',
        from: 'server',
        to: 'client',
        throughput_kbps: 1398.123456,
        packets_sent: 3500,
        packets_delivered: 3490,
        retransmissions: 10,
        timeouts: 0,
        fast_retransmits: 1,
        drops: 10,
        drop_rate: 0.002857,
        avg_latency_ms: 35.2,
        avg_cwnd: 17.25,
        avg_ssthresh: 12,
        completion_s: null,
        ack_drops: 0,
      },
      {
        flow: 'U',
        kind: 'cbr',
        variant: '',
        from: 'server',
        to: 'client',
        throughput_kbps: 800,
        packets_sent: 2000,
        packets_delivered: 2000,
        retransmissions: 0,
        timeouts: 0,
        fast_retransmits: 0,
        drops: 0,
        drop_rate: 0,
        avg_latency_ms: 20.5,
        avg_cwnd: null,
        avg_ssthresh: null,
        completion_s: null,
        ack_drops: 0,
      },
    ],
    links: [
      {
        link: 'l2',
        from: 'r1',
        to: 'client',
        packets_forwarded: 5490,
        queue_drops: 10,
        fault_drops: 1,
        utilization: 0.99,
        avg_queue_pkts: 12.5,
        ecn_marks: 0,
      },
    ],
    events: [
      { time_s: 1.5, flow: 'A', event: 'drop', seq: 100, cwnd: 8, ssthresh: 1000, detail: 'dropSegments fault' },
    ],
    ...extra,
  };
}

interface Harness {
  io: CliIo;
  files: Map<string, string>;
  dirs: string[];
  out: () => string;
  err: () => string;
  runs: Scenario[];
  run: (s: Scenario) => RunData;
}

function harness(inputs: Record<string, string> = {}, data: RunData = fakeRunData()): Harness {
  const files = new Map(Object.entries(inputs));
  const dirs: string[] = [];
  let stdout = '';
  let stderr = '';
  const runs: Scenario[] = [];
  return {
    files,
    dirs,
    runs,
    out: () => stdout,
    err: () => stderr,
    run: (s) => {
      runs.push(s);
      return data;
    },
    io: {
      stdout: (t) => void (stdout += t),
      stderr: (t) => void (stderr += t),
      readFile: async (p) => {
        const t = files.get(p);
        if (t === undefined) throw new Error(`ENOENT: no such file or directory, open '${p}'`);
        return t;
      },
      writeFile: async (p, t) => void files.set(p, t),
      mkdir: async (p) => void dirs.push(p),
    },
  };
}

const OUTPUTS = ['summary.csv', 'timeseries.csv', 'queues.csv', 'links.csv', 'events.csv'];

/** What the harness holds beyond its inputs. */
function written(h: Harness, inputs: string[]): string[] {
  return [...h.files.keys()].filter((k) => !inputs.includes(k));
}

describe('a valid scenario', () => {
  it('runs, writes the five files into --out and says so on stderr', async () => {
    const h = harness({ 'a.json': json(VALID) });
    expect(await main(['a.json', '--out', 'out'], h.io, h.run)).toBe(0);
    expect(h.runs).toHaveLength(1);
    expect(h.runs[0].flows.map((f) => f.id)).toEqual(['A', 'U']);
    expect(h.dirs).toEqual(['out']);
    expect(written(h, ['a.json']).sort()).toEqual(OUTPUTS.map((f) => `out/${f}`).sort());
    expect(h.files.get('out/summary.csv')).toMatch(/^flow,kind,variant,from,to,throughput_kbps,/);
    expect(h.files.get('out/summary.csv')!.split('\n')[1]).toMatch(/^A,tcp,reno,server,client,1398.123,3500,/);
    expect(h.err()).toBe('wrote 5 files to out/ (20 s simulated)\n');
    expect(h.out()).toBe('');
  });

  it('reports the event count when RunData carries it', async () => {
    const h = harness({ 'a.json': json(VALID) }, fakeRunData({ eventsProcessed: 1_234_567 }));
    expect(await main(['a.json', '--out=res/'], h.io, h.run)).toBe(0);
    expect(h.files.has('res/events.csv')).toBe(true);
    expect(h.err()).toBe('wrote 5 files to res/ (20 s simulated, 1.2 M events)\n');
  });

  it('--summary prints summary.csv as an aligned table on stdout', async () => {
    const h = harness({ 'a.json': json(VALID) });
    expect(await main(['a.json', '--summary', '--out', 'out'], h.io, h.run)).toBe(0);
    const lines = h.out().trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^flow\s+kind\s+variant\s+from\s+to\s+throughput_kbps/);
    expect(lines[1]).toMatch(/^A\s+tcp\s+reno\s+server\s+client\s+1398\.123/);
    expect(lines[2]).toMatch(/^U\s+cbr\s+server\s+client\s+800\b/);
    // Numbers are right-aligned: the throughput column ends at the same place in every row.
    const end = (line: string, s: string) => line.indexOf(s) + s.length;
    expect(end(lines[1], '1398.123')).toBe(end(lines[2], '  800'));
    expect(end(lines[0], 'throughput_kbps')).toBe(end(lines[1], '1398.123'));
  });

  it('--seed and --duration override the file', async () => {
    const h = harness({ 'a.json': json(VALID) });
    expect(await main(['a.json', '--out', 'o', '--seed', '7', '--duration=5'], h.io, h.run)).toBe(0);
    expect(h.runs[0].seed).toBe(7);
    expect(h.runs[0].duration).toBe(5);
    expect(h.err()).toContain('(5 s simulated)');
  });
});

describe('an invalid scenario', () => {
  const bad = {
    ...VALID,
    links: [VALID.links[0], { ...VALID.links[1], bandwidth: 'fast' }],
    flows: [{ ...VALID.flows[0], variant: 'bbr9' }, VALID.flows[1]],
  };

  it('exits 2, writes nothing, and prints one line per issue naming the field path', async () => {
    const h = harness({ 'bad.json': json(bad) });
    expect(await main(['bad.json', '--out', 'out'], h.io, h.run)).toBe(2);
    expect(h.runs).toHaveLength(0);
    expect(h.dirs).toEqual([]);
    expect(written(h, ['bad.json'])).toEqual([]);

    const parsed = parseScenarioText(json(bad));
    expect(parsed.ok).toBe(false);
    const issues = parsed.ok ? [] : parsed.issues;
    const lines = h.err().trimEnd().split('\n');
    expect(lines).toHaveLength(issues.length);
    for (const line of lines) expect(line.startsWith('bad.json: ')).toBe(true);
    expect(lines.some((l) => l.startsWith('bad.json: links[1].bandwidth'))).toBe(true);
    expect(lines.some((l) => l.startsWith('bad.json: flows[0].variant'))).toBe(true);
  });

  it('exits 2 and writes nothing for text that is not JSON', async () => {
    const h = harness({ 'x.json': '{ "version": 1,' });
    expect(await main(['x.json', '--out', 'out'], h.io, h.run)).toBe(2);
    expect(h.dirs).toEqual([]);
    expect(written(h, ['x.json'])).toEqual([]);
    expect(h.err()).toMatch(/^x\.json: /);
  });

  it.each([
    [['--seed', 'abc'], /^a\.json: seed: .*--seed abc/m],
    [['--seed', '1.5'], /^a\.json: seed: /m],
    [['--duration', '-3'], /^a\.json: duration: .*--duration -3/m],
    [['--duration', 'soon'], /^a\.json: duration: /m],
  ])('a bad override %j is reported like a bad field', async (flags, want) => {
    const h = harness({ 'a.json': json(VALID) });
    expect(await main(['a.json', '--out', 'out', ...flags], h.io, h.run)).toBe(2);
    expect(h.err()).toMatch(want);
    expect(h.dirs).toEqual([]);
  });
});

describe('usage', () => {
  it.each([
    [[], /no scenario file/],
    [['a.json'], /--out <dir> is required/],
    [['a.json', '--out'], /--out needs a value/],
    [['a.json', '--out', 'o', '--frobnicate'], /unknown option --frobnicate/],
    [['a.json', 'b.json', '--out', 'o'], /one scenario file expected/],
    [['missing.json', '--out', 'o'], /cannot read missing\.json: ENOENT/],
  ])('%j exits 2 with a usage line and writes nothing', async (argv, want) => {
    const h = harness({ 'a.json': json(VALID) });
    expect(await main(argv, h.io, h.run)).toBe(2);
    expect(h.err()).toMatch(want);
    expect(h.err()).toContain(USAGE);
    expect(h.dirs).toEqual([]);
    expect(h.runs).toHaveLength(0);
  });

  it('--help prints usage on stdout and exits 0', async () => {
    const h = harness();
    expect(await main(['--help'], h.io, h.run)).toBe(0);
    expect(h.out()).toContain(USAGE);
    expect(h.err()).toBe('');
  });

  it('parseArgs takes both --flag value and --flag=value', () => {
    expect(parseArgs(['s.json', '--out=o', '--seed=3', '--duration', '2s', '--summary'])).toEqual({
      help: false,
      options: { file: 's.json', out: 'o', summary: true, seed: '3', duration: '2s' },
    });
  });
});

describe('failures after a valid parse', () => {
  it('a run that throws exits 1 and writes nothing', async () => {
    const h = harness({ 'a.json': json(VALID) });
    const code = await main(['a.json', '--out', 'o'], h.io, () => {
      throw new Error('no route from server to client');
    });
    expect(code).toBe(1);
    expect(h.err()).toContain('no route from server to client');
    expect(h.dirs).toEqual([]);
  });

  it('an unwritable --out exits 1', async () => {
    const h = harness({ 'a.json': json(VALID) });
    h.io.mkdir = async () => {
      throw new Error('EACCES: permission denied');
    };
    expect(await main(['a.json', '--out', '/root/x'], h.io, h.run)).toBe(1);
    expect(h.err()).toContain('cannot write to /root/x: EACCES');
  });
});

describe('textTable', () => {
  it('aligns text left and numbers right', () => {
    expect(
      textTable([
        ['id', 'n'],
        ['a', '5'],
        ['long', '-12.5'],
      ]),
    ).toBe('id        n\na         5\nlong  -12.5\n');
  });
});
