/**
 * DCTCP, Data Center TCP (Bensley, Thaler, Balasubramanian, Eggert & Judd,
 * RFC 8257, 2017; Alizadeh et al., SIGCOMM 2010; Linux tcp_dctcp.c). Runs on
 * SACK loss recovery with ECN (`tcp.ecn`), as Linux runs it.
 *
 * The queue marks CE at a step threshold K; the receiver echoes each
 * segment's mark exactly (ECE on the ACKs of CE segments, ../receiver.ts),
 * so the sender learns the fraction of its data that was marked. Once per
 * window of data (the sender's round, AckSample.roundStart; RFC 8257 §3.3's
 * window_end = SND.NXT) it updates
 *     α ← (1 − g)·α + g·F,   F = marked / acknowledged in the window,
 * and when an ACK carries ECE it reduces — once per window, through the
 * sender's CWR (RFC 3168's rule) —
 *     ssthresh = cwnd = max(cwnd·(1 − α/2), 2).
 * A queue that marks a little costs a little window; a full one, half.
 * A loss is answered as Reno answers it (RFC 8257 §3.4): half the window.
 *
 * Tunables (scenario `tcp.dctcp`): g (the EWMA gain, default 1/16, RFC 8257
 * §4.2 and Linux dctcp_shift_g 4) and initialAlpha (default 1, Linux
 * dctcp_alpha_on_init; RFC 8257 §3.3). Trace column: dctcp_alpha.
 *
 * Where the sources differ, and what is followed:
 *  - Counting in segments, not bytes (every data segment is full-sized).
 *  - The α of an ACK that both ends a window and carries ECE: Linux updates
 *    α first (in_ack_event) and reduces with it; the engine's sender asks
 *    for the reduction before the per-ACK hook, so that one reduction uses
 *    the α of the window before. ns-3 updates α in PktsAcked, before too.
 *  - ECT on the SYN and retransmissions (RFC 8257 §3.1 allows them; Linux
 *    and ns-3 set it, so a step-marking queue marks a DCTCP SYN rather than
 *    drop it): set. Pure ACKs are not marked ECT (they cross no marking
 *    queue in the cases here).
 */
import type { DctcpParams } from '../../scenario/types';
import { renoIncrease } from './reno';
import { CongestionEvent, type AckSample, type CongestionOps, type SocketState, type WindowUpdate } from './types';

const TRACE_COLUMNS = ['dctcp_alpha'] as const;

export class Dctcp implements CongestionOps {
  readonly name = 'dctcp';
  readonly traceColumns: readonly string[] = TRACE_COLUMNS;
  readonly ectAll = true;
  /** the estimate of the marked fraction, 0 … 1 */
  alpha: number;
  private readonly g: number;
  /** segments acknowledged, and those of them echoed as marked, in the current window */
  ackedInWindow = 0;
  markedInWindow = 0;

  constructor(p: DctcpParams) {
    this.g = p.g;
    this.alpha = p.initialAlpha;
  }

  increase(s: Readonly<SocketState>, _a: Readonly<AckSample>, w: WindowUpdate): void {
    renoIncrease(s, w);
  }

  /** The ECN reduction's ssthresh: max(cwnd·(1 − α/2), 2). */
  ssthresh(s: Readonly<SocketState>): number {
    return Math.max(s.cwnd * (1 - this.alpha / 2), 2);
  }

  onCongestionEvent(s: Readonly<SocketState>, ev: CongestionEvent): { ssthresh: number; cwnd: number } {
    if (ev === CongestionEvent.Ecn) {
      const ssthresh = this.ssthresh(s);
      return { ssthresh, cwnd: ssthresh };
    }
    // A loss: Reno's halving (RFC 8257 §3.4; Linux dctcp_react_to_loss).
    const ssthresh = Math.max(Math.min(s.cwnd, s.rwnd) / 2, 2);
    return { ssthresh, cwnd: ev === CongestionEvent.Timeout ? 1 : ssthresh };
  }

  /** Every ACK: count what it acknowledges and whether it echoes marks; at a window's end, update α. */
  onAck(_s: Readonly<SocketState>, a: Readonly<AckSample>): void {
    if (a.acked > 0) {
      this.ackedInWindow += a.acked;
      if (a.ece) this.markedInWindow += a.acked;
    }
    if (a.roundStart && this.ackedInWindow > 0) {
      const f = this.markedInWindow / this.ackedInWindow;
      this.alpha = (1 - this.g) * this.alpha + this.g * f;
      this.ackedInWindow = 0;
      this.markedInWindow = 0;
    }
  }

  trace(i: number): number {
    return i === 0 ? this.alpha : NaN;
  }
}

export function createDctcp(p: DctcpParams): Dctcp {
  return new Dctcp(p);
}
