/**
 * CUBIC congestion ops (RFC 9438), ns-3 style: build the sender state by
 * hand, call one hook, check cwnd, ssthresh, W_max and K.
 */
import { describe, expect, it } from 'vitest';
import { grow, handState, respond, type HandState } from './hand-state';
import { CongestionEvent } from './types';
import { DEFAULT_TCP } from '../../scenario/defaults';
import type { CubicParams } from '../../scenario/types';
import { Cubic } from './cubic';

type State = HandState;

function state(o: Partial<State> = {}): State {
  return handState({ cwnd: 100, ssthresh: 1000, ...o });
}

const P: CubicParams = DEFAULT_TCP.cubic;
const noRf = (o: Partial<CubicParams> = {}): CubicParams => ({ ...P, renoFriendly: false, ...o });

/** Apply a fast-retransmit loss response to `s` as the sender does. */
function loss(c: Cubic, s: State): void {
  respond(c, s, CongestionEvent.FastRetransmit);
}

/** An ACK of `acked` new segments at time `t`. */
function ackAt(c: Cubic, s: State, acked: number, t: number): void {
  s.now = t;
  grow(c, s, { acked });
}

describe('CUBIC multiplicative decrease (RFC 9438 §4.6–4.7)', () => {
  it.each([
    // name, params, W_max before, cwnd, rwnd → ssthresh, W_max after
    ['first loss: β = 0.7, W_max = W', P, NaN, 100, 1000, 70, 100],
    ['fast convergence: W below the last W_max, W_max = W·(1+β)/2', P, 120, 100, 1000, 70, 85],
    ['without fast convergence W_max = W', { ...P, fastConvergence: false }, 120, 100, 1000, 70, 100],
    ['W above the last W_max: W_max = W', P, 80, 100, 1000, 70, 100],
    ['W is capped by the receiver window', P, NaN, 150, 100, 70, 100],
    ['ssthresh never below 2', P, NaN, 2, 1000, 2, 2],
    ['β = 0.5 halves', { ...P, beta: 0.5 }, NaN, 100, 1000, 50, 100],
  ])('%s', (_name, params, wMaxBefore, cwnd, rwnd, ssthresh, wMax) => {
    const c = new Cubic(params);
    c.wMax = wMaxBefore;
    const s = state({ cwnd, rwnd });
    loss(c, s);
    expect(s.ssthresh).toBeCloseTo(ssthresh, 12);
    expect(s.cwnd).toBeCloseTo(ssthresh, 12);
    expect(c.wMax).toBeCloseTo(wMax, 12);
    expect(c.k).toBeCloseTo(Math.cbrt(Math.max(0, wMax - ssthresh) / params.c), 12);
  });

  it('a timeout sets ssthresh the same way; the next epoch starts with W_max = cwnd, K = 0 (§4.8)', () => {
    const c = new Cubic(P);
    c.wMax = 150;
    const s = state({ cwnd: 100 });
    expect(c.ssthresh(s)).toBeCloseTo(70, 12);
    expect(c.onCongestionEvent(s, CongestionEvent.Timeout)).toEqual({ ssthresh: 70, cwnd: 1 });
    expect(c.wMax).toBe(150);
    s.cwnd = 70;
    s.ssthresh = 70;
    ackAt(c, s, 1, 5);
    expect(c.wMax).toBe(70);
    expect(c.k).toBe(0);
  });
});

describe('CUBIC window growth (RFC 9438 §4.2–4.5)', () => {
  it('slow start below ssthresh: +1 per ACK', () => {
    const c = new Cubic(P);
    const s = state({ cwnd: 10, ssthresh: 50 });
    ackAt(c, s, 1, 1);
    expect(s.cwnd).toBe(11);
  });

  it('first ACK of an epoch: cwnd += (W_cubic(t + RTT) − cwnd)/cwnd', () => {
    const c = new Cubic(noRf());
    const s = state({ cwnd: 100 });
    loss(c, s); // cwnd 70, W_max 100
    ackAt(c, s, 1, 10);
    const k = Math.cbrt(30 / 0.4);
    const target = 0.4 * (0.1 - k) ** 3 + 100;
    expect(c.epochStart).toBe(10);
    expect(c.k).toBeCloseTo(k, 12);
    expect(s.cwnd).toBeCloseTo(70 + (target - 70) / 70, 12);
  });

  /** cwnd's step on one ACK at time t of an epoch, cwnd being on the curve: W_cubic(t). */
  function stepAt(c: Cubic, t: number): number {
    const w = c.wCubic(t);
    const probe = state({ cwnd: w, ssthresh: 70 });
    ackAt(c, probe, 1, t);
    return probe.cwnd - w;
  }

  it('concave then convex: the step shrinks towards t = K, where cwnd = W_max, then grows again', () => {
    const c = new Cubic(noRf());
    const s = state({ cwnd: 100 });
    loss(c, s); // W_max 100, K = ∛(30/0.4) ≈ 4.22 s
    ackAt(c, s, 1, 0); // the epoch starts at t = 0
    const k = c.k;
    expect(c.wCubic(k)).toBeCloseTo(100, 12);
    expect(stepAt(c, 1)).toBeGreaterThan(stepAt(c, 3)); // concave, below W_max
    expect(stepAt(c, 3)).toBeGreaterThan(stepAt(c, k - 0.1));
    expect(stepAt(c, k + 1.5)).toBeGreaterThan(stepAt(c, k + 0.5)); // convex, above W_max
    expect(c.wCubic(k + 1)).toBeGreaterThan(100);
  });

  it('the target is capped at 1.5·cwnd', () => {
    const c = new Cubic(noRf());
    const s = state({ cwnd: 100 });
    loss(c, s);
    ackAt(c, s, 1, 0);
    s.cwnd = 70;
    ackAt(c, s, 1, 60); // W_cubic(60) is huge
    expect(s.cwnd).toBeCloseTo(70 + (1.5 * 70 - 70) / 70, 12);
  });

  it('does not grow once cwnd fills the receiver window', () => {
    const c = new Cubic(P);
    const s = state({ cwnd: 100, rwnd: 100, ssthresh: 50 });
    ackAt(c, s, 1, 1);
    expect(s.cwnd).toBe(100);
  });

  it('Reno-friendly region: on a short RTT with a small W_max, cwnd follows W_est', () => {
    const c = new Cubic(P);
    const s = state({ cwnd: 10, srtt: 0.01 });
    loss(c, s); // cwnd 7, W_max 10, K ≈ 1.96 s
    let t = 0;
    for (let i = 0; i < 100; i++) {
      t = i * 0.001;
      ackAt(c, s, 1, t);
    }
    expect(c.wCubic(t)).toBeLessThan(c.wEst);
    expect(s.cwnd).toBe(c.wEst);
    expect(c.wEst).toBeGreaterThan(10); // passed cwnd_prior: α is 1 from there
    expect(s.cwnd).toBeGreaterThan(c.wCubic(t));
  });

  it('Reno-friendly estimate grows α·acked/cwnd per ACK, α = 3(1−β)/(1+β)', () => {
    const c = new Cubic(P);
    const s = state({ cwnd: 100 });
    loss(c, s);
    ackAt(c, s, 2, 0);
    expect(c.wEst).toBeCloseTo(70 + ((3 * 0.3) / 1.7) * (2 / 70), 12);
  });
});

describe('CUBIC traces', () => {
  it('reports W_max, K, W_est and the HyStart++ phase', () => {
    const c = new Cubic({ ...P, hystart: true });
    expect(c.traceColumns).toEqual(['cubic_wmax', 'cubic_k_s', 'cubic_w_est', 'cubic_hystart']);
    expect(c.trace(3)).toBe(0); // standard slow start, watching the RTT
    expect(Number.isNaN(c.trace(0))).toBe(true);
    const s = state({ cwnd: 100 });
    loss(c, s);
    ackAt(c, s, 1, 0);
    expect(c.trace(0)).toBe(100);
    expect(c.trace(1)).toBeCloseTo(Math.cbrt(30 / 0.4), 12);
    expect(c.trace(2)).toBeCloseTo(c.wEst, 12);
    expect(c.trace(3)).toBe(2); // the loss ended HyStart++
  });
});
