import type { Rng } from '../core/rng';
import type { FqCodelSpec } from '../scenario/types';
import { CodelControl } from './codel-control';
import { FlowLists, NEW, NONE, OLD } from './flow-lists';
import { DropCause, type PacketQueue, type QueueEnv } from './queue';
import { TimedFifo } from './timed-fifo';

/**
 * FQ-CoDel (RFC 8290): packets are hashed by flow into `flows` sub-queues,
 * each run by its own CoDel (codel-control.ts); a deficit round robin with
 * `quantum` bytes serves them, new flows (those that just became active)
 * before old ones, so a sparse flow — a ping, a DNS query — hardly waits.
 *
 * - Classification (§4.1.1): the packet's flow key (one per flow and
 *   direction: the engine's stand-in for the 5-tuple, queue.ts QueueEnv) is
 *   mixed with a perturbation drawn once per link direction from its own
 *   random stream, then reduced modulo `flows`; distinct flows may collide,
 *   as they may in Linux and ns-3.
 * - Enqueue (§4.1): the packet is timestamped and appended to its flow
 *   queue; a flow queue in neither list joins the tail of the new list with
 *   a deficit of one quantum. When the total passes `limit` packets (or
 *   `limitBytes`), packets are dropped from the head of the flow queue
 *   holding the most bytes, until half its bytes are gone or `dropBatch`
 *   packets (§4.1.1, Linux fq_codel_drop, ns-3 FqCoDelDrop).
 * - Dequeue (§4.2): the first flow queue of the new list, else of the old;
 *   one whose deficit is spent gets another quantum and goes to the tail of
 *   the old list; one that is empty when CoDel asks leaves the list (from
 *   the new list it first passes through the old one, if the old list is
 *   not empty, so that it cannot jump the queue by going idle for a moment).
 *
 * Where the sources differ: each sub-queue's CoDel counts only its own bytes
 * for maxPacket, as ns-3 does (Linux checks the whole backlog). The
 * perturbed hash is not Linux's jhash nor ns-3's, so which flows share a
 * sub-queue differs; with a few flows in 1024 sub-queues they rarely do.
 * `limit` counts packets waiting, as Linux's and ns-3's.
 */
export class FqCodelQueue implements PacketQueue {
  private readonly fifos: (TimedFifo | null)[];
  private readonly codels: (CodelControl | null)[];
  private readonly deficit: Int32Array;
  private readonly lists: FlowLists;
  private readonly perturbation: number;
  readonly average = NaN;
  readonly controlColumns = ['fq_flows'] as const;
  length = 0;
  bytes = 0;
  /** packets in the flow queue being cut on overflow (while it is cut) */
  private overflowDetail = NaN;
  private overflowing = false;
  /** the sub-queue CoDel that last dequeued */
  private lastCodel: CodelControl | null = null;

  constructor(
    private readonly spec: FqCodelSpec,
    rng: Rng,
  ) {
    this.fifos = new Array<TimedFifo | null>(spec.flows).fill(null);
    this.codels = new Array<CodelControl | null>(spec.flows).fill(null);
    this.deficit = new Int32Array(spec.flows);
    this.lists = new FlowLists(spec.flows);
    this.perturbation = Math.floor(rng.next() * 0x1_0000_0000) >>> 0;
  }

  /** For the drop or mark being reported: the packets in the flow queue cut on overflow, or the CoDel sojourn (ms). */
  get lastDetail(): number {
    return this.overflowing ? this.overflowDetail : (this.lastCodel?.lastSojournMs ?? NaN);
  }

  control(): number {
    return this.lists.count;
  }

  /** The sub-queue of a flow key: a 32-bit integer mix (murmur3's finalizer) of key and perturbation. */
  private classify(key: number): number {
    let h = (key ^ this.perturbation) >>> 0;
    h = Math.imul(h ^ (h >>> 16), 0x85eb_ca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2_ae35);
    h ^= h >>> 16;
    return (h >>> 0) % this.spec.flows;
  }

  private fifo(f: number): TimedFifo {
    let q = this.fifos[f];
    if (q === null) {
      q = new TimedFifo(16);
      this.fifos[f] = q;
      const s = this.spec;
      this.codels[f] = new CodelControl(s.target, s.interval, s.maxPacket, s.ecn);
    }
    return q;
  }

  enqueue(pkt: number, size: number, now: number, _idleSince: number, env: QueueEnv): DropCause {
    const f = this.classify(env.flowKey ? env.flowKey(pkt) : 0);
    const q = this.fifo(f);
    q.push(pkt, size, now);
    this.length++;
    this.bytes += size;
    if (this.lists.where[f] === NONE) {
      this.lists.push(NEW, f);
      this.deficit[f] = this.spec.quantum;
    }
    const limitBytes = this.spec.limitBytes ?? Infinity;
    if (this.length <= this.spec.limit && this.bytes <= limitBytes) return DropCause.None;
    return this.dropFromFattest(pkt, env);
  }

  /**
   * RFC 8290 §4.1.1: drop from the head of the flow queue with the most
   * bytes, half of them or dropBatch packets. If the arriving packet itself
   * comes up, it is refused instead (its cause returned), the others having
   * gone through env.
   */
  private dropFromFattest(arriving: number, env: QueueEnv): DropCause {
    let fat = NONE;
    let most = -1;
    for (let list = NEW; list <= OLD; list++)
      for (let f = this.lists.first(list); f !== NONE; f = this.lists.after(f)) {
        const b = this.fifos[f]!.bytes;
        if (b > most) {
          most = b;
          fat = f;
        }
      }
    const q = this.fifos[fat]!;
    const threshold = most / 2;
    let gone = 0;
    this.overflowDetail = q.length;
    this.overflowing = true;
    let cause = DropCause.None;
    for (let i = 0; i < this.spec.dropBatch && gone < threshold && q.length > 0; i++) {
      const p = q.shift();
      gone += q.shiftedSize;
      this.length--;
      this.bytes -= q.shiftedSize;
      if (p === arriving) {
        cause = DropCause.FqOverflow;
        break;
      }
      env.dropQueued(p, DropCause.FqOverflow);
    }
    this.overflowing = false;
    return cause;
  }

  dequeue(now: number, env: QueueEnv): number {
    const lists = this.lists;
    for (;;) {
      const list = lists.first(NEW) !== NONE ? NEW : OLD;
      const f = lists.first(list);
      if (f === NONE) return -1;
      if (this.deficit[f] <= 0) {
        this.deficit[f] += this.spec.quantum;
        lists.shift(list);
        lists.push(OLD, f);
        continue;
      }
      const q = this.fifos[f]!;
      const codel = this.codels[f]!;
      const before = q.length;
      const beforeBytes = q.bytes;
      this.lastCodel = codel;
      const pkt = codel.dequeue(q, now, env);
      this.length -= before - q.length;
      this.bytes -= beforeBytes - q.bytes;
      if (pkt < 0) {
        lists.shift(list);
        if (list === NEW && lists.first(OLD) !== NONE) lists.push(OLD, f);
        continue;
      }
      this.deficit[f] -= q.shiftedSize;
      return pkt;
    }
  }

  flush(drop: (pkt: number) => void): void {
    for (let f = 0; f < this.fifos.length; f++) {
      const q = this.fifos[f];
      if (q === null) continue;
      for (let p = q.shift(); p >= 0; p = q.shift()) drop(p);
    }
    while (this.lists.shift(NEW) !== NONE);
    while (this.lists.shift(OLD) !== NONE);
    this.length = 0;
    this.bytes = 0;
  }
}
