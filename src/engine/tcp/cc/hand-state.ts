/**
 * A sender state built by hand, for the table-driven tests of congestion ops
 * (the ns-3 style: set the state, call one hook, check cwnd and ssthresh).
 */
import type { SocketState } from './types';

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
    inRecovery: false,
    highestAck: 0,
    tSeqno: 0,
    ...o,
  };
}
