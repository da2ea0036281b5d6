/**
 * The TCP sender, modelled on ns-2.35's one-way agents (tcp.cc), which the
 * seed papers used. This half is the ACK clock: it classifies each arriving
 * ACK once, owns the congestion state (ca-state.ts) and asks the variant's
 * recovery module (recovery/) and congestion ops (cc/) what to do; the
 * control block (control-block.ts) holds the variables and sends.
 *
 *  - ACKs carry the highest in-order sequence number received. A new ACK
 *    advances it; in Recovery, one short of the recovery point is partial;
 *    one that repeats it is a duplicate; an older one (never seen: the
 *    network keeps a flow's ACKs in order) changes nothing.
 *  - cwnd starts at 1 for the SYN and becomes `initialCwnd` when the SYN is
 *    acknowledged (ns-2 syn_ + delay_growth_); initial ssthresh = window.
 *  - A new ACK resets the duplicate count, deflates any inflation (RFC 5681
 *    §3.2 step 6), restarts the retransmission timer, may take an RTT
 *    sample, and grows the window through the congestion ops.
 *  - Duplicate ACKs are the recovery module's to count; when it calls for a
 *    fast retransmit the congestion ops give ssthresh and cwnd (Tahoe, with
 *    no fast recovery, restarts from cwnd 1), the recovery point becomes the
 *    highest segment sent, and the module retransmits.
 *  - After any loss response, a new fast retransmit waits until the ACKs
 *    pass the recovery point (ns-2 bugFix_, RFC 6582 §4).
 *  - RTO per RFC 6298, in exact time or on ns-2's clock ticks (`tcpTick`,
 *    rtt.ts); on expiry ssthresh is cut, cwnd = 1 (or the variant's), the
 *    timer backs off and sending resumes from the first unacknowledged
 *    segment (go-back-N, as ns-2 and BSD do); the state is Loss until the
 *    ACKs cover what was outstanding.
 *  - Each ACK that passes the highest segment sent when the previous round
 *    began starts a new round trip (AckSample.roundStart; RFC 9406 §4.2).
 *  - Congestion ops with `control` (BBR) decide the window and the pacing
 *    rate on every ACK after the recovery step, from the delivery-rate
 *    sample the control block keeps (delivery-rate.ts); the others grow it
 *    through `increase`, and a paced flow of theirs is paced as Linux does
 *    (pacer.ts). The pacer's timer resumes the sending it held back.
 *  - ECN (RFC 3168 §6.1, with `tcp.ecn`): the SYN offers it and the SYN's
 *    ACK accepts it (control-block.ts marks new data ECT(0)). An ACK of new
 *    data carrying ECE, in Open or Disorder and past the last reduction's
 *    window, is a congestion event answered by the congestion ops without a
 *    retransmission; the sender enters CWR, where the window does not grow,
 *    until the ACKs pass the highest segment sent at the reduction (Linux
 *    high_seq), and the next new segment carries CWR. So does the first new
 *    segment after a fast retransmit or a timeout (§6.1.2: "for any
 *    reason").
 *
 * Where the sources differ on ECN: a fast retransmit during CWR retransmits
 * and enters Recovery without reducing again — the window already fell for
 * this window of data (RFC 3168 §6.1.2 "only once"; Linux keeps the
 * reduction in progress; ns-2 retransmits without reducing; ns-3 reduces a
 * second time). ECE is ignored in Recovery and Loss, as in Linux (ns-3
 * enters CWR from Recovery). CWR ends on the ACK that passes high_seq, which
 * may also start a new CWR if it carries ECE (Linux and ns-3). RFC 3168's
 * advice for cwnd 1 (wait for the timer before sending) is not followed,
 * as in ns-3.
 */
import { nsToSeconds } from '../core/time';
import type { TimerOwner } from '../core/timers';
import { Ev } from '../output/event-log';
import { TcpFlag } from '../net/packets';
import type { TcpFlowSpec } from '../scenario/types';
import type { SenderView } from '../view';
import { CaState } from './ca-state';
import { lossResponse } from './cc/reno';
import { CongestionEvent, type AckSample, type CongestionOps, type WindowUpdate } from './cc/types';
import { ControlBlock, TIMER_PACE } from './control-block';
import { noRateSample } from './delivery-rate';
import { defaultPacingRate } from './pacer';
import type { TcpHost } from './host';
import { ExitReason, type RecoveryOps } from './recovery/types';

export class TcpSender implements TimerOwner, SenderView {
  /** the window and sequence variables, and the sending (what recovery modules and congestion ops see) */
  readonly tcb: ControlBlock;
  /** the current ACK as the congestion ops see it (one object, refilled per ACK) */
  private readonly sample: AckSample;
  /** what a congestion-ops hook decides, before the sender applies it (one object, reused) */
  private readonly update: WindowUpdate = { cwnd: 0, ssthresh: 0, pacingRate: 0, markAppLimited: false };
  /** the highest sequence number sent when the current round began (RFC 9406 windowEnd) */
  private roundEnd = -1;
  private started = false;

  constructor(
    flow: number,
    spec: TcpFlowSpec,
    node: number,
    peer: number,
    private readonly host: TcpHost,
    readonly recovery: RecoveryOps,
    readonly cc: CongestionOps,
  ) {
    this.tcb = new ControlBlock(flow, spec, node, peer, host, this, cc);
    this.sample = {
      acked: 0,
      dup: false,
      rtt: -1,
      echoRtt: -1,
      ece: false,
      roundStart: false,
      rate: this.tcb.rate?.rs ?? noRateSample(),
    };
  }

  // --- what the page and the outputs read (SenderView) ---
  get base(): number {
    return this.tcb.base;
  }
  get nSegments(): number {
    return this.tcb.nSegments;
  }
  get cwnd(): number {
    return this.tcb.cwnd;
  }
  get ssthresh(): number {
    return this.tcb.ssthresh;
  }
  get inflation(): number {
    return this.tcb.inflation;
  }
  get state(): CaState {
    return this.tcb.state;
  }
  get rtt(): ControlBlock['rtt'] {
    return this.tcb.rtt;
  }
  get outstanding(): number {
    return this.tcb.outstanding;
  }
  get highestAck(): number {
    return this.tcb.highestAck;
  }
  get tSeqno(): number {
    return this.tcb.tSeqno;
  }
  get packetsSent(): number {
    return this.tcb.packetsSent;
  }
  get retransmissions(): number {
    return this.tcb.retransmissions;
  }
  get timeouts(): number {
    return this.tcb.timeouts;
  }
  get fastRetransmits(): number {
    return this.tcb.fastRetransmits;
  }
  /** bit/s of data the flow is paced at (0: not paced, or no rate yet) */
  get pacingRate(): number {
    return this.tcb.pacer ? this.tcb.pacer.rate : 0;
  }
  get ecnReductions(): number {
    return this.tcb.ecnReductions;
  }

  /** What the sender is doing, in the field's words (for the page). */
  phase(complete: boolean): string {
    if (!this.started) return 'closed';
    if (complete || this.finished) return 'done';
    const t = this.tcb;
    if (t.state === CaState.Recovery) return 'fast_recovery';
    if (t.state === CaState.Loss) return 'loss_recovery';
    if (t.state === CaState.CWR) return 'cwr';
    return t.cwnd < t.ssthresh ? 'slow_start' : 'congestion_avoidance';
  }

  get finished(): boolean {
    return this.started && this.tcb.highestAck >= this.tcb.curSeq - 1;
  }

  // --- application ---
  start(now: number): void {
    if (this.started) return;
    this.started = true;
    const t = this.tcb;
    t.nowNs = now;
    t.curSeq = t.nSegments === Infinity ? 0x7fffffff : t.base + t.nSegments;
    t.sendMuch(0);
  }

  /**
   * An application that writes messages (traffic/transactions.ts) opens the
   * connection with nothing to send but the SYN (when the handshake is on).
   */
  open(now: number): void {
    if (this.started) return;
    this.started = true;
    const t = this.tcb;
    t.nowNs = now;
    t.curSeq = t.base;
    t.sendMuch(0);
  }

  /** The application writes one more message (TcpSender.open): `messageSegments` more segments to send. */
  write(now: number): void {
    const t = this.tcb;
    t.nowNs = now;
    t.curSeq += t.messageSegments;
    // ns-2's advanceby(): send_much() whatever the duplicate-ACK count (the modules' send() is the ACK-time rule).
    if (this.recovery.sendWritten) this.recovery.sendWritten(t);
    else t.sendMuch(0);
  }

  /** The application stops: no new data after what was already sent. */
  stop(): void {
    const t = this.tcb;
    if (t.curSeq > t.maxSeq + 1) t.curSeq = Math.max(t.maxSeq + 1, t.base);
  }

  // --- ACK arrival ---
  /** An ACK arrived (at the host's time). */
  onAck(pkt: number): void {
    const now = this.host.nowNs;
    const t = this.tcb;
    const rec = this.recovery;
    t.nowNs = now;
    const from = t.state;
    const pool = t.pool;
    const ack = pool.seq(pkt);
    const before = t.highestAck;
    const a = this.sample;
    a.dup = ack === before;
    a.acked = ack > before ? ack - before : 0;
    a.rtt = -1;
    const synAck = t.base === 1 && ack === 0 && !a.dup;
    // The timestamp echo: RTT of the segment that triggered this ACK (not of the 40-byte SYN).
    a.echoRtt = synAck ? -1 : nsToSeconds(now - pool.echo(pkt));
    const ece = (pool.tcpFlags(pkt) & TcpFlag.Ece) !== 0;
    // On the SYN's ACK, ECE accepts ECN (§6.1.1); afterwards it echoes CE.
    a.ece = ece && t.ecnOk;
    if (synAck && t.spec.tcp.ecn) t.ecnOk = ece;
    a.roundStart = ack > before && ack >= this.roundEnd;
    if (a.roundStart) this.roundEnd = t.maxSeq;
    t.rate?.onAck(ack, pool, pkt, now, a.echoRtt < 0 ? -1 : now - pool.echo(pkt));
    let entered = false;
    if (ack > before) {
      let grow = true;
      let stay = false;
      if (from === CaState.Recovery) {
        if (ack < t.recover) {
          // Partial ACK: the cumulative point moves; the module says whether recovery goes on.
          t.highestAck = ack;
          if (t.tSeqno < ack + 1) t.tSeqno = ack + 1;
          stay = rec.onPartialAck !== undefined && rec.onPartialAck(t, a.acked, pkt);
          if (!stay) this.exitRecovery(ack, ExitReason.Partial);
        } else {
          this.exitRecovery(ack, ExitReason.Full);
          grow = rec.growOnExit;
        }
      }
      if (!stay) {
        t.inflation = 0;
        this.newAck(ack);
        this.ecnStep(a.ece);
        // No growth in CWR (RFC 3168 §6.1.2; Linux and ns-3 hold the window while it lasts).
        if (grow && t.state !== CaState.CWR) this.openCwnd();
        rec.onNewAck?.(t, pkt);
      }
    } else if (ack === before && rec.onDupAck(t, pkt)) {
      this.fastRetransmit();
      entered = true;
    }
    this.settle();
    if (this.cc.control) this.control();
    else if (t.pacer) t.pacer.rate = defaultPacingRate(t.cwnd, t.ssthresh, t.outstanding, t.srtt, t.mss);
    this.sendStep(entered);
    this.cc.onAck?.(t, a);
    this.notify(from);
  }

  /** Send what the window (and the pacer) allows: the recovery module's way, or new data. */
  private sendStep(entered: boolean): void {
    const t = this.tcb;
    if (this.recovery.send) this.recovery.send(t, entered);
    else t.sendMuch(0);
    // Nothing left to send while the window has room: the rate samples are application-limited.
    if (t.rate && t.tSeqno >= t.curSeq) t.rate.checkAppLimited(t.cwnd);
  }

  /** The congestion ops' full control (Linux cong_control): window, ssthresh and pacing rate from this ACK. */
  private control(): void {
    const t = this.tcb;
    const w = this.update;
    w.cwnd = t.cwnd;
    w.ssthresh = t.ssthresh;
    w.pacingRate = t.pacer ? t.pacer.rate : 0;
    w.markAppLimited = false;
    this.cc.control!(t, this.sample, w);
    t.cwnd = Math.max(w.cwnd, 1);
    t.ssthresh = w.ssthresh;
    if (t.pacer) t.pacer.rate = w.pacingRate;
    if (w.markAppLimited) t.rate?.markAppLimited();
  }

  /** ns-2 newack(): an ACK for new data. Restarts the retransmission timer, takes an RTT sample if the timed segment is covered. */
  private newAck(ack: number): void {
    const t = this.tcb;
    t.dupacks = 0;
    t.highestAck = ack;
    if (t.tSeqno < ack + 1) t.tSeqno = ack + 1;
    const sample = t.takeRttSample();
    if (sample >= 0) this.sample.rtt = sample;
    t.restartRtxTimer();
  }

  /** Grow the window for the current ACK of new data (ns-2 opencwnd via the variant). */
  private openCwnd(): void {
    const t = this.tcb;
    const wasSlowStart = t.cwnd < t.ssthresh;
    // A variant with full control sets the window in control(), after the recovery step.
    const grows = !this.cc.control;
    if (grows) {
      const w = this.update;
      w.cwnd = t.cwnd;
      w.ssthresh = t.ssthresh;
      this.cc.increase(t, this.sample, w);
      t.cwnd = w.cwnd;
      t.ssthresh = w.ssthresh;
      if (t.cwnd < 1) t.cwnd = 1;
    }
    if (t.base === 1 && t.highestAck === 0) {
      // SYN acknowledged: the initial window opens (ns-2 syn_ with delay_growth_).
      t.cwnd = t.spec.tcp.initialCwnd;
      return;
    }
    if (grows && wasSlowStart && t.cwnd >= t.ssthresh && t.highestAck > 0) t.log(Ev.SsExit, t.highestAck);
  }

  /**
   * The ECN part of an ACK of new data (RFC 3168 §6.1.2): CWR ends once the
   * ACKs pass what was sent at the reduction; an echo in Open or Disorder,
   * past the last reduction's window, reduces the window once — through the
   * congestion ops, as a loss would, but with nothing to retransmit.
   */
  private ecnStep(ece: boolean): void {
    const t = this.tcb;
    if (t.state === CaState.CWR && t.highestAck > t.cwrHigh) t.state = CaState.Open;
    if (!ece || t.highestAck <= t.recover || (t.state !== CaState.Open && t.state !== CaState.Disorder)) return;
    const oldCwnd = t.cwnd;
    const oldSsthresh = t.ssthresh;
    const r = this.congestionEvent(CongestionEvent.Ecn);
    t.ssthresh = r.ssthresh;
    t.cwnd = Math.max(1, r.cwnd);
    t.cwrHigh = t.maxSeq;
    t.cwrPending = true;
    t.ecnReductions++;
    t.state = CaState.CWR;
    t.log(Ev.Cwr, t.highestAck, oldCwnd, oldSsthresh, t.cwrHigh - t.base);
  }

  /**
   * Fast retransmit: ssthresh and cwnd from the congestion ops (Reno
   * halves), or cwnd = 1 without fast recovery (Tahoe); the recovery point
   * is the highest segment sent. Logs the event a student steps to, then
   * the recovery module retransmits. During CWR the window has already been
   * reduced for this window of data, so it is not reduced again.
   */
  private fastRetransmit(): void {
    const t = this.tcb;
    const rec = this.recovery;
    const oldCwnd = t.cwnd;
    const oldSsthresh = t.ssthresh;
    const inCwr = t.state === CaState.CWR;
    if (!inCwr) {
      const r = this.congestionEvent(CongestionEvent.FastRetransmit);
      t.ssthresh = r.ssthresh;
      t.cwnd = Math.max(1, rec.fastRecovery ? r.cwnd : 1);
    } else if (!rec.fastRecovery) t.cwnd = 1;
    t.fastRetransmits++;
    t.recover = t.maxSeq;
    if (t.ecnOk) t.cwrPending = true;
    t.log(Ev.FastRetransmit, t.highestAck + 1, t.dupacks, oldCwnd, oldSsthresh, rec.fastRecovery ? (inCwr ? 2 : 0) : 1);
    rec.enter(t);
    if (rec.fastRecovery) t.state = CaState.Recovery;
  }

  private exitRecovery(ack: number, reason: ExitReason): void {
    this.recovery.exit(this.tcb, ack, reason);
    this.tcb.state = CaState.Open;
  }

  /** Open and Disorder follow the duplicate ACKs; Loss ends once the ACKs cover what was outstanding at the timeout. */
  private settle(): void {
    const t = this.tcb;
    const s = t.state;
    if (s === CaState.Open || s === CaState.Disorder || (s === CaState.Loss && t.highestAck >= t.recover)) {
      t.state = t.dupacks > 0 ? CaState.Disorder : CaState.Open;
    }
  }

  /** Tell the congestion ops if the state is not what it was before this ACK or timeout. */
  private notify(from: CaState): void {
    const to = this.tcb.state;
    if (to !== from) this.cc.onStateChange?.(this.tcb, from, to);
  }

  /** The variant's answer to a congestion event (RFC 5681's when it gives none). */
  private congestionEvent(ev: CongestionEvent): { ssthresh: number; cwnd: number } {
    const cc = this.cc;
    return cc.onCongestionEvent ? cc.onCongestionEvent(this.tcb, ev) : lossResponse(cc, this.tcb, ev);
  }

  // --- retransmission timeout ---
  onTimer(which: number, now: number): void {
    this.tcb.nowNs = now;
    // The pacer's slot has passed: send what it held back.
    if (which === TIMER_PACE) this.sendStep(false);
    else this.timeout();
  }

  /** Retransmission timeout (ns-2 TcpAgent::timeout after the variant's own steps). */
  private timeout(): void {
    const t = this.tcb;
    const rec = this.recovery;
    const from = t.state;
    if (from === CaState.Recovery) rec.exit(t, t.highestAck, ExitReason.Timeout);
    rec.onTimeout?.(t);
    t.inflation = 0;
    if (t.highestAck === t.maxSeq) {
      // Nothing outstanding (ns-2 restart_bugfix_): restart from one segment, keep ssthresh.
      t.cwnd = 1;
      t.resetRtxTimer(false, false);
      t.state = t.dupacks > 0 ? CaState.Disorder : CaState.Open;
    } else {
      const oldCwnd = t.cwnd;
      const oldSsthresh = t.ssthresh;
      const rtoUsed = t.rtt.rto();
      t.recover = t.maxSeq;
      t.timeouts++;
      const r = this.congestionEvent(CongestionEvent.Timeout);
      t.ssthresh = r.ssthresh;
      t.cwnd = r.cwnd;
      t.rate?.onTimeout();
      if (t.ecnOk) t.cwrPending = true;
      t.resetRtxTimer(false, true);
      t.log(Ev.Timeout, t.highestAck + 1, rtoUsed, t.rtt.backoff, oldCwnd, oldSsthresh);
      t.state = CaState.Loss;
    }
    this.sendStep(false);
    this.notify(from);
  }
}
