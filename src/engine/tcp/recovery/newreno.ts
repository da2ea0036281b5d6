/**
 * NewReno (RFC 6582; ns-2.35 Agent/TCP/Newreno with its defaults
 * partial_window_deflation_ = 1 and newreno_changes1_ = 1): fast recovery as
 * Reno, but it lasts until the ACKs cover the recovery point (the highest
 * segment sent when it began). A partial ACK — new data acknowledged, short
 * of the recovery point — means the next segment was lost too: retransmit it
 * at once and stay in recovery, deflating the window by the amount acked and
 * adding back one segment (RFC 6582 §3.2 step 5). The retransmission timer is
 * reset only on the first partial ACK (the "Impatient" variant), so a window
 * with many holes falls back to a timeout rather than one retransmission per
 * RTT for ever.
 *
 * Where ns-2 and RFC 6582 differ, ns-2 is followed: on leaving recovery the
 * inflation is removed and cwnd keeps what deflation left (ns-2
 * exit_recovery_fix_ = 0) rather than min(ssthresh, FlightSize + 1); and the
 * exiting ACK also grows cwnd by 1/cwnd as any new ACK does.
 */
import { Ev } from '../../output/event-log';
import { CwndAction, type TcpSender } from '../sender';
import { renoBeforeTimeout, renoDupAck } from './reno';
import type { RecoveryOps } from './types';

function partialAck(s: TcpSender, ack: number, now: number): void {
  if (!s.firstPartial) {
    s.firstPartial = true;
    s.newTimer(ack, now);
  }
  // RFC 6582 §3.2 step 5: deflate by the data acknowledged, add back one segment.
  const deflate = ack - s.lastAck;
  if (s.inflation > deflate) s.inflation -= deflate - 1;
  else {
    s.cwnd -= deflate - s.inflation;
    s.inflation = 1;
  }
  if (s.cwnd < 1) s.cwnd = 1;
  s.lastAck = ack;
  s.highestAck = ack;
  if (s.tSeqno < ack + 1) s.tSeqno = ack + 1;
  if (s.rttActive && ack >= s.rttSeq) {
    // The timed segment was acknowledged after a retransmission: no sample (Karn).
    s.rttActive = false;
    s.rtt.backoff = 1;
  }
  s.output(ack + 1, now);
  s.log(Ev.PartialAck, ack, s.segArg(s.recover), s.segArg(ack + 1));
}

export const newreno: RecoveryOps = {
  name: 'newreno',
  usesSack: false,
  inflates: true,
  onAck(s: TcpSender, ack: number, _pkt: number, now: number): void {
    const thresh = s.spec.tcp.dupAckThreshold;
    if (ack > s.lastAck) {
      if (ack >= s.recover || s.lastCwndAction !== CwndAction.Dupack) {
        if (s.inflation > 0) {
          s.inflation = 0;
          if (s.lastCwndAction === CwndAction.Dupack) {
            s.lastCwndAction = CwndAction.Exited;
            s.log(Ev.RecoveryExit, ack, s.segArg(s.recover), 0);
          }
        }
        s.firstPartial = false;
        s.newAck(ack, now);
        s.openCwnd();
      } else {
        partialAck(s, ack, now);
      }
    } else if (ack === s.lastAck) {
      renoDupAck(s, now);
    }
    if (s.dupacks === 0) s.sendMuch(now, 0);
    else if (s.dupacks > thresh - 1) s.sendMuch(now, 2);
  },
  beforeTimeout: renoBeforeTimeout,
  sendMuch(s: TcpSender, now: number, maxburst: number): void {
    s.sendMuch(now, maxburst);
  },
};
