/**
 * Reno congestion control (RFC 5681) as ns-2.35's TcpAgent applies it: the
 * shared toolkit of the loss-based variants (Tahoe, Reno, NewReno and SACK
 * differ only in loss recovery, which lives in ../recovery).
 *
 * - Growth per ACK, not per acknowledged byte (ns-2 opencwnd(), RFC 5681 §3.1
 *   without Appropriate Byte Counting): +1 segment in slow start, +1/cwnd in
 *   congestion avoidance. cwnd is not capped by the receiver window (ns-2);
 *   the window only limits what is sent.
 * - On loss ssthresh = max(⌊W/2⌋, 2) with W = ⌊min(cwnd + inflation, rwnd)⌋,
 *   ns-2's slowdown(CLOSE_SSTHRESH_HALF) in whole segments (RFC 5681 eq. (4)
 *   uses FlightSize; ns-2 uses the window, and so do we so that results
 *   compare with the papers).
 * - After fast retransmit cwnd = W/2 unrounded (at least 1), W = min(cwnd + inflation, rwnd):
 *   ns-2.35's CLOSE_CWND_HALF with its default precisionReduce_ (ssthresh is still whole).
 */
import { CongestionEvent, type CongestionOps, type SocketState, type WindowUpdate } from './types';

/** The window the loss response halves: ns-2's window() in whole segments. */
export function lossWindow(s: Readonly<SocketState>): number {
  return Math.floor(Math.min(s.cwnd + s.inflation, s.rwnd));
}

/** ns-2 opencwnd() with wnd_option_ 1: slow start, then +1/cwnd per ACK. */
export function renoIncrease(s: Readonly<SocketState>, w: WindowUpdate): void {
  w.cwnd = s.cwnd < s.ssthresh ? s.cwnd + 1 : s.cwnd + 1 / s.cwnd;
}

export function renoSsthresh(s: Readonly<SocketState>): number {
  return Math.max(Math.floor(lossWindow(s) / 2), 2);
}

/**
 * RFC 5681's response to a congestion event for a variant that gives only
 * its ssthresh: cwnd = ssthresh after a fast retransmit (§3.2 step 2, the
 * inflation is the recovery module's), 1 segment after a timeout (§3.1).
 */
export function lossResponse(
  ops: CongestionOps,
  s: Readonly<SocketState>,
  ev: CongestionEvent,
): { ssthresh: number; cwnd: number } {
  const ssthresh = ops.ssthresh(s);
  return { ssthresh, cwnd: ev === CongestionEvent.Timeout ? 1 : ssthresh };
}

export function createReno(): CongestionOps {
  return {
    name: 'reno',
    ssthresh: renoSsthresh,
    increase: (s, _a, w) => renoIncrease(s, w),
    onCongestionEvent: (s, ev) => ({
      ssthresh: renoSsthresh(s),
      // ns-2.35 CLOSE_CWND_HALF with precisionReduce_: half the window, unrounded.
      cwnd: ev === CongestionEvent.Timeout ? 1 : Math.max(Math.min(s.cwnd + s.inflation, s.rwnd) / 2, 1),
    }),
  };
}
