/**
 * The event list: a binary min-heap ordered by (time, sequence number), so
 * events at the same time fire in the order they were scheduled.
 *
 * An event is three numbers — time, kind and a target index — kept in typed
 * arrays of reusable slots; the heap orders slot indices. Scheduling and
 * popping allocate nothing once the arrays have grown to the run's peak.
 * Nothing is ever cancelled: a superseded event (a timer re-armed earlier, a
 * link's transmission cut short by an outage) stays in the list and its
 * handler recognises it as stale when it fires (see core/timers.ts and
 * net/network.ts), which is cheaper than removing it from the heap.
 */
export class EventQueue {
  private time: Float64Array;
  private seq: Float64Array;
  private kind: Int32Array;
  private target: Int32Array;
  private heap: Int32Array;
  private free: Int32Array;
  private freeCount = 0;
  private slots = 0;
  private size = 0;
  private nextSeq = 0;

  /** Time, kind and target of the event last returned by pop(). */
  poppedTime = 0;
  poppedKind = 0;
  poppedTarget = 0;

  constructor(capacity = 1024) {
    this.time = new Float64Array(capacity);
    this.seq = new Float64Array(capacity);
    this.kind = new Int32Array(capacity);
    this.target = new Int32Array(capacity);
    this.heap = new Int32Array(capacity);
    this.free = new Int32Array(capacity);
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
    let slot: number;
    if (this.freeCount > 0) slot = this.free[--this.freeCount];
    else {
      if (this.slots === this.time.length) this.grow();
      slot = this.slots++;
    }
    this.time[slot] = time;
    this.seq[slot] = seq;
    this.kind[slot] = kind;
    this.target[slot] = target;
    this.siftUp(this.size++, slot);
  }

  /** Time of the next event, or Infinity. */
  peekTime(): number {
    return this.size === 0 ? Infinity : this.time[this.heap[0]];
  }

  /** Remove the next event into popped*; false when empty. */
  pop(): boolean {
    return this.popUntil(Infinity);
  }

  /** Remove the next event if it is due at or before `limit`; false otherwise. */
  popUntil(limit: number): boolean {
    if (this.size === 0 || this.time[this.heap[0]] > limit) return false;
    const slot = this.removeTop();
    this.poppedTime = this.time[slot];
    this.poppedKind = this.kind[slot];
    this.poppedTarget = this.target[slot];
    this.free[this.freeCount++] = slot;
    return true;
  }

  private removeTop(): number {
    const heap = this.heap;
    const top = heap[0];
    const last = heap[--this.size];
    if (this.size > 0) this.siftDown(0, last);
    return top;
  }

  private less(a: number, b: number): boolean {
    const ta = this.time[a];
    const tb = this.time[b];
    return ta < tb || (ta === tb && this.seq[a] < this.seq[b]);
  }

  private siftUp(i: number, slot: number): void {
    const heap = this.heap;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const p = heap[parent];
      if (!this.less(slot, p)) break;
      heap[i] = p;
      i = parent;
    }
    heap[i] = slot;
  }

  private siftDown(i: number, slot: number): void {
    const heap = this.heap;
    const n = this.size;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      if (child + 1 < n && this.less(heap[child + 1], heap[child])) child++;
      if (!this.less(heap[child], slot)) break;
      heap[i] = heap[child];
      i = child;
    }
    heap[i] = slot;
  }

  private grow(): void {
    const n = this.time.length * 2;
    const f64 = (a: Float64Array) => {
      const b = new Float64Array(n);
      b.set(a);
      return b;
    };
    const i32 = (a: Int32Array) => {
      const b = new Int32Array(n);
      b.set(a);
      return b;
    };
    this.time = f64(this.time);
    this.seq = f64(this.seq);
    this.kind = i32(this.kind);
    this.target = i32(this.target);
    this.heap = i32(this.heap);
    this.free = i32(this.free);
  }
}
