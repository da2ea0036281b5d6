/**
 * BBR v1 (bbr.ts), ns-3 tcp-bbr-test.cc style: the sender state built by
 * hand, one control() call per ACK on a path whose delivery rate and RTT the
 * test sets; state transitions, the gain cycle, full-pipe detection, the
 * min-RTT filter expiring into PROBE_RTT, and loss recovery.
 */
import { describe, expect, it } from 'vitest';
import { CaState } from '../ca-state';
import { Ev, EVENT_NAMES } from '../../output/event-log';
import { ackSample, handState, rateSample, windowOf, type HandState } from './hand-state';
import { Bbr } from './bbr';
import { BbrMode, BBR_DRAIN_GAIN, BBR_GAIN_CYCLE, BBR_HIGH_GAIN, BBR_MIN_CWND } from './bbr-params';
import type { RateSample } from './types';

const MSS = 1000;

/** A path delivering `bw` segments/s with round-trip time `rtt`, ACK by ACK. */
class Path {
  readonly s: HandState;
  readonly log: [Ev, number[]][] = [];
  bw = 1000;
  rtt = 0.04;
  inFlight: number | null = null;
  constructor(
    readonly bbr: Bbr,
    cwnd = 10,
  ) {
    this.s = handState({ cwnd, ssthresh: 1e9, srtt: 0.04, mss: MSS, inFlight: cwnd });
    bbr.attach({ log: (k, ...a) => this.log.push([k, a as number[]]) });
  }
  /** One ACK delivering one segment; `r` overrides the rate sample. */
  ack(r: Partial<RateSample> = {}, rtt = this.rtt): void {
    const s = this.s;
    s.now += 1 / this.bw;
    s.delivered += 1;
    s.deliveredTime = s.now;
    const perRtt = Math.max(1, Math.round(this.bw * this.rtt));
    s.inFlight = this.inFlight ?? Math.min(s.cwnd, perRtt);
    const rate = rateSample({
      delivered: perRtt,
      interval: perRtt / this.bw,
      priorDelivered: Math.max(0, s.delivered - perRtt),
      ackedSacked: 1,
      priorInFlight: s.inFlight,
      ...r,
    });
    const w = windowOf(s);
    w.pacingRate = this.pacing;
    this.bbr.control(s, ackSample({ echoRtt: rtt, rtt, rate }), w);
    s.cwnd = w.cwnd;
    s.ssthresh = w.ssthresh;
    this.pacing = w.pacingRate;
  }
  pacing = 0;
  /** ACKs for `seconds` of simulated time. */
  run(seconds: number, r: Partial<RateSample> = {}): void {
    const end = this.s.now + seconds;
    while (this.s.now < end) this.ack(r);
  }
  events(): string[] {
    return this.log.map(([k]) => EVENT_NAMES[k]);
  }
}

const bbr = (random = 0) => new Bbr(10, () => random);

describe('STARTUP and full-pipe detection', () => {
  it('paces and sets cwnd at 2/ln 2 while the bandwidth still grows', () => {
    const p = new Path(bbr());
    p.ack();
    expect(p.bbr.mode).toBe(BbrMode.Startup);
    expect(p.bbr.pacingGain).toBeCloseTo(2.885, 3);
    expect(p.bbr.cwndGain).toBeCloseTo(2.885, 3);
    // The first rate: high gain × 1000 segments/s × 1000 B × 8, less the 1 % margin.
    expect(p.pacing).toBeCloseTo(BBR_HIGH_GAIN * 1000 * 8000 * 0.99, -2);
  });

  it.each([
    // bandwidth per round (segments/s) → rounds counted when the pipe is found full (-1: not yet)
    ['flat from the start: full after three rounds without 25 % growth', [1000, 1000, 1000, 1000, 1000, 1000], 4],
    ['doubling every round: never full', [100, 200, 400, 800, 1600, 3200], -1],
    ['10 % a round is not growth (measured from the last 25 % step)', [1000, 1100, 1150, 1200, 1200], 4],
    ['20 % a round compounds past 25 % every other round: never full', [1000, 1200, 1440, 1728, 2074, 2488], -1],
    ['growth resets the count', [1000, 1000, 1000, 1300, 1300, 1300, 1300], 7],
  ])('%s', (_n, perRound, fullAt) => {
    const b = bbr();
    const p = new Path(b, 10);
    let found = -1;
    for (const bw of perRound) {
      p.bw = bw;
      // One round: a sample whose send came after the previous round's end.
      const n = Math.round(bw * p.rtt);
      for (let i = 0; i < n; i++) p.ack();
      if (b.fullBwReached && found < 0) found = b.rounds;
    }
    expect(found).toBe(fullAt);
  });
});

describe('DRAIN and PROBE_BW', () => {
  const full = (random: number) => {
    const p = new Path(bbr(random), 10);
    p.run(0.5); // 1000 segments/s, 40 ms: a BDP of 40 segments; the pipe is found full
    return p;
  };

  it('leaves STARTUP for DRAIN at gain 1/2.89, ssthresh at one BDP, and says why', () => {
    const p = new Path(bbr(), 10);
    p.inFlight = 120; // the queue STARTUP built keeps in flight above a BDP
    p.run(0.5);
    expect(p.bbr.mode).toBe(BbrMode.Drain);
    expect(p.bbr.pacingGain).toBeCloseTo(BBR_DRAIN_GAIN, 6);
    expect(p.events()).toEqual(['bbr_startup', 'bbr_drain']);
    const [, [kbps, rttMs, target, inFlight]] = p.log[1];
    expect(kbps).toBeCloseTo(8000, 0);
    expect(rttMs).toBeCloseTo(40, 6);
    expect(target).toBe(40 + 3);
    expect(inFlight).toBe(120);
    expect(p.s.ssthresh).toBe(43);
  });

  it('enters PROBE_BW once in flight is down to one BDP', () => {
    const p = new Path(bbr(), 10);
    p.inFlight = 120;
    p.run(0.5);
    p.inFlight = 43;
    p.ack();
    expect(p.bbr.mode).toBe(BbrMode.ProbeBw);
    expect(p.events()).toEqual(['bbr_startup', 'bbr_drain', 'bbr_probe_bw']);
    expect(p.bbr.cwndGain).toBe(2);
  });

  it.each([
    // random draw → first phase's gain (never the 0.75 phase)
    [0, 1.25],
    [0.2, 1],
    [0.99, 1],
  ])('the first phase is drawn (random %d → gain %d), never 0.75', (r, gain) => {
    const p = full(r);
    expect(p.bbr.mode).toBe(BbrMode.ProbeBw);
    const first = p.log.find(([k]) => k === Ev.BbrProbeBw);
    expect(first).toBeDefined();
    // The gain right after entering (phases advance only after an RTprop).
    expect(BBR_GAIN_CYCLE).toContain(gain);
    const p2 = new Path(bbr(r), 10);
    while (p2.bbr.mode !== BbrMode.ProbeBw) p2.ack();
    expect(p2.bbr.pacingGain).toBe(gain);
  });

  it('cycles 1.25, 0.75, 1 ×6, one phase per min RTT; the probe lasts until 1.25 BDP is in flight', () => {
    const p = new Path(bbr(0), 10);
    while (p.bbr.mode !== BbrMode.ProbeBw) p.ack();
    expect(p.bbr.pacingGain).toBe(1.25);
    // Longer than an RTprop, but in flight below 1.25 BDP: the probe goes on.
    p.inFlight = 40;
    p.run(0.1);
    expect(p.bbr.pacingGain).toBe(1.25);
    p.inFlight = p.bbr.inflight(1.25); // 1.25 BDP + the quanta
    expect(p.inFlight).toBe(50 + 3 + 2);
    p.ack();
    expect(p.bbr.pacingGain).toBe(0.75);
    // The drain phase ends early once in flight is down to the BDP.
    p.inFlight = 43;
    p.ack();
    expect(p.bbr.pacingGain).toBe(1);
    const gains: number[] = [];
    for (let k = 0; k < 7; k++) {
      p.run(0.0405);
      gains.push(p.bbr.pacingGain);
    }
    expect(gains.slice(0, 5)).toEqual([1, 1, 1, 1, 1]);
    expect(gains).toContain(1.25);
  });

  it('holds cwnd at 2 BDP plus the send quanta once the pipe is full', () => {
    const p = full(0.5);
    p.run(2);
    expect(p.s.cwnd).toBeLessThanOrEqual(2 * 40 + 3 + 2 + 40 * 0.1);
    expect(p.s.cwnd).toBeGreaterThanOrEqual(2 * 40 + 3);
  });
});

describe('PROBE_RTT and the min-RTT filter', () => {
  it('after 10 s without a lower RTT: cwnd 4 for 200 ms and a round, then PROBE_BW with cwnd restored', () => {
    const p = new Path(bbr(0.5), 10);
    p.run(1);
    p.rtt = 0.05; // a standing queue: the RTT never falls back to 40 ms
    const before = p.s.cwnd;
    while (p.bbr.mode !== BbrMode.ProbeRtt) p.ack();
    expect(p.s.now).toBeGreaterThan(10);
    expect(p.s.now).toBeLessThan(10.01);
    const entered = p.log.find(([k]) => k === Ev.BbrProbeRtt)!;
    expect(entered[1][1]).toBeCloseTo(40, 6); // the expired min RTT, ms
    expect(p.s.cwnd).toBe(BBR_MIN_CWND);
    const t0 = p.s.now;
    while (p.bbr.mode === BbrMode.ProbeRtt) p.ack();
    expect(p.s.now - t0).toBeGreaterThanOrEqual(0.2);
    expect(p.s.now - t0).toBeLessThan(0.3);
    expect(p.bbr.mode).toBe(BbrMode.ProbeBw);
    expect(p.s.cwnd).toBeGreaterThanOrEqual(before);
    expect(p.bbr.minRtt).toBeCloseTo(0.05, 9); // measured anew
  });

  it('a lower RTT refreshes the filter and puts PROBE_RTT off; an equal one does not', () => {
    const p = new Path(bbr(0.5), 10);
    p.run(1);
    p.rtt = 0.039;
    p.ack();
    const stamp = p.bbr.minRttStamp;
    p.rtt = 0.039;
    p.ack();
    expect(p.bbr.minRttStamp).toBe(stamp);
  });
});

describe('loss', () => {
  it('keeps ssthresh on a loss; in the first round of recovery sends one segment per segment delivered', () => {
    const b = bbr(0.5);
    const p = new Path(b, 10);
    p.run(1);
    expect(b.ssthresh(p.s)).toBe(p.s.ssthresh);
    p.inFlight = 60;
    p.s.state = CaState.Recovery;
    p.ack({ losses: 3 });
    expect(p.s.cwnd).toBe(61); // in flight + delivered
  });

  it('a timeout restarts cwnd at 1', () => {
    const b = bbr(0.5);
    const p = new Path(b, 10);
    p.run(1);
    const r = b.onCongestionEvent(p.s, 1 as never);
    expect(r.cwnd).toBe(1);
  });
});
