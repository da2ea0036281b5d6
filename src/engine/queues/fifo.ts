/**
 * A growable ring buffer of (packet id, size) pairs: the storage under every
 * queue discipline. It grows by doubling, so after warm-up enqueue and dequeue
 * never allocate.
 */
export class PacketFifo {
  protected ids: Int32Array;
  protected sizes: Int32Array;
  protected head = 0;
  length = 0;
  bytes = 0;

  constructor(capacity = 64) {
    let cap = 1;
    while (cap < capacity) cap *= 2; // not <<=, which wraps past 2^30
    this.ids = new Int32Array(cap);
    this.sizes = new Int32Array(cap);
  }

  push(pkt: number, size: number): void {
    if (this.length === this.ids.length) this.grow();
    const i = (this.head + this.length) & (this.ids.length - 1);
    this.ids[i] = pkt;
    this.sizes[i] = size;
    this.length++;
    this.bytes += size;
  }

  /** Oldest packet id, or -1. */
  shift(): number {
    if (this.length === 0) return -1;
    const i = this.head;
    this.head = (i + 1) & (this.ids.length - 1);
    this.length--;
    this.bytes -= this.sizes[i];
    return this.ids[i];
  }

  protected grow(): void {
    const n = this.ids.length;
    const ids = new Int32Array(n * 2);
    const sizes = new Int32Array(n * 2);
    for (let k = 0; k < this.length; k++) {
      const i = (this.head + k) & (n - 1);
      ids[k] = this.ids[i];
      sizes[k] = this.sizes[i];
    }
    this.ids = ids;
    this.sizes = sizes;
    this.head = 0;
  }
}
