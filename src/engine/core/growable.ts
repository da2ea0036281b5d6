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
 *
 * GrowableF64 and GrowableI32 are the same code over two array types, kept
 * as two classes rather than one generic one: each `push` then only ever
 * sees one kind of typed array, and V8 compiles its store for that kind
 * alone, where one class shared by both would make every push site serve
 * two (these pushes run for every traced packet and logged event).
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

/**
 * Rows of `stride` doubles, one after the other in one buffer, appended and
 * forgotten from the front as GrowableF64's values are. A recorder that
 * writes one row per sample then writes to adjacent memory, where a column
 * per value would touch as many separate buffers as there are values.
 */
export class GrowableRows {
  /** the rows; row r (0 = the first kept) starts at offset(r) */
  buf: Float64Array;
  /** index in buf of row 0 */
  private start = 0;
  /** rows kept */
  length = 0;

  constructor(
    readonly stride: number,
    capacityRows = 64,
  ) {
    this.buf = new Float64Array(Math.max(1, stride * Math.max(1, capacityRows)));
  }

  /** Where row r starts in buf. */
  offset(r: number): number {
    return this.start + r * this.stride;
  }

  /** Append a row (its values are whatever the buffer held: write them all); returns its offset in buf. */
  pushRow(): number {
    if (this.start + (this.length + 1) * this.stride > this.buf.length) this.makeRoom();
    const off = this.start + this.length * this.stride;
    this.length++;
    return off;
  }

  private makeRoom(): void {
    const used = this.length * this.stride;
    if (this.start >= this.buf.length >> 1 && used + this.stride <= this.buf.length) {
      this.buf.copyWithin(0, this.start, this.start + used);
    } else {
      const next = new Float64Array(Math.max(this.buf.length * 2, used + this.stride));
      next.set(this.buf.subarray(this.start, this.start + used));
      this.buf = next;
    }
    this.start = 0;
  }

  /** Keep only the last `n` rows (indexes then count from the first kept). */
  keepLast(n: number): void {
    if (n >= this.length) return;
    const keep = Math.max(0, n);
    this.start += (this.length - keep) * this.stride;
    this.length = keep;
  }
}

/** Value `at` of each of `n` rows of `stride` doubles in `buf` (the first row at 0), as a column of its own. */
export function columnOf(buf: Float64Array, at: number, stride: number, n: number): Float64Array {
  const out = new Float64Array(Math.max(0, n));
  for (let i = 0, off = at; i < out.length; i++, off += stride) out[i] = buf[off];
  return out;
}
