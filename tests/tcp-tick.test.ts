/**
 * The `tcpTick` option (ns-2's tcpTick_): at 0, the default, the engine keeps
 * exact time and its outputs are byte for byte what they were before the
 * option existed; above 0 the retransmission timer runs on ns-2's clock
 * ticks (src/engine/tcp/rtt.ts; the tick arithmetic itself is tested in
 * src/engine/tcp/rtt.test.ts, and against ns-2.35 in tests/validation).
 */
import { createHash } from 'node:crypto';
import { csvFormatRows, csvParseRows } from 'd3-dsv';
import { describe, expect, it } from 'vitest';
import { runDataToCsv } from '../src/engine/output/csv';
import { runScenario } from '../src/engine/run';
import type { Scenario } from '../src/engine/scenario/types';
import { dumbbell, singleFlow } from './support/scenarios';

type Tcp = Record<string, unknown>;

const RUNS: [string, (tcp: Tcp) => Scenario][] = [
  [
    'reno through a 1.5 s outage',
    (tcp) =>
      singleFlow({
        variant: 'reno',
        duration: 6,
        faults: [{ kind: 'linkDown', link: 'bottleneck', at: 1, duration: 1.5 }],
        tcp,
      }),
  ],
  [
    'newreno, 2 % random loss',
    (tcp) =>
      singleFlow({
        variant: 'newreno',
        duration: 20,
        seed: 3,
        window: 60,
        faults: [{ kind: 'randomLoss', link: 'bottleneck', from: 'r1', rate: 0.02 }],
        tcp,
      }),
  ],
  [
    'sack, three drops, delayed ACKs',
    (tcp) => singleFlow({ variant: 'sack', drops: [30, 32, 34], tcp: { ...tcp, delayedAck: true } }),
  ],
  [
    'five variants and UDP, DropTail',
    (tcp) =>
      // CUBIC without HyStart++, which came (on by default) after these digests were taken.
      dumbbell({
        variants: ['reno', 'cubic', 'westwood', 'vegas', 'tahoe'],
        cbrRates: ['3Mbps'],
        duration: 15,
        tcp: { ...tcp, cubic: { hystart: false } },
      }),
  ],
  [
    'RED',
    (tcp) =>
      dumbbell({ variants: ['newreno', 'sack', 'westwoodnr'], duration: 15, queue: { type: 'red', limit: 50 }, tcp }),
  ],
];

/**
 * SHA-256 (first 16 hex digits) of every output CSV of each run above, as the
 * engine wrote them before `tcpTick` existed (exact-time RFC 6298 only).
 */
const BEFORE: Record<string, string> = {
  'reno through a 1.5 s outage': '62b7e150df663ab6',
  'newreno, 2 % random loss': '4a87bd870091e1c9',
  'sack, three drops, delayed ACKs': '19d0791b68d6c516',
  'five variants and UDP, DropTail': 'd1dc98efda474f7b',
  RED: '245fd1e6d59b1c52',
};

/**
 * The digest of a run's CSV files. timeseries.csv's `inflation` and
 * `cubic_hystart`, queues.csv's `sojourn_ms` and links.csv's `ecn_marks`
 * columns came after these digests were taken (they only add columns): they
 * are left out, so the digests still compare the timer's effect and nothing
 * else. events.csv's rows are taken in order within each instant: a link
 * going down now loses its two directions' packets in ns-2's order (the far
 * end's first), which reorders the drops of that one instant (the digests
 * were retaken so, from the engine before that change).
 */
function digest(s: Scenario): string {
  const csv = runDataToCsv(runScenario(s));
  const h = createHash('sha256');
  for (const k of Object.keys(csv).sort()) {
    let text = csv[k as keyof typeof csv];
    for (const c of ADDED_COLUMNS[k] ?? []) text = withoutColumn(text, c);
    if (k === 'events.csv') text = sortedWithinInstants(text);
    h.update(k).update('\0').update(text);
  }
  return h.digest('hex').slice(0, 16);
}

const ADDED_COLUMNS: Record<string, readonly string[]> = {
  'timeseries.csv': ['inflation', 'cubic_hystart'],
  'queues.csv': ['sojourn_ms'],
  'links.csv': ['ecn_marks'],
};

/** The rows of each instant (first column) sorted, the instants in their order. */
function sortedWithinInstants(text: string): string {
  const [head, ...rows] = text.trimEnd().split('\n');
  const out: string[] = [head];
  for (let i = 0; i < rows.length;) {
    const t = rows[i].split(',')[0];
    let j = i;
    while (j < rows.length && rows[j].split(',')[0] === t) j++;
    out.push(...rows.slice(i, j).sort());
    i = j;
  }
  return out.join('\n') + '\n';
}

function withoutColumn(text: string, column: string): string {
  const rows = csvParseRows(text);
  const i = rows[0]?.indexOf(column) ?? -1;
  if (i < 0) return text;
  return `${csvFormatRows(rows.map((r) => r.filter((_, j) => j !== i)))}\n`;
}

describe('tcpTick 0 (exact time) changes nothing', () => {
  it.each(RUNS)('%s: the same outputs, byte for byte, left out or given as 0', (name, make) => {
    expect(digest(make({}))).toBe(BEFORE[name]);
    expect(digest(make({ tcpTick: 0 }))).toBe(BEFORE[name]);
    expect(digest(make({ tcpTick: '0ms', tcpTickPhase: 0 }))).toBe(BEFORE[name]);
  });
});

describe('tcpTick > 0: the timer on ns-2 ticks', () => {
  const outage = RUNS[0][1];

  it('changes the run, and keeps the RTO in whole ticks and srtt in eighths of a tick', () => {
    const s = outage({ tcpTick: '10ms' });
    expect(digest(s)).not.toBe(BEFORE['reno through a 1.5 s outage']);
    const data = runScenario(s);
    const { srtt_ms: srtt, rto_s: rto } = data.flowSeries[0]!.columns;
    let sampled = 0;
    for (let i = 0; i < rto.length; i++) {
      expect(Math.abs(rto[i] * 100 - Math.round(rto[i] * 100)), `rto at sample ${i}`).toBeLessThan(1e-9);
      if (Number.isNaN(srtt[i])) continue;
      sampled++;
      expect(Math.abs((srtt[i] / 10) * 8 - Math.round((srtt[i] / 10) * 8)), `srtt at sample ${i}`).toBeLessThan(1e-9);
    }
    expect(sampled).toBeGreaterThan(100);
  });

  it('times out on a timer that is a whole number of ticks, backed off by doubling', () => {
    const timeouts = (tcp: Tcp) =>
      runScenario(outage(tcp))
        .events.filter((e) => e.event === 'timeout')
        .map((e) => e.time_s);
    const exact = timeouts({});
    const ticked = timeouts({ tcpTick: 0.01, tcpTickPhase: 0.004 });
    expect(ticked).toHaveLength(exact.length);
    expect(ticked).not.toEqual(exact);
    const gaps = ticked.slice(1).map((t, i) => t - ticked[i]!);
    for (const g of gaps) expect(Math.abs(g * 100 - Math.round(g * 100))).toBeLessThan(1e-6);
    for (let i = 1; i < gaps.length; i++) expect(gaps[i]! / gaps[i - 1]!).toBeCloseTo(2, 9);
  });

  it('moves where the ticks fall with tcpTickPhase', () => {
    expect(digest(outage({ tcpTick: 0.01, tcpTickPhase: 0.004 }))).not.toBe(digest(outage({ tcpTick: 0.01 })));
  });
});
