/**
 * ns-2.35's Vegas agent (the ns2 profile's Vegas), against tcp-vegas.cc's
 * own arithmetic, worked by hand: the start at cwnd 1 with a comparison on
 * the first ACK, the send-time table and its wrap-around quirk, the
 * deflation rule, and the loss side's duplicate ACKs.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_TCP } from '../../scenario/defaults';
import { HandContext } from '../recovery/hand-context';
import { Ns2VegasRecovery } from '../recovery/vegas-ns2';
import { handState, grow, respond, type HandState } from './hand-state';
import { CongestionEvent } from './types';
import { Ns2Vegas } from './vegas-ns2';

const P = { ...DEFAULT_TCP.vegas, agent: 'ns2' as const };

/** Segment `seq` sent at `now` (seconds) with t_seqno_ = seq, as send_much sends it. */
function send(v: Ns2Vegas, s: HandState, seq: number, now: number): void {
  s.now = now;
  s.tSeqno = seq;
  v.onSend(s, seq);
  s.tSeqno = seq + 1;
}

/** A new ACK for `ack` at `now`: the agent's window step and its end-of-ACK bookkeeping. */
function ackNew(v: Ns2Vegas, s: HandState, ack: number, now: number): void {
  const acked = ack - s.highestAck;
  s.now = now;
  s.highestAck = ack;
  s.dupacks = 0;
  grow(v, s, { acked });
  v.onAck(s);
}

describe("ns-2's Vegas agent: start-up", () => {
  it('starts at cwnd 1, compares on the first ACK, and opens to windowInit_ on the second', () => {
    const v = new Ns2Vegas(P, 20, 2, 3);
    expect(v.firstCwnd).toBe(1);
    const s = handState({ cwnd: 1, ssthresh: 20, highestAck: -1, tSeqno: 0 });
    send(v, s, 0, 1.0); // the flow starts at 1 s: vegastime counts from here
    ackNew(v, s, 0, 1.1);
    // firstrecv_ = 0.1 s: BaseRTT, and the fine-grained timeout 1.5 RTT without the 1/16.
    expect(v.baseRtt).toBeCloseTo(0.1, 12);
    expect(v.fineTimeout).toBeCloseTo(0.15, 12);
    // The first comparison ran (v_inc_flag_ now 0): no growth on this round trip.
    expect(v.diff).toBeCloseTo(0, 12);
    expect(s.cwnd).toBe(1);
    send(v, s, 1, 1.1);
    // last_ack_ == 0: cwnd = windowInit_ (2); the round trip closes (1 ≥ v_begseq_ 1), growth 1 → 3.
    ackNew(v, s, 1, 1.2);
    expect(s.cwnd).toBe(3);
    // Segment 0's send time is 0 on the Vegas clock: no sample from it; segment 1's is 0.1 s.
    // sa 0.8 stays, sd = 0.1 + (0 − 0.1/4) = 0.075: (0.2 + 0.075)/2 = 0.1375, plus 1/16.
    expect(v.fineTimeout).toBeCloseTo(0.1375 * (17 / 16), 12);
  });

  it('resets BaseRTT to a round trip with one segment in flight, even a longer one', () => {
    const v = new Ns2Vegas(P, 20, 2, 3);
    const s = handState({ cwnd: 1, ssthresh: 20, highestAck: -1, tSeqno: 0 });
    send(v, s, 0, 0);
    ackNew(v, s, 0, 0.1);
    expect(v.baseRtt).toBeCloseTo(0.1, 12);
    send(v, s, 1, 0.1);
    ackNew(v, s, 1, 0.25); // the round trip 0.1 → 0.25 s held one segment: BaseRTT 0.15
    expect(v.baseRtt).toBeCloseTo(0.15, 12);
  });
});

describe("ns-2's Vegas agent: the send-time table", () => {
  it('an ACK covering the wrap-around leaves the entries counted: the next fast retransmit halves', () => {
    const w = 8;
    const v = new Ns2Vegas(P, w, 2, 3);
    const s = handState({ cwnd: 8, ssthresh: 2, highestAck: -1, tSeqno: 0, rwnd: w });
    for (let q = 0; q < 6; q++) send(v, s, q, 0.01 * q);
    ackNew(v, s, 5, 0.2);
    for (let q = 6; q < 10; q++) send(v, s, q, 0.2);
    // One ACK for 6..9 crosses index 7 → 0: ns-2's loop clears nothing.
    ackNew(v, s, 9, 0.4);
    s.cwnd = 8;
    for (let q = 10; q < 16; q++) send(v, s, q, 0.4);
    ackNew(v, s, 13, 0.6);
    // Segment 14 sits in entry 6, still counting segment 6's send: two transmissions.
    s.cwnd = 8;
    const r = respond(v, s, CongestionEvent.FastRetransmit);
    expect(r.cwnd).toBe(4); // halved, as for a retransmission (¾ would be 6)
    expect(v.lastTransmits).toBe(2);
  });

  it('an ACK within the array clears it: a quarter off', () => {
    const v = new Ns2Vegas(P, 64, 2, 3);
    const s = handState({ cwnd: 8, ssthresh: 2, highestAck: -1, tSeqno: 0 });
    for (let q = 0; q < 10; q++) send(v, s, q, 0.01 * q);
    ackNew(v, s, 9, 0.4);
    s.cwnd = 8;
    for (let q = 10; q < 14; q++) send(v, s, q, 0.4);
    const r = respond(v, s, CongestionEvent.FastRetransmit);
    expect(r.cwnd).toBe(6);
    expect(v.cutOnLastLoss).toBe(true);
  });
});

describe("ns-2's Vegas agent: duplicate ACKs and deflation", () => {
  it('sends nothing on the first two duplicate ACKs, inflates cwnd itself beyond the threshold', () => {
    const v = new Ns2Vegas(P, 64, 2, 3);
    const r = new Ns2VegasRecovery(v);
    const s = handState({ cwnd: 20, highestAck: -1, tSeqno: 0 });
    for (let q = 0; q < 20; q++) send(v, s, q, 0.9);
    const c = new HandContext({ highestAck: 9, tSeqno: 20, maxSeq: 19, cwnd: 10, now: 1 });
    for (let i = 0; i < 2; i++) {
      expect(r.onDupAck(c)).toBe(false);
      r.send(c);
    }
    expect(c.sendMuchCalls).toEqual([]);
    expect(c.sendOnes).toBe(0);
    c.dupacks = 3;
    expect(r.onDupAck(c)).toBe(false);
    expect(c.cwnd).toBe(11);
    r.send(c);
    expect(c.sendMuchCalls).toEqual([0]);
  });

  it('deflates to the recorded window only after more duplicates than the threshold', () => {
    const v = new Ns2Vegas(P, 64, 2, 3);
    const s = handState({ cwnd: 12, ssthresh: 20, highestAck: -1, tSeqno: 0 });
    for (let q = 0; q < 13; q++) send(v, s, q, 0.01 * q);
    ackNew(v, s, 0, 0.2);
    ackNew(v, s, 1, 0.21); // last_ack_ 0: cwnd = windowInit_
    s.cwnd = 12;
    respond(v, s, CongestionEvent.FastRetransmit); // segment 2: W' = 12 − 3 = 9, recorded as v_newcwnd_
    // Exactly three duplicates, then a new ACK: cwnd stays inflated (9 + 3), ssthresh untouched.
    s.cwnd = 9 + 3;
    s.dupacks = 3;
    v.onAck(s);
    ackNew(v, s, 2, 0.3);
    expect(s.ssthresh).toBe(20);
    expect(s.cwnd).toBeGreaterThanOrEqual(12);
    // Four: back to W' and ssthresh 2.
    s.cwnd = 14;
    s.dupacks = 4;
    v.onAck(s);
    ackNew(v, s, 3, 0.35);
    expect(s.ssthresh).toBe(2);
    expect(s.cwnd).toBeLessThan(10);
  });
});
