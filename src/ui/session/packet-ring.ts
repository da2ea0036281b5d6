/**
 * The time-sequence trace of one flow on the main thread: a true ring of
 * (time, seq, kind) rows. Unlike the charts' RingBuffer it does not decimate
 * (a diagram of individual packets cannot merge packets), so on very long
 * runs the OLDEST rows are dropped once `capacity` is reached: the diagram
 * then starts later than t = 0. At 50,000 rows per flow that takes roughly
 * 10,000 segments, well past what a student zooms into.
 *
 * Storage grows by doubling up to `capacity`, so the many flows of a large
 * scenario that are never looked at cost little.
 */
export const PACKET_ROWS_PER_FLOW = 50_000;

export class PacketRing {
  readonly capacity: number;
  private ts: Float64Array;
  private seqs: Float64Array;
  private kinds: Uint8Array;
  /** index of the oldest row */
  private head = 0;
  private n = 0;
  /** rows dropped because the ring was full */
  dropped = 0;

  constructor(capacity = PACKET_ROWS_PER_FLOW) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('capacity must be a positive integer');
    this.capacity = capacity;
    const start = Math.min(capacity, 1024);
    this.ts = new Float64Array(start);
    this.seqs = new Float64Array(start);
    this.kinds = new Uint8Array(start);
  }

  get length(): number {
    return this.n;
  }

  /** Row `i`, 0 = oldest kept. */
  t(i: number): number {
    return this.ts[(this.head + i) % this.ts.length];
  }

  seq(i: number): number {
    return this.seqs[(this.head + i) % this.ts.length];
  }

  kind(i: number): number {
    return this.kinds[(this.head + i) % this.ts.length];
  }

  push(t: number, seq: number, kind: number): void {
    if (this.n === this.ts.length && this.n < this.capacity) this.grow();
    if (this.n === this.capacity) {
      // full: overwrite the oldest
      this.ts[this.head] = t;
      this.seqs[this.head] = seq;
      this.kinds[this.head] = kind;
      this.head = (this.head + 1) % this.capacity;
      this.dropped += 1;
      return;
    }
    const at = (this.head + this.n) % this.ts.length;
    this.ts[at] = t;
    this.seqs[at] = seq;
    this.kinds[at] = kind;
    this.n += 1;
  }

  /** First row index with time ≥ t (rows are in time order). */
  lowerBound(t: number): number {
    let lo = 0;
    let hi = this.n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.t(mid) < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private grow(): void {
    const size = Math.min(this.capacity, this.ts.length * 2);
    const ts = new Float64Array(size);
    const seqs = new Float64Array(size);
    const kinds = new Uint8Array(size);
    for (let i = 0; i < this.n; i++) {
      ts[i] = this.t(i);
      seqs[i] = this.seq(i);
      kinds[i] = this.kind(i);
    }
    this.ts = ts;
    this.seqs = seqs;
    this.kinds = kinds;
    this.head = 0;
  }
}
