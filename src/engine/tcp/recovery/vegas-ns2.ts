/**
 * The loss side of ns-2.35's Vegas agent (tcp/tcp-vegas.cc recv() and
 * timeout()), for the ns2 profile; its congestion side and the list of what
 * differs from the engine's Vegas are in ../cc/vegas-ns2.ts.
 *
 *  - Every duplicate ACK counts; the oldest unacknowledged segment is
 *    retransmitted when it is overdue by the fine-grained timer or at the
 *    threshold, refused only while a timeout's recovery point is not passed
 *    (ns-2's bug_fix_ test, without Reno's exception for segment 0).
 *  - The first two duplicate ACKs send nothing (no limited transmit: ns-2
 *    calls send_much only when dupacks_ is 0 or at least numdupacks_);
 *    beyond the threshold each one inflates cwnd itself by one, whether or
 *    not a retransmission came first.
 *  - A retransmission that cuts the window inflates it by the duplicate ACKs
 *    so far; one of a segment sent once sets dupacks to the threshold, so
 *    that the next duplicate ACK inflates and sends.
 *  - The coarse timer is restarted with backoff (reset_rtx_timer(1) takes
 *    ns-2's default backoff argument, 1).
 *  - The first one or two new ACKs after a retransmission check the next
 *    segment against the fine-grained timer and resend it if overdue
 *    (v_worried_); a timeout does not clear that count.
 */
import { Ev } from '../../output/event-log';
import type { Ns2Vegas } from '../cc/vegas-ns2';
import { ExitReason, type RecoveryContext, type RecoveryOps } from './types';

export class Ns2VegasRecovery implements RecoveryOps {
  readonly name = 'vegas';
  readonly usesSack = false;
  /** cwnd carries the inflation itself, as ns-2's Vegas cwnd_ does */
  readonly inflates = false;
  readonly fastRecovery = true;
  readonly growOnExit = true;
  /** v_worried_ */
  private worried = 0;
  /** last_cwnd_action_ == CWND_ACTION_TIMEOUT */
  private afterTimeout = false;

  constructor(private readonly v: Ns2Vegas) {}

  onDupAck(c: RecoveryContext): boolean {
    this.v.arrived(c.now);
    c.dupacks++;
    if (this.v.expired(c.highestAck + 1, c.now) || c.dupacks === c.dupThresh) {
      return c.highestAck > c.recover || !this.afterTimeout;
    }
    if (c.dupacks > c.dupThresh) c.cwnd++;
    return false;
  }

  enter(c: RecoveryContext): void {
    const seq = c.highestAck + 1;
    this.afterTimeout = false;
    this.worried = Math.min(2, c.tSeqno - c.highestAck);
    // The congestion ops set cwnd = W' when they cut; ns-2 inflates it by the duplicates so far.
    if (this.v.cutOnLastLoss) c.cwnd += c.dupacks;
    c.resetRtxTimer(true, true);
    c.send(seq);
    if (this.v.lastTransmits === 1) c.dupacks = c.dupThresh;
    c.log(Ev.RecoveryEnter, c.recover, Math.floor(c.cwnd), 0);
  }

  exit(c: RecoveryContext, ack: number, reason: ExitReason): void {
    if (reason !== ExitReason.Timeout) c.log(Ev.RecoveryExit, ack, c.seg(c.recover), reason);
  }

  onNewAck(c: RecoveryContext): void {
    if (this.worried === 0) return;
    this.worried--;
    const next = c.highestAck + 1;
    if (this.v.expired(next, c.now)) {
      c.dupacks = c.dupThresh;
      c.send(next);
      c.log(Ev.Retransmit, next, NaN, 1);
    } else this.worried = 0;
  }

  onTimeout(c: RecoveryContext): void {
    this.afterTimeout = true;
    c.dupacks = 0;
    c.recover = c.maxSeq;
  }

  /** send_much only with no duplicate ACKs or from the threshold on. */
  send(c: RecoveryContext): void {
    if (c.dupacks === 0 || c.dupacks >= c.dupThresh) c.sendMuch(0);
  }
}

export function createNs2VegasRecovery(v: Ns2Vegas): RecoveryOps {
  return new Ns2VegasRecovery(v);
}
