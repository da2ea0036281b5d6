import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CSV_FILE_NAMES, runDataToCsv } from '../engine/output/csv';
import type { CsvSink } from '../engine/output/csv-stream';
import { BASE_SERIES_COLUMNS, type RunData } from '../engine/output/rundata';
import { parseScenarioText } from '../engine/scenario/index';
import type { RunStreams } from '../engine/run';
import type { Scenario } from '../engine/scenario/types';
import { main, parseArgs, textTable, USAGE, type RunReport, type SimIo } from './main';

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
  io: SimIo;
  files: Map<string, string>;
  /** byte chunks written to each file, by path (the packet-level files) */
  bytes: Map<string, Uint8Array[]>;
  dirs: string[];
  out: () => string;
  err: () => string;
  runs: Scenario[];
  run: (s: Scenario, sink: CsvSink) => RunReport;
}

/** A fake run: the whole RunData's files, written into the sink at once. */
function writeAll(data: RunData, sink: CsvSink): RunReport {
  const files = runDataToCsv(data);
  for (const name of CSV_FILE_NAMES) sink.write(name, files[name]);
  return { eventsProcessed: data.eventsProcessed };
}

function harness(inputs: Record<string, string> = {}, data: RunData = fakeRunData()): Harness {
  const files = new Map(Object.entries(inputs));
  const bytes = new Map<string, Uint8Array[]>();
  const dirs: string[] = [];
  let stdout = '';
  let stderr = '';
  const runs: Scenario[] = [];
  return {
    files,
    bytes,
    dirs,
    runs,
    out: () => stdout,
    err: () => stderr,
    run: (s, sink) => {
      runs.push(s);
      return writeAll(data, sink);
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
      createWriter: (p) => {
        files.set(p, '');
        bytes.set(p, []);
        return {
          write: (t) => {
            if (typeof t === 'string') files.set(p, files.get(p)! + t);
            else bytes.get(p)!.push(t.slice());
          },
          close: () => {},
        };
      },
      rename: async (from, to) => {
        files.set(to, files.get(from)!);
        files.delete(from);
        bytes.set(to, bytes.get(from)!);
        bytes.delete(from);
      },
      remove: async (p) => {
        files.delete(p);
        bytes.delete(p);
      },
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
  it('a run that throws exits 1 and leaves no file, not even a partial one', async () => {
    const h = harness({ 'a.json': json(VALID) });
    const code = await main(['a.json', '--out', 'o'], h.io, (_s, sink) => {
      sink.write('timeseries.csv', 'time_s,flow\n0,A\n');
      throw new Error('no route from server to client');
    });
    expect(code).toBe(1);
    expect(h.err()).toContain('no route from server to client');
    expect(written(h, ['a.json'])).toEqual([]);
  });

  it('files appear under their names only once the run is done', async () => {
    const h = harness({ 'a.json': json(VALID), 'o/summary.csv': 'an older run\n' });
    let during: string[] = [];
    expect(
      await main(['a.json', '--out', 'o'], h.io, (_s, sink) => {
        sink.write('events.csv', 'time_s\n');
        during = [...h.files.keys()].sort();
        return {};
      }),
    ).toBe(0);
    expect(during).toEqual([...CSV_FILE_NAMES.map((n) => `o/${n}.partial`), 'a.json', 'o/summary.csv'].sort());
    expect(written(h, ['a.json']).sort()).toEqual(CSV_FILE_NAMES.map((n) => `o/${n}`).sort());
    expect(h.files.get('o/events.csv')).toBe('time_s\n');
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

describe('--pcap', () => {
  it('streams the capture into <out>/packets.pcap while the run goes', async () => {
    const h = harness({ 'a.json': json(VALID) });
    const run = (s: Scenario, sink: CsvSink, streams?: RunStreams) => {
      h.runs.push(s);
      // The folder exists before the run starts, and every chunk lands as it comes.
      expect(h.dirs).toEqual(['out']);
      streams?.pcap?.(Uint8Array.of(1, 2));
      streams?.pcap?.(Uint8Array.of(3));
      return writeAll(fakeRunData(), sink);
    };
    expect(await main(['a.json', '--out', 'out', '--pcap'], h.io, run)).toBe(0);
    expect(h.bytes.get('out/packets.pcap')).toEqual([Uint8Array.of(1, 2), Uint8Array.of(3)]);
    expect(h.err()).toContain('wrote 6 files to out/');
  });

  it('a failed run leaves no partial capture behind', async () => {
    const h = harness({ 'a.json': json(VALID) });
    const code = await main(['a.json', '--out', 'out', '--pcap'], h.io, (_s, _sink, streams) => {
      streams?.pcap?.(Uint8Array.of(1));
      throw new Error('boom');
    });
    expect(code).toBe(1);
    expect([...h.bytes.keys()].filter((k) => k.includes('packets.pcap'))).toEqual([]);
  });
});

describe('--ns2-trace', () => {
  it('streams the ns-2 trace into <out>/out.tr, beside the capture', async () => {
    const h = harness({ 'a.json': json(VALID) });
    const run = (_s: Scenario, sink: CsvSink, streams?: RunStreams) => {
      streams?.ns2Trace?.(Uint8Array.of(43));
      streams?.pcap?.(Uint8Array.of(1));
      return writeAll(fakeRunData(), sink);
    };
    expect(await main(['a.json', '--out', 'out', '--ns2-trace', '--pcap'], h.io, run)).toBe(0);
    expect(h.bytes.get('out/out.tr')).toEqual([Uint8Array.of(43)]);
    expect(h.bytes.get('out/packets.pcap')).toEqual([Uint8Array.of(1)]);
    expect(h.err()).toContain('wrote 7 files to out/');
  });
});

describe('--ns2-script', () => {
  it('writes the scenario as a self-contained ns-2 script', async () => {
    const h = harness({ 'a.json': json({ ...VALID, faults: [] }) });
    expect(await main(['a.json', '--out', 'out', '--ns2-script'], h.io, h.run)).toBe(0);
    const tcl = h.files.get('out/scenario.tcl')!;
    expect(tcl).toContain('proc v_tcp');
    expect(tcl).toContain('v_tcp A Reno server client ');
    expect(tcl).toContain('v_cbr U server client -rate 800000 ');
    expect(tcl.trimEnd().endsWith('v_run')).toBe(true);
    expect(h.err()).toContain('wrote 6 files to out/');
  });

  it('refuses, before running, a scenario ns-2 cannot express the same way', async () => {
    const h = harness({ 'a.json': json(VALID) });
    expect(await main(['a.json', '--out', 'out', '--ns2-script'], h.io, h.run)).toBe(2);
    expect(h.err()).toMatch(/^a\.json: --ns2-script: dropSegments: another flow leaves server/);
    expect(h.runs).toEqual([]);
    expect(h.dirs).toEqual([]);
  });
});

describe('links[].trace.file: a Mahimahi file beside the scenario', () => {
  const withTrace = (trace: unknown) => ({
    ...VALID,
    links: [VALID.links[0], { ...VALID.links[1], trace }],
  });
  const mahi = '0\n0\n3\n7\n10\n';

  it('reads the file relative to the scenario file into the trace’s timestamps', async () => {
    const h = harness({
      'lab/a.json': json(withTrace({ file: 'traces/ride.mahi', from: 'r1' })),
      [resolve('lab/traces/ride.mahi')]: mahi,
    });
    expect(await main(['lab/a.json', '--out', 'o'], h.io, h.run)).toBe(0);
    const trace = h.runs[0].links[1].trace!;
    expect(trace).toEqual([{ from: 'r1', sample: null, ms: [0, 0, 3, 7, 10], mtu: 1500 }]);
  });

  it('a missing or bad file exits 2 with a line naming the field', async () => {
    const missing = harness({ 'a.json': json(withTrace([{ file: 'nope.mahi', from: 'r1' }])) });
    expect(await main(['a.json', '--out', 'o'], missing.io, missing.run)).toBe(2);
    expect(missing.runs).toHaveLength(0);
    expect(missing.err()).toMatch(
      /^a\.json: links\[1\]\.trace\[0\]\.file: cannot read the trace "nope\.mahi" \(.*nope\.mahi\): .*no such file/m,
    );

    const bad = harness({ 'a.json': json(withTrace({ file: 'bad.mahi' })), [resolve('bad.mahi')]: '0\n12ms\n' });
    expect(await main(['a.json', '--out', 'o'], bad.io, bad.run)).toBe(2);
    expect(bad.err()).toContain('a.json: links[1].trace.file: "bad.mahi"');
    expect(bad.err()).toContain('line 2: not a whole number of milliseconds: "12ms"');

    const back = harness({ 'a.json': json(withTrace({ file: 'back.mahi' })), [resolve('back.mahi')]: '5\n3\n' });
    expect(await main(['a.json', '--out', 'o'], back.io, back.run)).toBe(2);
    expect(back.err()).toContain('links[1].trace.file: "back.mahi"');
    expect(back.err()).toContain('timestamps must not go back (3 after 5)');

    const both = harness({ 'a.json': json(withTrace({ file: 'x.mahi', sample: 'wifi-fading' })) });
    expect(await main(['a.json', '--out', 'o'], both.io, both.run)).toBe(2);
    expect(both.err()).toContain('links[1].trace.file: give one of `file`, `ms` and `sample`');
  });

  it('the loader alone (the page) names the field it cannot read', () => {
    const parsed = parseScenarioText(json(withTrace({ file: 'ride.mahi' })));
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? [] : parsed.issues.map((i) => i.path)).toEqual(['links[1].trace.file']);
  });
});
