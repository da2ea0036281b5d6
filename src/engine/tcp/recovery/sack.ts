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
 *
 * RFC 6675 computes pipe from the scoreboard and marks a hole lost only with
 * DupThresh SACKed segments above it; ns-2's counting estimate is kept so
 * that results compare with the papers, which all used Sack1.
 */
import { Ev } from '../../output/event-log';
import { CwndAction, type TcpSender } from '../sender';
import { mayFastRetransmit, type RecoveryOps } from './types';

function sackFastRetransmit(s: TcpSender, now: number): void {
  const sb = s.scoreboard!;
  s.recover = s.maxSeq;
  s.pipe = s.maxSeq - s.highestAck - s.spec.tcp.dupAckThreshold;
  s.resetRtxTimer(true, false, now);
  s.fastRecov = true;
  sb.markRetran(s.highestAck + 1);
  s.fastRetransmitResponse(false);
  s.output(s.lastAck + 1, now);
  s.log(Ev.RecoveryEnter, s.recover, s.pipe, 1);
}

function sendMuch(s: TcpSender, now: number, maxburst: number): void {
  const sb = s.scoreboard!;
  let win = s.window();
  let n = 0;
  for (;;) {
    const open = s.fastRecov ? s.pipe < Math.floor(s.cwnd) : s.tSeqno <= s.lastAck + win;
    if (!open || s.lastAck + 1 >= s.curSeq) break;
    let x = sb.nextRetran();
    if (x === -1) {
      const allowed = s.fastRecov ? s.tSeqno <= s.highestAck + s.rwnd : s.tSeqno <= s.highestAck + win;
      if (!allowed || s.tSeqno >= s.curSeq) break;
      x = s.tSeqno++;
    } else if (s.recover >= 0 && x <= s.highestAck + s.rwnd) {
      sb.markRetran(x);
      win = s.window();
      s.log(Ev.Retransmit, x, s.segArg(sb.right));
    } else break;
    s.output(x, now);
    if (s.tSeqno <= x) s.tSeqno = x + 1;
    n++;
    s.pipe++;
    if (maxburst > 0 && n === maxburst) break;
  }
}

export const sack: RecoveryOps = {
  name: 'sack',
  usesSack: true,
  inflates: false,
  onAck(s: TcpSender, ack: number, pkt: number, now: number): void {
    const sb = s.scoreboard!;
    const pool = s.pool;
    if (!s.fastRecov) {
      if (ack > s.lastAck) {
        s.newAck(ack, now);
        s.openCwnd();
        s.afterTimeout = false;
        sb.left = ack + 1;
        sb.clear();
      } else if (ack === s.lastAck && !s.afterTimeout) {
        if (sb.update(s.highestAck, pool, pkt) > 0) {
          const thresh = s.spec.tcp.dupAckThreshold;
          s.dupacks++;
          if (s.dupacks === thresh) {
            if (mayFastRetransmit(s)) sackFastRetransmit(s, now);
          } else if (s.dupacks < thresh) {
            s.sendOne(now);
          }
        }
      }
      if (s.dupacks === 0) sendMuch(s, now, 0);
      return;
    }
    // In fast recovery.
    s.pipe--;
    if (ack >= s.recover) {
      s.log(Ev.RecoveryExit, ack, s.segArg(s.recover), 0);
      s.recover = -1;
      s.fastRecov = false;
      s.lastCwndAction = CwndAction.Exited;
      s.newAck(ack, now);
      s.afterTimeout = false;
      sb.left = ack + 1;
      sb.clear();
    } else if (ack > s.highestAck) {
      s.highestAck = ack;
      if (s.tSeqno < ack + 1) s.tSeqno = ack + 1;
      sb.update(ack, pool, pkt);
      s.pipe--;
      s.newTimer(ack, now);
      s.rtt.backoff = 1;
      s.log(Ev.PartialAck, ack, s.segArg(s.recover), -1, sb.holes());
    } else if (!s.afterTimeout) {
      if (sb.update(s.highestAck, pool, pkt) > 0 && s.dupacks > 0) s.dupacks++;
    }
    sendMuch(s, now, 0);
  },
  beforeTimeout(s: TcpSender): void {
    if (s.fastRecov) s.log(Ev.RecoveryExit, s.highestAck, s.segArg(s.recover), 2);
    s.dupacks = 0;
    s.fastRecov = false;
    s.afterTimeout = true;
    if (s.highestAck > s.lastAck) s.lastAck = s.highestAck;
    s.recover = s.maxSeq;
    s.scoreboard!.left = s.highestAck + 1;
    s.scoreboard!.clear();
  },
  sendMuch,
};
