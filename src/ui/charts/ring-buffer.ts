/**
 * A fixed-capacity Float64 buffer of (t, y) points for one chart line.
 *
 * Unlike a classic ring it never overwrites the oldest points: students need
 * the whole run from t = 0 (the slow start at the beginning is the point of
 * the lesson). Instead, when the buffer is full it halves its resolution:
 * neighbouring points are merged in pairs and later samples are merged in
 * buckets twice as large. Memory stays at `capacity` points however long the
 * run, and the chart's cost per frame stays bounded.
 *
 * Merging keeps, of each pair or bucket, the point farthest from the last
 * kept value, so the sawtooth's peaks and the drop to cwnd = 1 after a
 * timeout survive decimation instead of being averaged away. The very first
 * point is never merged away, and the newest point pushed is always readable
 * (as a pending tail), so the line starts at the start and reaches "now".
 *
 * The storage starts at a sixteenth of the capacity and doubles as points
 * come, so a short run holds little, and the first batch of a run with
 * thousands of lines does not touch (and page-fault) megabytes of fresh
 * memory at once: that first write was a 20–55 ms task on the 110-flow
 * dumbbell (bench:ui). A line may instead be given its storage whole, a
 * view into a SeriesArena's block (series-arena.ts): it then grows only if
 * that storage is smaller than its capacity and fills up.
 */
import type { LineStorage } from './series-arena';

/** The storage a buffer starts with, as a fraction of its capacity. */
const INITIAL_FRACTION = 16;

export class RingBuffer {
  readonly capacity: number;
  private ts: Float64Array;
  private ys: Float64Array;
  /** committed points */
  private n = 0;
  /** input points merged into one committed point (doubles on each compaction) */
  private stride = 1;
  /** the bucket being filled: its best candidate and the newest point */
  private bucketSize = 0;
  private candT = 0;
  private candY = 0;
  private lastT = 0;
  private lastY = 0;
  private hasTail = false;
  /** number of points ever pushed */
  private pushed = 0;
  /** changes whenever committed points are rewritten (a compaction or clear) */
  private generation = 0;
  /**
   * The largest committed value maxYBetween last found, over committed
   * indexes [memoFrom, memoTo): while a window starts at the same point and
   * only grows (a chart following a live run), the next call reads only the
   * points committed since.
   */
  private memoGen = -1;
  private memoFrom = 0;
  private memoTo = 0;
  private memoMax = -Infinity;

  /** `storage`: where to keep the points (both arrays of one length, at most `capacity`, at least 4); by default its own growing arrays. */
  constructor(capacity = 2048, storage: LineStorage | null = null) {
    if (!Number.isInteger(capacity) || capacity < 4) throw new RangeError('capacity must be an integer ≥ 4');
    this.capacity = capacity;
    if (storage && storage.ts.length === storage.ys.length && storage.ts.length >= 4 && storage.ts.length <= capacity) {
      this.ts = storage.ts;
      this.ys = storage.ys;
    } else {
      const start = Math.max(4, Math.ceil(capacity / INITIAL_FRACTION));
      this.ts = new Float64Array(start);
      this.ys = new Float64Array(start);
    }
  }

  /** Points the storage holds now, before it grows or compacts (for tests and memory figures). */
  get storageSize(): number {
    return this.ts.length;
  }

  /** Points readable, including the pending tail. */
  get length(): number {
    return this.n + (this.hasTail ? 1 : 0);
  }

  get totalPushed(): number {
    return this.pushed;
  }

  /** How many input points one stored point stands for now (1 = no decimation yet). */
  get decimation(): number {
    return this.stride;
  }

  t(i: number): number {
    return i < this.n ? this.ts[i] : this.lastT;
  }

  y(i: number): number {
    return i < this.n ? this.ys[i] : this.lastY;
  }

  clear(): void {
    this.generation++;
    this.n = 0;
    this.stride = 1;
    this.bucketSize = 0;
    this.hasTail = false;
    this.pushed = 0;
  }

  push(t: number, y: number): void {
    this.pushed += 1;
    if (this.n === 0) {
      this.commit(t, y);
      return;
    }
    const ref = this.ys[this.n - 1];
    if (this.bucketSize === 0 || further(y, this.candY, ref)) {
      this.candT = t;
      this.candY = y;
    }
    this.bucketSize += 1;
    this.lastT = t;
    this.lastY = y;
    this.hasTail = true;
    if (this.bucketSize >= this.stride) {
      this.bucketSize = 0;
      // The tail stays visible until a newer point replaces it, unless it was
      // the candidate just committed (then it would be drawn twice).
      this.hasTail = this.candT !== t;
      this.commit(this.candT, this.candY);
    }
  }

  /**
   * Push many points (the columns of a batch): times `ts`, values `ys[at …]`.
   * The same as calling push for each, in one loop with the buffer's state
   * in locals: a call to push per point passes two doubles, which V8 boxes
   * whenever the call is not inlined (megabytes in the first seconds of a
   * run of many lines, before the page's code is optimized).
   */
  pushAll(ts: ArrayLike<number>, ys: ArrayLike<number>, at = 0): void {
    const count = ts.length;
    let i = 0;
    if (count > 0 && this.n === 0) {
      this.pushed += 1;
      this.commit(ts[0], ys[at]);
      i = 1;
    }
    if (i >= count) return;
    this.pushed += count - i;
    let stride = this.stride;
    let bucket = this.bucketSize;
    let candT = this.candT;
    let candY = this.candY;
    let lastT = this.lastT;
    let lastY = this.lastY;
    let hasTail = this.hasTail;
    let ref = this.ys[this.n - 1];
    for (; i < count; i++) {
      const t = ts[i];
      const y = ys[at + i];
      if (bucket === 0 || further(y, candY, ref)) {
        candT = t;
        candY = y;
      }
      bucket += 1;
      lastT = t;
      lastY = y;
      hasTail = true;
      if (bucket >= stride) {
        bucket = 0;
        hasTail = candT !== t;
        if (this.n === this.ts.length) this.makeRoom();
        this.ts[this.n] = candT;
        this.ys[this.n] = candY;
        this.n += 1;
        ref = candY;
        stride = this.stride;
      }
    }
    this.stride = stride;
    this.bucketSize = bucket;
    this.candT = candT;
    this.candY = candY;
    this.lastT = lastT;
    this.lastY = lastY;
    this.hasTail = hasTail;
  }

  /** First readable index whose time is ≥ t (times only increase), or `length`. */
  lowerBound(t: number): number {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.t(mid) < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * Largest finite y drawn in the window [t0, t1], counting the points just
   * outside it (the line runs from them into the window); `fallback` if none.
   */
  maxYBetween(t0: number, t1: number, fallback = 0): number {
    const from = Math.max(0, this.lowerBound(t0) - 1);
    let hi = this.lowerBound(t1);
    while (hi < this.length && this.t(hi) <= t1) hi++;
    const to = Math.min(this.length, hi + 1);
    // Committed points [from, min(to, n)) never change until the next
    // compaction: extend the last answer when this window contains it.
    const committedTo = Math.min(to, this.n);
    let m = -Infinity;
    let i = from;
    if (this.memoGen === this.generation && from === this.memoFrom && committedTo >= this.memoTo) {
      m = this.memoMax;
      i = this.memoTo;
    }
    const ys = this.ys;
    for (; i < committedTo; i++) {
      const v = ys[i];
      if (v > m && Number.isFinite(v)) m = v;
    }
    this.memoGen = this.generation;
    this.memoFrom = from;
    this.memoTo = committedTo;
    this.memoMax = m;
    // the pending tail, if the window reaches it
    if (to > this.n && this.hasTail && this.lastY > m && Number.isFinite(this.lastY)) m = this.lastY;
    return m === -Infinity ? fallback : m;
  }

  /** Largest finite y readable; `fallback` if none. */
  maxY(fallback = 0): number {
    let m = -Infinity;
    for (let i = 0; i < this.length; i++) {
      const v = this.y(i);
      if (v > m && Number.isFinite(v)) m = v;
    }
    return m === -Infinity ? fallback : m;
  }

  private commit(t: number, y: number): void {
    if (this.n === this.ts.length) this.makeRoom();
    this.ts[this.n] = t;
    this.ys[this.n] = y;
    this.n += 1;
  }

  /** The storage is full: grow it, or halve the resolution once it is at capacity. */
  private makeRoom(): void {
    if (this.n < this.capacity) this.grow();
    else this.compact();
  }

  /** Double the storage, up to the capacity. */
  private grow(): void {
    const size = Math.min(this.capacity, this.ts.length * 2);
    const ts = new Float64Array(size);
    const ys = new Float64Array(size);
    ts.set(this.ts);
    ys.set(this.ys);
    this.ts = ts;
    this.ys = ys;
  }

  /** Halve the resolution: keep point 0, merge the rest in pairs. */
  private compact(): void {
    const ts = this.ts;
    const ys = this.ys;
    let w = 1;
    let r = 1;
    for (; r + 1 < this.n; r += 2) {
      const ref = ys[w - 1];
      const pick = further(ys[r + 1], ys[r], ref) ? r + 1 : r;
      ts[w] = ts[pick];
      ys[w] = ys[pick];
      w += 1;
    }
    if (r < this.n) {
      // An odd point out: keep it, it is the newest committed point.
      ts[w] = ts[r];
      ys[w] = ys[r];
      w += 1;
    }
    this.n = w;
    this.stride *= 2;
    this.generation++;
  }
}

/** Is `a` farther than `b` from `ref`? A number always beats NaN (gaps stay gaps only if all NaN). */
function further(a: number, b: number, ref: number): boolean {
  if (Number.isNaN(a)) return false;
  if (Number.isNaN(b)) return true;
  if (Number.isNaN(ref)) return false;
  return Math.abs(a - ref) > Math.abs(b - ref);
}
