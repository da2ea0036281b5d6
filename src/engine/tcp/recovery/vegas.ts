/**
 * Vegas loss recovery (Brakmo & Peterson 1995 §3.1; ns-2.35
 * Agent/TCP/Vegas): Reno's fast retransmit and fast recovery, plus the
 * fine-grained retransmission check that lets Vegas repair a loss before the
 * third duplicate ACK and repair a second loss in the same window without
 * waiting for the coarse timer.
 *
 *  - On every duplicate ACK the oldest unacknowledged segment is checked
 *    against the fine-grained timeout (../cc/vegas.ts): if it is overdue, or
 *    this is the third duplicate ACK, it is retransmitted at once. Unlike
 *    Reno, a fast retransmit is refused only right after a timeout (ns-2's
 *    Vegas test), so a second hole can be repaired by duplicate ACKs too;
 *    the window is nevertheless cut at most once per window of data, because
 *    the congestion ops cut it only for a segment sent after the last cut.
 *  - The first one or two new ACKs after a retransmission check the next
 *    segment the same way (ns-2 v_worried_) and retransmit it if overdue,
 *    without touching the window.
 *  - While duplicate ACKs keep arriving after a retransmission the window is
 *    inflated by one segment each (ns-2 ++cwnd_, here the separate
 *    inflation); the next new ACK deflates it. Not after a timeout: there
 *    ns-2's Vegas inflates too, then on the next new ACK sets cwnd to its
 *    stale post-loss value (0 after a timeout) — a slip not reproduced.
 *
 * Limited transmit on the first two duplicate ACKs is kept as for the other
 * variants (ns-2's Vegas sends nothing on them).
 */
import { Ev } from '../../output/event-log';
import type { VegasOps } from '../cc/vegas';
import { CwndAction, type TcpSender } from '../sender';
import { renoBeforeTimeout } from './reno';
import type { RecoveryOps } from './types';
import { nsToSeconds } from '../../core/time';

/** ns-2 Vegas's fast-retransmit test: refused only while a timeout's recovery point is not yet acknowledged. */
function mayRetransmit(s: TcpSender): boolean {
  return s.highestAck > s.recover || s.lastCwndAction !== CwndAction.Timeout || s.highestAck === s.base - 1;
}

export function createVegasRecovery(v: VegasOps): RecoveryOps {
  /** new ACKs still to check for an overdue next segment (ns-2 v_worried_) */
  let worried = 0;

  function fastRetransmit(s: TcpSender, now: number): void {
    const thresh = s.spec.tcp.dupAckThreshold;
    const seq = s.lastAck + 1;
    const sentOnce = v.transmits(seq) === 1;
    worried = Math.min(2, s.tSeqno - s.lastAck);
    s.fastRetransmitResponse(false);
    s.resetRtxTimer(true, false, now);
    s.output(seq, now);
    // ns-2 inflates by the duplicate ACKs so far only when the window was cut.
    s.inflation = v.cutOnLastLoss ? s.dupacks : 0;
    if (sentOnce) s.dupacks = thresh;
    s.log(Ev.RecoveryEnter, s.recover, Math.floor(s.cwnd) + s.inflation, 0);
  }

  function dupAck(s: TcpSender, now: number): void {
    const thresh = s.spec.tcp.dupAckThreshold;
    s.dupacks++;
    if (v.expired(s.lastAck + 1, nsToSeconds(now)) || s.dupacks === thresh) {
      if (mayRetransmit(s)) fastRetransmit(s, now);
    } else if (s.dupacks > thresh && s.lastCwndAction !== CwndAction.Timeout) {
      s.inflation++;
    } else if (s.dupacks < thresh) {
      s.sendOne(now);
    }
  }

  return {
    name: 'vegas',
    usesSack: false,
    inflates: true,
    onAck(s: TcpSender, ack: number, _pkt: number, now: number): void {
      if (ack > s.lastAck) {
        if (s.lastCwndAction === CwndAction.Dupack) {
          s.lastCwndAction = CwndAction.Exited;
          s.log(Ev.RecoveryExit, ack, s.segArg(s.recover), ack < s.recover ? 1 : 0);
        }
        s.inflation = 0;
        s.newAck(ack, now);
        s.openCwnd();
        if (worried > 0) {
          worried--;
          const next = ack + 1;
          if (next < s.tSeqno && v.expired(next, nsToSeconds(now))) {
            // The next segment is overdue too: resend it now, the window was already cut.
            s.output(next, now);
            s.log(Ev.Retransmit, next, NaN, 1);
            s.dupacks = s.spec.tcp.dupAckThreshold;
          } else worried = 0;
        }
      } else if (ack === s.lastAck) {
        dupAck(s, now);
      }
      s.sendMuch(now, 0);
    },
    beforeTimeout(s: TcpSender): void {
      worried = 0;
      renoBeforeTimeout(s);
    },
    sendMuch(s: TcpSender, now: number, maxburst: number): void {
      s.sendMuch(now, maxburst);
    },
  };
}
