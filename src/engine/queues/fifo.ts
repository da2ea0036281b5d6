/**
 * A growable ring buffer of (packet id, size) pairs: the storage under every
 * queue discipline. Each id sits beside its size in one array, so a push or a
 * shift touches one cache line (at hundreds of link directions the queues'
 * arrays no longer stay in cache). It grows by doubling, so after warm-up
 * enqueue and dequeue never allocate.
 */
export class PacketFifo {
  /** [id, size] per place; a power-of-two number of places */
  private slots: Int32Array;
  protected mask: number;
  protected head = 0;
  length = 0;
  bytes = 0;

  constructor(capacity = 64) {
    let cap = 1;
    while (cap < capacity) cap *= 2; // not <<=, which wraps past 2^30
    this.slots = new Int32Array(cap * 2);
    this.mask = cap - 1;
  }

  /** Places in the ring (a power of two). */
  protected get capacity(): number {
    return this.mask + 1;
  }

  /** Size of the packet at ring place `i`. */
  protected sizeAt(i: number): number {
    return this.slots[2 * i + 1];
  }

  push(pkt: number, size: number): void {
    if (this.length > this.mask) this.grow();
    const b = 2 * ((this.head + this.length) & this.mask);
    this.slots[b] = pkt;
    this.slots[b + 1] = size;
    this.length++;
    this.bytes += size;
  }

  /** Oldest packet id, or -1. */
  shift(): number {
    if (this.length === 0) return -1;
    const b = 2 * this.head;
    this.head = (this.head + 1) & this.mask;
    this.length--;
    this.bytes -= this.slots[b + 1];
    return this.slots[b];
  }

  protected grow(): void {
    const n = this.mask + 1;
    const slots = new Int32Array(n * 4);
    for (let k = 0; k < this.length; k++) {
      const b = 2 * ((this.head + k) & this.mask);
      slots[2 * k] = this.slots[b];
      slots[2 * k + 1] = this.slots[b + 1];
    }
    this.slots = slots;
    this.mask = 2 * n - 1;
    this.head = 0;
  }
}
