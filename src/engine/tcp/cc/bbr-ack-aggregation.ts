/**
 * BBR's ACK-aggregation allowance (Linux bbr_update_ack_aggregation and
 * bbr_ack_aggregation_cwnd, 2019; ns-3.44 has it too, the paper and
 * draft-00 do not): the most data ACKed beyond what BtlBw accounts for
 * since the ACKs last came no faster than BtlBw, as the larger of two
 * windows of 5–10 round trips. BBR adds it to its cwnd target once the pipe
 * is full, so that a flow whose ACKs arrive in bunches (an aggregating link,
 * a receiver's delayed ACKs) is not starved of cwnd between the bunches.
 * Counted in whole segments, as Linux counts them; capped at 100 ms of BtlBw.
 */
import type { RateSample, SocketState } from './types';

/** round trips each of the two windows lasts */
const ROUNDS = 5;
/** the allowance is at most this many seconds of BtlBw */
const MAX_S = 0.1;

export class AckAggregation {
  /** when the present epoch began (delivered time, seconds) and the segments ACKed in it */
  private epochTime = 0;
  private epochAcked = 0;
  /** the largest excess in each of the two windows, and which one is filling */
  private readonly extra = [0, 0];
  private index = 0;
  private rounds = 0;

  /** The first epoch starts at `now` (seconds), when BBR starts. */
  start(now: number): void {
    this.epochTime = now;
  }

  /** Account an ACK; `btlBw` is BBR's bandwidth estimate in segments/s, `roundStart` whether a round trip begins. */
  update(s: Readonly<SocketState>, rs: Readonly<RateSample>, btlBw: number, roundStart: boolean): void {
    if (rs.ackedSacked <= 0 || rs.delivered < 0 || rs.interval <= 0) return;
    if (roundStart) {
      this.rounds = Math.min(31, this.rounds + 1);
      if (this.rounds >= ROUNDS) {
        this.rounds = 0;
        this.index ^= 1;
        this.extra[this.index] = 0;
      }
    }
    // Whole segments, as Linux counts them.
    let expected = Math.floor(btlBw * (s.deliveredTime - this.epochTime));
    if (this.epochAcked <= expected) {
      // ACKs no faster than BtlBw: a new epoch starts here.
      this.epochAcked = 0;
      this.epochTime = s.deliveredTime;
      expected = 0;
    }
    this.epochAcked += rs.ackedSacked;
    const extra = Math.min(this.epochAcked - expected, s.cwnd);
    if (extra > this.extra[this.index]) this.extra[this.index] = extra;
  }

  /** The allowance in segments at bandwidth estimate `btlBw` (segments/s). */
  cwnd(btlBw: number): number {
    return Math.min(Math.max(this.extra[0], this.extra[1]), Math.floor(btlBw * MAX_S));
  }
}
