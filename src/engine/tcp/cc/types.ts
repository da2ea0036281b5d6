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
 * What the variants beyond the loss-based ones use:
 *  - Round trips. AckSample.roundStart is set by the sender on the ACK that
 *    passes the highest segment sent when the previous round began (Linux
 *    HyStart's end_seq = snd_nxt, RFC 9406's windowEnd), so every variant
 *    counts rounds the same way (CUBIC's HyStart++ does).
 *  - Delivery-rate samples (draft-cheng-iccrg-delivery-rate-estimation;
 *    Linux tcp_rate.c). A variant that sets `rateSampling` gets, in
 *    AckSample.rate, the sample of Linux's struct rate_sample — delivered,
 *    interval, prior_delivered, acked_sacked, losses, is_app_limited,
 *    prior_in_flight — kept by the sender per segment sent
 *    (../delivery-rate.ts), and in SocketState the connection's delivered
 *    count, its time and the segments in flight.
 *  - Full control (Linux cong_control). A variant with `control` decides the
 *    window on every ACK, after the recovery step, instead of `increase`; it
 *    may set a pacing rate (WindowUpdate.pacingRate), which the sender's
 *    pacer honours (../pacer.ts), and ask that the next samples be marked
 *    application-limited. BBR (cc/bbr.ts) is built this way.
 *  - Its own words in the event log: a variant may be given a CcEventSink
 *    (`attach`) to report its own events (BBR's state changes), and a source
 *    of random numbers at creation (../variants.ts, VariantEnv).
 *  - DCTCP (RFC 8257; Linux tcp_dctcp.c) builds on ECN, which is in place:
 *    AckSample.ece (with `acked`, the marked data this ACK covers when every
 *    segment is acknowledged), CongestionEvent.Ecn answered through
 *    onCongestionEvent, after which the sender is in CaState.CWR
 *    (../ca-state.ts) until the ACKs pass what it had sent; onStateChange
 *    is Linux's set_state and onAck its in_ack_event. What DCTCP adds: its
 *    receiver's echo (RFC 8257 §3.2, ECE exactly on the ACKs of CE
 *    segments, an immediate ACK when the CE state flips; the RFC 3168 echo
 *    is TcpReceiver.echoCe) and ECT on every packet it sends.
 */
import type { CaState } from '../ca-state';
import type { Ev } from '../../output/event-log';

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
  /** duplicate ACKs counted since the last new ACK (ns-2 dupacks_) */
  readonly dupacks: number;
  /** simulated time, seconds */
  readonly now: number;
  /**
   * Segments in flight (Linux tcp_packets_in_flight: sent, not acknowledged
   * cumulatively nor SACKed, not marked lost, plus those retransmitted) when
   * the sender keeps delivery-rate samples; otherwise `outstanding`.
   */
  readonly inFlight: number;
  /** Segments delivered (cumulatively acknowledged or SACKed) so far (Linux tp->delivered; 0 without rate samples). */
  readonly delivered: number;
  /** When the last segment was delivered, seconds (Linux tp->delivered_mstamp; 0 without rate samples). */
  readonly deliveredTime: number;
}

/**
 * A delivery-rate sample (draft-cheng-iccrg-delivery-rate-estimation §3;
 * Linux struct rate_sample), one per ACK, for variants with `rateSampling`.
 * Counts are in segments, times in seconds; −1 marks what this ACK could
 * not measure.
 */
export interface RateSample {
  /** segments delivered between the send of the most recent segment this ACK delivered and now (−1: no sample) */
  delivered: number;
  /** the interval they were delivered over: the longer of the send and ACK phases, seconds (−1: no sample) */
  interval: number;
  /** the connection's delivered count when that segment was sent */
  priorDelivered: number;
  /** segments this ACK newly acknowledged cumulatively or SACKed */
  ackedSacked: number;
  /** segments this ACK newly marked lost */
  losses: number;
  /** the sending was limited by the application (or the variant asked so) at some moment of the sample */
  appLimited: boolean;
  /** segments in flight before this ACK */
  priorInFlight: number;
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
  /**
   * This ACK begins a new round trip: it acknowledges the highest segment
   * that was sent when the previous round began (Linux HyStart's end_seq,
   * RFC 9406's windowEnd). The first ACK begins the first round.
   */
  roundStart: boolean;
  /** The delivery-rate sample of this ACK (filled only for variants with `rateSampling`). */
  readonly rate: RateSample;
}

/** The window a hook decides; the sender fills it with the current values before the call. */
export interface WindowUpdate {
  cwnd: number;
  ssthresh: number;
  /**
   * Pacing rate, bit/s of data (payload, as a delivery rate is measured); 0:
   * not paced. Honoured when the flow paces (tcp.pacing); only `control`
   * sets it — for the other variants the sender paces as Linux does
   * (../pacer.ts).
   */
  pacingRate: number;
  /** `control` only: mark the samples until what is in flight now is delivered as application-limited (BBR's PROBE_RTT). */
  markAppLimited: boolean;
}

/** Where a variant reports its own protocol events (the sender's event log, with the time, flow, cwnd and ssthresh). */
export interface CcEventSink {
  /** Log `kind` with the arguments output/describe.ts reads for it. */
  log(kind: Ev, a?: number, b?: number, c?: number, d?: number): void;
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
  /**
   * Every packet of the flow is ECN-capable when it negotiates ECN: the SYN and
   * retransmissions too, not only new data (DCTCP, RFC 8257 §3.1; Linux
   * TCP_CONG_NEEDS_ECN).
   */
  readonly ectAll?: boolean;
  /** The sender keeps delivery-rate samples for it (AckSample.rate, SocketState.inFlight and delivered). */
  readonly rateSampling?: boolean;
  /**
   * Every ACK, after the recovery step and before the sender sends (Linux
   * cong_control, ns-3 CongControl): decide cwnd, ssthresh and the pacing
   * rate, writing them into `w` (which holds the current values). A variant
   * with `control` is never asked to `increase`.
   */
  control?(s: Readonly<SocketState>, a: Readonly<AckSample>, w: WindowUpdate): void;
  /** Called once, when the connection is built: where the variant logs its own events. */
  attach?(events: CcEventSink): void;
  /**
   * The window the connection opens with when it sends no SYN (absent: the
   * flow's initialCwnd). ns-2's Vegas agent starts at 1 and opens to
   * initialCwnd itself (cc/vegas-ns2.ts).
   */
  readonly firstCwnd?: number;
  /** Extra timeseries columns this variant reports (e.g. vegas_diff). */
  readonly traceColumns?: readonly string[];
  /** Current value of traceColumns[i]. */
  trace?(i: number): number;
}
