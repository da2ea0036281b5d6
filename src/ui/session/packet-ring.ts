/**
 * The time-sequence trace of one flow on the main thread: (time, seq, kind)
 * rows in time order. Unlike the charts' RingBuffer it does not decimate (a
 * diagram of individual packets cannot merge packets), so on very long runs
 * the OLDEST rows are dropped once `capacity` is reached: the diagram then
 * starts later than t = 0. At 50,000 rows per flow that is roughly 10,000
 * segments with their ACKs, well past what a student zooms into.
 *
 * Rows sit in plain typed arrays, in order, from `start`: reading row i is an
 * array access (the diagram reads every visible row each time it draws).
 * Dropping the oldest row only moves `start`; when the arrays' end is
 * reached the live rows are moved back to the front, at most once per
 * capacity/4 pushes. Storage grows by doubling up to that, so the flows of a
 * large scenario that are never traced cost nothing.
 */
export const PACKET_ROWS_PER_FLOW = 50_000;

/** The rows as arrays, for tight loops: row i is `ts[start + i]`, … for i < length. */
export interface PacketRows {
  ts: Float64Array;
  seqs: Float64Array;
  kinds: Uint8Array;
  start: number;
  length: number;
}

export class PacketRing {
  readonly capacity: number;
  private readonly room: number;
  private ts: Float64Array;
  private seqs: Float64Array;
  private kinds: Uint8Array;
  /** index of the oldest row */
  private start = 0;
  private n = 0;
  /** rows dropped because the ring was full */
  dropped = 0;

  constructor(capacity = PACKET_ROWS_PER_FLOW) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('capacity must be a positive integer');
    this.capacity = capacity;
    this.room = capacity + Math.max(1, capacity >> 2);
    const size = Math.min(this.room, 1024);
    this.ts = new Float64Array(size);
    this.seqs = new Float64Array(size);
    this.kinds = new Uint8Array(size);
  }

  get length(): number {
    return this.n;
  }

  /** Row `i`, 0 = oldest kept. */
  t(i: number): number {
    return this.ts[this.start + i];
  }

  seq(i: number): number {
    return this.seqs[this.start + i];
  }

  kind(i: number): number {
    return this.kinds[this.start + i];
  }

  rows(): PacketRows {
    return { ts: this.ts, seqs: this.seqs, kinds: this.kinds, start: this.start, length: this.n };
  }

  push(t: number, seq: number, kind: number): void {
    if (this.n === this.capacity) {
      this.start += 1;
      this.n -= 1;
      this.dropped += 1;
    }
    let at = this.start + this.n;
    if (at === this.ts.length) {
      if (this.ts.length < this.room) this.grow();
      else this.compact();
      at = this.start + this.n;
    }
    this.ts[at] = t;
    this.seqs[at] = seq;
    this.kinds[at] = kind;
    this.n += 1;
  }

  /** First row index with time ≥ t (rows are in time order). */
  lowerBound(t: number): number {
    let lo = 0;
    let hi = this.n;
    const ts = this.ts;
    const s = this.start;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ts[s + mid] < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Move the live rows to the front of the arrays. */
  private compact(): void {
    const { start: s, n } = this;
    this.ts.copyWithin(0, s, s + n);
    this.seqs.copyWithin(0, s, s + n);
    this.kinds.copyWithin(0, s, s + n);
    this.start = 0;
  }

  private grow(): void {
    const size = Math.min(this.room, this.ts.length * 2);
    const { start: s, n } = this;
    const ts = new Float64Array(size);
    const seqs = new Float64Array(size);
    const kinds = new Uint8Array(size);
    ts.set(this.ts.subarray(s, s + n));
    seqs.set(this.seqs.subarray(s, s + n));
    kinds.set(this.kinds.subarray(s, s + n));
    this.ts = ts;
    this.seqs = seqs;
    this.kinds = kinds;
    this.start = 0;
  }
}
