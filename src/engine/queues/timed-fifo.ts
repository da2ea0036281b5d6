/**
 * A PacketFifo that also keeps each packet's enqueue time, for the
 * disciplines that measure sojourn time (CoDel, FQ-CoDel's sub-queues,
 * RFC 8289 §4.1: "timestamp each packet as it is enqueued"). Same ring, same
 * doubling growth, so after warm-up it never allocates.
 */
export class TimedFifo {
  private ids: Int32Array;
  private sizes: Int32Array;
  private times: Float64Array;
  private head = 0;
  length = 0;
  bytes = 0;
  /** enqueue time (seconds) of the packet the last shift() returned */
  shiftedAt = NaN;
  /** size of the packet the last shift() returned */
  shiftedSize = 0;

  constructor(capacity = 16) {
    let cap = 1;
    while (cap < capacity) cap <<= 1;
    this.ids = new Int32Array(cap);
    this.sizes = new Int32Array(cap);
    this.times = new Float64Array(cap);
  }

  push(pkt: number, size: number, now: number): void {
    if (this.length === this.ids.length) this.grow();
    const i = (this.head + this.length) & (this.ids.length - 1);
    this.ids[i] = pkt;
    this.sizes[i] = size;
    this.times[i] = now;
    this.length++;
    this.bytes += size;
  }

  /** Oldest packet id, or -1; its enqueue time and size are left in shiftedAt, shiftedSize. */
  shift(): number {
    if (this.length === 0) return -1;
    const i = this.head;
    this.head = (i + 1) & (this.ids.length - 1);
    this.length--;
    this.bytes -= this.sizes[i];
    this.shiftedAt = this.times[i];
    this.shiftedSize = this.sizes[i];
    return this.ids[i];
  }

  /** Enqueue time of the oldest packet (seconds), or NaN when empty. */
  headTime(): number {
    return this.length === 0 ? NaN : this.times[this.head];
  }

  private grow(): void {
    const n = this.ids.length;
    const ids = new Int32Array(n * 2);
    const sizes = new Int32Array(n * 2);
    const times = new Float64Array(n * 2);
    for (let k = 0; k < this.length; k++) {
      const i = (this.head + k) & (n - 1);
      ids[k] = this.ids[i];
      sizes[k] = this.sizes[i];
      times[k] = this.times[i];
    }
    this.ids = ids;
    this.sizes = sizes;
    this.times = times;
    this.head = 0;
  }
}
