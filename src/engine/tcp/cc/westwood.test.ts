/**
 * Westwood congestion ops, ns-3 style: build the sender state by hand, call
 * one hook, check cwnd and ssthresh; and the bandwidth filter on ACK trains.
 */
import { describe, expect, it } from 'vitest';
import { grow, handState, observe, respond, type HandState } from './hand-state';
import { CongestionEvent } from './types';
import { Westwood } from './westwood';

type State = HandState;

function state(o: Partial<State> = {}): State {
  return handState({ srtt: 0.05, ...o });
}

/** A Westwood that measured `bwe` bit/s and RTTmin `rttMin` s. */
function measured(bwe: number, rttMin: number, tau = 0.5): Westwood {
  const w = new Westwood({ filterTau: tau });
  w.bwe = bwe;
  w.rttMin = rttMin;
  return w;
}

/** Feed `n` ACKs, one new segment each, every `dt` seconds from `t0`; returns the time of the last. */
function ackTrain(w: Westwood, s: State, n: number, dt: number, t0: number): number {
  let t = t0;
  for (let i = 0; i < n; i++) {
    t = t0 + i * dt;
    observe(w, s, t, { echoRtt: 0.05 });
  }
  return t;
}

describe('Westwood loss response: ssthresh = BWE · RTTmin / segment size', () => {
  it.each([
    // name, BWE bit/s, RTTmin s, cwnd → ssthresh, cwnd after fast retransmit
    ['window above the estimate: cwnd comes down to ssthresh', 8e6, 0.05, 80, 50, 50],
    ['window below the estimate: cwnd is kept (random loss costs nothing)', 8e6, 0.05, 30, 50, 30],
    ['fractions of a segment are dropped', 8e6, 0.0512, 80, 51, 51],
    ['a tiny estimate still leaves ssthresh 2', 1e4, 0.05, 10, 2, 2],
  ])('%s', (_name, bwe, rttMin, cwnd, ssthresh, cwndAfter) => {
    const w = measured(bwe, rttMin);
    const s = state({ cwnd });
    expect(w.ssthresh(s)).toBe(ssthresh);
    expect(respond(w, s, CongestionEvent.FastRetransmit)).toEqual({ ssthresh, cwnd: cwndAfter });
  });

  it('a timeout sets the same ssthresh, and cwnd 1', () => {
    const w = measured(8e6, 0.05);
    expect(w.onCongestionEvent(state({ cwnd: 80 }), CongestionEvent.Timeout)).toEqual({ ssthresh: 50, cwnd: 1 });
  });

  it('uses srtt while no RTT sample has been seen', () => {
    const w = new Westwood({ filterTau: 0.5 });
    w.bwe = 8e6;
    expect(w.ssthresh(state({ srtt: 0.02 }))).toBe(20);
  });
});

describe('Westwood growth is Reno’s', () => {
  it.each([
    ['slow start: +1 per ACK', 4, 64, 5],
    ['congestion avoidance: +1/cwnd per ACK', 20, 10, 20.05],
  ])('%s', (_name, cwnd, ssthresh, after) => {
    const s = state({ cwnd, ssthresh });
    grow(new Westwood({ filterTau: 0.5 }), s);
    expect(s.cwnd).toBeCloseTo(after, 12);
  });
});

describe('Westwood bandwidth estimate (Tustin filter)', () => {
  it('converges to the ACK rate: one 1000-byte segment per ms is 8 Mb/s', () => {
    const w = new Westwood({ filterTau: 0.5 });
    const s = state();
    ackTrain(w, s, 10_000, 0.001, 1);
    expect(w.bwe).toBeCloseTo(8e6, -2);
    expect(w.trace(w.traceColumns.indexOf('westwood_bwe_kbps'))).toBeCloseTo(8000, 0);
  });

  it('is a first-order low-pass with time constant τ: 63% of a step after τ', () => {
    for (const tau of [0.5, 1]) {
      const w = new Westwood({ filterTau: tau });
      const s = state();
      observe(w, s, 1, { echoRtt: 0.05 }); // starts the clock
      ackTrain(w, s, Math.round(tau / 0.001), 0.001, 1.001);
      expect(w.bwe / 8e6).toBeGreaterThan(0.62);
      expect(w.bwe / 8e6).toBeLessThan(0.645);
    }
  });

  it('counts a duplicate ACK as one delivered segment, and not again in the cumulative ACK', () => {
    const s = state();
    const plain = new Westwood({ filterTau: 0.5 });
    const dups = new Westwood({ filterTau: 0.5 });
    for (const w of [plain, dups]) observe(w, s, 1, { echoRtt: 0.05 });
    for (let i = 1; i <= 4; i++) observe(plain, s, 1 + i * 0.001, { echoRtt: 0.05 });
    for (let i = 1; i <= 3; i++) observe(dups, s, 1 + i * 0.001, { acked: 0, dup: true, echoRtt: 0.05 });
    observe(dups, s, 1.004, { acked: 4, echoRtt: 0.05 }); // the retransmission fills the hole: 4 segments acknowledged
    expect(dups.bwe).toBeCloseTo(plain.bwe, 6);
  });

  it('a cumulative ACK beyond what duplicates reported counts the rest', () => {
    const s = state();
    const a = new Westwood({ filterTau: 0.5 });
    const b = new Westwood({ filterTau: 0.5 });
    for (const w of [a, b]) observe(w, s, 1, { echoRtt: 0.05 });
    observe(a, s, 1.001, { acked: 0, dup: true, echoRtt: 0.05 });
    observe(a, s, 1.002, { acked: 5, echoRtt: 0.05 }); // 1 reported by the duplicate, 4 new
    observe(b, s, 1.001, { echoRtt: 0.05 });
    observe(b, s, 1.002, { acked: 4, echoRtt: 0.05 });
    expect(a.bwe).toBeCloseTo(b.bwe, 6);
  });

  it('decays through null samples when the ACKs stop for longer than τ/2', () => {
    const w = new Westwood({ filterTau: 0.5 });
    const s = state();
    const t = ackTrain(w, s, 5000, 0.001, 1);
    const before = w.bwe;
    observe(w, s, t + 2, { echoRtt: 0.05 }); // two seconds of silence: 7 null samples, then one segment over 0.25 s
    expect(w.bwe).toBeLessThan(0.05 * before);
    expect(w.bwe).toBeGreaterThan(0);
  });

  it('ignores an old ACK, and the first ACK only starts the clock', () => {
    const w = new Westwood({ filterTau: 0.5 });
    const s = state();
    observe(w, s, 1, { echoRtt: -1 });
    expect(w.bwe).toBe(0);
    observe(w, s, 1.001, { acked: 0, echoRtt: 0.05 }); // neither new nor duplicate
    expect(w.bwe).toBe(0);
  });

  it('RTTmin is the smallest echo RTT, the SYN’s (−1) excluded', () => {
    const w = new Westwood({ filterTau: 0.5 });
    const s = state();
    observe(w, s, 1, { echoRtt: -1 });
    expect(w.rttMin).toBe(Infinity);
    observe(w, s, 1.1, { echoRtt: 0.03 });
    observe(w, s, 1.2, { acked: 0, dup: true, echoRtt: 0.021 });
    observe(w, s, 1.3, { echoRtt: 0.04 });
    expect(w.rttMin).toBe(0.021);
    expect(w.trace(w.traceColumns.indexOf('westwood_rtt_min_ms'))).toBeCloseTo(21, 9);
  });
});
