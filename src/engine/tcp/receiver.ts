/**
 * The TCP receiver (ns-2 TCPSink; with SACK, the Sack1 sink): keeps which
 * segments have arrived, acknowledges the highest in-order sequence number
 * with a 40-byte ACK, and — for SACK flows — reports up to `maxSackBlocks`
 * blocks of data held above it, the block holding the segment just received
 * first, then the most recently reported others (RFC 2018 §4).
 *
 * With delayed ACKs (RFC 5681 §4.2, ns-2 DelAckSink) an in-order segment is
 * acknowledged with the next one or when the timer (default 100 ms) fires;
 * out-of-order segments and those filling a gap are acknowledged at once.
 *
 * ECN (RFC 3168 §6.1, with `tcp.ecn`): the ACK of an ECN-setup SYN carries
 * ECE (ECN accepted). Once a segment arrives marked CE, every ACK carries
 * ECE until a segment arrives with CWR; a segment with both CWR and CE
 * keeps the echo going (Linux tcp_ecn_accept_cwr before tcp_ecn_check_ce,
 * and ns-3, agree). For DCTCP the echo is exact instead (echoExact).
 */
import { Ev } from '../output/event-log';
import { Ecn, MAX_SACK_BLOCKS, PacketKind, TcpFlag } from '../net/packets';
import type { TcpFlowSpec } from '../scenario/types';
import type { Timer, TcpHost, TimerOwner } from './host';
import { nsToSeconds, secondsToNs } from '../core/time';

export class TcpReceiver implements TimerOwner {
  /** next in-order sequence number expected */
  nextExpected = 0;
  /** highest sequence number received */
  maxSeen = -1;
  private have: Uint8Array;
  private mask: number;
  /** sequence numbers of members of recently reported SACK blocks, most recent first */
  private recent: Int32Array;
  private nRecent = 0;
  private readonly sack: boolean;
  private readonly maxBlocks: number;
  private pendingAck = false;
  private pendingEcho = 0;
  /**
   * The timestamp (ns) the ACK that sendAck() makes echoes. Callers write it
   * here rather than pass it: V8 boxes a double passed to a function it does
   * not inline into a new heap number on every call.
   */
  private ackEcho = 0;
  /** ECN accepted: either no handshake and tcp.ecn, or an ECN-setup SYN arrived */
  private ecnOk: boolean;
  /** echoing CE: every ACK carries ECE until a CWR arrives */
  private echoing = false;
  /** the next ACK acknowledges an ECN-setup SYN: it carries ECE */
  private acceptEcn = false;
  private readonly timer: Timer | null;
  private readonly total: number;

  /** simulated ns when the whole file was held, or −1 */
  completedAt = -1;
  /** simulated ns the flow actually started (its start plus any start jitter) */
  startedAt = 0;

  constructor(
    readonly flow: number,
    readonly spec: TcpFlowSpec,
    readonly node: number,
    readonly peer: number,
    private readonly host: TcpHost,
    sack: boolean,
    private readonly base: number,
    nSegments: number,
    /** echo each segment's CE mark exactly (DCTCP, RFC 8257 §3.2) instead of until CWR */
    private readonly exactEcho = false,
  ) {
    this.sack = sack;
    this.maxBlocks = Math.min(spec.tcp.maxSackBlocks, MAX_SACK_BLOCKS);
    let cap = 1024;
    // Doubling in floating point: a 32-bit shift would wrap past 2^30 and never end (the loader bounds the window).
    while (cap < spec.tcp.window * 4) cap *= 2;
    this.have = new Uint8Array(cap);
    this.mask = cap - 1;
    this.recent = new Int32Array(MAX_SACK_BLOCKS + 1);
    this.timer = spec.tcp.delayedAck ? host.newTimer(this, 0) : null;
    this.ecnOk = spec.tcp.ecn && !spec.tcp.handshake;
    this.total = nSegments === Infinity ? Infinity : base + nSegments;
  }

  /**
   * A data segment arrived. Returns true when it carries data the receiver
   * did not have (for throughput), false for a duplicate.
   */
  onData(pkt: number): boolean {
    const now = this.host.nowNs;
    const pool = this.host.pool;
    const seq = pool.seq(pkt);
    const echo = pool.sentAt(pkt);
    let fresh = false;
    if (seq >= this.nextExpected && seq < this.nextExpected + this.have.length) {
      const i = seq & this.mask;
      if (this.have[i] === 0) {
        fresh = true;
        this.have[i] = 1;
      }
    }
    const flags = pool.tcpFlags(pkt);
    if (this.base === 1 && seq === 0) {
      if (this.spec.tcp.ecn && (flags & (TcpFlag.Ece | TcpFlag.Cwr)) === (TcpFlag.Ece | TcpFlag.Cwr)) {
        this.ecnOk = true;
        this.acceptEcn = true;
      }
    } else if (this.ecnOk) {
      if (this.exactEcho) this.echoExact(pool.ecn(pkt) === Ecn.Ce, seq, now);
      else this.echoCe(flags, pool.ecn(pkt) === Ecn.Ce, seq, now);
    }
    const inOrder = seq === this.nextExpected;
    const hadGap = this.maxSeen > this.nextExpected;
    if (seq > this.maxSeen) this.maxSeen = seq;
    if (inOrder) {
      while (this.have[this.nextExpected & this.mask] === 1) {
        this.have[this.nextExpected & this.mask] = 0;
        this.nextExpected++;
      }
      if (this.nextExpected >= this.total && this.completedAt < 0) {
        this.completedAt = now;
        const bytes = this.spec.bytes ?? 0;
        this.host.log.add(
          now,
          this.flow,
          Ev.Complete,
          this.nextExpected - 1 - this.base,
          NaN,
          NaN,
          bytes,
          nsToSeconds(now - this.startedAt),
        );
      }
    }
    if (fresh && seq > this.nextExpected) this.remember(seq);
    if (fresh && this.base === 1 && seq === 0) fresh = false; // the SYN carries no data

    if (this.timer) {
      // Delay only an in-order segment that leaves no gap behind it.
      if (inOrder && !hadGap && this.maxSeen < this.nextExpected) {
        if (this.pendingAck) {
          this.host.disarm(this.timer);
          this.pendingAck = false;
          this.ackEcho = echo;
          this.sendAck();
        } else {
          this.pendingAck = true;
          this.pendingEcho = echo;
          this.host.arm(this.timer, now + secondsToNs(this.spec.tcp.delayedAckTimeout));
        }
        return fresh;
      }
      if (this.pendingAck) {
        this.host.disarm(this.timer);
        this.pendingAck = false;
      }
    }
    this.ackEcho = echo;
    this.sendAck();
    return fresh;
  }

  /** RFC 3168 §6.1.3: CWR ends the echo, CE (re)starts it; the start is logged. */
  private echoCe(flags: number, ce: boolean, seq: number, now: number): void {
    if ((flags & TcpFlag.Cwr) !== 0) this.echoing = false;
    if (!ce) return;
    if (!this.echoing)
      this.host.log.add(now, this.flow, Ev.EcnEcho, seq - this.base, NaN, NaN, this.nextExpected - 1 - this.base);
    this.echoing = true;
  }

  /**
   * DCTCP's echo (RFC 8257 §3.2): ECE on exactly the ACKs of CE segments.
   * When the CE state flips, a delayed ACK still pending is sent at once with
   * the old state, so that every ACK speaks for segments of one kind.
   */
  private echoExact(ce: boolean, seq: number, now: number): void {
    if (ce === this.echoing) return;
    if (this.pendingAck && this.timer) {
      this.host.disarm(this.timer);
      this.pendingAck = false;
      this.ackEcho = this.pendingEcho;
      this.sendAck();
    }
    if (ce) this.host.log.add(now, this.flow, Ev.EcnEcho, seq - this.base, NaN, NaN, this.nextExpected - 1 - this.base);
    this.echoing = ce;
  }

  onTimer(): void {
    if (!this.pendingAck) return;
    this.pendingAck = false;
    this.ackEcho = this.pendingEcho;
    this.sendAck();
  }

  /** Put `seq` first among the remembered SACK blocks (RFC 2018: most recent first). */
  private remember(seq: number): void {
    if (!this.sack) return;
    const r = this.recent;
    // Drop remembered members that sit in the same block as seq.
    let k = 0;
    for (let j = 0; j < this.nRecent; j++) {
      if (!this.sameBlock(r[j], seq)) r[k++] = r[j];
    }
    this.nRecent = Math.min(k, this.recent.length - 1);
    for (let j = this.nRecent; j > 0; j--) r[j] = r[j - 1];
    r[0] = seq;
    this.nRecent++;
  }

  private sameBlock(a: number, b: number): boolean {
    const lo = Math.min(a, b);
    const hi = Math.max(a, b);
    for (let s = lo; s <= hi; s++) if (this.have[s & this.mask] === 0) return false;
    return true;
  }

  /** Send an ACK now, echoing ackEcho. */
  private sendAck(): void {
    const now = this.host.nowNs;
    const pool = this.host.pool;
    const pkt = pool.alloc();
    pool.setKind(pkt, PacketKind.Ack);
    pool.setFlow(pkt, this.flow);
    pool.setSeq(pkt, this.nextExpected - 1);
    pool.setSize(pkt, this.spec.tcp.ackBytes);
    pool.setPayload(pkt, 0);
    pool.setDst(pkt, this.peer);
    pool.setSentAt(pkt, now);
    pool.setEcho(pkt, this.ackEcho);
    pool.setRetx(pkt, 0);
    if (this.echoing || this.acceptEcn) pool.setTcpFlags(pkt, TcpFlag.Ece);
    this.acceptEcn = false;
    const blocks = this.sack ? this.writeSack(pkt) : 0;
    pool.setNsack(pkt, blocks);
    // Each SACK block takes 8 bytes of options (RFC 2018 §3; ns-2's Sack1 sink counts the same).
    pool.setSize(pkt, this.spec.tcp.ackBytes + 8 * blocks);
    this.host.send(pkt, this.node);
  }

  /** Fill the ACK's SACK blocks from the remembered members still above the cumulative point. */
  private writeSack(pkt: number): number {
    const pool = this.host.pool;
    const base = pkt * MAX_SACK_BLOCKS * 2;
    let n = 0;
    let k = 0;
    for (let j = 0; j < this.nRecent && n < this.maxBlocks; j++) {
      const m = this.recent[j];
      if (m < this.nextExpected || this.have[m & this.mask] === 0) continue;
      let l = m;
      while (l - 1 >= this.nextExpected && this.have[(l - 1) & this.mask] === 1) l--;
      let r = m;
      while (this.have[(r + 1) & this.mask] === 1 && r + 1 < this.nextExpected + this.have.length) r++;
      pool.sack[base + 2 * n] = l;
      pool.sack[base + 2 * n + 1] = r;
      n++;
      this.recent[k++] = m;
    }
    this.nRecent = k;
    return n;
  }
}
