/**
 * A TCP sender's control block (RFC 793's TCB, ns-3's TcpSocketState): its
 * window and sequence variables, and what acts on them directly — putting
 * segments on the wire, the retransmission timer and RTT timing. The
 * sender's ACK processing (sender.ts) drives it; recovery modules see it
 * as their RecoveryContext and congestion ops as their read-only
 * SocketState, so neither depends on the sender.
 *
 * Sequence numbers count segments (ns-2): with the handshake on, sequence
 * number 0 on the wire is a 40-byte SYN and data segment i travels as
 * sequence number i + 1 (`base` = 1); events report data segment numbers.
 * The sender may have ⌊min(cwnd + inflation, window)⌋ segments beyond the
 * cumulative ACK in flight (ns-2 window()).
 *
 * Two parts only some flows have, each in its own file: the pacer (pacer.ts,
 * `tcp.pacing`), which its sending loops ask before every transmission, and
 * the delivery-rate sampler (delivery-rate.ts), stamped at every
 * transmission, for congestion ops that ask for rate samples (BBR).
 */
import { nsToSeconds, secondsToNs } from '../core/time';
import type { Timer, TimerOwner } from '../core/timers';
import { Ecn, PacketKind, TcpFlag, type PacketPool } from '../net/packets';
import type { Ev } from '../output/event-log';
import type { TcpFlowSpec } from '../scenario/types';
import { CaState } from './ca-state';
import type { CongestionOps, SocketState } from './cc/types';
import type { TcpHost } from './host';
import type { RecoveryContext } from './recovery/types';
import { DeliveryRate } from './delivery-rate';
import { Pacer } from './pacer';
import { RttEstimator } from './rtt';

/** The sender's timers (TimerOwner.onTimer's `which`). */
export const TIMER_RTX = 0;
export const TIMER_PACE = 1;

export class ControlBlock implements RecoveryContext, SocketState {
  // --- window (ns-2 names in camelCase) ---
  // Both start as numbers, set again in the constructor: a field declared
  // without a value starts as undefined, and V8 then holds the doubles
  // stored into it as fresh heap numbers, a new one for every change of the
  // window (on nearly every ACK); a field that starts as a number keeps its
  // double in one box it updates in place.
  cwnd = 0;
  ssthresh = 0;
  // What a sample reads (output/sampler.ts) is declared together, here:
  // V8 lays an object's fields out in the order they are defined, and at
  // thousands of flows each cache line a sample touches is a miss.
  /** highest sequence number cumulatively acknowledged (ns-2 highest_ack_) */
  highestAck = -1;
  /** highest sequence number sent (ns-2 maxseq_) */
  maxSeq = -1;
  /** the RTT estimator (ns-2 t_srtt_, t_rttvar_, t_rtxcur_, t_backoff_) */
  readonly rtt: RttEstimator;
  /** ns-2 dupwnd_: Reno fast-recovery window inflation */
  inflation = 0;
  readonly rwnd: number;
  dupacks = 0;
  /** the congestion state; only the sender changes it */
  state = CaState.Open;

  // --- sequence (ns-2 names in camelCase; highestAck and maxSeq above) ---
  /** next new sequence number to send (ns-2 t_seqno_) */
  tSeqno = 0;
  /** sequence numbers the application has handed over (ns-2 curseq_) */
  curSeq = 0;
  /** recovery point (ns-2 recover_) */
  recover = -1;

  // --- ECN (RFC 3168 §6.1) ---
  /** ECN was negotiated: new data goes out ECT(0) and ECE is heeded */
  ecnOk: boolean;
  /** the window was reduced: the next new data segment carries CWR */
  cwrPending = false;
  /** CWR lasts until the ACKs pass this sequence number (Linux high_seq): the highest sent at the reduction */
  cwrHigh = -1;

  // --- RTT (one timed segment per round trip, ns-2 rtt_active_, rtt_seq_, rtt_ts_; the estimator above) ---
  rttActive = false;
  rttSeq = -1;
  rttTs = 0;

  // --- counters ---
  packetsSent = 0;
  retransmissions = 0;
  timeouts = 0;
  fastRetransmits = 0;
  /** window reductions for an ECN echo (entries into CWR) */
  ecnReductions = 0;

  /** 1 when the handshake is on: sequence number of data segment 0 */
  readonly base: number;
  /** data segments the file holds (Infinity when endless) */
  readonly nSegments: number;
  readonly dupThresh: number;
  /** simulated ns of the event being processed */
  nowNs = 0;
  /** the pacer, when the flow paces (tcp.pacing) */
  readonly pacer: Pacer | null;
  /** delivery-rate samples and the segments in flight, when the congestion ops ask for them */
  readonly rate: DeliveryRate | null;
  /**
   * segments per message: the file's, or each of the equal messages an
   * application writes (traffic/transactions.ts); its last segment carries
   * the rest of the message's bytes
   */
  readonly messageSegments: number;
  private readonly lastPayload: number;
  private readonly timer: Timer;

  constructor(
    readonly flow: number,
    readonly spec: TcpFlowSpec,
    readonly node: number,
    readonly peer: number,
    private readonly host: TcpHost,
    /** who handles the retransmission timer (the sender) */
    timerOwner: TimerOwner,
    private readonly cc: CongestionOps,
  ) {
    const t = spec.tcp;
    this.rwnd = t.window;
    this.base = t.handshake ? 1 : 0;
    this.cwnd = t.handshake ? 1 : (cc.firstCwnd ?? t.initialCwnd);
    this.ssthresh = t.window;
    this.dupThresh = t.dupAckThreshold;
    // With the handshake, ECN is on once the SYN's ACK accepts it; without, both ends simply use it.
    this.ecnOk = t.ecn && !t.handshake;
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
    // A file is one message; an application that writes (TcpSender.write) repeats it.
    this.messageSegments = this.nSegments;
    this.timer = host.newTimer(timerOwner, TIMER_RTX);
    // Only flows that pace get a second timer, so the others' event lists stay as they were.
    this.pacer = t.pacing
      ? new Pacer(host, host.newTimer(timerOwner, TIMER_PACE), spec.packetSize, spec.packetSize + t.headerBytes)
      : null;
    this.rate = cc.rateSampling ? new DeliveryRate(t.dupAckThreshold, this.base) : null;
    cc.attach?.({ log: (kind, a, b, c, d) => this.log(kind, this.highestAck, a, b, c, d) });
  }

  get pool(): PacketPool {
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
  get now(): number {
    return nsToSeconds(this.nowNs);
  }
  get inFlight(): number {
    return this.rate ? this.rate.inFlight : this.outstanding;
  }
  get delivered(): number {
    return this.rate ? this.rate.delivered : 0;
  }
  get deliveredTime(): number {
    return this.rate ? nsToSeconds(this.rate.deliveredTimeNs) : 0;
  }

  /** Data segment number of sequence number `seq` (−1 is the SYN). */
  seg(seq: number): number {
    return seq - this.base;
  }

  // --- sending ---
  /** ns-2 window(): segments beyond the last ACK that may be outstanding. */
  window(): number {
    return Math.min(Math.floor(this.cwnd) + this.inflation, Math.floor(this.rwnd));
  }

  /** ns-2 TcpAgent::send_much(): send new (or go-back-N) segments while the window allows. */
  sendMuch(maxburst: number): void {
    let win = this.window();
    let n = 0;
    while (this.tSeqno <= this.highestAck + win && this.tSeqno < this.curSeq) {
      if (!this.pacingAllows()) break;
      this.send(this.tSeqno);
      this.tSeqno++;
      n++;
      win = this.window();
      if (maxburst > 0 && n === maxburst) break;
    }
  }

  /** Limited transmit (RFC 3042; ns-2 send_one with singledup_). */
  sendOne(): void {
    if (
      this.tSeqno <= this.highestAck + this.rwnd &&
      this.tSeqno < this.curSeq &&
      this.tSeqno <= this.highestAck + this.cwnd + this.dupacks &&
      this.pacingAllows()
    ) {
      this.send(this.tSeqno);
      this.tSeqno++;
    }
  }

  /** The pacer lets a packet leave now (always, when the flow does not pace); if not, its timer will resume the sending. */
  pacingAllows(): boolean {
    return this.pacer === null || this.pacer.ready(this.nowNs);
  }

  /** Put sequence number `seq` on the wire (ns-2 output()). */
  send(seq: number): void {
    const host = this.host;
    const pool = host.pool;
    const now = this.nowNs;
    const pkt = pool.alloc();
    const isSyn = this.base === 1 && seq === 0;
    const dataSeg = seq - this.base;
    // dataSeg % Infinity is dataSeg: an endless transfer's segments are all full.
    const payload = isSyn
      ? 0
      : dataSeg % this.messageSegments === this.messageSegments - 1
        ? this.lastPayload
        : this.spec.packetSize;
    pool.setKind(pkt, PacketKind.Data);
    pool.setFlow(pkt, this.flow);
    pool.setSeq(pkt, seq);
    pool.setPayload(pkt, payload);
    pool.setSize(pkt, isSyn ? this.spec.tcp.headerBytes : payload + this.spec.tcp.headerBytes);
    pool.setDst(pkt, this.peer);
    pool.setSentAt(pkt, now);
    pool.setNsack(pkt, 0);
    const forceTimer = this.highestAck === this.maxSeq;
    const isNew = seq > this.maxSeq;
    pool.setRetx(pkt, isNew ? 0 : 1);
    if (isSyn) {
      // An ECN-setup SYN carries ECE and CWR (RFC 3168 §6.1.1); a variant that needs ECN
      // (DCTCP) sends it ECN-capable too, as Linux does, so a marking queue marks it, not drops it.
      if (this.spec.tcp.ecn) pool.setTcpFlags(pkt, TcpFlag.Ece | TcpFlag.Cwr);
      if (this.spec.tcp.ecn && this.cc.ectAll) pool.setEcn(pkt, Ecn.Ect0);
    } else if (this.ecnOk && !isNew && this.cc.ectAll) {
      // DCTCP's retransmissions are ECN-capable too (RFC 8257 §3.1; Linux INET_ECN_xmit).
      pool.setEcn(pkt, Ecn.Ect0);
    } else if (this.ecnOk && isNew) {
      // Only new data is ECN-capable, not retransmissions (§6.1.5) nor pure ACKs (§6.1.4).
      pool.setEcn(pkt, Ecn.Ect0);
      if (this.cwrPending) {
        pool.setTcpFlags(pkt, TcpFlag.Cwr);
        this.cwrPending = false;
      }
    }
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
    if (!this.timer.pending || forceTimer) this.setRtxTimer();
    this.cc.onSend?.(this, seq);
    this.rate?.onSend(seq, now);
    this.pacer?.sent(now, pool.size(pkt));
    host.send(pkt, this.node);
  }

  // --- retransmission timer and RTT timing ---
  /** Arm the retransmission timer one RTO from now. */
  setRtxTimer(): void {
    this.host.arm(this.timer, this.nowNs + secondsToNs(this.rtt.rto()));
  }

  /** ns-2 reset_rtx_timer(mild, backoff). */
  resetRtxTimer(mild: boolean, backoff: boolean): void {
    if (backoff) this.rtt.backOff();
    this.setRtxTimer();
    if (!mild) this.tSeqno = this.highestAck + 1;
    this.rttActive = false;
  }

  /** ns-2 newtimer(highest_ack_) with timerfix_: restart while data is outstanding, else stop. */
  restartRtxTimer(): void {
    if (this.highestAck < this.maxSeq || this.cwnd < 1) this.setRtxTimer();
    else this.host.disarm(this.timer);
  }

  /**
   * The ACKs reached the timed segment: its RTT is a sample (seconds), or
   * −1 when no segment is timed or it is not yet acknowledged. Clears the
   * backoff (RFC 6298 §5.7).
   */
  takeRttSample(): number {
    if (!this.rttActive || this.highestAck < this.rttSeq) return -1;
    this.rtt.backoff = 1;
    this.rttActive = false;
    const sample = nsToSeconds(this.nowNs - this.rttTs);
    this.rtt.sample(sample, nsToSeconds(this.nowNs));
    return sample;
  }

  discardRttSample(): void {
    if (this.rttActive && this.highestAck >= this.rttSeq) {
      this.rttActive = false;
      this.rtt.backoff = 1;
    }
  }

  clearBackoff(): void {
    this.rtt.backoff = 1;
  }

  // --- events ---
  log(kind: Ev, seq: number, a = NaN, b = NaN, c = NaN, d = NaN): void {
    this.host.log.add(this.nowNs, this.flow, kind, seq - this.base, this.cwnd, this.ssthresh, a, b, c, d);
  }
}
