/**
 * TCP Vegas (Brakmo & Peterson, "TCP Vegas: End to End Congestion Avoidance
 * on a Global Internet", IEEE JSAC 13(8), 1995), as ns-2.35's
 * Agent/TCP/Vegas (tcp/tcp-vegas.cc) implements it — the agent the seed
 * papers 000, 001 and 003 ran. Runs on Reno's loss recovery plus Vegas's
 * fine-grained retransmission check (../recovery/vegas.ts).
 *
 * Congestion avoidance, once per round trip (when the ACKs pass the segment
 * that was next to send at the previous check):
 *   BaseRTT  = the smallest RTT seen;
 *   Expected = (window in use) / BaseRTT                   segments/s,
 *              window in use = t_seqno − last ACK (ns-2), before sending;
 *   Actual   = (segments sent during the last RTT) / RTT   segments/s,
 *              RTT = mean of the fine-grained samples of that round trip;
 *   diff     = (Expected − Actual) · BaseRTT                segments —
 *              roughly the flow's packets sitting in queues.
 *   diff < α: +1 segment over the next RTT; diff > β: −1 segment now;
 *   otherwise leave cwnd alone.
 * Modified slow start: cwnd doubles only every other round trip (it holds in
 * between so that the rates can be compared); when diff > γ Vegas leaves
 * slow start, cuts cwnd by 1/8 and sets ssthresh = 2 (from then on ssthresh
 * only marks "not in slow start", as in ns-2). cwnd grows only while the
 * sender is using the window (cwnd − window in use ≤ 2, ns-2).
 *
 * Loss (ns-2's Vegas, from the paper §3.1): the fine-grained timeout
 * (srtt + 2·mdev from per-segment send times, +1/16) lets a duplicate ACK
 * retransmit at once when the oldest segment is overdue, and the first two
 * new ACKs after a retransmission check the next segment the same way. The
 * window is cut only if the lost segment was sent after the last cut — by a
 * quarter (to ¾·W), by half if it was itself a retransmission, to 2 when
 * W ≤ 3 — and ssthresh becomes 2 (Vegas stays out of slow start). After a
 * timeout ssthresh = W/2 and cwnd = 2 (ns-2 v_slowstart_).
 *
 * Tunables (scenario `tcp.vegas`), all in segments:
 *   alpha (default 1), beta (default 3): the target band for diff;
 *   gamma (default 1): slow start ends when diff exceeds it.
 *
 * Where the sources differ, and what is followed:
 *  - diff is compared with α, β, γ after rounding to the nearest segment
 *    (ns-2 `int(diff + 0.5)`); the trace `vegas_diff` shows the unrounded
 *    value. Expected uses the window in use (ns-2 t_seqno_ − last_ack_);
 *    the paper and Linux divide cwnd by BaseRTT.
 *  - Actual uses the mean RTT of the last round trip (ns-2); Linux uses the
 *    minimum to filter delayed ACKs.
 *  - BaseRTT is the minimum of every sample (the paper, Linux). ns-2 also
 *    resets it whenever a round trip had at most one segment in flight; that
 *    rule is dropped, it lets queueing delay leak into BaseRTT.
 *  - Fine-grained RTT samples come from the timestamp echo of each new ACK
 *    (the send time of the segment that triggered it) instead of ns-2's
 *    per-segment table; the two agree except when a retransmission fills a
 *    hole, where ns-2 times the highest segment acknowledged and gets a
 *    sample too long by up to a round trip.
 *  - The fine-grained timeout starts from the first RTT sample (1.5·RTT);
 *    ns-2 seeds it with the simulated time of the first ACK, which is the
 *    RTT only for a flow that starts at t = 0.
 *  - The connection opens with a SYN and data segments carry a 40-byte
 *    header, as every variant here; ns-2's Vegas agent sends neither the SYN
 *    nor the header. The SYN's round trip (a 40-byte packet) is not used as
 *    an RTT sample: it would make BaseRTT too small by one transmission time.
 *  - Limited transmit (RFC 3042) is kept as for the other variants; ns-2's
 *    Vegas sends nothing on the first two duplicate ACKs.
 *  - Linux's tcp_vegas.c reacts to loss like Reno (halving); the ¾ rule and
 *    the cwnd of 2 after a timeout are ns-2's (its Vegas was ported from
 *    USC's NetBSD Vegas).
 */
import type { VegasParams } from '../../scenario/types';
import { lossWindow, renoSsthresh } from './reno';
import { CongestionEvent, type AckSample, type CongestionOps, type SocketState, type WindowUpdate } from './types';

const TRACE_COLUMNS = ['vegas_diff', 'vegas_base_rtt_ms', 'vegas_expected_kbps', 'vegas_actual_kbps'] as const;

/** cwnd after a retransmission timeout (ns-2 v_slowstart_). */
const CWND_AFTER_TIMEOUT = 2;

/** The Vegas congestion ops, with what its recovery module needs to check for overdue segments. */
export interface VegasOps extends CongestionOps {
  /** Segment `seq` was sent `fineTimeout` seconds ago or more (ns-2 vegas_expire); `now` in seconds. */
  expired(seq: number, now: number): boolean;
  /** Times `seq` has been put on the wire (0 when unknown). */
  transmits(seq: number): number;
  /** The fine-grained retransmission timeout, seconds (Infinity before the first sample). */
  readonly fineTimeout: number;
  readonly baseRtt: number;
  /** The last diff, segments (NaN before the first comparison). */
  readonly diff: number;
  /** The last fast retransmit cut the window (false: the segment was sent before the previous cut). */
  readonly cutOnLastLoss: boolean;
}

export class Vegas implements VegasOps {
  readonly name = 'vegas';
  readonly traceColumns: readonly string[] = TRACE_COLUMNS;

  private readonly alpha: number;
  private readonly beta: number;
  private readonly gamma: number;

  // --- once-per-RTT comparison (ns-2 v_begseq_, v_begtime_, v_sumRTT_, v_cntRTT_) ---
  baseRtt = Infinity;
  /** sequence number that closes the current round trip */
  private begSeq = 0;
  /** when it opened, seconds (−1: not yet) */
  private begTime = -1;
  private sumRtt = 0;
  private cntRtt = 0;
  /** growth per new ACK decided at the last comparison (ns-2 v_incr_) */
  private incr = 0;
  /** slow start grows on every other round trip (ns-2 v_inc_flag_) */
  private incFlag = true;
  diff = NaN;
  /** segments/s */
  private expectedRate = NaN;
  private actualRate = NaN;
  private mss = 0;

  // --- fine-grained timer (ns-2 v_sa_, v_sd_, v_timeout_) ---
  private sa = 0;
  private sd = 0;
  fineTimeout = Infinity;

  // --- per-segment send times and transmission counts (ns-2 v_sendtime_, v_transmits_) ---
  private readonly sentAt: Float64Array;
  private readonly sends: Int32Array;
  private readonly mask: number;
  private maxSent = -1;

  /** when the last loss response cut cwnd, seconds (ns-2 t_cwnd_changed_) */
  private cwndCutAt = -1;
  cutOnLastLoss = false;

  constructor(p: VegasParams, window: number) {
    this.alpha = p.alpha;
    this.beta = p.beta;
    this.gamma = p.gamma;
    // Outstanding segments never exceed the receiver window: a ring of that size indexes them.
    let cap = 64;
    while (cap < window + 2) cap *= 2; // not <<=, which wraps past 2^30
    this.sentAt = new Float64Array(cap);
    this.sends = new Int32Array(cap);
    this.mask = cap - 1;
  }

  // ------------------------------------------------------------ growth

  increase(s: Readonly<SocketState>, _a: Readonly<AckSample>, w: WindowUpdate): void {
    if (s.highestAck >= this.begSeq) this.compare(s, w);
    // The decision holds for a round trip; slow start must still stop at ssthresh.
    if (this.incr === 1 && w.cwnd >= w.ssthresh) this.incr = 0;
    // Grow only while the window is in use.
    if (this.incr > 0 && w.cwnd - (s.tSeqno - s.highestAck) <= 2) w.cwnd += this.incr;
  }

  /**
   * The once-per-round-trip comparison of expected and actual rates; leaving
   * slow start or shrinking changes `w` at once.
   */
  private compare(s: Readonly<SocketState>, w: WindowUpdate): void {
    const now = s.now;
    if (this.begTime >= 0) {
      const rtt = this.cntRtt > 0 ? this.sumRtt / this.cntRtt : now - this.begTime;
      const sent = s.tSeqno - this.begSeq;
      if (rtt > 0) {
        if (rtt < this.baseRtt) this.baseRtt = rtt;
        this.mss = s.mss;
        this.actualRate = sent / rtt;
        this.expectedRate = (s.tSeqno - s.highestAck) / this.baseRtt;
        this.diff = (this.expectedRate - this.actualRate) * this.baseRtt;
        const delta = Math.trunc(this.diff + 0.5); // ns-2 int(diff + 0.5)
        // Modified slow start: grow on every other round trip only.
        if (w.cwnd < w.ssthresh) this.incFlag = !this.incFlag;
        this.incr = vegasIncrement(w, delta, this.incFlag, this.alpha, this.beta, this.gamma);
      }
    }
    this.sumRtt = 0;
    this.cntRtt = 0;
    this.begSeq = s.tSeqno;
    this.begTime = now;
  }

  onAck(_s: Readonly<SocketState>, a: Readonly<AckSample>): void {
    const echoRtt = a.echoRtt;
    if (a.acked <= 0 || echoRtt <= 0) return;
    this.sumRtt += echoRtt;
    this.cntRtt++;
    if (echoRtt < this.baseRtt) this.baseRtt = echoRtt;
    // Jacobson's estimator with ns-2's scaling: sa = 8·srtt, sd = 4·mdev.
    if (this.fineTimeout === Infinity) {
      this.sa = echoRtt * 8;
      this.sd = echoRtt;
    } else {
      let n = echoRtt - this.sa / 8;
      this.sa += n;
      n = Math.abs(n) - this.sd / 4;
      this.sd += n;
    }
    const t = (this.sa / 4 + this.sd) / 2; // srtt + 2·mdev
    this.fineTimeout = t + t / 16;
  }

  onSend(s: Readonly<SocketState>, seq: number): void {
    this.sent(seq, s.now);
  }

  /** Segment `seq` left at `now` (seconds). */
  sent(seq: number, now: number): void {
    const i = seq & this.mask;
    if (seq > this.maxSent) {
      this.maxSent = seq;
      this.sends[i] = 1;
    } else this.sends[i]++;
    this.sentAt[i] = now;
  }

  expired(seq: number, now: number): boolean {
    if (seq > this.maxSent) return false;
    return now - this.sentAt[seq & this.mask] >= this.fineTimeout;
  }

  transmits(seq: number): number {
    return seq > this.maxSent ? 0 : this.sends[seq & this.mask];
  }

  // ------------------------------------------------------------ loss

  /** After duplicate ACKs Vegas stays out of slow start: ssthresh 2 (ns-2). */
  ssthresh(): number {
    return 2;
  }

  /**
   * A fast retransmit backs the fine-grained timer off and cuts the window
   * only if the lost segment left after the last cut; a timeout sets
   * ssthresh = W/2 and restarts from cwnd 2 (ns-2 v_slowstart_); an ECN echo
   * halves the window (ns-2 ecn()).
   */
  onCongestionEvent(s: Readonly<SocketState>, ev: CongestionEvent): { ssthresh: number; cwnd: number } {
    if (ev === CongestionEvent.Timeout) {
      this.cwndCutAt = s.now;
      return { ssthresh: renoSsthresh(s), cwnd: CWND_AFTER_TIMEOUT };
    }
    if (ev === CongestionEvent.Ecn) {
      // ns-2's ecn(): slowdown(CLOSE_CWND_HALF | CLOSE_SSTHRESH_HALF), whatever the variant.
      this.cwndCutAt = s.now;
      return { ssthresh: renoSsthresh(s), cwnd: Math.max(lossWindow(s) / 2, 1) };
    }
    const seq = s.highestAck + 1;
    const n = this.transmits(seq);
    if (this.fineTimeout !== Infinity) {
      if (n > 1) this.fineTimeout *= 2;
      else this.fineTimeout += this.fineTimeout / 8;
    }
    if (this.cwndCutAt < this.sentAt[seq & this.mask]) {
      // The segment left after the last cut: this loss is news, cut the window.
      let w = lossWindow(s);
      if (w <= 3) w = 2;
      else if (n > 1) w >>= 1;
      else w -= w >> 2;
      this.cwndCutAt = s.now;
      this.cutOnLastLoss = true;
      return { ssthresh: 2, cwnd: w };
    }
    this.cutOnLastLoss = false;
    return { ssthresh: 2, cwnd: s.cwnd };
  }

  // ------------------------------------------------------------ traces

  trace(i: number): number {
    switch (i) {
      case 0:
        return this.diff;
      case 1:
        return this.baseRtt === Infinity ? NaN : this.baseRtt * 1000;
      case 2:
        return (this.expectedRate * this.mss * 8) / 1000;
      case 3:
        return (this.actualRate * this.mss * 8) / 1000;
      default:
        return NaN;
    }
  }
}

/**
 * The once-per-RTT decision from `delta` (the segments Vegas thinks it has
 * queued; Brakmo & Peterson 1995 §3.2–3.3, ns-2 tcp-vegas.cc): in slow start,
 * grow on the round trips `grow` allows unless delta is above gamma, which
 * cuts by an eighth and ends slow start; otherwise one segment less above
 * beta, 1/cwnd per ACK below alpha, nothing between. Cuts `w` in place and
 * returns the per-ACK increment. Shared by the engine's Vegas and ns-2's
 * agent (vegas-ns2.ts), which differ in how they measure, not in this.
 */
export function vegasIncrement(
  w: WindowUpdate,
  delta: number,
  grow: boolean,
  alpha: number,
  beta: number,
  gamma: number,
): number {
  if (w.cwnd < w.ssthresh) {
    if (!grow) return 0;
    if (!(delta > gamma)) return 1;
    w.ssthresh = 2;
    w.cwnd -= w.cwnd / 8;
    if (w.cwnd < 2) w.cwnd = 2;
    return 0;
  }
  if (delta > beta) {
    w.cwnd -= 1;
    if (w.cwnd < 2) w.cwnd = 2;
    return 0;
  }
  return delta < alpha ? 1 / w.cwnd : 0;
}

export function createVegas(p: VegasParams, window: number): Vegas {
  return new Vegas(p, window);
}
