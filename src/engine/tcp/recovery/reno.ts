/**
 * Reno (RFC 5681 §3.2; ns-2 Agent/TCP/Reno): fast retransmit, then fast
 * recovery with window inflation — ssthresh = W/2, cwnd = ssthresh, and each
 * further duplicate ACK inflates the window by one segment (kept apart from
 * cwnd, as ns-2's dupwnd_, so cwnd charts show the congestion window itself).
 * The first ACK for new data ends recovery and deflates the window, even if
 * it is a partial ACK: with two or more losses in one window the remaining
 * holes usually wait for the retransmission timer.
 */
import { Ev } from '../../output/event-log';
import { CwndAction, type TcpSender } from '../sender';
import { mayFastRetransmit, type RecoveryOps } from './types';

/** Enter Reno-style fast recovery: retransmit, halve, inflate by the dupack threshold. */
export function renoFastRetransmit(s: TcpSender, now: number): void {
  s.fastRetransmitResponse(false);
  s.resetRtxTimer(true, false, now);
  s.output(s.lastAck + 1, now);
  s.inflation = s.spec.tcp.dupAckThreshold;
  s.log(Ev.RecoveryEnter, s.recover, Math.floor(s.cwnd) + s.inflation, 0);
}

/** Duplicate ACK counting shared by Reno and NewReno. */
export function renoDupAck(s: TcpSender, now: number): void {
  const thresh = s.spec.tcp.dupAckThreshold;
  s.dupacks++;
  if (s.dupacks === thresh) {
    if (mayFastRetransmit(s)) renoFastRetransmit(s, now);
  } else if (s.dupacks > thresh && s.lastCwndAction === CwndAction.Dupack) {
    s.inflation++;
  } else if (s.dupacks < thresh) {
    s.sendOne(now);
  }
}

export function renoBeforeTimeout(s: TcpSender): void {
  if (s.lastCwndAction === CwndAction.Dupack && s.inflation > 0) {
    s.log(Ev.RecoveryExit, s.highestAck, s.segArg(s.recover), 2);
  }
  s.inflation = 0;
  s.dupacks = 0;
  s.recover = s.maxSeq;
}

export const reno: RecoveryOps = {
  name: 'reno',
  usesSack: false,
  inflates: true,
  onAck(s: TcpSender, ack: number, _pkt: number, now: number): void {
    if (ack > s.lastAck) {
      if (s.lastCwndAction === CwndAction.Dupack) {
        s.lastCwndAction = CwndAction.Exited;
        s.inflation = 0;
        s.log(Ev.RecoveryExit, ack, s.segArg(s.recover), ack < s.recover ? 1 : 0);
      }
      s.inflation = 0;
      s.newAck(ack, now);
      s.openCwnd();
    } else if (ack === s.lastAck) {
      renoDupAck(s, now);
    }
    s.sendMuch(now, 0);
  },
  beforeTimeout: renoBeforeTimeout,
  sendMuch(s: TcpSender, now: number, maxburst: number): void {
    s.sendMuch(now, maxburst);
  },
};
