/**
 * Every packet's passage through the link directions, for the page's
 * animation of packets on the wire: when a packet entered a direction's
 * queue, when its transmission started (and when it arrives at the far end),
 * and when and why one was lost. Off unless switched on (Network.linkTrace):
 * the page asks for it only at slow speeds and while stepping, when few
 * packets pass per second of wall time.
 *
 * Rows are numbers in growable typed columns, so recording allocates nothing
 * per packet; the reader (the worker's host) empties the columns after each
 * batch it posts (`clear`).
 */
import { GrowableF64, GrowableI32 } from '../core/growable';

/** What happened to the packet in the direction. */
export const LINK_ENQUEUE = 0;
export const LINK_TRANSMIT = 1;
export const LINK_DROP = 2;
/** Or-ed into the row's code: the packet carries CE (a queue marked it, here or upstream). */
export const LINK_CE = 32;

export class LinkTrace {
  /** seconds */
  readonly time = new GrowableF64(1024);
  /** link direction index */
  readonly dir = new GrowableI32(1024);
  /** packet pool index: the packet's identity while it lives */
  readonly pkt = new GrowableI32(1024);
  readonly flow = new GrowableI32(1024);
  /** the packet's sequence number as the pool holds it (TCP data: counting the SYN) */
  readonly seq = new GrowableI32(1024);
  /** LINK_* | packet kind << 2 | retransmission << 4 | LINK_CE | drop cause << 8 */
  readonly code = new GrowableI32(1024);
  /** transmit: arrival time at the far end, seconds; otherwise NaN */
  readonly until = new GrowableF64(1024);

  get length(): number {
    return this.code.length;
  }

  add(
    timeNs: number,
    dir: number,
    pkt: number,
    flow: number,
    seq: number,
    what: number,
    kind: number,
    retx: number,
    cause: number,
    untilNs: number,
  ): void {
    this.time.push(timeNs / 1e9);
    this.dir.push(dir);
    this.pkt.push(pkt);
    this.flow.push(flow);
    this.seq.push(seq);
    this.code.push(what | (kind << 2) | (retx << 4) | (cause << 8));
    this.until.push(untilNs / 1e9);
  }

  clear(): void {
    this.time.length =
      this.dir.length =
      this.pkt.length =
      this.flow.length =
      this.seq.length =
      this.code.length =
      this.until.length =
        0;
  }
}
