/**
 * Loss recovery: what a sender does with each ACK — count duplicates, decide
 * on fast retransmit, run fast recovery — and what it sends next. Tahoe,
 * Reno, NewReno and SACK differ here; congestion control (../cc) is shared.
 */
import type { TcpSender } from '../sender';

export interface RecoveryOps {
  readonly name: string;
  /** The receiver must send SACK blocks and the sender keeps a scoreboard. */
  readonly usesSack: boolean;
  /**
   * Fast recovery inflates the window by one segment per duplicate ACK
   * (RFC 5681 §3.2 step 4), kept apart from cwnd as ns-2 keeps it in
   * dupwnd_: the sampler then records it as the `inflation` column.
   */
  readonly inflates: boolean;
  /** Process one arriving ACK (`ack` = highest in-order sequence number at the receiver). */
  onAck(s: TcpSender, ack: number, pkt: number, now: number): void;
  /** The variant's own steps before the common timeout response. */
  beforeTimeout(s: TcpSender): void;
  /** Send what the window allows (the variant's send_much). */
  sendMuch(s: TcpSender, now: number, maxburst: number): void;
}

/** Fast retransmit is allowed: past the last recovery point, or the very first data segment was lost (ns-2 bugfix_ss_). */
export function mayFastRetransmit(s: TcpSender): boolean {
  return s.highestAck > s.recover || s.highestAck === s.base - 1;
}
