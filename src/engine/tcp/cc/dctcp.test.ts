/**
 * DCTCP congestion ops (RFC 8257), ns-3 style: the sender state by hand,
 * α's update once per window, the ECN cut by α, and the loss response.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_TCP } from '../../scenario/defaults';
import { Dctcp } from './dctcp';
import { ackSample, handState, respond } from './hand-state';
import { CongestionEvent } from './types';

/** One window of `n` ACKs of one segment, `marked` of them echoing CE; the next window's first ACK ends it. */
function windowOf(d: Dctcp, n: number, marked: number): void {
  const s = handState();
  for (let i = 0; i < n; i++) d.onAck(s, ackSample({ ece: i < marked, roundStart: false }));
  d.onAck(s, ackSample({ acked: 0, roundStart: true }));
}

describe('α, once per window (RFC 8257 §3.3)', () => {
  it.each([
    // α before, g, marked of 10 → α after
    ['nothing marked: α decays by 1 − g', 1, 1 / 16, 0, 15 / 16],
    ['everything marked: α stays 1', 1, 1 / 16, 10, 1],
    ['half marked from 0', 0, 1 / 16, 5, 0.5 / 16],
    ['g = 1: α is the last window’s fraction', 0.7, 1, 3, 0.3],
  ])('%s', (_n, a0, g, marked, want) => {
    const d = new Dctcp({ g, initialAlpha: a0 });
    windowOf(d, 10, marked);
    expect(d.alpha).toBeCloseTo(want, 12);
  });

  it('converges to the marked fraction', () => {
    const d = new Dctcp(DEFAULT_TCP.dctcp);
    for (let k = 0; k < 300; k++) windowOf(d, 20, 7);
    expect(d.alpha).toBeCloseTo(0.35, 6);
  });

  it('does not update within a window', () => {
    const d = new Dctcp(DEFAULT_TCP.dctcp);
    const s = handState();
    for (let i = 0; i < 50; i++) d.onAck(s, ackSample({ ece: false, roundStart: false }));
    expect(d.alpha).toBe(1);
    expect(d.trace(0)).toBe(1);
  });
});

describe('the window cut', () => {
  it.each([
    // α, cwnd → ssthresh = cwnd after an ECN echo
    [1, 40, 20],
    [0.5, 40, 30],
    [0.1, 40, 38],
    [0, 40, 40],
    [1, 3, 2],
  ])('α = %d, cwnd %d → %d', (alpha, cwnd, want) => {
    const d = new Dctcp({ g: 1 / 16, initialAlpha: alpha });
    const s = handState({ cwnd, ssthresh: 1000 });
    respond(d, s, CongestionEvent.Ecn);
    expect([s.cwnd, s.ssthresh]).toEqual([want, want]);
  });

  it('a loss halves, whatever α; a timeout restarts at 1', () => {
    const d = new Dctcp({ g: 1 / 16, initialAlpha: 0.1 });
    const s = handState({ cwnd: 40, ssthresh: 1000 });
    respond(d, s, CongestionEvent.FastRetransmit);
    expect([s.cwnd, s.ssthresh]).toEqual([20, 20]);
    respond(d, s, CongestionEvent.Timeout);
    expect(s.cwnd).toBe(1);
  });

  it('asks for every packet to be ECN-capable', () => {
    expect(new Dctcp(DEFAULT_TCP.dctcp).ectAll).toBe(true);
  });
});
