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
 * RTT for ever. At most two segments leave per ACK while duplicate ACKs
 * arrive (ns-2 maxburst_ in recovery).
 *
 * Where ns-2 and RFC 6582 differ, ns-2 is followed: on leaving recovery the
 * inflation is removed and cwnd keeps what deflation left (ns-2
 * exit_recovery_fix_ = 0) rather than min(ssthresh, FlightSize + 1); and the
 * exiting ACK also grows cwnd by 1/cwnd as any new ACK does.
 */
import { CaState } from '../ca-state';
import { Ev } from '../../output/event-log';
import { classicDupAck, renoEnter, renoExit, renoTimeout } from './reno';
import type { RecoveryContext, RecoveryOps } from './types';

export class NewRenoRecovery implements RecoveryOps {
  readonly name = 'newreno';
  readonly usesSack = false;
  readonly inflates = true;
  readonly fastRecovery = true;
  readonly growOnExit = true;
  /** a partial ACK was seen in this recovery (the timer was reset then) */
  private firstPartial = false;

  onDupAck(c: RecoveryContext): boolean {
    return classicDupAck(c, c.state === CaState.Recovery);
  }

  enter(c: RecoveryContext): void {
    this.firstPartial = false;
    renoEnter(c);
  }

  onPartialAck(c: RecoveryContext, acked: number): boolean {
    if (!this.firstPartial) {
      this.firstPartial = true;
      c.restartRtxTimer();
    }
    // RFC 6582 §3.2 step 5: deflate by the data acknowledged, add back one segment.
    if (c.inflation > acked) c.inflation -= acked - 1;
    else {
      c.cwnd -= acked - c.inflation;
      c.inflation = 1;
    }
    if (c.cwnd < 1) c.cwnd = 1;
    // The timed segment was acknowledged after a retransmission: no sample (Karn).
    c.discardRttSample();
    const next = c.highestAck + 1;
    c.send(next);
    c.log(Ev.PartialAck, c.highestAck, c.seg(c.recover), c.seg(next));
    return true;
  }

  exit = renoExit;
  onTimeout = renoTimeout;

  send(c: RecoveryContext): void {
    if (c.dupacks === 0) c.sendMuch(0);
    else if (c.dupacks > c.dupThresh - 1) c.sendMuch(2);
  }
}

export function createNewReno(): RecoveryOps {
  return new NewRenoRecovery();
}
