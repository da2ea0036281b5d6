import type { CodelSpec } from '../scenario/types';
import { CodelControl } from './codel-control';
import { DropCause, type PacketQueue, type QueueEnv } from './queue';
import { TimedFifo } from './timed-fifo';

/**
 * CoDel, Controlled Delay (RFC 8289): a FIFO that drops at dequeue when the
 * time packets spend in it (their sojourn, from enqueue timestamps) has
 * stayed above `target` (5 ms) for an `interval` (100 ms), then ever faster
 * (interval/√count) until the sojourn falls below target
 * (codel-control.ts). With `ecn` it marks ECN-capable packets CE instead.
 *
 * - `limit` counts the packets waiting (not the one being sent), as Linux's
 *   and ns-3's queue discs do — unlike DropTail's ns-2 count; an arrival
 *   beyond it, or beyond `limitBytes`, is dropped at the tail (RFC 8289
 *   §4.4: CoDel needs a limit only for safety).
 * - `maxPacket` (ns-3 MinBytes, Linux mtu, RFC "maxpacket"): with this many
 *   bytes or fewer left, no drop — a queue of one packet is no standing
 *   queue.
 * - The sojourn is measured from arrival at the queue to leaving it for the
 *   link, so it includes the wait behind the packet being sent; ns-3
 *   measures in the queue disc, above a one-packet device queue
 *   (docs/validation-ns3.md).
 */
export class CodelQueue implements PacketQueue {
  private readonly fifo = new TimedFifo(64);
  private readonly codel: CodelControl;
  readonly average = NaN;
  readonly controlColumns = ['codel_dropping', 'codel_count'] as const;
  private readonly limit: number;
  private readonly limitBytes: number;

  constructor(spec: CodelSpec) {
    this.limit = spec.limit;
    this.limitBytes = spec.limitBytes ?? Infinity;
    this.codel = new CodelControl(spec.target, spec.interval, spec.maxPacket, spec.ecn);
  }

  get length(): number {
    return this.fifo.length;
  }
  get bytes(): number {
    return this.fifo.bytes;
  }
  /** the sojourn (ms) of the packet CoDel last dropped or marked */
  get lastDetail(): number {
    return this.codel.lastSojournMs;
  }

  control(i: number): number {
    return i === 0 ? (this.codel.dropping ? 1 : 0) : this.codel.count;
  }

  enqueue(pkt: number, size: number, now: number): DropCause {
    if (this.fifo.length >= this.limit) return DropCause.Overflow;
    if (this.fifo.bytes + size > this.limitBytes) return DropCause.OverflowBytes;
    this.fifo.push(pkt, size, now);
    return DropCause.None;
  }

  dequeue(now: number, env: QueueEnv): number {
    return this.codel.dequeue(this.fifo, now, env);
  }

  flush(drop: (pkt: number) => void): void {
    for (let p = this.fifo.shift(); p >= 0; p = this.fifo.shift()) drop(p);
  }
}
