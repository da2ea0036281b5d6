/**
 * SACK recovery as ns-2.35's Agent/TCP/Sack1 (Fall & Floyd 1996, "Simulation-
 * based comparisons of Tahoe, Reno and SACK TCP"), with the receiver
 * reporting up to three SACK blocks (RFC 2018).
 *
 * On the third duplicate ACK that reports new SACKed data: ssthresh = W/2,
 * cwnd = ssthresh, retransmit the first hole, and estimate `pipe` — segments
 * still in the network — as (highest sent − cumulative ACK − 3). During
 * recovery each ACK lowers pipe by one (a partial ACK by two: the original
 * and the retransmission have left), each transmission raises it by one, and
 * the sender transmits whenever pipe < cwnd: first the holes the scoreboard
 * shows below the highest SACKed segment, then new data. Several holes are
 * so repaired in one round trip. Recovery ends when the ACKs cover the
 * recovery point; cwnd is then ssthresh (no growth on that ACK, as Sack1).
 * After a timeout duplicate ACKs are not counted until a new ACK arrives
 * (ns-2 timeout_).
 *
 * RFC 6675 computes pipe from the scoreboard and marks a hole lost only with
 * DupThresh SACKed segments above it; ns-2's counting estimate is kept so
 * that results compare with the papers, which all used Sack1.
 */
import { CaState } from '../ca-state';
import { Ev } from '../../output/event-log';
import { Scoreboard } from '../scoreboard';
import { ExitReason, mayFastRetransmit, type RecoveryContext, type RecoveryOps } from './types';

export class SackRecovery implements RecoveryOps {
  readonly name = 'sack';
  readonly usesSack = true;
  readonly inflates = false;
  readonly fastRecovery = true;
  readonly growOnExit = false;
  readonly scoreboard = new Scoreboard();
  /** segments estimated in the network during recovery (ns-2 pipe_) */
  pipe = 0;
  /** a timeout happened and no new ACK since: duplicate ACKs are not counted (ns-2 timeout_) */
  private afterTimeout = false;

  onDupAck(c: RecoveryContext, pkt: number): boolean {
    const sb = this.scoreboard;
    if (c.state === CaState.Recovery) {
      this.pipe--;
      if (!this.afterTimeout && sb.update(c.highestAck, c.pool, pkt) > 0 && c.dupacks > 0) c.dupacks++;
      return false;
    }
    // Only a duplicate ACK that reports newly SACKed data counts (ns-2 CheckUpdate).
    if (this.afterTimeout || sb.update(c.highestAck, c.pool, pkt) === 0) return false;
    c.dupacks++;
    if (c.dupacks === c.dupThresh) return mayFastRetransmit(c);
    if (c.dupacks < c.dupThresh) c.sendOne();
    return false;
  }

  enter(c: RecoveryContext): void {
    this.pipe = c.maxSeq - c.highestAck - c.dupThresh;
    c.resetRtxTimer(true, false);
    const first = c.highestAck + 1;
    this.scoreboard.markRetran(first);
    c.send(first);
    c.log(Ev.RecoveryEnter, c.recover, this.pipe, 1);
  }

  onPartialAck(c: RecoveryContext, _acked: number, pkt: number): boolean {
    // The original and the retransmission of the acknowledged hole have both left the network.
    this.pipe -= 2;
    const sb = this.scoreboard;
    sb.update(c.highestAck, c.pool, pkt);
    c.restartRtxTimer();
    c.clearBackoff();
    c.log(Ev.PartialAck, c.highestAck, c.seg(c.recover), -1, sb.holes());
    return true;
  }

  exit(c: RecoveryContext, ack: number, reason: ExitReason): void {
    c.log(Ev.RecoveryExit, ack, c.seg(c.recover), reason);
    // Sack1 forgets the recovery point: the next fast retransmit needs no ACK beyond it.
    if (reason !== ExitReason.Timeout) c.recover = -1;
  }

  onNewAck(c: RecoveryContext): void {
    this.afterTimeout = false;
    this.scoreboard.reset(c.highestAck + 1);
  }

  onTimeout(c: RecoveryContext): void {
    c.dupacks = 0;
    this.afterTimeout = true;
    c.recover = c.maxSeq;
    this.scoreboard.reset(c.highestAck + 1);
  }

  /** After an ACK: on the one that began recovery only the first hole went out; otherwise pipe (in recovery) or the window decides. */
  send(c: RecoveryContext, entered: boolean): void {
    if (entered || (c.state !== CaState.Recovery && c.dupacks !== 0)) return;
    this.sendMuch(c, 0);
  }

  /** The application wrote data: Sack1's send_much, whatever the duplicate-ACK count (ns-2 advanceby). */
  sendWritten(c: RecoveryContext): void {
    this.sendMuch(c, 0);
  }

  /** ns-2 Sack1 send_much: holes below the highest SACKed segment first, then new data. */
  private sendMuch(c: RecoveryContext, maxburst: number): void {
    const sb = this.scoreboard;
    let win = c.window();
    let n = 0;
    for (;;) {
      const inRecovery = c.state === CaState.Recovery;
      const open = inRecovery ? this.pipe < Math.floor(c.cwnd) : c.tSeqno <= c.highestAck + win;
      if (!open || c.highestAck + 1 >= c.curSeq || !c.pacingAllows()) break;
      let x = sb.nextRetran();
      if (x === -1) {
        const allowed = inRecovery ? c.tSeqno <= c.highestAck + c.rwnd : c.tSeqno <= c.highestAck + win;
        if (!allowed || c.tSeqno >= c.curSeq) break;
        x = c.tSeqno++;
      } else if (c.recover >= 0 && x <= c.highestAck + c.rwnd) {
        sb.markRetran(x);
        win = c.window();
        c.log(Ev.Retransmit, x, c.seg(sb.right));
      } else break;
      c.send(x);
      if (c.tSeqno <= x) c.tSeqno = x + 1;
      n++;
      this.pipe++;
      if (maxburst > 0 && n === maxburst) break;
    }
  }
}

export function createSack(): RecoveryOps {
  return new SackRecovery();
}
