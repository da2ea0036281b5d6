/**
 * Loss recovery: what a sender does about duplicate and partial ACKs — when
 * to fast-retransmit, how fast recovery sends and ends — as the modules of
 * this folder (Tahoe, Reno, NewReno, SACK, Vegas) differ in it. Congestion
 * control (../cc) is separate and shared.
 *
 * The sender (../sender.ts) classifies each ACK once — new, duplicate,
 * partial (new, in Recovery, short of the recovery point) or full (it
 * covers the recovery point) — owns the congestion state (../ca-state.ts),
 * applies the congestion ops' response to a fast retransmit, and calls the
 * module's hooks below. A hook sees the sender only through a
 * RecoveryContext: the window and sequence variables it may read or change
 * and the few actions it may take. Whatever state a variant needs beyond
 * that (SACK's scoreboard and pipe, NewReno's first-partial flag, Vegas's
 * worried count) lives in its module, one instance per connection. ns-3's
 * TcpRecoveryOps (EnterRecovery, DoRecovery, ExitRecovery) has the same
 * cut; Linux keeps these branches inside tcp_fastretrans_alert().
 *
 * Sequence numbers here are the sender's (the SYN is 0 when the handshake
 * is on, see `base`); log() converts them to the data segment numbers
 * students see.
 */
import type { PacketPool } from '../../net/packets';
import type { Ev } from '../../output/event-log';
import type { CaState } from '../ca-state';

/** Why fast recovery ended: the recovery_exit event's `b` argument (output/describe.ts). */
export const enum ExitReason {
  /** the ACKs covered the recovery point */
  Full = 0,
  /** a partial ACK ended it (Reno: the next hole waits for more duplicate ACKs or the timer) */
  Partial = 1,
  /** the retransmission timer expired */
  Timeout = 2,
}

/** What a recovery module may read, change and do (the sender's control block, ../control-block.ts). */
export interface RecoveryContext {
  // --- read
  readonly state: CaState;
  /** highest sequence number cumulatively acknowledged (ns-2 highest_ack_) */
  readonly highestAck: number;
  /** highest sequence number sent (ns-2 maxseq_) */
  readonly maxSeq: number;
  /** sequence numbers the application has handed over (ns-2 curseq_) */
  readonly curSeq: number;
  /** receiver window, segments */
  readonly rwnd: number;
  /** duplicate ACKs that call for a fast retransmit (RFC 5681 DupThresh) */
  readonly dupThresh: number;
  /** sequence number of data segment 0 (1 with the handshake); base − 1 is the ACK before any data */
  readonly base: number;
  /** simulated time, seconds */
  readonly now: number;
  /** the packets (a SACK module reads the blocks of the ACK it is given) */
  readonly pool: PacketPool;

  // --- change
  /** congestion window, segments (NewReno deflates it on a partial ACK) */
  cwnd: number;
  /** Reno-style window inflation, segments (ns-2 dupwnd_); the sender zeroes it on a new ACK */
  inflation: number;
  /** duplicate ACKs counted since the last new ACK (ns-2 dupacks_) */
  dupacks: number;
  /** recovery point (ns-2 recover_); the sender sets it to maxSeq on a fast retransmit and a timeout */
  recover: number;
  /** next new sequence number to send (ns-2 t_seqno_) */
  tSeqno: number;

  // --- act
  /** Segments beyond the cumulative ACK that may be outstanding (ns-2 window()). */
  window(): number;
  /** Put sequence number `seq` on the wire, new or again (ns-2 output()). */
  send(seq: number): void;
  /** Limited transmit: one new segment beyond cwnd + dupacks, if allowed (RFC 3042). */
  sendOne(): void;
  /** The pacer lets a packet leave now (always when the flow does not pace); if not, the sender resumes when it does. */
  pacingAllows(): boolean;
  /** Send new segments while the window allows, at most `maxburst` (0: no limit) (ns-2 send_much()). */
  sendMuch(maxburst: number): void;
  /** ns-2 reset_rtx_timer: `backoff` doubles the RTO; not `mild` goes back to the first unacknowledged segment. */
  resetRtxTimer(mild: boolean, backoff: boolean): void;
  /** Restart the retransmission timer for what is outstanding beyond highestAck, or stop it (ns-2 newtimer()). */
  restartRtxTimer(): void;
  /** The timed segment is acknowledged after a retransmission: take no RTT sample (Karn) and clear the backoff. */
  discardRttSample(): void;
  /** Clear the timer backoff (RFC 6298 §5.7: an ACK for new data was received). */
  clearBackoff(): void;
  /** Log a protocol event; `seq` is a sequence number, the arguments as output/describe.ts reads them. */
  log(kind: Ev, seq: number, a?: number, b?: number, c?: number, d?: number): void;
  /** The data segment number of sequence number `seq` (for event arguments). */
  seg(seq: number): number;
}

export interface RecoveryOps {
  readonly name: string;
  /** The receiver sends SACK blocks (RFC 2018). */
  readonly usesSack: boolean;
  /**
   * Fast recovery inflates the window by one segment per duplicate ACK
   * (RFC 5681 §3.2 step 4), kept apart from cwnd as ns-2 keeps it in
   * dupwnd_: the sampler then records it as the `inflation` column.
   */
  readonly inflates: boolean;
  /**
   * There is fast recovery: false for Tahoe, whose fast retransmit sets
   * cwnd to 1 and restarts slow start (the state stays Open).
   */
  readonly fastRecovery: boolean;
  /** The ACK that ends recovery also grows cwnd (ns-2 Reno and NewReno do; Sack1 leaves cwnd at ssthresh). */
  readonly growOnExit: boolean;
  /**
   * A duplicate ACK (it repeats the cumulative ACK), in any state: count it
   * (dupacks), send on the first ones (limited transmit), inflate the window
   * in recovery. Return true when it calls for a fast retransmit: the sender
   * then applies the congestion ops' response and calls enter().
   */
  onDupAck(c: RecoveryContext, pkt: number): boolean;
  /**
   * Fast retransmit: ssthresh and cwnd are set, the recovery point is
   * maxSeq; retransmit and begin fast recovery (the sender enters Recovery
   * after this returns, if there is fast recovery).
   */
  enter(c: RecoveryContext): void;
  /**
   * A partial ACK in Recovery: highestAck has advanced by `acked` segments
   * (tSeqno with it). Return true to stay in recovery (NewReno retransmits
   * the next hole). Absent: the partial ACK ends recovery, as any new ACK
   * does in Reno.
   */
  onPartialAck?(c: RecoveryContext, acked: number, pkt: number): boolean;
  /**
   * Recovery ends, for `reason`; `ack` is the ACK that ends it (highestAck
   * for a timeout). Report it (the recovery_exit event) and clean up; the
   * sender then leaves Recovery and, for an ACK, processes it as a new ACK.
   */
  exit(c: RecoveryContext, ack: number, reason: ExitReason): void;
  /** A new ACK that does not keep recovery going, after the window grew. */
  onNewAck?(c: RecoveryContext, pkt: number): void;
  /** The retransmission timer expired (before the sender's response, after exit() if it was in recovery). */
  onTimeout?(c: RecoveryContext): void;
  /**
   * After each ACK and each timeout: send what the window allows.
   * `entered`: fast recovery began on this ACK. Absent: sendMuch(0).
   */
  send?(c: RecoveryContext, entered: boolean): void;
  /**
   * The application wrote more data (TcpSender.write): send what the window
   * allows whatever the duplicate-ACK count, as ns-2's advanceby() calls
   * send_much(). Absent: sendMuch(0).
   */
  sendWritten?(c: RecoveryContext): void;
}

/**
 * Fast retransmit is allowed: the ACKs are past the last recovery point
 * (ns-2 bugFix_, RFC 6582 §4), or the very first data segment was lost
 * (ns-2 bugfix_ss_).
 */
export function mayFastRetransmit(c: Readonly<RecoveryContext>): boolean {
  return c.highestAck > c.recover || c.highestAck === c.base - 1;
}
