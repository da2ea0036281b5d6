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
 *    inflation), in recovery or not; the next new ACK deflates it. Not after
 *    a timeout: there ns-2's Vegas inflates too, then on the next new ACK
 *    sets cwnd to its stale post-loss value (0 after a timeout) — a slip not
 *    reproduced.
 *
 * Limited transmit on the first two duplicate ACKs is kept as for the other
 * variants (ns-2's Vegas sends nothing on them).
 */
import { Ev } from '../../output/event-log';
import type { VegasOps } from '../cc/vegas';
import { renoExit, renoTimeout } from './reno';
import type { RecoveryContext, RecoveryOps } from './types';

export class VegasRecovery implements RecoveryOps {
  readonly name = 'vegas';
  readonly usesSack = false;
  readonly inflates = true;
  readonly fastRecovery = true;
  readonly growOnExit = true;
  /** new ACKs still to check for an overdue next segment (ns-2 v_worried_) */
  private worried = 0;
  /** the last window action was a timeout (ns-2 last_cwnd_action_ == CWND_ACTION_TIMEOUT) */
  private afterTimeout = false;

  constructor(private readonly v: VegasOps) {}

  /** ns-2 Vegas's fast-retransmit test: refused only while a timeout's recovery point is not yet passed. */
  private mayRetransmit(c: RecoveryContext): boolean {
    return c.highestAck > c.recover || !this.afterTimeout || c.highestAck === c.base - 1;
  }

  onDupAck(c: RecoveryContext): boolean {
    const thresh = c.dupThresh;
    c.dupacks++;
    if (this.v.expired(c.highestAck + 1, c.now) || c.dupacks === thresh) return this.mayRetransmit(c);
    if (c.dupacks > thresh) {
      if (!this.afterTimeout) c.inflation++;
    } else c.sendOne();
    return false;
  }

  enter(c: RecoveryContext): void {
    const seq = c.highestAck + 1;
    const sentOnce = this.v.transmits(seq) === 1;
    this.worried = Math.min(2, c.tSeqno - c.highestAck);
    this.afterTimeout = false;
    c.resetRtxTimer(true, false);
    c.send(seq);
    // ns-2 inflates by the duplicate ACKs so far only when the window was cut.
    c.inflation = this.v.cutOnLastLoss ? c.dupacks : 0;
    if (sentOnce) c.dupacks = c.dupThresh;
    c.log(Ev.RecoveryEnter, c.recover, Math.floor(c.cwnd) + c.inflation, 0);
  }

  exit = renoExit;

  onNewAck(c: RecoveryContext): void {
    if (this.worried === 0) return;
    this.worried--;
    const next = c.highestAck + 1;
    if (next < c.tSeqno && this.v.expired(next, c.now)) {
      // The next segment is overdue too: resend it now, the window was already cut.
      c.send(next);
      c.log(Ev.Retransmit, next, NaN, 1);
      c.dupacks = c.dupThresh;
    } else this.worried = 0;
  }

  onTimeout(c: RecoveryContext): void {
    this.worried = 0;
    this.afterTimeout = true;
    renoTimeout(c);
  }
}

export function createVegasRecovery(v: VegasOps): RecoveryOps {
  return new VegasRecovery(v);
}
