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
export class DropTailQueue implements PacketQueue {
  private readonly fifo: PacketFifo;
  readonly average = NaN;

  constructor(
    private readonly limit: number,
    private readonly limitBytes = Infinity,
  ) {
    this.fifo = new PacketFifo(Math.min(limit, 64));
  }

  get length(): number {
    return this.fifo.length;
  }
  get bytes(): number {
    return this.fifo.bytes;
  }

  enqueue(pkt: number, size: number): DropCause {
    if (this.fifo.length + 1 >= this.limit) return DropCause.Overflow;
    if (this.fifo.bytes + size > this.limitBytes) return DropCause.OverflowBytes;
    this.fifo.push(pkt, size);
    return DropCause.None;
  }

  dequeue(): number {
    return this.fifo.shift();
  }

  flush(drop: (pkt: number) => void): void {
    for (let p = this.fifo.shift(); p >= 0; p = this.fifo.shift()) drop(p);
  }
}
