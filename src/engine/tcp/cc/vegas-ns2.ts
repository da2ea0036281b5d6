/**
 * Vegas as ns-2.35's Agent/TCP/Vegas runs it (tcp/tcp-vegas.cc, ported by
 * Ted Kuo from USC's NetBSD Vegas), quirks included: the agent the seed
 * papers 000, 001 and 003 ran, for the ns2 profile (`tcp.vegas.agent:
 * "ns2"`). The engine's own Vegas (vegas.ts) is the same algorithm with the
 * quirks taken out; this file keeps them, so that a paper's preset replays
 * ns-2. Its loss side is ../recovery/vegas-ns2.ts.
 *
 * What ns-2's agent does that the engine's Vegas does not (each one decides
 * results against UDP or beside a loss-based flow):
 *  - Start-up: cwnd 1 (syn_ and delay_growth_, ns-2's defaults, although the
 *    agent sends no SYN); the ACK after the one for segment 0 sets cwnd to
 *    windowInit_ (`last_ack_ == 0`).
 *  - The first ACK runs the once-per-RTT comparison at once: its round trip
 *    began at the first send (v_begtime_ 0 on the clock vegastime(), which
 *    counts from the first send), so slow start's every-other-RTT growth is
 *    one round trip ahead of the engine's.
 *  - The first ACK seeds BaseRTT and the fine-grained timer with the time
 *    since the first send (v_timeout_ = 1.5·RTT, without the 1/16).
 *  - RTT samples come from the agent's own send-time table, indexed by
 *    segment modulo window_: the send time of the highest segment the ACK
 *    covers, taken only when the table counts one transmission (Karn) and the
 *    send time is not 0 (the segments of the first instant give none). The
 *    table's entries are cleared for the segments an ACK covers by a loop
 *    that stops at the end of the array, so after an ACK that covers a
 *    wrap-around their transmission counts stay: the next use of those
 *    entries counts two transmissions, gives no RTT sample, and, if it is
 *    the segment a fast retransmit resends, halves the window instead of
 *    cutting a quarter.
 *  - BaseRTT becomes the round trip's mean RTT whenever that round trip had
 *    at most one segment in flight (`rttLen <= 1`), smaller or not.
 *  - Window inflation lives in cwnd itself (the agent has no dupwnd_): a
 *    fast retransmit that cuts sets cwnd = W' + dupacks, each duplicate ACK
 *    beyond the threshold adds one, and the next new ACK sets cwnd back to
 *    W' (v_newcwnd_) and ssthresh to 2 only if more than `numdupacks_`
 *    duplicates came — otherwise cwnd stays inflated. A retransmission that
 *    does not cut inflates too and then falls back to the last W' recorded,
 *    whenever that was (0 after a timeout; cwnd never falls below 1 here,
 *    where ns-2's may reach 0 and wait for the timer).
 *  - A fast retransmit leaves ssthresh alone (ssthresh 2 comes with the
 *    deflation above), and backs the coarse timer off too (reset_rtx_timer
 *    with its default backoff).
 *
 * Times here are ns-2's vegastime(): seconds since the first send.
 */
import type { VegasParams } from '../../scenario/types';
import { lossWindow, renoSsthresh } from './reno';
import { vegasIncrement } from './vegas';
import { CongestionEvent, type AckSample, type CongestionOps, type SocketState, type WindowUpdate } from './types';

const TRACE_COLUMNS = ['vegas_diff', 'vegas_base_rtt_ms', 'vegas_expected_kbps', 'vegas_actual_kbps'] as const;

/** ns-2 reset(): v_baseRTT_ before the first ACK, v_timeout_ before the first sample. */
const NO_BASE_RTT = 1e9;
const NO_TIMEOUT = 1000;

export class Ns2Vegas implements CongestionOps {
  readonly name = 'vegas';
  readonly traceColumns: readonly string[] = TRACE_COLUMNS;
  /** ns-2's Vegas starts at cwnd 1 (syn_ and delay_growth_ true) although it sends no SYN. */
  readonly firstCwnd = 1;

  private readonly alpha: number;
  private readonly beta: number;
  private readonly gamma: number;
  private readonly initialCwnd: number;
  private readonly dupThresh: number;

  /** firstsent_: when the first segment left, seconds of simulated time (−1: not yet) */
  private firstSent = -1;
  /** firstrecv_, vegastime (−1: no ACK yet) */
  private firstRecv = -1;
  baseRtt = NO_BASE_RTT;
  private begSeq = 0;
  private begTime = 0;
  private sumRtt = 0;
  private cntRtt = 0;
  private incr = 0;
  private incFlag = true;
  diff = NaN;
  private expectedRate = NaN;
  private actualRate = NaN;
  private mss = 0;

  private sa = 0;
  private sd = 0;
  fineTimeout = NO_TIMEOUT;

  /** v_newcwnd_: the window the last cut left, before inflation (0 after a timeout) */
  private newCwnd = 0;
  /** t_cwnd_changed_, vegastime */
  private cwndChangedAt = 0;
  /** ns-2 dupacks_ as the previous ACK or timeout left it */
  private dupacksBefore = 0;
  /** the last fast retransmit cut the window */
  cutOnLastLoss = false;
  /** transmissions of the segment the last fast retransmit resent, before it (v_transmits_) */
  lastTransmits = 0;

  // v_sendtime_ and v_transmits_, v_maxwnd_ = window_ entries
  private readonly sendTime: Float64Array;
  private readonly sends: Int32Array;
  private readonly maxWnd: number;

  constructor(p: VegasParams, window: number, initialCwnd: number, dupThresh: number) {
    this.alpha = p.alpha;
    this.beta = p.beta;
    this.gamma = p.gamma;
    this.initialCwnd = initialCwnd;
    this.dupThresh = dupThresh;
    this.maxWnd = Math.max(1, Math.floor(window));
    this.sendTime = new Float64Array(this.maxWnd).fill(-1);
    this.sends = new Int32Array(this.maxWnd);
  }

  /** ns-2 vegastime(): seconds since the first send. */
  private vt(now: number): number {
    return now - this.firstSent;
  }

  /** Any ACK: the first one seeds BaseRTT and the fine-grained timer (ns-2 firstrecv_). */
  arrived(now: number): void {
    if (this.firstRecv >= 0) return;
    const t = this.vt(now);
    this.firstRecv = t;
    this.baseRtt = t;
    this.sa = t * 8;
    this.sd = t;
    this.fineTimeout = (this.sa / 4 + this.sd) / 2;
  }

  // ------------------------------------------------------------ new ACK

  increase(s: Readonly<SocketState>, a: Readonly<AckSample>, w: WindowUpdate): void {
    this.arrived(s.now);
    const now = this.vt(s.now);
    const ack = s.highestAck;
    const oldAck = ack - a.acked;
    if (oldAck === 0) w.cwnd = this.initialCwnd; // last_ack_ == 0 && delay_growth_
    // Deflate only after more duplicates than the threshold (v_newcwnd_ may be stale).
    if (this.dupacksBefore > this.dupThresh && w.cwnd > this.newCwnd) {
      w.cwnd = this.newCwnd;
      w.ssthresh = 2;
    }
    if (ack >= this.begSeq) this.compare(s, now, w);
    if (this.incr === 1 && w.cwnd >= w.ssthresh) this.incr = 0;
    if (this.incr > 0 && w.cwnd - (s.tSeqno - ack) <= 2) w.cwnd += this.incr;
    this.sample(ack, oldAck, now);
  }

  /** The once-per-round-trip comparison (tcp-vegas.cc recv(), "begin of once per-rtt actions"). */
  private compare(s: Readonly<SocketState>, now: number, w: WindowUpdate): void {
    const rtt = this.cntRtt > 0 ? this.sumRtt / this.cntRtt : now - this.begTime;
    this.sumRtt = 0;
    this.cntRtt = 0;
    const rttLen = s.tSeqno - this.begSeq;
    if (rtt > 0) {
      if (rtt < this.baseRtt || rttLen <= 1) this.baseRtt = rtt;
      this.mss = s.mss;
      this.actualRate = rttLen / rtt;
      this.expectedRate = (s.tSeqno - s.highestAck) / this.baseRtt;
      this.diff = (this.expectedRate - this.actualRate) * this.baseRtt;
      const delta = Math.trunc(this.diff + 0.5); // C's int(): toward zero
      if (w.cwnd < w.ssthresh) this.incFlag = !this.incFlag;
      this.incr = vegasIncrement(w, delta, this.incFlag, this.alpha, this.beta, this.gamma);
    }
    this.begSeq = s.tSeqno;
    this.begTime = now;
  }

  /** Clear the table for what the ACK covers, and take the fine-grained sample from it. */
  private sample(ack: number, oldAck: number, now: number): void {
    const m = this.maxWnd;
    const sendTime = this.sendTime[ack % m];
    const transmits = this.sends[ack % m];
    // ns-2's loop stops at the end of the array: an ACK covering a wrap-around clears nothing.
    const last = ack % m;
    for (let k = (oldAck + 1) % m, range = ack - oldAck; k <= last && range > 0; k = (k + 1) % m, range--) {
      this.sendTime[k] = -1;
      this.sends[k] = 0;
    }
    if (sendTime === 0 || transmits !== 1) return;
    const rtt = now - sendTime;
    this.sumRtt += rtt;
    this.cntRtt++;
    if (rtt <= 0) return;
    if (rtt < this.baseRtt) this.baseRtt = rtt;
    let n = rtt - this.sa / 8;
    this.sa += n;
    n = Math.abs(n) - this.sd / 4;
    this.sd += n;
    const t = (this.sa / 4 + this.sd) / 2;
    this.fineTimeout = t + t / 16;
  }

  /** The end of every ACK: remember dupacks_ for the next new ACK's deflation test. */
  onAck(s: Readonly<SocketState>): void {
    this.dupacksBefore = s.dupacks;
  }

  // ------------------------------------------------------------ sending

  onSend(s: Readonly<SocketState>, seq: number): void {
    if (seq === 0) {
      // send_much() with t_seqno_ 0 restarts the Vegas clock; output(0) clears the table.
      if (s.tSeqno === 0) this.firstSent = s.now;
      this.sendTime.fill(-1);
      this.sends.fill(0);
    }
    const i = seq % this.maxWnd;
    this.sendTime[i] = this.vt(s.now);
    this.sends[i]++;
  }

  /** ns-2 vegas_expire(): segment `seq` left at least the fine-grained timeout ago (a cleared entry counts as long ago). */
  expired(seq: number, now: number): boolean {
    return this.vt(now) - this.sendTime[seq % this.maxWnd] >= this.fineTimeout;
  }

  // ------------------------------------------------------------ loss

  /** Not asked: onCongestionEvent answers every event. */
  ssthresh(s: Readonly<SocketState>): number {
    return s.ssthresh;
  }

  onCongestionEvent(s: Readonly<SocketState>, ev: CongestionEvent): { ssthresh: number; cwnd: number } {
    const now = this.vt(s.now);
    if (ev === CongestionEvent.Timeout) {
      // slowdown(CLOSE_CWND_RESTART | CLOSE_SSTHRESH_HALF), then cwnd = v_slowstart_.
      this.newCwnd = 0;
      this.cwndChangedAt = now;
      this.dupacksBefore = 0;
      return { ssthresh: renoSsthresh(s), cwnd: 2 };
    }
    if (ev === CongestionEvent.Ecn) {
      this.cwndChangedAt = now;
      return { ssthresh: renoSsthresh(s), cwnd: Math.max(lossWindow(s) / 2, 1) };
    }
    const i = (s.highestAck + 1) % this.maxWnd;
    const sendTime = this.sendTime[i];
    const transmits = this.sends[i];
    this.lastTransmits = transmits;
    if (transmits > 1) this.fineTimeout *= 2;
    else this.fineTimeout += this.fineTimeout / 8;
    this.cutOnLastLoss = this.cwndChangedAt < sendTime;
    if (!this.cutOnLastLoss) return { ssthresh: s.ssthresh, cwnd: s.cwnd };
    let win = lossWindow(s);
    if (win <= 3) win = 2;
    else if (transmits > 1) win >>= 1;
    else win -= win >> 2;
    this.newCwnd = win;
    this.cwndChangedAt = now;
    // The recovery module adds the duplicate ACKs (cwnd_ = v_newcwnd_ + dupacks_).
    return { ssthresh: s.ssthresh, cwnd: win };
  }

  // ------------------------------------------------------------ traces

  trace(i: number): number {
    switch (i) {
      case 0:
        return this.diff;
      case 1:
        return this.baseRtt === NO_BASE_RTT ? NaN : this.baseRtt * 1000;
      case 2:
        return (this.expectedRate * this.mss * 8) / 1000;
      case 3:
        return (this.actualRate * this.mss * 8) / 1000;
      default:
        return NaN;
    }
  }
}
