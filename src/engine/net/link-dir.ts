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
import type { PacketQueue } from '../queues/queue';
import type { Capacity } from './capacity';
import { FaultFilter } from './fault-filter';

export class Wire {
  private ids: Int32Array;
  private at: Float64Array;
  /** event sequence number reserved for each packet's arrival (see EventQueue.reserve) */
  private seqs: Float64Array;
  private head = 0;
  length = 0;

  constructor(capacity = 64) {
    this.ids = new Int32Array(capacity);
    this.at = new Float64Array(capacity);
    this.seqs = new Float64Array(capacity);
  }

  push(pkt: number, arriveAt: number, seq: number): void {
    if (this.length === this.ids.length) this.grow();
    const i = (this.head + this.length) & (this.ids.length - 1);
    this.ids[i] = pkt;
    this.at[i] = arriveAt;
    this.seqs[i] = seq;
    this.length++;
  }

  headSeq(): number {
    return this.seqs[this.head];
  }

  headTime(): number {
    return this.length === 0 ? Infinity : this.at[this.head];
  }

  shift(): number {
    const p = this.ids[this.head];
    this.head = (this.head + 1) & (this.ids.length - 1);
    this.length--;
    return p;
  }

  private grow(): void {
    const n = this.ids.length;
    const ids = new Int32Array(n * 2);
    const at = new Float64Array(n * 2);
    const seqs = new Float64Array(n * 2);
    for (let k = 0; k < this.length; k++) {
      const i = (this.head + k) & (n - 1);
      ids[k] = this.ids[i];
      at[k] = this.at[i];
      seqs[k] = this.seqs[i];
    }
    this.ids = ids;
    this.at = at;
    this.seqs = seqs;
    this.head = 0;
  }
}

export class LinkDir {
  /** time the transmitter finishes the packet it is sending (ns) */
  busyUntil = 0;
  /** time of the pending transmit-done event, or -1 */
  txDoneAt = -1;
  /** event sequence number reserved for the transmit-done of the packet being sent */
  txDoneSeq = 0;
  /** time of the pending arrival event for the wire's head, or -1 */
  arrivalAt = -1;
  readonly wire = new Wire();
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
  sojournNs = 0;
  departures = 0;
  busyNs = 0;
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
  ) {}

  /** When a packet of `bytes` starting its serialization at `now` (ns) is sent. */
  txEnd(now: number, bytes: number): number {
    return this.capacity === null ? now + txTimeNs(bytes, this.bandwidth) : this.capacity.finish(now, bytes);
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
