import { PacketFifo } from './fifo';
import { DropCause, type PacketQueue } from './queue';

/**
 * DropTail with a packet limit, as ns-2.35's Queue/DropTail: an arrival is
 * dropped when `waiting + 1 >= limit`, so a limit of N holds N−1 packets
 * waiting while one is being transmitted — N packets in the link direction in
 * all. Matching ns-2 here keeps buffer sizes in the papers' scenarios meaning
 * what they meant there.
 *
 * With a byte limit as well (`limitBytes`), an arrival is also dropped when
 * the bytes waiting plus its own would exceed it (ns-2's queue_in_bytes_
 * test `byteLength + size > qlim·mean_pktsize`, ns-3's QueueSize in bytes);
 * whichever limit is reached first drops.
 */
export class DropTailQueue extends PacketFifo implements PacketQueue {
  readonly average = NaN;

  // The ring is the queue itself (not a field holding one): the per-packet
  // enqueue and dequeue then reach the packets with one pointer less.
  constructor(
    private readonly limit: number,
    private readonly limitBytes = Infinity,
  ) {
    super(Math.min(limit, 64));
  }

  enqueue(pkt: number, size: number): DropCause {
    if (this.length + 1 >= this.limit) return DropCause.Overflow;
    if (this.bytes + size > this.limitBytes) return DropCause.OverflowBytes;
    this.push(pkt, size);
    return DropCause.None;
  }

  /** The largest arrival an empty queue finds room for (enqueue's tests with nothing waiting), or −1 for none. */
  largestAlone(): number {
    return 1 < this.limit ? this.limitBytes : -1;
  }

  dequeue(): number {
    return this.shift();
  }

  flush(drop: (pkt: number) => void): void {
    for (let p = this.shift(); p >= 0; p = this.shift()) drop(p);
  }
}
