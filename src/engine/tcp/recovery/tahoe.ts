/**
 * Tahoe (Jacobson 1988; ns-2 Agent/TCP): three duplicate ACKs trigger a fast
 * retransmit, then ssthresh = W/2, cwnd = 1 and slow start from the first
 * unacknowledged segment (go-back-N). There is no fast recovery.
 */
import type { TcpSender } from '../sender';
import { mayFastRetransmit, type RecoveryOps } from './types';

export const tahoe: RecoveryOps = {
  name: 'tahoe',
  usesSack: false,
  inflates: false,
  onAck(s: TcpSender, ack: number, _pkt: number, now: number): void {
    const thresh = s.spec.tcp.dupAckThreshold;
    if (ack > s.lastAck) {
      s.newAck(ack, now);
      s.openCwnd();
    } else if (ack === s.lastAck) {
      s.dupacks++;
      if (s.dupacks === thresh) {
        if (mayFastRetransmit(s)) {
          s.fastRetransmitResponse(true);
          s.resetRtxTimer(false, false, now);
        }
      } else if (s.dupacks < thresh) {
        s.sendOne(now);
      }
    }
    s.sendMuch(now, 0);
  },
  beforeTimeout(): void {},
  sendMuch(s: TcpSender, now: number, maxburst: number): void {
    s.sendMuch(now, maxburst);
  },
};
