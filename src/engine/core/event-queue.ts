/**
 * The event list: a calendar queue (R. Brown, "Calendar queues: a fast O(1)
 * priority queue implementation for the simulation event set problem",
 * CACM 31(10), 1988) ordered by (time, sequence number), so events at the
 * same time fire in the order they were scheduled.
 *
 * Time is cut into buckets of `width` nanoseconds (a power of two, so that
 * a bucket number is an exact product and insert and pop always agree on
 * it); bucket k of the day holds every event whose time falls in a day
 * bucket ≡ k modulo the number of buckets (the "year"), as a list sorted by
 * (time, sequence number). Popping reads the list of the current bucket: its
 * head is the next event if it falls in the current bucket of this year,
 * otherwise the cursor steps to the next bucket. A list's head is the
 * smallest event of its bucket, so when a whole year holds nothing the
 * smallest head is the next event (Brown's direct search). The order events
 * come out in is therefore exactly that of a sort by (time, sequence
 * number), whatever the width and the number of buckets: those change only
 * the cost, and the queue re-sizes itself as the run goes — more buckets as
 * the list grows, and a new width when the mean gap between popped events
 * has moved away from the one it was chosen for (Brown's re-sizing, with the
 * gap measured over the pops since the last check rather than by sampling).
 *
 * Against the binary heap it replaces (a heap of 4,500 pending events at
 * 2,200 flows takes 12 levels of a sift per event, in an array larger than
 * the first-level cache), an event here costs one bucket read on insert and
 * one on pop: the event population suits a calendar, as most events are a
 * link's next arrival one serialization time ahead.
 *
 * Brown keeps about one bucket per pending event, to bound memory. Here the
 * calendar keeps at least 1,024 and four per pending event. The pending
 * events are few (about 50 on the 22-flow dumbbell), but their horizons span
 * four orders of magnitude. A link's next arrival is a serialization time
 * ahead, an access link's propagation a millisecond, and a retransmission
 * timer hundreds of milliseconds. An event beyond the year sits at the tail
 * of its bucket's list for as many years as it waits. Every nearer event
 * that falls in that bucket then misses the append at the tail and walks the
 * list. With 64 buckets (a year of 4 ms at the dumbbell's 65 µs width),
 * 3.86 M of the 6.92 M insertions missed the tail and walked 2.28 M nodes.
 * With 1,024 (67 ms): 2.86 M and 1.38 M, the rest being events of the same
 * year out of order within a bucket. The command's wall time fell 30 ms
 * (3 %; 9 alternated pairs, each lower), and 4 % on the 500-flow dumbbell.
 * The cost is 8 KB of list heads, and a year without events is searched over
 * more buckets, once per such gap.
 *
 * An event is a node of a pool: time and sequence number side by side in
 * one Float64Array (what an insertion compares), kind and target in an
 * Int32Array, the list link in another; popped nodes go back on a free list,
 * so scheduling and popping allocate nothing once the pool has grown to the
 * run's peak.
 *
 * Nothing is ever cancelled: a superseded event (a timer re-armed earlier, a
 * link's transmission cut short by an outage) stays in the list and its
 * handler recognises it as stale when it fires (see core/timers.ts and
 * net/network.ts).
 */

/** fewest buckets the calendar keeps (see above) */
const MIN_BUCKETS = 1024;
/** buckets per pending event at least: the calendar doubles them beyond */
const BUCKETS_PER_EVENT = 4;
/** it shrinks (halving) only below this many buckets per event, so that it does not flip */
const SHRINK_BELOW = 16;
/** width of a bucket, in mean gaps between popped events (Brown: about 3) */
const GAPS_PER_BUCKET = 3;
/** work between two checks of the width: per bucket, and at least */
const CHECK_PER_BUCKET = 2;
const CHECK_MIN = 256;
/** starting width before any gap has been measured: 2^16 ns ≈ 66 µs */
const START_WIDTH = 65536;

export class EventQueue {
  /** per node: time, sequence number */
  private key: Float64Array;
  /** per node: kind, target */
  private payload: Int32Array;
  /** per node: the next node in its bucket's list, or of the free list; -1 ends it */
  private next: Int32Array;
  private free = -1;
  /** nodes ever used (the pool's high-water mark) */
  private used = 0;

  /** per bucket: first and last node of its sorted list, or -1 */
  private head: Int32Array;
  private tail: Int32Array;
  private mask: number;
  /** bucket width in ns, a power of two, and its inverse */
  private width = START_WIDTH;
  private inv = 1 / START_WIDTH;
  /** the cursor: its bucket and the end time (exclusive) of that bucket in the current year */
  private cur = 0;
  private curTop = START_WIDTH;

  private size = 0;
  private nextSeq = 0;

  /**
   * Work left before the width is checked against the measured gap: each pop
   * spends one, and each bucket stepped over or list node walked past one
   * more, so a width gone wrong is noticed within a few hundred events.
   */
  private budget = 0;
  /** pops so far, and their count and time when the present check began */
  private pops = 0;
  private checkPops = 0;
  private checkFrom = 0;

  /** Time, kind and target of the event last returned by pop(). */
  poppedTime = 0;
  poppedKind = 0;
  poppedTarget = 0;

  constructor(capacity = 1024) {
    const n = Math.max(1, capacity);
    this.key = new Float64Array(n * 2);
    this.payload = new Int32Array(n * 2);
    this.next = new Int32Array(n);
    this.head = new Int32Array(MIN_BUCKETS).fill(-1);
    this.tail = new Int32Array(MIN_BUCKETS).fill(-1);
    this.mask = MIN_BUCKETS - 1;
    this.startCheck(MIN_BUCKETS);
  }

  get length(): number {
    return this.size;
  }

  /**
   * Take a sequence number now for an event that will be scheduled later: it
   * then sorts among same-time events as if it had been scheduled now. The
   * link uses this to order its lazily scheduled events exactly as a
   * simulator that schedules every transmission's events when it starts
   * (ns-2's LinkDelay) would.
   */
  reserve(): number {
    return this.nextSeq++;
  }

  /** Schedule an event. */
  schedule(time: number, kind: number, target: number): void {
    this.scheduleAs(time, kind, target, this.nextSeq++);
  }

  /** Schedule an event with a sequence number taken earlier by reserve(). */
  scheduleAs(time: number, kind: number, target: number, seq: number): void {
    let n = this.free;
    if (n >= 0) this.free = this.next[n];
    else n = this.fresh();
    const i = 2 * n;
    this.key[i] = time;
    this.key[i + 1] = seq;
    this.payload[i] = kind;
    this.payload[i + 1] = target;
    this.insert(n, time, seq);
    if (++this.size * BUCKETS_PER_EVENT > this.head.length) this.rebuild(this.head.length * 2, this.width);
  }

  /** Time of the next event, or Infinity. */
  peekTime(): number {
    const n = this.findNext();
    return n < 0 ? Infinity : this.key[2 * n];
  }

  /** Remove the next event into popped*; false when empty. */
  pop(): boolean {
    return this.popUntil(Infinity);
  }

  /** Remove the next event if it is due at or before `limit`; false otherwise. */
  popUntil(limit: number): boolean {
    const n = this.findNext();
    if (n < 0) return false;
    const time = this.key[2 * n];
    if (time > limit) return false;
    // findNext left the cursor on n's bucket, and n heads its list.
    const b = this.cur;
    const nx = this.next[n];
    this.head[b] = nx;
    if (nx < 0) this.tail[b] = -1;
    this.next[n] = this.free;
    this.free = n;
    this.size--;
    this.poppedTime = time;
    this.poppedKind = this.payload[2 * n];
    this.poppedTarget = this.payload[2 * n + 1];
    this.pops++;
    if (--this.budget <= 0) this.checkWidth(time);
    return true;
  }

  /**
   * Put node n in its bucket's list, in (time, seq) order. The appends (to
   * an empty bucket, after its tail: 59 % of the 22-flow run's insertions)
   * are here, the rest in functions of their own, so that this and
   * scheduleAs stay small. V8 inlines at most 920 bytes of bytecode into one
   * optimized function, and the arrival handler, which inlines these, spent
   * most of them here: split so, the handler takes in the route lookup too,
   * and the 22-flow command ran 10–25 ms faster (four series of 11–51
   * alternated pairs).
   */
  private insert(n: number, time: number, seq: number): void {
    const vb = Math.floor(time * this.inv);
    const b = vb & this.mask;
    if (time < this.curTop - this.width) this.rewind(vb, b);
    const t = this.tail[b];
    if (t >= 0) {
      // Most events go last in their bucket (a link's next arrival is later
      // than what the bucket holds).
      const key = this.key;
      const tt = key[2 * t];
      if (!(tt < time || (tt === time && key[2 * t + 1] < seq))) return this.insertBefore(n, b, time, seq);
      this.next[t] = n;
    } else this.head[b] = n;
    this.next[n] = -1;
    this.tail[b] = n;
  }

  /**
   * An event before the cursor's bucket (only after a peek moved the cursor
   * ahead of the time of the last pop): bring the cursor back to its bucket.
   */
  private rewind(vb: number, b: number): void {
    this.cur = b;
    this.curTop = (vb + 1) * this.width;
  }

  /** Put node n in bucket b's list, whose tail it precedes. */
  private insertBefore(n: number, b: number, time: number, seq: number): void {
    const key = this.key;
    const next = this.next;
    let p = this.head[b];
    const pt = key[2 * p];
    if (time < pt || (time === pt && seq < key[2 * p + 1])) {
      next[n] = p;
      this.head[b] = n;
      return;
    }
    // p precedes n, and the tail follows it: the walk ends before the tail.
    for (;;) {
      const q = next[p];
      const qt = key[2 * q];
      if (time < qt || (time === qt && seq < key[2 * q + 1])) break;
      p = q;
      this.budget--;
    }
    next[n] = next[p];
    next[p] = n;
  }

  /** The next event's node, left at the head of the cursor's bucket; -1 when empty. */
  private findNext(): number {
    if (this.size === 0) return -1;
    const head = this.head;
    const key = this.key;
    const mask = this.mask;
    const width = this.width;
    let b = this.cur;
    let top = this.curTop;
    for (let i = head.length; i > 0; i--) {
      const n = head[b];
      if (n >= 0 && key[2 * n] < top) {
        this.budget -= head.length - i;
        this.cur = b;
        this.curTop = top;
        return n;
      }
      b = (b + 1) & mask;
      top += width;
    }
    this.budget -= head.length;
    return this.directSearch();
  }

  /** A whole year without an event: the smallest list head is the next event; move the cursor to it. */
  private directSearch(): number {
    const head = this.head;
    const key = this.key;
    let best = -1;
    let bestBucket = 0;
    for (let b = 0; b < head.length; b++) {
      const n = head[b];
      if (n < 0) continue;
      if (
        best < 0 ||
        key[2 * n] < key[2 * best] ||
        (key[2 * n] === key[2 * best] && key[2 * n + 1] < key[2 * best + 1])
      ) {
        best = n;
        bestBucket = b;
      }
    }
    this.cur = bestBucket;
    const t = key[2 * best];
    // An infinite time has no bucket of its own: the cursor stays where it is found.
    this.curTop = Number.isFinite(t) ? (Math.floor(t * this.inv) + 1) * this.width : Infinity;
    return best;
  }

  /**
   * Every so many pops, compare the bucket width with the mean gap between
   * the events popped since the last check; re-build with a width of about
   * GAPS_PER_BUCKET gaps when it is off by more than a factor of two, and
   * with half the buckets when they outnumber the pending events SHRINK_BELOW times over.
   */
  private checkWidth(now: number): void {
    const gap = (now - this.checkFrom) / (this.pops - this.checkPops);
    let nb = this.head.length;
    if (this.size * SHRINK_BELOW < nb && nb > MIN_BUCKETS) nb >>= 1;
    const want = gap * GAPS_PER_BUCKET;
    let width = this.width;
    if (want > 0 && (want > 2 * width || 2 * want < width)) width = 2 ** Math.max(0, Math.round(Math.log2(want)));
    if (width !== this.width || nb !== this.head.length) this.rebuild(nb, width);
    else this.startCheck(nb);
  }

  /** Start measuring the gap at the last pop. */
  private startCheck(nb: number): void {
    this.budget = Math.max(CHECK_MIN, nb * CHECK_PER_BUCKET);
    this.checkPops = this.pops;
    this.checkFrom = this.poppedTime;
  }

  /** Re-distribute every event over `nb` buckets of `width` ns. */
  private rebuild(nb: number, width: number): void {
    const oldHead = this.head;
    this.head = new Int32Array(nb).fill(-1);
    this.tail = new Int32Array(nb).fill(-1);
    this.mask = nb - 1;
    this.width = width;
    this.inv = 1 / width;
    // The cursor goes to the earliest event's bucket (the insertions below
    // bring it back from wherever it starts).
    this.cur = 0;
    this.curTop = Infinity;
    const key = this.key;
    const next = this.next;
    for (let b = 0; b < oldHead.length; b++) {
      let n = oldHead[b];
      while (n >= 0) {
        const nx = next[n];
        this.insert(n, key[2 * n], key[2 * n + 1]);
        n = nx;
      }
    }
    if (this.curTop === Infinity) this.curTop = width; // empty: any start will do
    this.startCheck(nb);
  }

  /** A node never used yet, the pool grown when it is full. */
  private fresh(): number {
    if (this.used === this.next.length) this.growPool();
    return this.used++;
  }

  private growPool(): void {
    const cap = this.next.length * 2;
    const key = new Float64Array(cap * 2);
    key.set(this.key);
    this.key = key;
    const payload = new Int32Array(cap * 2);
    payload.set(this.payload);
    this.payload = payload;
    const next = new Int32Array(cap);
    next.set(this.next);
    this.next = next;
  }
}
