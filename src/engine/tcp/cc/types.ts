/**
 * The congestion-ops interface: what a TCP variant decides, and nothing
 * else. Loss detection, the recovery state machine and choosing what to send
 * live in the sender and its recovery modules; a variant is only asked how to
 * grow the window, what ssthresh a loss leaves, and told about ACKs and
 * losses — the narrow table Linux calls tcp_congestion_ops and ns-3 calls
 * TcpCongestionOps.
 */

/** The sender state a variant may read and change (ns-3's TcpSocketState). */
export interface SocketState {
  /** congestion window, segments (fractional in congestion avoidance) */
  cwnd: number;
  /** slow-start threshold, segments */
  ssthresh: number;
  /** receiver window, segments */
  readonly rwnd: number;
  /** Reno-style fast-recovery inflation, segments (ns-2 dupwnd_) */
  readonly inflation: number;
  /** smoothed RTT, seconds (0 before the first sample) */
  readonly srtt: number;
  /** payload bytes per segment */
  readonly mss: number;
  /** segments sent and not yet cumulatively acknowledged */
  readonly outstanding: number;
  /** in fast recovery or after a timeout until the recovery point is acknowledged */
  readonly inRecovery: boolean;
  /** highest sequence number cumulatively acknowledged (ns-2 highest_ack_; −1 before any ACK) */
  readonly highestAck: number;
  /** next sequence number to send (ns-2 t_seqno_; goes back after a timeout, go-back-N) */
  readonly tSeqno: number;
}

export interface CongestionOps {
  /**
   * An ACK acknowledged `acked` new segments outside fast recovery: grow cwnd
   * (ns-2 opencwnd(), Linux cong_avoid). `now` in seconds.
   */
  increase(s: SocketState, acked: number, now: number): void;
  /** ssthresh after a loss: three duplicate ACKs (`timeout` false) or a retransmission timeout. */
  ssthresh(s: SocketState, timeout: boolean, now: number): number;
  /** cwnd right after a fast retransmit, given the new ssthresh. */
  cwndAfterFastRetransmit(s: SocketState, ssthresh: number): number;
  /**
   * Every ACK that arrives, after the recovery module processed it: `acked`
   * segments it newly acknowledges cumulatively (0 for a duplicate), the
   * sender's RTT sample in seconds or −1 (one timed segment per round trip),
   * `now` in seconds; `dup` is true for a duplicate ACK (it repeats the last
   * cumulative ACK, ns-2 `seqno == last_ack_`); `echoRtt` is now minus the
   * send time of the data segment that triggered this ACK (the timestamp
   * echo), seconds, or −1 for the ACK of the SYN. Vegas, Westwood and CUBIC
   * observe the path here.
   */
  onAck?(s: SocketState, acked: number, rtt: number, now: number, dup: boolean, echoRtt: number): void;
  /** Told after the sender applied a loss response (cwnd and ssthresh already set). */
  onLoss?(s: SocketState, timeout: boolean, now: number): void;
  /**
   * Told of every segment put on the wire (the SYN included): its sequence
   * number and `now` in seconds. Vegas keeps per-segment send times here for
   * its fine-grained retransmission check.
   */
  onSend?(seq: number, now: number): void;
  /** cwnd after a retransmission timeout (default 1 segment; ns-2 Vegas restarts from 2). */
  cwndAfterTimeout?(s: SocketState): number;
  /** Extra timeseries columns this variant reports (e.g. vegas_diff). */
  readonly traceColumns: readonly string[];
  /** Current value of traceColumns[i]. */
  trace(i: number): number;
}
