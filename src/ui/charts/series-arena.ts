/**
 * Storage for many chart lines carved out of a few large Float64Arrays.
 *
 * A RingBuffer that grows its own arrays (a sixteenth of its capacity,
 * doubled as points come) allocates and copies about twice its final size:
 * on the 110-flow dumbbell (bench:ui) its 1,900 lines allocated some 117 MB
 * of array storage in the first seconds after Play, and each array dropped
 * was memory V8 counts towards its next garbage collection. Lines that get
 * their whole storage at once, as views into one large buffer, allocate once
 * and copy nothing. A large buffer is handed over by the allocator as fresh
 * pages that the system fills with zeros when first written, so the memory
 * is touched as the points arrive, not all in the first batch (which is what
 * made a first batch into fixed-size arrays a 20–55 ms task).
 *
 * Memory stays bounded: each line takes at most its capacity, as before.
 */
/** The largest block allocated at once, doubles (32 MB). */
const MAX_BLOCK = 1 << 22;
/**
 * The lines whose first pages are written when they are made, doubles: two
 * 4 KB pages each, up to 32 MB (4,096 lines), so that a topology of tens of
 * thousands of lines does not make all their first pages resident at load.
 */
const PREFAULT_BUDGET = 1 << 22;
/** A block for lines made after the expected ones (the variant's own columns, a capacity line), doubles (512 KB). */
const SPARE_BLOCK = 1 << 16;

/** A line's storage: its times and its values, `points` long each. */
export interface LineStorage {
  ts: Float64Array;
  ys: Float64Array;
}

export class SeriesArena {
  private block = new Float64Array(0);
  private used = 0;
  /** doubles still expected to be taken (sizes the next block) */
  private expected: number;
  /** doubles of first pages written so far (PREFAULT_BUDGET) */
  private prefaulted = 0;

  /** `expectedPoints`: the points the lines known now will take in all (the first block's size). */
  constructor(expectedPoints = 0) {
    this.expected = 2 * Math.max(0, expectedPoints);
  }

  /**
   * Storage for a line of `points` points, or null when the memory could
   * not be had (the line then grows its own arrays, as a RingBuffer does
   * without an arena).
   */
  take(points: number): LineStorage | null {
    const need = 2 * points;
    if (this.used + need > this.block.length) {
      const size = Math.max(need, Math.min(MAX_BLOCK, Math.max(this.expected, SPARE_BLOCK)));
      try {
        this.block = new Float64Array(size);
      } catch {
        return null;
      }
      this.used = 0;
    }
    const at = this.used;
    this.used += need;
    this.expected = Math.max(0, this.expected - need);
    // Write the first page of both arrays now, when the run is loaded, so
    // that the first batch does not wait for the system to provide thousands
    // of pages at once (4,000 on the 110-flow dumbbell: 18-20 ms of CPU);
    // later pages come a few per batch, as lines fill.
    if (this.prefaulted < PREFAULT_BUDGET) {
      this.block[at] = 0;
      this.block[at + points] = 0;
      this.prefaulted += 1024;
    }
    return { ts: this.block.subarray(at, at + points), ys: this.block.subarray(at + points, at + need) };
  }
}
