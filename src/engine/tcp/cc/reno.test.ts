/**
 * Reno congestion ops as ns-2.35 applies them, ns-3 style: build the sender
 * state by hand, call one hook, check cwnd and ssthresh. Also the response
 * RFC 5681 gives a variant that names only its ssthresh.
 */
import { describe, expect, it } from 'vitest';
import { grow, handState, respond } from './hand-state';
import { createReno, lossResponse } from './reno';
import { CongestionEvent, type CongestionOps } from './types';

describe('Reno growth: per ACK, not per byte (ns-2 opencwnd)', () => {
  it.each([
    // name, cwnd, ssthresh → cwnd
    ['slow start: +1', 4, 64, 5],
    ['at ssthresh: congestion avoidance, +1/cwnd', 64, 64, 64 + 1 / 64],
    ['congestion avoidance: +1/cwnd', 20, 10, 20.05],
  ])('%s', (_name, cwnd, ssthresh, after) => {
    const s = handState({ cwnd, ssthresh });
    grow(createReno(), s);
    expect(s.cwnd).toBeCloseTo(after, 12);
    expect(s.ssthresh).toBe(ssthresh);
  });
});

describe('Reno loss response (ns-2 slowdown with precisionReduce_)', () => {
  it.each([
    // name, cwnd, inflation, rwnd → ssthresh, cwnd after a fast retransmit
    ['halves the window', 20, 0, 1000, 10, 10],
    ['a fractional window: ssthresh whole, cwnd not rounded', 21.7, 0, 1000, 10, 10.85],
    ['the inflation counts in the window', 10, 3, 1000, 6, 6.5],
    ['the receiver window caps it', 40, 0, 16, 8, 8],
    ['never below 2 (ssthresh) and 1 (cwnd)', 1, 0, 1000, 2, 1],
  ])('%s', (_name, cwnd, inflation, rwnd, ssthresh, after) => {
    const s = handState({ cwnd, inflation, rwnd });
    expect(createReno().ssthresh(s)).toBe(ssthresh);
    expect(respond(createReno(), s, CongestionEvent.FastRetransmit)).toEqual({ ssthresh, cwnd: after });
  });

  it('a timeout: the same ssthresh, cwnd 1', () => {
    expect(createReno().onCongestionEvent!(handState({ cwnd: 20 }), CongestionEvent.Timeout)).toEqual({
      ssthresh: 10,
      cwnd: 1,
    });
  });
});

describe('lossResponse: the sender’s answer for a variant that gives only ssthresh', () => {
  const toy: CongestionOps = { name: 'toy', ssthresh: (s) => Math.max(s.cwnd - 3, 2), increase: () => {} };

  it.each([
    ['fast retransmit: cwnd = ssthresh (RFC 5681 §3.2)', CongestionEvent.FastRetransmit, { ssthresh: 7, cwnd: 7 }],
    ['timeout: cwnd = 1 (RFC 5681 §3.1)', CongestionEvent.Timeout, { ssthresh: 7, cwnd: 1 }],
  ])('%s', (_name, ev, r) => {
    expect(lossResponse(toy, handState({ cwnd: 10 }), ev)).toEqual(r);
  });
});
