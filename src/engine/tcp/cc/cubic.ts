/**
 * CUBIC (RFC 9438; Ha, Rhee & Xu, "CUBIC: a new TCP-friendly high-speed TCP
 * variant", ACM SIGOPS OSR 2008). Runs on SACK loss recovery (ns-2 Sack1
 * here), as Linux runs CUBIC with SACK — see ../variants.ts.
 *
 * After a congestion event the window follows a cubic function of the time
 * t since congestion avoidance resumed, centred on W_max, the window where
 * the loss happened:
 *     W_cubic(t) = C·(t − K)³ + W_max,   K = ∛((W_max − cwnd_epoch)/C)
 * so cwnd climbs fast, flattens as it nears W_max at t = K (concave region),
 * then probes beyond it slowly, then faster (convex region). On each new ACK
 * in congestion avoidance, target = W_cubic(t + RTT) clamped to
 * [cwnd, 1.5·cwnd] and cwnd += (target − cwnd)/cwnd (§4.2–4.5).
 *  - Loss (§4.6): ssthresh = max(β·W, 2), cwnd = ssthresh, W_max = W, with W
 *    the window when the loss is detected.
 *  - Fast convergence (§4.7): if W < the previous W_max the flow is losing
 *    ground to a newcomer; it remembers W_max = W·(1 + β)/2 instead, which
 *    lengthens its plateau.
 *  - Reno-friendly region (§4.3): W_est starts at cwnd_epoch and grows by
 *    α·acked/cwnd per ACK, α = 3(1 − β)/(1 + β) (0.53 for β = 0.7), which
 *    gives Reno's average window under the same loss rate; α becomes 1 once
 *    W_est reaches cwnd_prior. While W_cubic(t) < W_est, cwnd follows
 *    W_est: on short, slow paths CUBIC behaves as Reno.
 *  - Timeout (§4.8): ssthresh as on a loss, cwnd = 1 (the sender), and the
 *    next congestion avoidance starts with W_max = cwnd and K = 0.
 *  - Slow start is the engine's (Reno's, +1 segment per ACK), with
 *    HyStart++ (RFC 9406, ./hystart.ts) in the first one when
 *    `tcp.cubic.hystart` is on (on by default as in Linux; off in the ns2 profile).
 *
 * Tunables (scenario `tcp.cubic`): beta (β_cubic, default 0.7, no unit);
 * c (C, segments/s³, default 0.4); fastConvergence (default true);
 * renoFriendly (default true); hystart (default true; false in the ns2 profile).
 *
 * Where the sources differ, and what is followed:
 *  - RFC 9438 throughout. Linux's tcp_cubic.c also updates W_max on a
 *    timeout and computes the cubic in fixed point with a per-ACK counter;
 *    Linux and ns-3 run the older HyStart, the engine HyStart++ (./hystart.ts).
 *  - W is min(cwnd, receiver window); cwnd does not grow in congestion
 *    avoidance while it already fills the receiver window (RFC 9438 §4.6
 *    requires some such guard when cwnd rather than flight size sets
 *    ssthresh; Linux checks that the flow is cwnd-limited).
 *  - ssthresh and cwnd keep fractions of a segment (0.7·W exactly); the
 *    sender still sends whole segments.
 *  - t is not corrected for application-limited periods (FTP flows never are).
 */
import type { CubicParams } from '../../scenario/types';
import { HyStart } from './hystart';
import {
  CongestionEvent,
  type AckSample,
  type CcEventSink,
  type CongestionOps,
  type SocketState,
  type WindowUpdate,
} from './types';

/** cubic_hystart: 0 standard slow start, 1 conservative slow start, 2 done (or off). */
const TRACE_COLUMNS = ['cubic_wmax', 'cubic_k_s', 'cubic_w_est', 'cubic_hystart'] as const;

export class Cubic implements CongestionOps {
  readonly name = 'cubic';
  readonly traceColumns: readonly string[] = TRACE_COLUMNS;

  private readonly beta: number;
  private readonly c: number;
  private readonly fastConvergence: boolean;
  private readonly renoFriendly: boolean;
  /** α_cubic of the Reno-friendly estimate */
  private readonly alphaCubic: number;

  /** window at the last congestion event (NaN before any), segments */
  wMax = NaN;
  /** seconds from the epoch start until W_cubic reaches W_max */
  k = NaN;
  /** start of the current congestion-avoidance epoch, seconds (−1: not started) */
  epochStart = -1;
  /** Reno-friendly estimate, segments (NaN when off or before an epoch) */
  wEst = NaN;
  /** cwnd when ssthresh was last set */
  private cwndPrior = NaN;
  private alpha: number;
  private afterTimeout = false;
  readonly hystart: HyStart;

  constructor(p: CubicParams) {
    this.beta = p.beta;
    this.c = p.c;
    this.fastConvergence = p.fastConvergence;
    this.renoFriendly = p.renoFriendly;
    this.alphaCubic = (3 * (1 - p.beta)) / (1 + p.beta);
    this.alpha = this.alphaCubic;
    this.hystart = new HyStart(p.hystart);
  }

  attach(events: CcEventSink): void {
    this.hystart.attach(events);
  }

  /** W_cubic(t), segments. */
  wCubic(t: number): number {
    const d = t - this.k;
    return this.c * d * d * d + this.wMax;
  }

  increase(s: Readonly<SocketState>, a: Readonly<AckSample>, w: WindowUpdate): void {
    if (s.cwnd < s.ssthresh) {
      const h = this.hystart.onAck(a);
      // HyStart++ ends slow start here: congestion avoidance from this window (RFC 9406 §4.2).
      if (h.exit) w.ssthresh = s.cwnd;
      else w.cwnd = s.cwnd + h.growth;
      return;
    }
    this.hystart.end();
    if (s.cwnd >= s.rwnd) return; // not cwnd-limited: no growth
    const now = s.now;
    if (this.epochStart < 0) this.startEpoch(s, now);
    const t = now - this.epochStart;
    const cwnd = s.cwnd;
    if (this.renoFriendly) {
      this.wEst += (this.alpha * a.acked) / cwnd;
      if (this.alpha !== 1 && this.wEst >= this.cwndPrior) this.alpha = 1;
      if (this.wCubic(t) < this.wEst) {
        // Reno-friendly region: at least what Reno would have by now.
        if (this.wEst > cwnd) w.cwnd = this.wEst;
        return;
      }
    }
    let target = this.wCubic(t + s.srtt);
    if (target < cwnd) target = cwnd;
    else if (target > 1.5 * cwnd) target = 1.5 * cwnd;
    w.cwnd = cwnd + (target - cwnd) / cwnd;
  }

  private startEpoch(s: Readonly<SocketState>, now: number): void {
    this.epochStart = now;
    const cwnd = s.cwnd;
    if (this.afterTimeout || !(this.wMax > cwnd)) {
      // After a timeout (§4.8), or above the last W_max: the plateau is here.
      this.wMax = cwnd;
      this.k = 0;
    } else {
      this.k = Math.cbrt((this.wMax - cwnd) / this.c);
    }
    this.afterTimeout = false;
    if (!(this.cwndPrior > 0)) this.cwndPrior = cwnd;
    this.wEst = this.renoFriendly ? cwnd : NaN;
  }

  /** ssthresh = max(β·W, 2), W = min(cwnd, receiver window). */
  ssthresh(s: Readonly<SocketState>): number {
    return Math.max(Math.min(s.cwnd, s.rwnd) * this.beta, 2);
  }

  /** ssthresh from ssthresh(); W_max and the epoch reset (§4.6–4.8); cwnd = ssthresh, or 1 after a timeout. */
  onCongestionEvent(s: Readonly<SocketState>, ev: CongestionEvent): { ssthresh: number; cwnd: number } {
    const timeout = ev === CongestionEvent.Timeout;
    this.hystart.end(); // a loss ends the first slow start, and HyStart++ with it (§4.3)
    const w = Math.min(s.cwnd, s.rwnd);
    const ssthresh = this.ssthresh(s);
    if (timeout) {
      this.afterTimeout = true;
    } else {
      this.wMax = this.fastConvergence && w < this.wMax ? (w * (1 + this.beta)) / 2 : w;
      // K as the next epoch will compute it from cwnd = ssthresh (shown until then).
      this.k = Math.cbrt(Math.max(0, this.wMax - ssthresh) / this.c);
    }
    this.cwndPrior = w;
    this.epochStart = -1;
    this.alpha = this.alphaCubic;
    return { ssthresh, cwnd: timeout ? 1 : ssthresh };
  }

  trace(i: number): number {
    if (i === 0) return this.wMax;
    if (i === 1) return this.k;
    if (i === 2) return this.wEst;
    if (i === 3) return this.hystart.phase;
    return NaN;
  }
}

export function createCubic(p: CubicParams): Cubic {
  return new Cubic(p);
}
