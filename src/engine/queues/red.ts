import type { Rng } from '../core/rng';
import type { RedSpec } from '../scenario/types';
import { PacketFifo } from './fifo';
import { DropCause, PLAIN_ENV, type PacketQueue, type QueueEnv } from './queue';

/**
 * Random Early Detection, packet mode.
 *
 * References: S. Floyd and V. Jacobson, "Random Early Detection Gateways for
 * Congestion Avoidance", IEEE/ACM ToN 1(4), 1993; ns-2.35 queue/red.cc
 * (Queue/RED). The algorithm is written from the paper and checked line by
 * line against red.cc's enque/estimator/drop_early/modify_p so that a scenario
 * ported from an ns-2 script behaves as it did there. Choices:
 *
 * - Packet mode only (ns-2 bytes_ = false, queue_in_bytes_ = false, as the
 *   classic scripts set them; ns-2.35's ns-default.tcl defaults both to true):
 *   the average, the thresholds and the limit are in packets (`limitBytes`
 *   adds a physical limit in bytes beside the packet one); no adaptive RED,
 *   no cautious modes.
 *
 * - ECN (`ecn`, RFC 3168 §7; ns-2 setbit_, ns-3 UseEcn, Linux's ecn flag):
 *   an arrival RED would drop, early or forced, is marked CE and queued when
 *   it is ECN-capable; the count restarts as after a drop. Where the sources
 *   differ: ns-2 marks only early drops and always drops forced ones; Linux
 *   and ns-3 mark forced ones too unless `harddrop` (ns-3 UseHardDrop, on by
 *   default there) is set. This follows Linux (ns-3 with UseHardDrop false),
 *   so that RED with minThresh = maxThresh = K, weight 1 and gentle off is
 *   the step marker DCTCP needs (RFC 8257 §3.3: mark every packet that
 *   arrives to K or more waiting). The physical limit always drops.
 *
 * - Average: on every arrival, BEFORE the packet is added, from the number of
 *   packets waiting (the one being serialized belongs to the link, as ns-2's
 *   LinkDelay holds it): avg ← (1−w)·avg + w·q. The weight is taken literally
 *   (ns-2's special values q_weight_ = 0, −1, −2 meaning "derive from the
 *   bandwidth" are not supported).
 *
 * - Idle aging (ns-2, and the paper's "m = f(time − q_time)"): when an arrival
 *   finds the link idle with the queue empty, the caller passes the time the
 *   idle period began; m = floor((now − idleSince)·ptc), with ptc =
 *   bandwidth / (8·meanPacketSize) packets/s, and the average is first
 *   multiplied by (1−w)^m, then updated normally (ns-2's estimator called with
 *   m+1). ns-2 multiplies m times in a loop; here Math.pow does it in O(1)
 *   (same value to within a few ulps), since m can reach millions on fast
 *   links.
 *
 * - Drop decision, exactly as red.cc: the count is incremented on EVERY
 *   arrival (ns-2 `++edv_.count`), then
 *     if avg ≥ minThresh and q > 1 (red.cc tests qlen > 1):
 *       avg ≥ maxThresh (not gentle) or avg ≥ 2·maxThresh (gentle): forced drop;
 *       else if this is the first such arrival (old = 0): count = 1, old = 1,
 *         no drop (the average has just crossed minThresh);
 *       else early drop with probability p_a (one rng draw, only here);
 *     else: old = 0 (no drop; the count is NOT reset here — ns-2 resets it to 1
 *       at the next crossing instead, so its value below minThresh is unused).
 *   count = 0 after every drop, early or forced (red.cc's Philip Liu fix,
 *   active unless ns1_compat_).
 *   The forced branch is red.cc's with use_mark_p_ = false. ns-2.35's
 *   ns-default.tcl sets use_mark_p_ = true, which skips that branch: above
 *   maxTh (2·maxTh gentle) the arrival then goes through drop_early with
 *   p_b = 1, hence p_a = 1. The drop/no-drop outcome is the same except that
 *   ns-2 then reports it as an early drop, draws a random number for it, and
 *   spares the one arrival that sets old = 1; here it is RedForced, drawless.
 *
 * - p_b = maxP·(avg − minTh)/(maxTh − minTh) between the thresholds; gentle
 *   RED (Floyd 2000, ns-2 gentle_) between maxTh and 2·maxTh: p_b = maxP +
 *   (1 − maxP)·(avg − maxTh)/maxTh. Both are computed in red.cc's linear form
 *   (v_a·avg + v_b, v_c·avg + v_d), with its guard maxTh = minTh ⇒ slope 1.
 *
 * - Count-based spacing, ns-2 modify_p with its default wait_ = true (set in
 *   ns-default.tcl; wait_ makes the gateway wait at least 1/p_b arrivals
 *   between drops): count·p_b < 1 ⇒ p_a = 0; count·p_b < 2 ⇒ p_a =
 *   p_b/(2 − count·p_b); else p_a = 1. The inter-drop gap is then roughly
 *   uniform on [1/p_b, 2/p_b] arrivals (drop fraction ≈ 2·p_b/3). The 1993
 *   paper's form (ns-2 wait_ = false) is p_a = p_b/(1 − count·p_b), capped at
 *   1. With the count including the arrival itself, as ns-2 counts it, its
 *   gaps are uniform on {1, …, ⌈1/p_b⌉ − 1} (drop fraction ≈ 2·p_b). Pass
 *   `{ wait: false }` to get it.
 *   An early drop happens when u < p_a with u uniform in [0, 1) (ns-2:
 *   u ≤ p_a with u in (0, 1) — the same law, and p_a = 0 never drops).
 *
 * - Physical limit, as red.cc: the arrival is dropped when q ≥ limit, q being
 *   the packets waiting — so a RED queue of limit N holds N packets waiting
 *   plus one on the wire, one more than DropTail's `q + 1 ≥ limit` (which is
 *   also ns-2's own DropTail rule). This check comes after the RED decision and
 *   overrides it (as red.cc overwrites droptype), so a packet refused for both
 *   reasons is reported RedOverflow.
 *
 * - Forced drops drop the arriving packet (ns-2 drop_tail_ = true, the
 *   default), as do early drops (pickPacketForECN returns the arrival).
 */
export interface RedOptions {
  /**
   * ns-2 wait_ (default true): the count-based spacing p_b/(2 − count·p_b).
   * false: the 1993 paper's p_b/(1 − count·p_b).
   */
  wait?: boolean;
}

export class RedQueue implements PacketQueue {
  private readonly fifo: PacketFifo;
  private readonly limit: number;
  private readonly minTh: number;
  private readonly maxTh: number;
  private readonly gentle: boolean;
  private readonly wait: boolean;
  private readonly w: number;
  private readonly oneMinusW: number;
  /** Packets per second at line rate with mean-sized packets (ns-2 ptc). */
  private readonly ptc: number;
  // red.cc's linear forms of p_b: between the thresholds (a·avg + b)·maxP;
  // gentle region c·avg + d.
  private readonly maxP: number;
  private readonly a: number;
  private readonly b: number;
  private readonly c: number;
  private readonly d: number;

  private readonly ecn: boolean;
  private readonly limitBytes: number;

  private avg = 0;
  private cnt = 0;
  /** ns-2 edv_.old: the previous arrival was already in the RED region. */
  private old = false;

  constructor(
    spec: RedSpec,
    bandwidthBps: number,
    private readonly rng: Rng,
    options: RedOptions = {},
  ) {
    this.limit = spec.limit;
    this.limitBytes = spec.limitBytes ?? Infinity;
    this.ecn = spec.ecn;
    this.minTh = spec.minThresh;
    this.maxTh = spec.maxThresh;
    this.gentle = spec.gentle;
    this.wait = options.wait ?? true;
    this.w = spec.weight;
    this.oneMinusW = 1 - spec.weight;
    this.ptc = bandwidthBps / (8 * spec.meanPacketSize);
    this.maxP = spec.maxP;
    let diff = spec.maxThresh - spec.minThresh;
    if (diff === 0) diff = 1; // red.cc's guard against equal thresholds
    this.a = 1 / diff;
    this.b = -spec.minThresh / diff;
    this.c = (1 - spec.maxP) / spec.maxThresh;
    this.d = 2 * spec.maxP - 1;
    this.fifo = new PacketFifo(Math.min(spec.limit + 1, 64));
  }

  get length(): number {
    return this.fifo.length;
  }
  get bytes(): number {
    return this.fifo.bytes;
  }
  /** The EWMA of the queue length in packets, as of the last arrival. */
  get average(): number {
    return this.avg;
  }
  /** Arrivals since the last drop (ns-2 edv_.count); meaningful above minThresh. */
  get count(): number {
    return this.cnt;
  }

  enqueue(pkt: number, size: number, now: number, idleSince: number, env: QueueEnv = PLAIN_ENV): DropCause {
    const q = this.fifo.length;

    // Estimator: age over the idle period, then the normal EWMA step.
    let avg = this.avg;
    if (idleSince >= 0) {
      const m = Math.floor((now - idleSince) * this.ptc);
      if (m > 0) avg *= Math.pow(this.oneMinusW, m);
    }
    avg = avg * this.oneMinusW + this.w * q;
    this.avg = avg;

    this.cnt++;
    let cause = DropCause.None;
    if (avg >= this.minTh && q > 1) {
      if (this.gentle ? avg >= 2 * this.maxTh : avg >= this.maxTh) {
        cause = DropCause.RedForced;
      } else if (!this.old) {
        // The average has just crossed minThresh (or the queue has just become
        // non-trivial again): start counting, do not drop.
        this.cnt = 1;
        this.old = true;
      } else if (this.rng.next() < this.dropProbability(avg)) {
        cause = DropCause.RedEarly;
      }
    } else {
      this.old = false;
    }
    if (q >= this.limit) cause = DropCause.RedOverflow;
    else if (this.fifo.bytes + size > this.limitBytes) cause = DropCause.OverflowBytes;

    if (cause !== DropCause.None) {
      this.cnt = 0;
      const early = cause === DropCause.RedEarly || cause === DropCause.RedForced;
      if (!early || !this.ecn || !env.ect(pkt)) return cause;
      env.markCe(pkt);
    }
    this.fifo.push(pkt, size);
    return DropCause.None;
  }

  /** p_a for the current count: red.cc calculate_p_new then modify_p. */
  private dropProbability(avg: number): number {
    let pb: number;
    if (this.gentle && avg >= this.maxTh) pb = this.c * avg + this.d;
    else pb = (this.a * avg + this.b) * this.maxP;
    if (pb > 1) pb = 1;

    const x = this.cnt * pb;
    let pa: number;
    if (this.wait) {
      if (x < 1) pa = 0;
      else if (x < 2) pa = pb / (2 - x);
      else pa = 1;
    } else {
      pa = x < 1 ? pb / (1 - x) : 1;
    }
    return pa > 1 ? 1 : pa;
  }

  dequeue(): number {
    return this.fifo.shift();
  }

  flush(drop: (pkt: number) => void): void {
    for (let p = this.fifo.shift(); p >= 0; p = this.fifo.shift()) drop(p);
  }
}
