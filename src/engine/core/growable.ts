/**
 * Append-only Float64 column that grows by doubling: recorders write samples
 * into these without allocating per sample.
 */
export class GrowableF64 {
  private buf: Float64Array;
  length = 0;

  constructor(capacity = 256) {
    this.buf = new Float64Array(capacity);
  }

  push(v: number): void {
    if (this.length === this.buf.length) {
      const next = new Float64Array(this.buf.length * 2);
      next.set(this.buf);
      this.buf = next;
    }
    this.buf[this.length++] = v;
  }

  at(i: number): number {
    return this.buf[i];
  }

  /** A view of the first `length` values (shares memory; copy before transferring). */
  view(from = 0, to = this.length): Float64Array {
    return this.buf.subarray(from, to);
  }

  /** Keep only the last `n` values, moved to the front (indexes count from the first kept). */
  keepLast(n: number): void {
    if (n >= this.length) return;
    this.buf.copyWithin(0, this.length - n, this.length);
    this.length = Math.max(0, n);
  }
}

export class GrowableI32 {
  private buf: Int32Array;
  length = 0;

  constructor(capacity = 256) {
    this.buf = new Int32Array(capacity);
  }

  push(v: number): void {
    if (this.length === this.buf.length) {
      const next = new Int32Array(this.buf.length * 2);
      next.set(this.buf);
      this.buf = next;
    }
    this.buf[this.length++] = v;
  }

  at(i: number): number {
    return this.buf[i];
  }

  view(from = 0, to = this.length): Int32Array {
    return this.buf.subarray(from, to);
  }

  keepLast(n: number): void {
    if (n >= this.length) return;
    this.buf.copyWithin(0, this.length - n, this.length);
    this.length = Math.max(0, n);
  }
}
