/**
 * One direction of a full-duplex link: its queue, its transmitter and the
 * packets propagating on the wire, and the filter of the faults that act on
 * it (fault-filter.ts).
 *
 * Packets leave the transmitter in order and all take the same propagation
 * delay, so the wire is a FIFO: only the packet at its head has an arrival
 * event in the event list. That keeps the event list as small as the number of
 * links and timers rather than the number of packets in flight.
 */
import { txTimeNs } from '../core/time';
import { DropTailQueue } from '../queues/droptail';
import type { PacketQueue } from '../queues/queue';
import type { Capacity } from './capacity';
import { FaultFilter } from './fault-filter';
import type { PacketPool } from './packets';

/**
 * The packets on a direction's wire, oldest first, linked through their
 * records in the pool (packets.ts): each holds its arrival time, its arrival
 * event's reserved sequence number (see EventQueue.reserve) and the packet
 * behind it. An arrival reads the record it needs anyway instead of a ring
 * of its own behind two pointers.
 */
export class Wire {
  /** the oldest packet, or -1 */
  private head = -1;
  /** the newest packet (meaningful while length > 0) */
  private tail = -1;
  length = 0;

  push(pool: PacketPool, pkt: number, arriveAt: number, seq: number): void {
    pool.setWire(pkt, arriveAt, seq);
    if (this.length === 0) this.head = pkt;
    else pool.setWireNext(this.tail, pkt);
    this.tail = pkt;
    this.length++;
  }

  headSeq(pool: PacketPool): number {
    return pool.wireSeq(this.head);
  }

  /**
   * Arrival time of the head packet; only while the wire holds one. (No
   * Infinity for an empty wire: a result that is either a constant or a
   * read double is boxed into a new heap number on every call.)
   */
  headTime(pool: PacketPool): number {
    return pool.wireAt(this.head);
  }

  /** Take the head packet off; only while the wire holds one. */
  shift(pool: PacketPool): number {
    const p = this.head;
    this.head = pool.wireNext(p);
    this.length--;
    return p;
  }
}

/**
 * The numbers every packet's passage reads or writes, as doubles in one
 * 64-byte record per direction of an array the directions share. V8 keeps
 * an object's double fields in boxes of their own (a load for the box, a
 * load for the number, each box a line of its own once the heap is
 * shuffled); at 2,000 flows the 8,800 directions' boxes no longer stay in
 * the caches.
 */
const enum Hot {
  BusyUntil = 0,
  ArrivalAt = 1,
  TxDoneAt = 2,
  TxDoneSeq = 3,
  BusyNs = 4,
  QArea = 5,
  QChangedAt = 6,
  SojournNs = 7,
}
/** Doubles per direction in the shared record array. */
export const DIR_HOT = 8;

/** The records of `n` directions (all zero). */
export function linkDirHot(n: number): Float64Array {
  return new Float64Array(n * DIR_HOT);
}

/**
 * A direction is its own wire (it extends Wire rather than holding one in a
 * field): every packet's arrival and transmission reach the wire's ends one
 * dependent load sooner, which measured about 2 % of the CPU per event on the
 * 22-flow dumbbell (with the wire a ring then). `wire` names the FIFO where
 * the code means the wire.
 */
export class LinkDir extends Wire {
  /** this direction's record in `hot` */
  private readonly at: number;

  /** time the transmitter finishes the packet it is sending (ns) */
  get busyUntil(): number {
    return this.hot[this.at + Hot.BusyUntil];
  }
  set busyUntil(v: number) {
    this.hot[this.at + Hot.BusyUntil] = v;
  }
  /** time of the pending transmit-done event, or -1 */
  get txDoneAt(): number {
    return this.hot[this.at + Hot.TxDoneAt];
  }
  set txDoneAt(v: number) {
    this.hot[this.at + Hot.TxDoneAt] = v;
  }
  /** event sequence number reserved for the transmit-done of the packet being sent */
  get txDoneSeq(): number {
    return this.hot[this.at + Hot.TxDoneSeq];
  }
  set txDoneSeq(v: number) {
    this.hot[this.at + Hot.TxDoneSeq] = v;
  }
  /** time of the pending arrival event for the wire's head, or -1 */
  get arrivalAt(): number {
    return this.hot[this.at + Hot.ArrivalAt];
  }
  set arrivalAt(v: number) {
    this.hot[this.at + Hot.ArrivalAt] = v;
  }
  /** the packets propagating on this direction: itself */
  get wire(): Wire {
    return this;
  }
  /** the queue when it is a plain DropTail, which the network calls directly (no time, no QueueEnv), or null */
  readonly dropTail: DropTailQueue | null;
  /** what the scenario's faults do to packets entering this direction */
  readonly faults = new FaultFilter();

  // statistics
  /** packets offered to this direction (link arrivals) */
  offered = 0;
  forwarded = 0;
  queueDrops = 0;
  faultDrops = 0;
  /** packets the queue marked CE instead of dropping (links.csv ecn_marks) */
  ecnMarks = 0;
  /** Σ time packets waited in the queue, from arrival to the start of their transmission, ns; and how many left */
  get sojournNs(): number {
    return this.hot[this.at + Hot.SojournNs];
  }
  set sojournNs(v: number) {
    this.hot[this.at + Hot.SojournNs] = v;
  }
  departures = 0;
  /** Σ time the transmitter was busy, ns */
  get busyNs(): number {
    return this.hot[this.at + Hot.BusyNs];
  }
  set busyNs(v: number) {
    this.hot[this.at + Hot.BusyNs] = v;
  }
  /**
   * The sizes of the last two packets of different sizes serialized at
   * `bandwidth`, and their serialization times (ns), the last first.
   */
  private txBytes = -1;
  private txNs = 0;
  private txBytes2 = -1;
  private txNs2 = 0;
  /** a changing capacity (links[].schedule, trace), or null: `bandwidth` always */
  capacity: Capacity | null = null;
  /** the time of the last capacity sample, ns (queues.csv capacity_kbps) */
  capacitySampledAt = 0;
  /** ∫ queue length dt, packet·ns, up to qChangedAt */
  get qArea(): number {
    return this.hot[this.at + Hot.QArea];
  }
  set qArea(v: number) {
    this.hot[this.at + Hot.QArea] = v;
  }
  get qChangedAt(): number {
    return this.hot[this.at + Hot.QChangedAt];
  }
  set qChangedAt(v: number) {
    this.hot[this.at + Hot.QChangedAt] = v;
  }

  constructor(
    readonly index: number,
    readonly link: number,
    readonly from: number,
    readonly to: number,
    readonly bandwidth: number,
    readonly delayNs: number,
    readonly queue: PacketQueue,
    /** the directions' records (linkDirHot), this one's at index·DIR_HOT */
    private readonly hot: Float64Array = linkDirHot(index + 1),
  ) {
    super();
    this.dropTail = queue instanceof DropTailQueue ? queue : null;
    this.at = index * DIR_HOT;
    this.txDoneAt = -1;
    this.arrivalAt = -1;
  }

  /** When a packet of `bytes` starting its serialization at `now` (ns) is sent. */
  txEnd(now: number, bytes: number): number {
    if (this.capacity !== null) return this.capacity.finish(now, bytes);
    // A direction mostly carries packets of one or two sizes (data one way, ACKs
    // the other; a CBR flow's beside a TCP flow's): remember the last two sizes'
    // serialization times instead of dividing.
    if (bytes !== this.txBytes) {
      const bytes2 = this.txBytes;
      const ns2 = this.txNs;
      this.txNs = bytes === this.txBytes2 ? this.txNs2 : txTimeNs(bytes, this.bandwidth);
      this.txBytes = bytes;
      this.txBytes2 = bytes2;
      this.txNs2 = ns2;
    }
    return now + this.txNs;
  }

  /** The capacity in kb/s at `now`, or over the time since the last call when a trace drives it. */
  sampleCapacity(now: number): number {
    const from = this.capacitySampledAt;
    this.capacitySampledAt = now;
    return this.capacity === null ? this.bandwidth / 1000 : this.capacity.kbps(from, now);
  }

  /** The link carries nothing (linkDown). */
  get down(): boolean {
    return this.faults.down;
  }

  /** Account the queue length held since the last change (call before every change). */
  touchQueue(now: number): void {
    this.qArea += this.queue.length * (now - this.qChangedAt);
    this.qChangedAt = now;
  }

  /**
   * ∫ queue length dt up to `now` (packet·ns), without changing anything: the
   * terms are whole packets times whole ns, exact in a double below 2^53, so
   * it equals what touchQueue(now) would have accumulated.
   */
  queueArea(now: number): number {
    return this.qArea + this.queue.length * (now - this.qChangedAt);
  }
}
