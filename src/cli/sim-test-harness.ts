/**
 * A fake filesystem and a fake run for the tests of the sim command
 * (src/cli/main-*.test.ts): main() writes into memory, so they check its
 * files, exit codes and messages without the engine (not used by the app).
 */
import { CSV_FILE_NAMES, runDataToCsv } from '../engine/output/csv';
import type { CsvSink } from '../engine/output/csv-stream';
import { BASE_SERIES_COLUMNS, type RunData } from '../engine/output/rundata';
import type { Scenario } from '../engine/scenario/types';
import type { RunReport, SimIo } from './main';

const utf8 = new TextDecoder();

export const VALID = {
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

export const json = (o: unknown) => JSON.stringify(o, null, 2);

/** A small hand-made RunData, so these tests do not depend on the engine. */
export function fakeRunData(extra: object = {}): RunData {
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

export interface Harness {
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
export function writeAll(data: RunData, sink: CsvSink): RunReport {
  const files = runDataToCsv(data);
  for (const name of CSV_FILE_NAMES) sink.write(name, files[name]);
  return { eventsProcessed: data.eventsProcessed };
}

export function harness(inputs: Record<string, string> = {}, data: RunData = fakeRunData()): Harness {
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
            // The CSV files' rows may come as bytes too (sample-bytes.ts).
            else if (/\.csv(\.partial)?$/.test(p)) files.set(p, files.get(p)! + utf8.decode(t));
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

export const OUTPUTS = ['summary.csv', 'timeseries.csv', 'queues.csv', 'links.csv', 'events.csv'];

/** What the harness holds beyond its inputs. */
export function written(h: Harness, inputs: string[]): string[] {
  return [...h.files.keys()].filter((k) => !inputs.includes(k));
}
