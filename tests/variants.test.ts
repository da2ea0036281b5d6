/**
 * The delay- and rate-based variants on whole scenarios: what the seed papers
 * (001, 002, 003) and RFC 9438 say they do, measured on the engine as it is.
 * Measured values at the time of writing are noted beside each assertion; the
 * bounds leave room for small engine changes, not for a different behaviour.
 */
import { describe, expect, it } from 'vitest';
import { runDataToCsv } from '../src/engine/output/csv';
import type { EventRow, RunData } from '../src/engine/output/rundata';
import type { Scenario } from '../src/engine/scenario/types';
import { Simulator } from '../src/engine/simulator';
import { p2p } from './support/p2p';
import { dumbbell, singleFlow } from './support/scenarios';

function run(scenario: Scenario): RunData {
  const sim = new Simulator(scenario);
  sim.run();
  return sim.runData();
}

/** Index of the first sample at or after `t` seconds. */
function at(d: RunData, t: number): number {
  let lo = 0;
  let hi = d.times.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (d.times[mid] < t - 1e-9) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function queueStats(d: RunData, link: string, from: string, after: number) {
  const q = d.queueSeries.find((x) => x.link === link && x.from === from)!;
  let sum = 0;
  let n = 0;
  let min = Infinity;
  let max = -Infinity;
  for (let i = at(d, after); i < d.times.length; i++) {
    sum += q.queue_pkts[i];
    n++;
    min = Math.min(min, q.queue_pkts[i]);
    max = Math.max(max, q.queue_pkts[i]);
  }
  return { mean: sum / n, min, max };
}

describe('Vegas alone on a bottleneck (papers 001, 003)', () => {
  // Vegas leaves slow start early (diff > γ while doubling) and then closes the gap to the
  // path's BDP one segment per round trip: on the 105 ms path that takes until about 6 s.
  it.each([
    // name, bottleneck, delay, buffer, α, β, settled after (s) — measured queue mean / min / max once settled
    ['1.5 Mb/s, 10 ms', '1.5Mbps', '10ms', 50, 1, 3, 3], // 1.84 / 1 / 2
    ['5 Mb/s, 50 ms', '5Mbps', '50ms', 100, 1, 3, 8], // 2.15 / 2 / 3
    ['1.5 Mb/s with α = 3, β = 6', '1.5Mbps', '10ms', 50, 3, 6, 3], // 3.84 / 3 / 4
  ])(
    '%s: keeps between α and β packets queued and loses nothing',
    (_n, bottleneck, delay, limit, alpha, beta, settled) => {
      const d = run(
        singleFlow({
          variant: 'vegas',
          window: 200,
          duration: 20,
          bottleneck,
          delay,
          limit,
          tcp: { vegas: { alpha, beta } },
        }),
      );
      const s = d.summary[0];
      expect(s.drops).toBe(0);
      expect(s.timeouts).toBe(0);
      const q = queueStats(d, 'bottleneck', 'r1', settled);
      expect(q.min).toBeGreaterThanOrEqual(alpha);
      expect(q.max).toBeLessThanOrEqual(beta);
      // diff, the queue Vegas believes it keeps, is in the band too (rounded, as Vegas compares it)
      const diff = d.flowSeries[0].columns.vegas_diff;
      for (let i = at(d, settled); i < d.times.length; i++) {
        expect(Math.round(diff[i])).toBeGreaterThanOrEqual(alpha);
        expect(Math.round(diff[i])).toBeLessThanOrEqual(beta);
      }
      // …and the link stays busy: a standing queue of α..β packets never runs dry.
      const thr = d.flowSeries[0].columns.throughput_kbps;
      const payloadRate = (parseFloat(bottleneck) * 1000 * 1000) / 1040; // kbit/s of 1000-byte payloads
      for (let i = at(d, settled + 0.5); i < d.times.length; i++) expect(thr[i]).toBeGreaterThan(0.99 * payloadRate);
    },
  );

  it('BaseRTT is the propagation and transmission delay of the path', () => {
    const d = run(singleFlow({ variant: 'vegas', window: 200, duration: 5 }));
    const base = d.flowSeries[0].columns.vegas_base_rtt_ms;
    // 2·(1 + 10) ms propagation + 1040 B at 10 and 1.5 Mb/s + a 40-byte ACK back
    const expected =
      22 + ((1040 * 8) / 10e6) * 1e3 + ((1040 * 8) / 1.5e6) * 1e3 + ((40 * 8) / 1.5e6) * 1e3 + ((40 * 8) / 10e6) * 1e3;
    expect(base[base.length - 1]).toBeCloseTo(expected, 6);
  });
});

describe('Vegas against Reno on a shared bottleneck (papers 001, 003)', () => {
  it.each([
    // name, bottleneck, delay, buffer — measured Vegas share / drops Vegas vs Reno
    ['10 Mb/s, 20 ms, buffer 50', '10Mbps', '20ms', 50], // 12% / 0 vs 88
    ['1.5 Mb/s, 10 ms, buffer 15', '1.5Mbps', '10ms', 15], // 26% / 0 vs 73
  ])('%s: Vegas gets less than its share and loses far fewer packets', (_n, bottleneck, delay, limit) => {
    for (const order of [
      ['vegas', 'reno'],
      ['reno', 'vegas'],
    ]) {
      const d = run(dumbbell({ variants: order, duration: 60, bottleneck, delay, limit }));
      const vegas = d.summary.find((s) => s.variant === 'vegas')!;
      const reno = d.summary.find((s) => s.variant === 'reno')!;
      const share = vegas.throughput_kbps / (vegas.throughput_kbps + reno.throughput_kbps);
      expect(share).toBeLessThan(0.4);
      expect(vegas.drops * 5).toBeLessThan(reno.drops);
    }
  });
});

describe('Vegas fine-grained retransmission (Brakmo & Peterson §3.1)', () => {
  function events(d: RunData, name: string): EventRow[] {
    return d.events.filter((e) => e.event === name);
  }

  it('repairs five losses in one window without a timeout, where Reno times out', () => {
    const drops = [30, 32, 34, 36, 38];
    const vegas = run(singleFlow({ variant: 'vegas', drops }));
    const reno = run(singleFlow({ variant: 'reno', drops }));
    expect(reno.summary[0].timeouts).toBe(1);
    expect(vegas.summary[0].timeouts).toBe(0);
    expect(vegas.summary[0].retransmissions).toBe(5);
    // The window is cut once for the whole window of losses.
    const frs = events(vegas, 'fast_retransmit');
    expect(frs[0].cwnd).toBe(6); // ¾ of 7, not half
    for (const fr of frs.slice(1)) expect(fr.detail).toMatch(/cwnd (\S+) → \1 /);
  });

  it('retransmits an overdue segment before the third duplicate ACK', () => {
    const d = run(singleFlow({ variant: 'vegas', drops: [60, 62] }));
    const fr = events(d, 'fast_retransmit');
    expect(fr).toHaveLength(1);
    expect(fr[0].seq).toBe(60);
    const dupacks = Number(/^(\d+) duplicate ACKs/.exec(fr[0].detail)![1]);
    expect(dupacks).toBeLessThan(3);
    expect(d.summary[0].timeouts).toBe(0);
  });
});

describe('Westwood on a 10 Mb/s, 10 ms point-to-point link (paper 002)', () => {
  const pairs: [string, string][] = [
    ['westwood', 'reno'],
    ['westwoodnr', 'newreno'],
  ];

  it.each([
    // window: measured throughput (Mb/s) and average cwnd, Westwood vs Reno / Westwood-NR vs NewReno
    [1000], // 5.52 vs 3.54, cwnd 19.1 vs 10.5 / 8.67 vs 4.23, cwnd 24.9 vs 11.7
    [20], // 4.90 vs 3.37, cwnd 18.6 vs 10.3 / 5.98 vs 3.94, cwnd 20.9 vs 11.3
  ])('random loss 0.01, window %i: a much larger average cwnd and throughput than its Reno', (window) => {
    for (const [ww, base] of pairs) {
      const w = run(p2p({ variant: ww, lossRate: 0.01, window })).summary[0];
      const r = run(p2p({ variant: base, lossRate: 0.01, window })).summary[0];
      expect(w.avg_cwnd!).toBeGreaterThan(1.5 * r.avg_cwnd!);
      expect(w.throughput_kbps).toBeGreaterThan(1.3 * r.throughput_kbps);
      expect(w.avg_ssthresh!).toBeGreaterThan(r.avg_ssthresh!);
    }
  });

  it('the bandwidth estimate follows the delivery rate', () => {
    const d = run(p2p({ variant: 'westwoodnr', lossRate: 0.01, window: 1000 }));
    const c = d.flowSeries[0].columns;
    let bwe = 0;
    let thr = 0;
    for (let i = at(d, 5); i < d.times.length; i++) {
      bwe += c.westwood_bwe_kbps[i];
      thr += c.throughput_kbps[i];
    }
    expect(bwe / thr).toBeGreaterThan(0.9); // 1.03: duplicate ACKs count as delivered data
    expect(bwe / thr).toBeLessThan(1.15);
    // RTTmin: 2·10 ms + 1040 B and a 40-byte ACK at 10 Mb/s
    expect(c.westwood_rtt_min_ms[d.times.length - 1]).toBeCloseTo(20 + ((1080 * 8) / 10e6) * 1e3, 6);
  });

  it('without loss, when the window never overflows the buffer, it is Reno sample for sample', () => {
    for (const [ww, base] of pairs) {
      const w = run(p2p({ variant: ww, window: 20, duration: 10 }));
      const r = run(p2p({ variant: base, window: 20, duration: 10 }));
      expect(w.summary[0].drops).toBe(0);
      expect(Array.from(w.flowSeries[0].columns.cwnd)).toEqual(Array.from(r.flowSeries[0].columns.cwnd));
      expect(w.summary[0].throughput_kbps).toBe(r.summary[0].throughput_kbps);
    }
  });

  it('without random loss, losing only to its own queue, it fills the link as Reno does', () => {
    for (const [ww, base] of pairs) {
      const w = run(p2p({ variant: ww, window: 1000 })).summary[0];
      const r = run(p2p({ variant: base, window: 1000 })).summary[0];
      // 9.49 vs 9.53 Mb/s; Westwood's ssthresh is the path's BDP (≈ 28) where Reno's is half of BDP + buffer (≈ 42)
      expect(Math.abs(w.throughput_kbps / r.throughput_kbps - 1)).toBeLessThan(0.02);
    }
  });
});

describe('CUBIC (RFC 9438) on a 10 Mb/s, 50 ms path', () => {
  const path = { variant: 'cubic', window: 1000, bottleneck: '10Mbps', delay: '50ms', limit: 50, duration: 30 };

  it('after a loss cwnd falls to β·W_max = 0.7·W_max, W_max being the window at the loss', () => {
    const d = run(singleFlow({ ...path, tcp: { cubic: { fastConvergence: false } } }));
    const c = d.flowSeries[0].columns;
    const frs = d.events.filter((e) => e.event === 'fast_retransmit' && e.time_s > 3);
    expect(frs.length).toBeGreaterThanOrEqual(4); // 5
    for (const fr of frs) {
      const before = at(d, fr.time_s) - 1;
      const after = before + 1; // recovery lasts a round trip: cwnd does not move before this sample
      expect(c.cwnd[after]).toBeCloseTo(0.7 * c.cubic_wmax[after], 9);
      expect(fr.cwnd!).toBeCloseTo(0.7 * c.cubic_wmax[after], 9);
      expect(c.cubic_wmax[after] / c.cwnd[before]).toBeCloseTo(1, 2);
    }
  });

  it('with fast convergence, W_max is remembered lower, (1 + β)/2·W, after a loss below the last W_max', () => {
    const d = run(singleFlow(path));
    const c = d.flowSeries[0].columns;
    const frs = d.events.filter((e) => e.event === 'fast_retransmit' && e.time_s > 3);
    let lowered = 0;
    for (const fr of frs) {
      const before = at(d, fr.time_s) - 1;
      const w = fr.cwnd! / 0.7;
      const wmax = c.cubic_wmax[before + 1];
      if (w < c.cubic_wmax[before]) {
        expect(wmax).toBeCloseTo(0.85 * w, 9);
        lowered++;
      } else expect(wmax).toBeCloseTo(w, 9);
    }
    expect(lowered).toBeGreaterThan(0);
  });

  it('regrows concave up to W_max at t = K, then convex beyond it', () => {
    const d = run(singleFlow(path));
    const c = d.flowSeries[0].columns;
    const exits = d.events.filter((e) => e.event === 'recovery_exit' && e.time_s > 3);
    const frs = d.events.filter((e) => e.event === 'fast_retransmit');
    let checked = 0;
    for (const exit of exits) {
      const next = frs.find((f) => f.time_s > exit.time_s);
      const i0 = at(d, exit.time_s) + 1;
      const k = c.cubic_k_s[i0];
      const wmax = c.cubic_wmax[i0];
      const t0 = exit.time_s;
      if (!next || next.time_s < t0 + k + 2) continue; // this epoch ends before the convex region
      const w = (t: number) => c.cwnd[at(d, t)];
      // concave: more growth in the first half of [0, K] than in the second
      expect(w(t0 + k / 2) - w(t0)).toBeGreaterThan(w(t0 + k) - w(t0 + k / 2));
      // the plateau at W_max
      expect(w(t0 + k) / wmax).toBeCloseTo(1, 2);
      // convex: growth speeds up beyond K
      expect(w(t0 + k + 2) - w(t0 + k + 1)).toBeGreaterThan(w(t0 + k + 1) - w(t0 + k));
      expect(w(t0 + k + 2)).toBeGreaterThan(wmax);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(1); // 2 epochs in 30 s
  });
});

describe('variant traces', () => {
  const variants = ['vegas', 'westwood', 'cubic', 'reno'];

  it('appear in timeseries.csv as extra columns, empty for flows of other variants', () => {
    const d = run(dumbbell({ variants, duration: 3, limit: 20 }));
    const own: Record<string, string[]> = {
      vegas: ['vegas_diff', 'vegas_base_rtt_ms', 'vegas_expected_kbps', 'vegas_actual_kbps'],
      westwood: ['westwood_bwe_kbps', 'westwood_rtt_min_ms'],
      cubic: ['cubic_wmax', 'cubic_k_s', 'cubic_w_est'],
      reno: [],
    };
    const all = Object.values(own).flat();
    for (const col of all) expect(d.seriesColumns).toContain(col);
    const last = d.times.length - 1;
    d.flowSeries.forEach((fs, fi) => {
      const v = d.summary[fi].variant;
      for (const col of all) {
        const x = fs.columns[col][last];
        if (own[v].includes(col)) expect(Number.isFinite(x)).toBe(true);
        else expect(Number.isNaN(x)).toBe(true);
      }
    });
    const csv = runDataToCsv(d)['timeseries.csv'].split('\n');
    const header = csv[0].split(',');
    const renoRow = csv[csv.length - 2].split(','); // flows in order: the last is Reno
    expect(renoRow[1]).toBe('t3');
    for (const col of all) expect(renoRow[header.indexOf(col)]).toBe('');
    const vegasRow = csv[csv.length - 5].split(',');
    expect(vegasRow[1]).toBe('t0');
    expect(vegasRow[header.indexOf('vegas_diff')]).not.toBe('');
  });

  it('runs are deterministic and cwnd never falls below one segment', () => {
    const make = () =>
      dumbbell({ variants: ['vegas', 'westwood', 'westwoodnr', 'cubic'], cbrRates: ['4Mbps'], duration: 8, limit: 15 });
    const a = run(make());
    const b = run(make());
    expect(runDataToCsv(a)).toEqual(runDataToCsv(b));
    for (const fs of a.flowSeries.slice(0, 4)) for (const w of fs.columns.cwnd) expect(w).toBeGreaterThanOrEqual(1);
    expect(a.summary.slice(0, 4).every((s) => s.packets_delivered > 100)).toBe(true);
  });
});
