/**
 * Append-only typed columns that grow by doubling: recorders write samples
 * into these without allocating per sample.
 *
 * keepLast(n) forgets all but the last n values in O(1): it only moves the
 * column's start. The kept values are moved to the front of the buffer
 * later, by the push that finds the buffer full, and then only if at least
 * half of it is forgotten space (else the buffer doubles). A runner that
 * forgets after every few samples while keeping a window of them (the
 * command-line runner keeps the throughput window) so copies each value a
 * bounded number of times, instead of the whole window at every call.
 */
export class GrowableF64 {
  private buf: Float64Array;
  /** index in buf of value 0 */
  private start = 0;
  length = 0;

  constructor(capacity = 256) {
    this.buf = new Float64Array(Math.max(1, capacity));
  }

  push(v: number): void {
    if (this.start + this.length === this.buf.length) this.makeRoom();
    this.buf[this.start + this.length++] = v;
  }

  private makeRoom(): void {
    if (this.start >= this.buf.length >> 1) {
      this.buf.copyWithin(0, this.start, this.start + this.length);
    } else {
      const next = new Float64Array(this.buf.length * 2);
      next.set(this.buf.subarray(this.start, this.start + this.length));
      this.buf = next;
    }
    this.start = 0;
  }

  at(i: number): number {
    return this.buf[this.start + i];
  }

  /** A view of values [from, to) (shares memory until the next push; copy before transferring). */
  view(from = 0, to = this.length): Float64Array {
    return this.buf.subarray(this.start + from, this.start + to);
  }

  /** Keep only the last `n` values (indexes then count from the first kept). */
  keepLast(n: number): void {
    if (n >= this.length) return;
    const keep = Math.max(0, n);
    this.start += this.length - keep;
    this.length = keep;
  }
}

export class GrowableI32 {
  private buf: Int32Array;
  /** index in buf of value 0 */
  private start = 0;
  length = 0;

  constructor(capacity = 256) {
    this.buf = new Int32Array(Math.max(1, capacity));
  }

  push(v: number): void {
    if (this.start + this.length === this.buf.length) this.makeRoom();
    this.buf[this.start + this.length++] = v;
  }

  private makeRoom(): void {
    if (this.start >= this.buf.length >> 1) {
      this.buf.copyWithin(0, this.start, this.start + this.length);
    } else {
      const next = new Int32Array(this.buf.length * 2);
      next.set(this.buf.subarray(this.start, this.start + this.length));
      this.buf = next;
    }
    this.start = 0;
  }

  at(i: number): number {
    return this.buf[this.start + i];
  }

  view(from = 0, to = this.length): Int32Array {
    return this.buf.subarray(this.start + from, this.start + to);
  }

  keepLast(n: number): void {
    if (n >= this.length) return;
    const keep = Math.max(0, n);
    this.start += this.length - keep;
    this.length = keep;
  }
}
