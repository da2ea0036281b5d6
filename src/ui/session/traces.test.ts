import { describe, expect, it } from 'vitest';
import type { EventRow } from '../../engine/output/rundata';
import { packSeries, type RunMeta, type SampleBatch } from '../../worker/protocol';
import { RunTraces } from './traces';

const COLUMNS = ['cwnd', 'ssthresh', 'srtt_ms', 'rto_s', 'inflight', 'throughput_kbps', 'vegas_diff', 'cubic_wmax'];

const meta: RunMeta = {
  run: 1,
  scenarioName: 'S',
  duration: 10,
  sampleInterval: 0.1,
  flowIds: ['vegas', 'cubic'],
  seriesColumns: COLUMNS,
  queueIds: [],
};

function batch(first: number, n: number, events: EventRow[] = [], trace?: SampleBatch['trace']): SampleBatch {
  const times = Float64Array.from({ length: n }, (_, i) => (first + i) * 0.1);
  const flow = (vegas: boolean) =>
    COLUMNS.map((c) =>
      Float64Array.from(times, (t) => {
        if (c === 'throughput_kbps') return vegas ? 100 * t : 50;
        if (c === 'vegas_diff') return vegas ? 2 : NaN;
        if (c === 'cubic_wmax') return vegas ? NaN : first > 0 ? 30 : NaN;
        return 1;
      }),
    );
  return { run: 1, firstSample: first, times, ...packSeries([flow(true), flow(false)], [], n), firstEvent: 0, events, time: times.at(-1) ?? 0, eventsProcessed: 0, trace };
}

const event = (time_s: number, flow: string, name: string): EventRow => ({ time_s, flow, event: name, seq: null, cwnd: 5, ssthresh: 5, detail: name }) as unknown as EventRow;

describe('RunTraces', () => {
  it('keeps every flow’s throughput and only the variant columns a flow has values in', () => {
    const t = new RunTraces();
    t.reset(meta);
    t.append(batch(0, 5));
    expect(t.flows[0].throughput.y(4)).toBeCloseTo(40);
    expect(t.flows[1].throughput.y(0)).toBe(50);
    expect([...t.flows[0].extra.keys()]).toEqual(['vegas_diff']);
    expect([...t.flows[1].extra.keys()]).toEqual([]);
    // cubic_wmax gets its first value in the second batch
    t.append(batch(5, 5));
    expect([...t.flows[1].extra.keys()]).toEqual(['cubic_wmax']);
    expect(t.flows[1].extra.get('cubic_wmax')?.y(0)).toBe(30);
    expect(t.now).toBeCloseTo(0.9);
  });

  it('draws cwnd + inflation only while a flow is in fast recovery, and only when the run has the column', () => {
    const cols = ['cwnd', 'ssthresh', 'srtt_ms', 'rto_s', 'inflight', 'throughput_kbps', 'inflation'];
    const t = new RunTraces();
    t.reset({ ...meta, flowIds: ['reno', 'sack'], seriesColumns: cols });
    const times = Float64Array.from([0, 0.1, 0.2, 0.3]);
    const col = (values: number[]) => Float64Array.from(values);
    const reno = cols.map((c) => (c === 'cwnd' ? col([10, 5, 5, 6]) : c === 'inflation' ? col([0, 3, 4, 0]) : col([1, 1, 1, 1])));
    const sack = cols.map((c) => (c === 'inflation' ? col([NaN, NaN, NaN, NaN]) : col([1, 1, 1, 1])));
    t.append({ run: 1, firstSample: 0, times, ...packSeries([reno, sack], [], 4), firstEvent: 0, events: [], time: 0.3, eventsProcessed: 0 });
    const w = t.flows[0].recoveryWindow!;
    expect([0, 1, 2, 3].map((i) => w.y(i))).toEqual([NaN, 8, 9, NaN]);
    expect([0, 1, 2, 3].map((i) => t.flows[1].recoveryWindow!.y(i)).every(Number.isNaN)).toBe(true);
    t.reset(meta); // a run without the column
    expect(t.flows[0].recoveryWindow).toBeNull();
  });

  it('keeps the recovery events of each flow, for the shaded periods', () => {
    const t = new RunTraces();
    t.reset(meta);
    t.append(batch(0, 3, [event(0.1, 'vegas', 'recovery_enter'), event(0.15, 'cubic', 'drop'), event(0.2, 'vegas', 'recovery_exit'), event(0.25, 'cubic', 'timeout')]));
    expect(t.flows[0].phases).toEqual([
      { time: 0.1, event: 'recovery_enter' },
      { time: 0.2, event: 'recovery_exit' },
    ]);
    expect(t.flows[1].phases).toEqual([{ time: 0.25, event: 'timeout' }]);
  });

  it('splits packet trace rows per flow into bounded rings', () => {
    const t = new RunTraces(2048, 3);
    t.reset(meta);
    const rows = (flow: number[]) => ({
      time: Float64Array.from(flow, (_, i) => i * 0.01),
      flow: Int32Array.from(flow),
      kind: Int32Array.from(flow, (_, i) => i % 4),
      seq: Int32Array.from(flow, (_, i) => i),
    });
    t.append(batch(0, 1, [], rows([0, 1, 0, 0, 0])));
    expect(t.flows[0].packets?.length).toBe(3);
    expect(t.flows[0].packets?.dropped).toBe(1);
    expect(t.flows[0].packets?.seq(0)).toBe(2);
    expect(t.flows[1].packets?.length).toBe(1);
    expect(t.flows[1].packets?.kind(0)).toBe(1);
  });

  it('marks every event kind on its flow, link events apart, and keeps them all in the history', () => {
    const t = new RunTraces();
    t.reset(meta);
    t.append(batch(0, 3, [event(0.1, 'vegas', 'drop'), event(0.12, '', 'link_down'), event(0.15, 'vegas', 'ss_exit'), event(0.2, 'cubic', 'fast_retransmit')]));
    expect(t.flows[0].markers.map((m) => m.event)).toEqual(['drop', 'ss_exit']);
    expect([...t.flows[0].kinds].sort()).toEqual(['drop', 'ss_exit']);
    expect(t.flows[1].markers.map((m) => m.event)).toEqual(['fast_retransmit']);
    expect(t.linkMarkers.map((m) => [m.event, m.y])).toEqual([['link_down', 0]]);
    expect(t.events.rows.map((r) => r.event)).toEqual(['drop', 'link_down', 'ss_exit', 'fast_retransmit']);
    t.reset(meta);
    expect(t.events.rows).toEqual([]);
    expect(t.linkMarkers).toEqual([]);
  });

  it('keeps srtt, and RTT samples from the traced flow’s packets', () => {
    const t = new RunTraces();
    t.reset(meta);
    const rows = {
      time: Float64Array.from([0, 0.01, 0.05, 0.07]),
      flow: Int32Array.from([0, 0, 0, 0]),
      kind: Int32Array.from([0, 0, 2, 2]),
      seq: Int32Array.from([0, 1, 0, 1]),
    };
    t.append(batch(0, 2, [], rows));
    expect(t.flows[0].srtt.length).toBe(2);
    const s = t.flows[0].rttSamples!;
    expect([s.y(0), s.y(1)].map((v) => Math.round(v))).toEqual([50, 60]);
    expect(t.flows[1].rttSamples).toBeNull();
  });

  it('keeps each direction’s queue delay, CE marks (on the direction that marked) and a changing capacity', () => {
    const t = new RunTraces();
    const queueIds = [
      { link: 'l1', from: 'r1', to: 'r2' },
      { link: 'l1', from: 'r2', to: 'r1' },
    ];
    t.reset({ ...meta, queueIds });
    const times = Float64Array.from([0, 0.1, 0.2]);
    const col = (...v: number[]) => Float64Array.from(v);
    // QUEUE_COLUMNS: queue_pkts, queue_bytes, red_avg, drops, sojourn_ms, ecn_marks, capacity_kbps
    const forward = [col(3, 8, 12), col(0, 0, 0), col(NaN, NaN, NaN), col(0, 0, 1), col(NaN, 40, 95.5), col(0, 2, 2), col(10000, 10000, 2000)];
    const back = [col(0, 0, 0), col(0, 0, 0), col(NaN, NaN, NaN), col(0, 0, 0), col(0.1, 0.1, NaN), col(0, 0, 0), col(NaN, NaN, NaN)];
    const mark = (time_s: number): EventRow => ({
      time_s,
      flow: 'vegas',
      event: 'ecn_mark',
      seq: 4,
      cwnd: 5,
      ssthresh: 5,
      detail: 'segment 4 marked Congestion Experienced (CE) at r1→r2: CoDel would have dropped it, but the flow uses ECN, so it goes on (8 packets waiting)',
    });
    t.append({ run: 1, firstSample: 0, times, ...packSeries([], [forward, back], times.length), firstEvent: 0, events: [mark(0.05), mark(0.09)], time: 0.2, eventsProcessed: 0 });
    const [f, b] = t.queues;
    expect([f.sojourn.y(1), f.sojourn.y(2)]).toEqual([40, 95.5]);
    expect(Number.isNaN(f.sojourn.y(0))).toBe(true);
    expect(f.marks).toBe(2);
    expect(f.drops).toBe(1);
    expect(f.markers.map((m) => [m.time, m.y, m.event])).toEqual([
      [0.05, 8, 'ecn_mark'],
      [0.09, 8, 'ecn_mark'],
    ]);
    expect(b.markers).toEqual([]);
    expect(f.capacity?.y(2)).toBe(2000);
    // A direction whose capacity never changes has no capacity line.
    expect(b.capacity).toBeNull();
    // The CE marks are flow events too (the cwnd chart marks them).
    expect(t.flows[0].markers.map((m) => m.event)).toEqual(['ecn_mark', 'ecn_mark']);
  });

  it('staggers its lines’ capacities, so that they do not all halve their resolution in one batch', () => {
    const t = new RunTraces();
    const flowIds = Array.from({ length: 8 }, (_, i) => `f${i}`);
    t.reset({ ...meta, flowIds });
    const lines = () => t.flows.flatMap((f) => [f.cwnd, f.ssthresh, f.throughput, f.srtt]);
    expect(new Set(lines().map((l) => l.capacity)).size).toBe(16);
    expect(Math.max(...lines().map((l) => l.capacity))).toBe(2048);
    expect(Math.min(...lines().map((l) => l.capacity))).toBeGreaterThanOrEqual(1536);
    // one sample per batch, until every line has compacted once
    const batches = new Set<number>();
    for (let s = 0; s < 2100; s++) {
      const cols = COLUMNS.map(() => Float64Array.of(s % 7));
      const before = lines().map((l) => l.decimation);
      t.append({ run: 1, firstSample: s, times: Float64Array.of(s * 0.1), ...packSeries(flowIds.map(() => cols), [], 1), firstEvent: 0, events: [], time: s * 0.1, eventsProcessed: 0 });
      if (lines().some((l, i) => l.decimation !== before[i])) batches.add(s);
    }
    expect(lines().every((l) => l.decimation === 2)).toBe(true);
    expect(batches.size).toBe(16);
    // the same lines again in a new run: the same capacities (a run's charts do not depend on the one before)
    const first = lines().map((l) => l.capacity);
    t.reset({ ...meta, flowIds });
    expect(lines().map((l) => l.capacity)).toEqual(first);
  });

  it('gives each sampled line the storage the run’s samples need, at most its capacity', () => {
    const t = new RunTraces();
    t.reset(meta); // 10 s at 0.1 s: 101 samples
    const lines = () => t.flows.flatMap((f) => [f.cwnd, f.ssthresh, f.throughput, f.srtt]);
    expect(lines().every((l) => l.storageSize === 102)).toBe(true);
    t.reset({ ...meta, duration: 5000 });
    expect(lines().every((l) => l.storageSize === l.capacity)).toBe(true);
    // more samples than the run announced: the line grows as before
    t.reset(meta);
    for (let s = 0; s < 300; s += 10) t.append(batch(s, 10));
    expect(t.flows[0].cwnd.totalPushed).toBe(300);
    expect(t.flows[0].cwnd.storageSize).toBeGreaterThanOrEqual(300);
  });
});
