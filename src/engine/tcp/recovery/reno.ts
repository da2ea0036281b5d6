/**
 * Reno (RFC 5681 §3.2; ns-2 Agent/TCP/Reno): fast retransmit, then fast
 * recovery with window inflation — ssthresh = W/2, cwnd = ssthresh, and each
 * further duplicate ACK inflates the window by one segment (kept apart from
 * cwnd, as ns-2's dupwnd_, so cwnd charts show the congestion window itself).
 * The first ACK for new data ends recovery and deflates the window, even if
 * it is a partial ACK: with two or more losses in one window the remaining
 * holes usually wait for the retransmission timer.
 *
 * The duplicate-ACK counting, the start of recovery, its end and the
 * timeout steps here are shared by NewReno (newreno.ts) and, in part, Tahoe
 * and Vegas.
 */
import { CaState } from '../ca-state';
import { Ev } from '../../output/event-log';
import { ExitReason, mayFastRetransmit, type RecoveryContext, type RecoveryOps } from './types';

/**
 * Count a duplicate ACK (ns-2 dupack processing): the threshold calls for a
 * fast retransmit if allowed; beyond it the window inflates when `inflate`;
 * below it limited transmit sends a segment. Returns true for a fast retransmit.
 */
export function classicDupAck(c: RecoveryContext, inflate: boolean): boolean {
  c.dupacks++;
  if (c.dupacks === c.dupThresh) return mayFastRetransmit(c);
  if (c.dupacks > c.dupThresh) {
    if (inflate) c.inflation++;
  } else c.sendOne();
  return false;
}

/** Enter Reno-style fast recovery: retransmit the first hole, inflate by the duplicate ACKs (RFC 5681 §3.2 steps 2–3). */
export function renoEnter(c: RecoveryContext): void {
  c.resetRtxTimer(true, false);
  c.send(c.highestAck + 1);
  c.inflation = c.dupThresh;
  c.log(Ev.RecoveryEnter, c.recover, Math.floor(c.cwnd) + c.inflation, 0);
}

/**
 * Report the end of Reno-style recovery. A timeout reports it only while the
 * window is inflated: Vegas's retransmission without a cut never inflated
 * it, and ns-2 reports nothing then.
 */
export function renoExit(c: RecoveryContext, ack: number, reason: ExitReason): void {
  if (reason !== ExitReason.Timeout || c.inflation > 0) c.log(Ev.RecoveryExit, ack, c.seg(c.recover), reason);
}

/** ns-2 Reno's timeout steps: forget the duplicate ACKs, and wait past everything sent for the next fast retransmit. */
export function renoTimeout(c: RecoveryContext): void {
  c.dupacks = 0;
  c.recover = c.maxSeq;
}

export function createReno(): RecoveryOps {
  return {
    name: 'reno',
    usesSack: false,
    inflates: true,
    fastRecovery: true,
    growOnExit: true,
    onDupAck: (c) => classicDupAck(c, c.state === CaState.Recovery),
    enter: renoEnter,
    exit: renoExit,
    onTimeout: renoTimeout,
  };
}
