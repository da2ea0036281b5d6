/**
 * The congestion-ops interface: what a TCP variant decides, and nothing
 * else — the table Linux calls tcp_congestion_ops and ns-3 calls
 * TcpCongestionOps. Loss detection, the congestion state machine and
 * choosing what to send live in the sender and its recovery modules
 * (../recovery); a variant is asked how to grow the window, what a
 * congestion event leaves, and told about ACKs and transmissions.
 *
 * Three rules hold at this interface:
 *  - Pure hooks. A hook reads the sender through SocketState, a read-only
 *    view, and never changes it. What it decides it hands back: `increase`
 *    writes the new window into the WindowUpdate the sender passes (one
 *    object per sender, reused for every ACK, so the per-ACK path allocates
 *    nothing); `onCongestionEvent` returns the new {ssthresh, cwnd}. The
 *    sender applies both. A variant keeps its own estimates in its own
 *    object.
 *  - One time unit: seconds (SocketState.now, srtt, the RTTs of AckSample).
 *  - One ACK sample: every per-ACK hook gets the same AckSample object,
 *    filled once per ACK by the sender.
 *
 * The smallest variant is { name, ssthresh, increase }: the sender then
 * answers a congestion event as RFC 5681 does (lossResponse in reno.ts).
 *
 * Where the next variants plug in (not built yet; the places are kept
 * free for them):
 *  - BBR v1 (Cardwell et al. 2016; Linux tcp_bbr.c) needs a per-ACK rate
 *    sample and full control of the window and the sending rate. It adds to
 *    AckSample the rate sample of Linux's struct rate_sample — `delivered`
 *    (segments delivered between the sent packet and this ACK), `interval`
 *    (seconds that took), `lost`, `appLimited`, `priorInFlight` — kept by
 *    the sender per segment sent; to WindowUpdate a `pacingRate` (bit/s); and
 *    to CongestionOps an optional `control(s, a, w)` (Linux cong_control)
 *    that the sender calls on every ACK after the recovery step instead of
 *    `increase`, and whose pacingRate the sender's output path honours (a
 *    pacing timer beside the retransmission timer in sender.ts).
 *  - DCTCP (RFC 8257; Linux tcp_dctcp.c) builds on ECN, which is in place:
 *    AckSample.ece (with `acked`, the marked data this ACK covers when every
 *    segment is acknowledged), CongestionEvent.Ecn answered through
 *    onCongestionEvent, after which the sender is in CaState.CWR
 *    (../ca-state.ts) until the ACKs pass what it had sent; onStateChange
 *    is Linux's set_state and onAck its in_ack_event. What DCTCP adds: its
 *    receiver's echo (RFC 8257 §3.2, ECE exactly on the ACKs of CE
 *    segments, an immediate ACK when the CE state flips; the RFC 3168 echo
 *    is TcpReceiver.echoCe) and ECT on every packet it sends.
 *  - CUBIC with HyStart++ (RFC 9406) needs per-ACK RTT samples (AckSample
 *    rtt and echoRtt already give them) and round boundaries: a `roundStart`
 *    flag in AckSample, set by the sender when the ACK passes the segment
 *    that was next to send when the previous round began (as Linux's
 *    HyStart marks a round's end at snd_nxt, tcp_cubic.c `end_seq`), so
 *    every variant counts rounds the same way.
 */
import type { CaState } from '../ca-state';

/** The sender state a variant may read (ns-3's TcpSocketState, read-only). */
export interface SocketState {
  /** congestion window, segments (fractional in congestion avoidance) */
  readonly cwnd: number;
  /** slow-start threshold, segments */
  readonly ssthresh: number;
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
  /** the congestion state (Linux tcp_ca_state, ns-3 TcpCongState_t) */
  readonly state: CaState;
  /** highest sequence number cumulatively acknowledged (ns-2 highest_ack_; −1 before any ACK) */
  readonly highestAck: number;
  /** next sequence number to send (ns-2 t_seqno_; goes back after a timeout, go-back-N) */
  readonly tSeqno: number;
  /** simulated time, seconds */
  readonly now: number;
}

/**
 * What one arriving ACK tells a variant: one object per sender, filled by
 * the sender for each ACK and handed to every per-ACK hook (read it, do not
 * keep it).
 */
export interface AckSample {
  /** segments this ACK newly acknowledged cumulatively (0 for a duplicate) */
  acked: number;
  /** it repeats the last cumulative ACK (ns-2 `seqno == last_ack_`) */
  dup: boolean;
  /** the sender's RTT sample, seconds, or −1 (one timed segment per round trip, Karn's rule) */
  rtt: number;
  /**
   * now minus the send time of the data segment that triggered this ACK
   * (the timestamp echo), seconds; −1 for the ACK of the SYN
   */
  echoRtt: number;
  /**
   * The ACK carries ECN-Echo on a connection that negotiated ECN (RFC 3168
   * §6.1.3: the receiver saw CE and has not yet seen the sender's CWR). A
   * variant that counts marked data (DCTCP) reads it with `acked`: with one
   * ACK per segment, an ECE ACK acknowledges marked segments.
   */
  ece: boolean;
}

/** The window a hook decides; the sender fills it with the current values before the call. */
export interface WindowUpdate {
  cwnd: number;
  ssthresh: number;
}

/** What called for a window reduction. */
export const enum CongestionEvent {
  /** duplicate ACKs (or Vegas's fine-grained timer) made the sender retransmit */
  FastRetransmit = 0,
  /** the retransmission timer expired */
  Timeout = 1,
  /**
   * An ACK echoed a CE mark (RFC 3168 §6.1.2), at most once per window of
   * data: the sender reduces as for a fast retransmit (absent
   * onCongestionEvent: ssthresh(s), cwnd = ssthresh) and enters CaState.CWR
   * until the ACKs pass what it had sent; nothing is retransmitted.
   */
  Ecn = 2,
}

export interface CongestionOps {
  /** the variant's id, as scenarios name it ('reno', 'cubic', …) */
  readonly name: string;
  /**
   * The slow-start threshold a loss detected by duplicate ACKs leaves, from
   * the state as it is now (Linux .ssthresh, ns-3 GetSsThresh). Pure: no
   * side effect, so it may be asked at any time.
   */
  ssthresh(s: Readonly<SocketState>): number;
  /**
   * An ACK acknowledged new data outside fast recovery (a.acked segments):
   * write the grown window into `w` (ns-2 opencwnd(), Linux cong_avoid, ns-3
   * IncreaseWindow). `w` holds the current cwnd and ssthresh on entry.
   */
  increase(s: Readonly<SocketState>, a: Readonly<AckSample>, w: WindowUpdate): void;
  /**
   * A congestion event: return the new ssthresh and cwnd. The variant may
   * update its own state here (CUBIC's W_max, Vegas's last cut). Absent:
   * ssthresh(s), and cwnd = ssthresh after a fast retransmit or an ECN echo,
   * 1 after a timeout (RFC 5681 §3.1–3.2, RFC 3168 §6.1.2).
   */
  onCongestionEvent?(s: Readonly<SocketState>, ev: CongestionEvent): { ssthresh: number; cwnd: number };
  /**
   * Every ACK, after the sender and its recovery module processed it (the
   * window already grown or cut): observe the path. Vegas, Westwood and
   * CUBIC's HyStart++ read their RTT and bandwidth samples here.
   */
  onAck?(s: Readonly<SocketState>, a: Readonly<AckSample>): void;
  /**
   * The congestion state changed (Linux set_state, ns-3
   * CongestionStateSet): told once per ACK or timeout that changed it, after
   * the sender's own work, with the state before and after.
   */
  onStateChange?(s: Readonly<SocketState>, from: CaState, to: CaState): void;
  /** A segment (the SYN included) was put on the wire: its sequence number; s.now is its send time. */
  onSend?(s: Readonly<SocketState>, seq: number): void;
  /** Extra timeseries columns this variant reports (e.g. vegas_diff). */
  readonly traceColumns?: readonly string[];
  /** Current value of traceColumns[i]. */
  trace?(i: number): number;
}
