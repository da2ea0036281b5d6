/**
 * The TCP sender, modelled on ns-2.35's one-way agents (tcp.cc), which the
 * seed papers used:
 *  - sequence numbers count segments; with the handshake on, segment 0 on the
 *    wire is a 40-byte SYN and data segment i travels as sequence number i+1
 *    (ns-2 convention) — events and outputs report data segment numbers;
 *  - ACKs carry the highest in-order sequence number received;
 *  - cwnd starts at 1 for the SYN and becomes `initialCwnd` when the SYN is
 *    acknowledged (ns-2 syn_ + delay_growth_), initial ssthresh = window;
 *  - the sender may have ⌊min(cwnd + inflation, window)⌋ segments beyond the
 *    last ACK in flight;
 *  - limited transmit (RFC 3042, ns-2 singledup_): the first two duplicate
 *    ACKs may each release one new segment;
 *  - RTO per RFC 6298, in exact time or on ns-2's clock ticks (`tcpTick`,
 *    rtt.ts); on expiry ssthresh is cut, cwnd = 1, the timer backs off and
 *    sending resumes from the first unacknowledged segment (go-back-N, as
 *    ns-2 and BSD do);
 *  - after any loss response, a new fast retransmit waits until the ACKs pass
 *    the recovery point (ns-2 bugFix_, RFC 6582 §4).
 * The variant's recovery (../recovery) handles each ACK; its congestion ops
 * (../cc) decide the window.
 */
import { Ev } from '../output/event-log';
import { PacketKind } from '../net/packets';
import type { TcpFlowSpec } from '../scenario/types';
import { CaState } from './ca-state';
import { lossResponse } from './cc/reno';
import { CongestionEvent, type AckSample, type CongestionOps, type SocketState, type WindowUpdate } from './cc/types';
import type { Timer, TcpHost, TimerOwner } from './host';
import type { RecoveryOps } from './recovery/types';
import { RttEstimator } from './rtt';
import { Scoreboard } from './scoreboard';
import { nsToSeconds, secondsToNs } from '../core/time';

/** ns-2 last_cwnd_action_ values. */
export const enum CwndAction {
  None = 0,
  Dupack = 1,
  Timeout = 2,
  Exited = 3,
}

const TIMER_RTX = 0;

export class TcpSender implements SocketState, TimerOwner {
  // --- window state (ns-2 names in camelCase) ---
  cwnd: number;
  ssthresh: number;
  readonly rwnd: number;
  /** ns-2 dupwnd_: Reno fast-recovery window inflation */
  inflation = 0;
  dupacks = 0;
  /** highest sequence number cumulatively acknowledged (ns-2 highest_ack_) */
  highestAck = -1;
  /** ns-2 last_ack_: equal to highestAck except during SACK fast recovery */
  lastAck = -1;
  /** next new sequence number to send (ns-2 t_seqno_) */
  tSeqno = 0;
  /** highest sequence number sent (ns-2 maxseq_) */
  maxSeq = -1;
  /** sequence numbers the application has handed over (ns-2 curseq_) */
  curSeq = 0;
  /** recovery point (ns-2 recover_) */
  recover = -1;
  lastCwndAction = CwndAction.None;
  /** NewReno: a partial ACK was seen in this recovery */
  firstPartial = false;

  // --- SACK (ns-2 Sack1) ---
  fastRecov = false;
  pipe = 0;
  /** ns-2 timeout_: ignore duplicate ACKs until a new ACK after a timeout */
  afterTimeout = false;
  readonly scoreboard: Scoreboard | null;

  // --- RTT ---
  readonly rtt: RttEstimator;
  rttActive = false;
  rttSeq = -1;
  rttTs = 0;

  // --- counters ---
  packetsSent = 0;
  retransmissions = 0;
  timeouts = 0;
  fastRetransmits = 0;

  /** 1 when the handshake is on: sequence number of data segment 0 */
  readonly base: number;
  /** data segments the file holds (Infinity when endless) */
  readonly nSegments: number;
  private readonly lastPayload: number;
  private readonly timer: Timer;
  private started = false;
  private nowNs = 0;

  constructor(
    readonly flow: number,
    readonly spec: TcpFlowSpec,
    readonly node: number,
    readonly peer: number,
    private readonly host: TcpHost,
    readonly recovery: RecoveryOps,
    readonly cc: CongestionOps,
  ) {
    const t = spec.tcp;
    this.rwnd = t.window;
    this.base = t.handshake ? 1 : 0;
    this.cwnd = t.handshake ? 1 : t.initialCwnd;
    this.ssthresh = t.window;
    this.rtt = new RttEstimator(
      t.rttGain,
      t.rttVarGain,
      t.rtoK,
      t.minRto,
      t.maxRto,
      t.initialRto,
      t.tcpTick,
      t.tcpTickPhase,
    );
    if (spec.bytes === null) {
      this.nSegments = Infinity;
      this.lastPayload = spec.packetSize;
    } else {
      this.nSegments = Math.ceil(spec.bytes / spec.packetSize);
      this.lastPayload = spec.bytes - (this.nSegments - 1) * spec.packetSize;
    }
    this.scoreboard = recovery.usesSack ? new Scoreboard() : null;
    this.timer = host.newTimer(this, TIMER_RTX);
  }

  get pool() {
    return this.host.pool;
  }

  // --- SocketState ---
  get srtt(): number {
    return this.rtt.valid ? this.rtt.srtt : 0;
  }
  get mss(): number {
    return this.spec.packetSize;
  }
  get outstanding(): number {
    return Math.max(0, this.maxSeq - this.highestAck);
  }
  /** The congestion state, from ns-2's variables (last_cwnd_action_, SACK's fastrecov_). */
  get state(): CaState {
    if (this.fastRecov || (this.lastCwndAction === CwndAction.Dupack && this.inflation > 0)) return CaState.Recovery;
    if (this.lastCwndAction === CwndAction.Timeout && this.highestAck < this.recover) return CaState.Loss;
    return this.dupacks > 0 ? CaState.Disorder : CaState.Open;
  }
  get now(): number {
    return nsToSeconds(this.nowNs);
  }

  /** Data segment number of sequence number `seq` (−1 is the SYN). */
  seg(seq: number): number {
    return seq - this.base;
  }

  get handshakeDone(): boolean {
    return this.base === 0 || this.highestAck >= 0;
  }

  // --- application ---
  start(now: number): void {
    if (this.started) return;
    this.started = true;
    this.nowNs = now;
    this.curSeq = this.nSegments === Infinity ? 0x7fffffff : this.base + this.nSegments;
    this.sendMuch(now, 0);
  }

  /** The application stops: no new data after what was already sent. */
  stop(): void {
    if (this.curSeq > this.maxSeq + 1) this.curSeq = Math.max(this.maxSeq + 1, this.base);
  }

  /** What the sender is doing, in the field's words (for the page). */
  phase(complete: boolean): string {
    if (!this.started) return 'closed';
    if (complete || this.finished) return 'done';
    if (this.fastRecov || (this.lastCwndAction === CwndAction.Dupack && this.inflation > 0)) return 'fast_recovery';
    if (this.lastCwndAction === CwndAction.Timeout && this.highestAck < this.recover) return 'loss_recovery';
    return this.cwnd < this.ssthresh ? 'slow_start' : 'congestion_avoidance';
  }

  get finished(): boolean {
    return this.started && this.highestAck >= this.curSeq - 1;
  }

  // --- ACK arrival ---
  onAck(pkt: number, now: number): void {
    this.nowNs = now;
    const pool = this.host.pool;
    const ack = pool.seq[pkt];
    const before = this.highestAck;
    const dup = ack === this.lastAck;
    const a = this.sample;
    a.dup = dup;
    a.acked = ack > before ? ack - before : 0;
    a.rtt = -1;
    // The timestamp echo: RTT of the segment that triggered this ACK (not of the 40-byte SYN).
    a.echoRtt = this.base === 1 && ack === 0 && !dup ? -1 : nsToSeconds(now - pool.echo[pkt]);
    this.recovery.onAck(this, ack, pkt, now);
    this.cc.onAck?.(this, a);
  }

  /** The current ACK as the congestion ops see it (one object, refilled per ACK). */
  private readonly sample: AckSample = { acked: 0, dup: false, rtt: -1, echoRtt: -1 };
  /** What a congestion-ops hook decides, before the sender applies it (one object, reused). */
  private readonly update: WindowUpdate = { cwnd: 0, ssthresh: 0 };

  /**
   * ns-2 newack(): an ACK for new data. Restarts the retransmission timer,
   * takes an RTT sample if the timed segment is covered.
   */
  newAck(ack: number, now: number): void {
    this.dupacks = 0;
    this.lastAck = ack;
    this.highestAck = ack;
    if (this.tSeqno < ack + 1) this.tSeqno = ack + 1;
    if (this.rttActive && ack >= this.rttSeq) {
      this.rtt.backoff = 1;
      this.rttActive = false;
      const sample = nsToSeconds(now - this.rttTs);
      this.rtt.sample(sample, nsToSeconds(now));
      this.sample.rtt = sample;
    }
    this.newTimer(ack, now);
  }

  /** Grow the window for the current ACK of new data (ns-2 opencwnd via the variant). */
  openCwnd(): void {
    const wasSlowStart = this.cwnd < this.ssthresh;
    const w = this.update;
    w.cwnd = this.cwnd;
    w.ssthresh = this.ssthresh;
    this.cc.increase(this, this.sample, w);
    this.cwnd = w.cwnd;
    this.ssthresh = w.ssthresh;
    if (this.cwnd < 1) this.cwnd = 1;
    if (this.base === 1 && this.highestAck === 0) {
      // SYN acknowledged: the initial window opens (ns-2 syn_ with delay_growth_).
      this.cwnd = this.spec.tcp.initialCwnd;
      return;
    }
    if (wasSlowStart && this.cwnd >= this.ssthresh && this.highestAck > 0) {
      this.log(Ev.SsExit, this.highestAck);
    }
  }

  // --- loss responses ---
  /**
   * Fast retransmit: ssthresh and cwnd from the variant (Reno halves), or, for
   * Tahoe, cwnd = 1. Logs the event a student steps to.
   */
  fastRetransmitResponse(cwndToOne: boolean): void {
    const oldCwnd = this.cwnd;
    const oldSsthresh = this.ssthresh;
    const r = this.congestionEvent(CongestionEvent.FastRetransmit);
    this.ssthresh = r.ssthresh;
    this.cwnd = Math.max(1, cwndToOne ? 1 : r.cwnd);
    this.fastRetransmits++;
    this.recover = this.maxSeq;
    this.lastCwndAction = CwndAction.Dupack;
    this.log(Ev.FastRetransmit, this.highestAck + 1, this.dupacks, oldCwnd, oldSsthresh, cwndToOne ? 1 : 0);
  }

  /** The variant's answer to a congestion event (RFC 5681's when it gives none). */
  private congestionEvent(ev: CongestionEvent): { ssthresh: number; cwnd: number } {
    const cc = this.cc;
    return cc.onCongestionEvent ? cc.onCongestionEvent(this, ev) : lossResponse(cc, this, ev);
  }

  /** ns-2 reset_rtx_timer(mild, backoff). */
  resetRtxTimer(mild: boolean, backoff: boolean, now: number): void {
    if (backoff) this.rtt.backOff();
    this.setRtxTimer(now);
    if (!mild) this.tSeqno = this.highestAck + 1;
    this.rttActive = false;
  }

  setRtxTimer(now: number): void {
    this.host.arm(this.timer, now + secondsToNs(this.rtt.rto()));
  }

  /** ns-2 newtimer() with timerfix_: restart while data is outstanding, else stop. */
  newTimer(ack: number, now: number): void {
    if (ack < this.maxSeq || this.cwnd < 1) this.setRtxTimer(now);
    else this.host.disarm(this.timer);
  }

  get timerPending(): boolean {
    return this.timer.pending;
  }

  onTimer(_which: number, now: number): void {
    this.nowNs = now;
    this.timeout(now);
  }

  /** Retransmission timeout (ns-2 TcpAgent::timeout after the variant's own steps). */
  timeout(now: number): void {
    this.recovery.beforeTimeout(this);
    if (this.highestAck === this.maxSeq) {
      // Nothing outstanding (ns-2 restart_bugfix_): restart from one segment, keep ssthresh.
      this.cwnd = 1;
      this.resetRtxTimer(false, false, now);
    } else {
      const oldCwnd = this.cwnd;
      const oldSsthresh = this.ssthresh;
      const rtoUsed = this.rtt.rto();
      this.recover = this.maxSeq;
      this.timeouts++;
      const r = this.congestionEvent(CongestionEvent.Timeout);
      this.ssthresh = r.ssthresh;
      this.cwnd = r.cwnd;
      this.inflation = 0;
      this.resetRtxTimer(false, true, now);
      this.log(Ev.Timeout, this.highestAck + 1, rtoUsed, this.rtt.backoff, oldCwnd, oldSsthresh);
    }
    this.lastCwndAction = CwndAction.Timeout;
    this.recovery.sendMuch(this, now, 0);
  }

  // --- sending ---
  /** ns-2 window(): segments beyond the last ACK that may be outstanding. */
  window(): number {
    return Math.min(Math.floor(this.cwnd) + this.inflation, Math.floor(this.rwnd));
  }

  /** ns-2 TcpAgent::send_much(): send new (or go-back-N) segments while the window allows. */
  sendMuch(now: number, maxburst: number): void {
    let win = this.window();
    let n = 0;
    while (this.tSeqno <= this.highestAck + win && this.tSeqno < this.curSeq) {
      this.output(this.tSeqno, now);
      this.tSeqno++;
      n++;
      win = this.window();
      if (maxburst > 0 && n === maxburst) break;
    }
  }

  /** Limited transmit (RFC 3042; ns-2 send_one with singledup_). */
  sendOne(now: number): void {
    if (
      this.tSeqno <= this.highestAck + this.rwnd &&
      this.tSeqno < this.curSeq &&
      this.tSeqno <= this.highestAck + this.cwnd + this.dupacks
    ) {
      this.output(this.tSeqno, now);
      this.tSeqno++;
    }
  }

  /** Put sequence number `seq` on the wire (ns-2 output()). */
  output(seq: number, now: number): void {
    const host = this.host;
    const pool = host.pool;
    const pkt = pool.alloc();
    const isSyn = this.base === 1 && seq === 0;
    const dataSeg = seq - this.base;
    const payload = isSyn ? 0 : dataSeg === this.nSegments - 1 ? this.lastPayload : this.spec.packetSize;
    pool.kind[pkt] = PacketKind.Data;
    pool.flow[pkt] = this.flow;
    pool.seq[pkt] = seq;
    pool.payload[pkt] = payload;
    pool.size[pkt] = isSyn ? this.spec.tcp.headerBytes : payload + this.spec.tcp.headerBytes;
    pool.src[pkt] = this.node;
    pool.dst[pkt] = this.peer;
    pool.sentAt[pkt] = now;
    pool.nsack[pkt] = 0;
    const forceTimer = this.highestAck === this.maxSeq;
    const isNew = seq > this.maxSeq;
    pool.retx[pkt] = isNew ? 0 : 1;
    if (!isSyn) this.packetsSent++;
    if (isNew) {
      this.maxSeq = seq;
      if (!this.rttActive) {
        this.rttActive = true;
        if (seq > this.rttSeq) {
          this.rttSeq = seq;
          this.rttTs = now;
        }
      }
    } else if (!isSyn) {
      this.retransmissions++;
    }
    if (!this.timer.pending || forceTimer) this.setRtxTimer(now);
    this.cc.onSend?.(this, seq);
    host.send(pkt, this.node, now);
  }

  // --- events ---
  log(kind: Ev, seq: number, a = NaN, b = NaN, c = NaN, d = NaN): void {
    this.host.log.add(this.nowNs, this.flow, kind, seq - this.base, this.cwnd, this.ssthresh, a, b, c, d);
  }

  /** Data segment numbers are what students see; convert a sequence number for an event argument. */
  segArg(seq: number): number {
    return seq - this.base;
  }
}
