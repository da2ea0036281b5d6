/**
 * TCP Westwood (Mascolo, Casetti, Gerla, Sanadidi & Wang, "TCP Westwood:
 * bandwidth estimation for enhanced transport over wireless links", ACM
 * MobiCom 2001), as seed paper 002 describes it and UCLA's ns-2 agents
 * (Agent/TCP/Westwood, Agent/TCP/WestwoodNR) implement it.
 *
 * Growth is Reno's. The sender estimates the bandwidth its ACKs report and,
 * after a loss, sets ssthresh to the window that estimate would fill at the
 * smallest RTT seen — "faster recovery": a loss on a clean path (random
 * error) costs little, congestion (a full queue) still cuts the window.
 *
 *  - Each ACK reports d_k segments delivered; a duplicate ACK counts as one
 *    segment that left the network, and a cumulative ACK after duplicates
 *    counts only what the duplicates did not already report (the paper's
 *    AckedCount). Sample b_k = d_k · MSS · 8 / Δt_k (bit/s) with Δt_k the
 *    time since the previous ACK.
 *  - Low-pass filter, the Tustin (bilinear) discretisation of a first-order
 *    filter with time constant τ (cut-off 1/τ):
 *        BWE_k = α_k·BWE_{k−1} + (1 − α_k)·(b_k + b_{k−1})/2,
 *        α_k = (2τ − Δt_k)/(2τ + Δt_k).
 *    When ACKs are further apart than τ/2 the filter is first fed null
 *    samples, one per τ/2 of silence (the paper's virtual samples, kept for
 *    the Nyquist condition; ns-2 filter_type_ 3).
 *  - After three duplicate ACKs: ssthresh = max(⌊BWE·RTTmin / (8·MSS)⌋, 2)
 *    and cwnd = min(cwnd, ssthresh), then Reno's (or NewReno's) fast
 *    recovery. After a timeout: the same ssthresh, cwnd = 1.
 *
 * `westwood` runs on Reno's recovery and `westwoodnr` on NewReno's (partial
 * ACKs keep recovery going) — see ../variants.ts.
 *
 * Tunable (scenario `tcp.westwood`): filterTau, seconds (default 0.5), the
 * filter time constant τ.
 *
 * Where the sources differ, and what is followed:
 *  - cwnd after a timeout is 1 (the paper, paper 002, ns-3); UCLA's ns-2
 *    agent restarts from 2.
 *  - The filter's coefficients vary with the ACK spacing (the paper, ns-2
 *    filter_type_ 3); ns-3's TcpWestwood uses a constant 0.9, counts only new
 *    ACKs and so lets duplicate ACKs pass unreported.
 *  - ns-2 caps one ACK's count at 2 segments after the AckedCount step; the
 *    paper does not, nor do we.
 *  - RTTmin is the smallest timestamp-echo RTT of any ACK (exact time);
 *    ns-2 takes it from its coarse timer samples in 10 ms ticks. The SYN's
 *    round trip is not used (a 40-byte packet would make RTTmin too small).
 *  - The estimate counts payload bytes (MSS), as ns-2's size_.
 *  - This is Westwood, not Westwood+ (Linux tcp_westwood.c samples once per
 *    RTT and uses a 7/8 exponential filter).
 */
import type { WestwoodParams } from '../../scenario/types';
import { renoIncrease } from './reno';
import { CongestionEvent, type AckSample, type CongestionOps, type SocketState, type WindowUpdate } from './types';

const TRACE_COLUMNS = ['westwood_bwe_kbps', 'westwood_rtt_min_ms'] as const;

/** After a silence, the shortest interval a real sample is spread over, seconds (ns-2: 10 ms). */
const MIN_REST = 0.01;

export class Westwood implements CongestionOps {
  readonly name = 'westwood';
  readonly traceColumns: readonly string[] = TRACE_COLUMNS;

  private readonly tau: number;
  /** filtered bandwidth estimate, bit/s */
  bwe = 0;
  /** previous raw sample b_{k−1}, bit/s */
  private lastSample = 0;
  /** arrival of the previous ACK, seconds (−1: none yet) */
  private lastAckAt = -1;
  /** segments reported by duplicate ACKs and not yet acknowledged cumulatively */
  private unaccounted = 0;
  /** segments reported by ACKs that arrived at the same instant as the previous one */
  private pending = 0;
  /** smallest RTT seen, seconds */
  rttMin = Infinity;

  constructor(p: WestwoodParams) {
    this.tau = p.filterTau;
  }

  increase(s: Readonly<SocketState>, _a: Readonly<AckSample>, w: WindowUpdate): void {
    renoIncrease(s, w);
  }

  /** ssthresh = BWE · RTTmin in segments, at least 2. */
  ssthresh(s: Readonly<SocketState>): number {
    const rtt = this.rttMin < Infinity ? this.rttMin : s.srtt;
    return Math.max(Math.floor((this.bwe * rtt) / (8 * s.mss)), 2);
  }

  /** The same ssthresh after either event; cwnd = min(cwnd, ssthresh) after a fast retransmit, 1 after a timeout. */
  onCongestionEvent(s: Readonly<SocketState>, ev: CongestionEvent): { ssthresh: number; cwnd: number } {
    const ssthresh = this.ssthresh(s);
    return { ssthresh, cwnd: ev === CongestionEvent.Timeout ? 1 : Math.min(s.cwnd, ssthresh) };
  }

  onAck(s: Readonly<SocketState>, a: Readonly<AckSample>): void {
    const { acked, dup, echoRtt } = a;
    const now = s.now;
    if (echoRtt > 0 && echoRtt < this.rttMin) this.rttMin = echoRtt;
    // AckedCount: how many segments this ACK tells us have left the network.
    let count: number;
    if (dup) {
      this.unaccounted++;
      count = 1;
    } else if (acked > 1) {
      if (this.unaccounted >= acked) {
        this.unaccounted -= acked;
        count = 1;
      } else {
        count = acked - this.unaccounted;
        this.unaccounted = 0;
      }
    } else if (acked === 1) {
      count = 1;
    } else return; // an old ACK: nothing new
    if (this.lastAckAt < 0) {
      // The first ACK (of the SYN, or of the first segment) only starts the clock.
      this.lastAckAt = now;
      return;
    }
    this.pending += count;
    const dt = now - this.lastAckAt;
    if (dt <= 0) return;
    this.filter((this.pending * s.mss * 8) / dt, dt);
    this.pending = 0;
    this.lastAckAt = now;
  }

  /** One step of the Tustin filter for sample `b` (bit/s) taken over `dt` seconds. */
  private filter(b: number, dt: number): void {
    const tau = this.tau;
    const half = tau / 2;
    if (dt > half) {
      // Silence longer than τ/2: feed null samples, one per τ/2 (α = 3/5 for Δt = τ/2).
      let idle = Math.floor(dt / half);
      let rest = dt - idle * half;
      if (rest < Math.min(MIN_REST, half / 2)) {
        // Too short a remainder would make a huge sample: the last τ/2 carries the data (ns-2).
        rest += half;
        idle--;
      }
      for (let i = 0; i < idle; i++) {
        this.bwe = (this.bwe * 3) / 5 + this.lastSample / 5;
        this.lastSample = 0;
      }
      b = (b * dt) / rest; // the data arrived in the last interval
      dt = rest;
    }
    const a = (2 * tau - dt) / (2 * tau + dt);
    this.bwe = a * this.bwe + ((1 - a) / 2) * (b + this.lastSample);
    this.lastSample = b;
  }

  trace(i: number): number {
    if (i === 0) return this.bwe / 1000;
    if (i === 1) return this.rttMin === Infinity ? NaN : this.rttMin * 1000;
    return NaN;
  }
}

export function createWestwood(p: WestwoodParams): Westwood {
  return new Westwood(p);
}
