/**
 * Links whose capacity changes, end to end: a rate schedule per direction
 * and a Mahimahi trace drive a TCP flow, and queues.csv reports the
 * capacity in force (capacity_kbps).
 */
import { csvParse } from 'd3-dsv';
import { describe, expect, it } from 'vitest';
import { runDataToCsv } from '../src/engine/output/csv';
import { runScenario } from '../src/engine/run';
import { parseScenario } from '../src/engine/scenario';

function scenario(link: Record<string, unknown>) {
  const r = parseScenario({
    duration: 30,
    sampleInterval: 0.5,
    nodes: [
      { id: 's', kind: 'host' },
      { id: 'r', kind: 'router' },
      { id: 'd', kind: 'host' },
    ],
    links: [
      { id: 'access', a: 's', b: 'r', bandwidth: '100Mbps', delay: '1ms' },
      { id: 'last', a: 'r', b: 'd', bandwidth: '10Mbps', delay: '20ms', queue: { type: 'codel' }, ...link },
    ],
    flows: [{ id: 'A', kind: 'tcp', variant: 'cubic', from: 's', to: 'd', tcp: { window: 1000 } }],
  });
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.scenario;
}

/** Mean throughput (kb/s) and capacity (kb/s) of the r → d direction over [from, to). */
function over(csv: Record<string, string>, from: number, to: number) {
  const q = csvParse(csv['queues.csv']).filter((r) => r.link === 'last' && r.from === 'r');
  const s = csvParse(csv['timeseries.csv']).filter((r) => r.flow === 'A');
  const inside = <T extends { time_s?: string }>(rows: T[]) =>
    rows.filter((r) => +r.time_s! >= from && +r.time_s! < to);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  return {
    capacity: mean(inside(q).map((r) => +r.capacity_kbps!)),
    throughput: mean(inside(s).map((r) => +r.throughput_kbps!)),
  };
}

describe('a capacity schedule', () => {
  const csv = runDataToCsv(
    runScenario(
      scenario({
        schedule: [
          { at: 10, bandwidth: '2Mbps', from: 'r' },
          { at: 20, bandwidth: '20Mbps', from: 'r' },
        ],
      }),
    ),
  );

  it.each([
    [2, 10, 10_000],
    [12, 20, 2_000],
    [23, 30, 20_000],
  ])('from %d s to %d s the flow fills the %d kb/s in force', (from, to, kbps) => {
    const o = over(csv, from, to);
    expect(o.capacity).toBe(kbps);
    expect(o.throughput / kbps).toBeGreaterThan(0.8);
    expect(o.throughput / kbps).toBeLessThan(1.02);
  });

  it('changes only the direction it names', () => {
    const q = csvParse(csv['queues.csv']).filter((r) => r.link === 'last' && r.from === 'd');
    expect(new Set(q.map((r) => r.capacity_kbps))).toEqual(new Set(['10000']));
  });
});

describe('a Mahimahi trace (cellular-commute)', () => {
  const data = runScenario(scenario({ trace: { sample: 'cellular-commute', from: 'r' } }));
  const csv = runDataToCsv(data);

  it('drives the run: the flow uses most of the capacity the trace gives, and never more', () => {
    const whole = over(csv, 1, 30);
    expect(whole.capacity).toBeGreaterThan(1000);
    expect(whole.throughput).toBeLessThanOrEqual(whole.capacity * 1.02);
    expect(whole.throughput / whole.capacity).toBeGreaterThan(0.6);
  });

  it('reports a capacity that changes', () => {
    const q = csvParse(csv['queues.csv']).filter((r) => r.link === 'last' && r.from === 'r' && +r.time_s! > 0);
    expect(new Set(q.map((r) => r.capacity_kbps)).size).toBeGreaterThan(10);
  });
});

describe('bad capacities are refused, naming the field', () => {
  const issues = (link: Record<string, unknown>) => {
    const r = parseScenario({
      nodes: [
        { id: 'a', kind: 'host' },
        { id: 'b', kind: 'host' },
      ],
      links: [{ id: 'l', a: 'a', b: 'b', bandwidth: '1Mbps', delay: 0, ...link }],
      flows: [],
    });
    return r.ok ? [] : r.issues.map((i) => i.path);
  };
  it.each([
    [{ schedule: [{ at: 1, bandwidth: '1Mbps', from: 'x' }] }, 'links[0].schedule[0].from'],
    [{ schedule: [{ at: 1, bandwidth: 0 }] }, 'links[0].schedule[0].bandwidth'],
    [{ trace: { sample: 'cellular-comute' } }, 'links[0].trace.sample'],
    [{ trace: { ms: [3, 2, 5] } }, 'links[0].trace.ms[1]'],
    [{ trace: { ms: [0] } }, 'links[0].trace.ms'],
    [{ trace: {} }, 'links[0].trace'],
    [{ trace: [{ ms: [1] }, { ms: [2] }] }, 'links[0].trace[1].from'],
  ])('%o → %s', (link, path) => {
    expect(issues(link)).toContain(path);
  });
});
