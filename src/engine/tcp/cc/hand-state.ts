/**
 * A sender state built by hand, for the table-driven tests of congestion ops
 * (the ns-3 style: set the state, call one hook, check cwnd and ssthresh),
 * and the calls the sender makes, applied to it as the sender applies them.
 */
import { CaState } from '../ca-state';
import { noRateSample } from '../delivery-rate';
import type { AckSample, CongestionEvent, CongestionOps, RateSample, SocketState, WindowUpdate } from './types';

export type HandState = { -readonly [K in keyof SocketState]: SocketState[K] };

export function handState(o: Partial<HandState> = {}): HandState {
  return {
    cwnd: 10,
    ssthresh: 64,
    rwnd: 1000,
    inflation: 0,
    srtt: 0.1,
    mss: 1000,
    outstanding: 0,
    state: CaState.Open,
    highestAck: 0,
    tSeqno: 0,
    dupacks: 0,
    now: 0,
    inFlight: 0,
    delivered: 0,
    deliveredTime: 0,
    ...o,
  };
}

/** A rate sample: no measurement, unless told otherwise. */
export function rateSample(o: Partial<RateSample> = {}): RateSample {
  return { ...noRateSample(), ...o };
}

/** An ACK sample: one new segment, no RTT sample, unless told otherwise. */
export function ackSample(o: Partial<AckSample> = {}): AckSample {
  return { acked: 1, dup: false, rtt: -1, echoRtt: -1, ece: false, roundStart: false, rate: rateSample(), ...o };
}

/** What the sender hands a hook to write into: the state's window, no pacing. */
export function windowOf(s: HandState): WindowUpdate {
  return { cwnd: s.cwnd, ssthresh: s.ssthresh, pacingRate: 0, markAppLimited: false };
}

/** An ACK of new data at `s.now`: the variant grows the window, the sender applies it to `s`. */
export function grow(ops: CongestionOps, s: HandState, a: Partial<AckSample> = {}): void {
  const w = windowOf(s);
  ops.increase(s, ackSample(a), w);
  s.cwnd = w.cwnd;
  s.ssthresh = w.ssthresh;
}

/** A congestion event at `s.now`: the variant's answer, applied to `s` (the sender's cwnd floor of 1 aside). */
export function respond(ops: CongestionOps, s: HandState, ev: CongestionEvent): { ssthresh: number; cwnd: number } {
  const r = ops.onCongestionEvent!(s, ev);
  s.ssthresh = r.ssthresh;
  s.cwnd = r.cwnd;
  return r;
}

/** An ACK arriving at time `now` (seconds), shown to the variant's onAck. */
export function observe(ops: CongestionOps, s: HandState, now: number, a: Partial<AckSample> = {}): void {
  s.now = now;
  ops.onAck!(s, ackSample(a));
}
