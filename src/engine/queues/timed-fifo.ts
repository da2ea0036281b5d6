/**
 * A PacketFifo that also keeps each packet's enqueue time, for the
 * disciplines that measure sojourn time (CoDel, FQ-CoDel's sub-queues,
 * RFC 8289 §4.1: "timestamp each packet as it is enqueued"). The times ride
 * in a ring beside PacketFifo's, growing with it, so after warm-up it never
 * allocates.
 */
import { PacketFifo } from './fifo';

export class TimedFifo extends PacketFifo {
  private times: Float64Array;
  /** enqueue time (seconds) of the packet the last shift() returned */
  shiftedAt = NaN;
  /** size of the packet the last shift() returned */
  shiftedSize = 0;

  constructor(capacity = 16) {
    super(capacity);
    this.times = new Float64Array(this.capacity);
  }

  // PacketFifo.push's signature, with the enqueue time added.
  override push(pkt: number, size: number, now = NaN): void {
    super.push(pkt, size);
    this.times[(this.head + this.length - 1) & this.mask] = now;
  }

  /** Oldest packet id, or -1; its enqueue time and size are left in shiftedAt, shiftedSize. */
  override shift(): number {
    const i = this.head;
    const pkt = super.shift();
    if (pkt >= 0) {
      this.shiftedAt = this.times[i];
      this.shiftedSize = this.sizeAt(i);
    }
    return pkt;
  }

  /** Enqueue time of the oldest packet (seconds), or NaN when empty. */
  headTime(): number {
    return this.length === 0 ? NaN : this.times[this.head];
  }

  protected override grow(): void {
    const n = this.capacity;
    const times = new Float64Array(n * 2);
    for (let k = 0; k < this.length; k++) times[k] = this.times[(this.head + k) & (n - 1)];
    super.grow();
    this.times = times;
  }
}
