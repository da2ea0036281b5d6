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
  /**
   * Arrival time of the head packet (ns), while the wire holds one: kept
   * here rather than returned by a method, as a double returned from a call
   * V8 does not inline is boxed into a new heap number every time.
   */
  headAt = 0;

  push(pool: PacketPool, pkt: number, arriveAt: number, seq: number): void {
    pool.setWire(pkt, arriveAt, seq);
    if (this.length === 0) {
      this.head = pkt;
      this.headAt = arriveAt;
    } else pool.setWireNext(this.tail, pkt);
    this.tail = pkt;
    this.length++;
  }

  headSeq(pool: PacketPool): number {
    return pool.wireSeq(this.head);
  }

  /** Take the head packet off; only while the wire holds one. */
  shift(pool: PacketPool): number {
    const p = this.head;
    this.head = pool.wireNext(p);
    if (--this.length > 0) this.headAt = pool.wireAt(this.head);
    return p;
  }
}

/**
 * A direction is its own wire (it extends Wire rather than holding one in a
 * field): every packet's arrival and transmission reach the wire's ends one
 * dependent load sooner, which measured about 2 % of the CPU per event on the
 * 22-flow dumbbell (with the wire a ring then). `wire` names the FIFO where
 * the code means the wire.
 *
 * Its times and sums stay plain fields, though V8 keeps each double field in
 * a box of its own: moving the eight hot ones into a 64-byte record per
 * direction of one shared Float64Array did not cut the cache misses of the
 * 2,000-flow dumbbell (cachegrind, 3 s: D1 −17.1 %, LL −7.5 % with it,
 * −19.3 % and −6.9 % without, against 4 % more instructions).
 */
export class LinkDir extends Wire {
  /** time the transmitter finishes the packet it is sending (ns) */
  busyUntil = 0;
  /** time of the pending transmit-done event, or -1 */
  txDoneAt = -1;
  /** event sequence number reserved for the transmit-done of the packet being sent */
  txDoneSeq = 0;
  /** time of the pending arrival event for the wire's head, or -1 */
  arrivalAt = -1;
  /** the packets propagating on this direction: itself */
  get wire(): Wire {
    return this;
  }
  /** the queue when it is a plain DropTail, which the network calls directly (no time, no QueueEnv), or null */
  readonly dropTail: DropTailQueue | null;
  /**
   * With a DropTail queue, the largest packet that, arriving with the queue
   * empty, it would admit (DropTailQueue.largestAlone), else −1: with
   * queueLength below, an arrival at an idle direction is known to be sent at
   * once without reading the queue's object (network.ts offer).
   */
  readonly passAlone: number;
  /** what the scenario's faults do to packets entering this direction */
  readonly faults = new FaultFilter();

  // statistics
  /** packets offered to this direction (link arrivals) */
  offered = 0;
  forwarded = 0;
  /**
   * The queue's packets and bytes waiting, as of its last change: the
   * network sets them after every enqueue, dequeue and flush (the only calls
   * that change a queue; a discipline's own drops happen inside them). They
   * sit beside the counters that follow so that a sample reads each
   * direction's values from this one object, a line or two of it, and not
   * the queue's object as well: at 8,802 directions a sample finds nearly
   * all of them out of the caches (output/sampler.ts).
   */
  queueLength = 0;
  queueBytes = 0;
  queueDrops = 0;
  faultDrops = 0;
  /** packets the queue marked CE instead of dropping (links.csv ecn_marks) */
  ecnMarks = 0;
  /** Σ time packets waited in the queue, from arrival to the start of their transmission, ns; and how many left */
  sojournNs = 0;
  departures = 0;
  busyNs = 0;
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
  qArea = 0;
  qChangedAt = 0;

  constructor(
    readonly index: number,
    readonly link: number,
    readonly from: number,
    readonly to: number,
    readonly bandwidth: number,
    readonly delayNs: number,
    readonly queue: PacketQueue,
  ) {
    super();
    this.dropTail = queue instanceof DropTailQueue ? queue : null;
    this.passAlone = this.dropTail !== null ? this.dropTail.largestAlone() : -1;
  }

  /**
   * Set busyUntil to when a packet of `bytes` starting its serialization at
   * `now` (ns) is sent. (Stored, not returned: a double returned from a call
   * V8 does not inline is boxed into a new heap number.)
   */
  txEnd(now: number, bytes: number): void {
    if (this.capacity !== null) {
      this.busyUntil = this.capacity.finish(now, bytes);
      return;
    }
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
    this.busyUntil = now + this.txNs;
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
    this.qArea += this.queueLength * (now - this.qChangedAt);
    this.qChangedAt = now;
  }

  /** Take the queue's length and bytes after a call that may have changed them. */
  queueChanged(): void {
    this.queueLength = this.queue.length;
    this.queueBytes = this.queue.bytes;
  }

  /**
   * ∫ queue length dt up to `now` (packet·ns), without changing anything: the
   * terms are whole packets times whole ns, exact in a double below 2^53, so
   * it equals what touchQueue(now) would have accumulated.
   */
  queueArea(now: number): number {
    return this.qArea + this.queueLength * (now - this.qChangedAt);
  }
}
