/**
 * The event list: a binary min-heap ordered by (time, sequence number), so
 * events at the same time fire in the order they were scheduled.
 *
 * An event is four numbers — time, sequence number, kind and a target index
 * — stored side by side in one Float64Array in heap order, so a comparison
 * reads the keys where the heap keeps them rather than through a slot index,
 * and moving an event touches one cache line. Scheduling and popping
 * allocate nothing once the array has grown to the run's peak.
 *
 * Popping leaves the popped event's place at the root empty until the next
 * call: most handlers schedule one event (a link's next arrival, a sender's
 * next packet), which then fills the root with one sift down instead of the
 * pop's sift down and the push's sift up. Sequence numbers are unique, so
 * the order events come out in does not depend on the heap's layout.
 *
 * Nothing is ever cancelled: a superseded event (a timer re-armed earlier, a
 * link's transmission cut short by an outage) stays in the list and its
 * handler recognises it as stale when it fires (see core/timers.ts and
 * net/network.ts), which is cheaper than removing it from the heap.
 */

/** Numbers per event in the heap array: time, sequence number, kind, target. */
const STRIDE = 4;

export class EventQueue {
  private h: Float64Array;
  /** events in the heap, counting a popped event whose place at the root is still empty */
  private size = 0;
  /** the root holds the event last popped: the next schedule replaces it, or the next pop removes it */
  private hole = false;
  private nextSeq = 0;

  /** Time, kind and target of the event last returned by pop(). */
  poppedTime = 0;
  poppedKind = 0;
  poppedTarget = 0;

  constructor(capacity = 1024) {
    this.h = new Float64Array(Math.max(1, capacity) * STRIDE);
  }

  get length(): number {
    return this.hole ? this.size - 1 : this.size;
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
    // The new event is written just past the heap's last event (its place when
    // sifting up, a scratch place when it replaces the root), so the sifts take
    // only indices: no double crosses a call.
    if ((this.size + 1) * STRIDE > this.h.length) this.grow();
    const h = this.h;
    const b = this.size * STRIDE;
    h[b] = time;
    h[b + 1] = seq;
    h[b + 2] = kind;
    h[b + 3] = target;
    if (this.hole) {
      this.hole = false;
      this.siftDown(b);
    } else this.siftUp(this.size++);
  }

  /** Time of the next event, or Infinity. */
  peekTime(): number {
    if (this.hole) this.closeHole();
    return this.size === 0 ? Infinity : this.h[0];
  }

  /** Remove the next event into popped*; false when empty. */
  pop(): boolean {
    return this.popUntil(Infinity);
  }

  /** Remove the next event if it is due at or before `limit`; false otherwise. */
  popUntil(limit: number): boolean {
    if (this.hole) this.closeHole();
    const h = this.h;
    if (this.size === 0 || h[0] > limit) return false;
    this.poppedTime = h[0];
    this.poppedKind = h[2] | 0;
    this.poppedTarget = h[3] | 0;
    this.hole = true;
    return true;
  }

  /** Remove the popped event at the root: the last event takes its place and sinks. */
  private closeHole(): void {
    this.hole = false;
    const n = --this.size;
    if (n > 0) this.siftDown(n * STRIDE);
  }

  /** Move the event at heap index `i` up to its place. */
  private siftUp(i: number): void {
    const h = this.h;
    const sb = i * STRIDE;
    const time = h[sb];
    const seq = h[sb + 1];
    const kind = h[sb + 2];
    const target = h[sb + 3];
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const pb = parent * STRIDE;
      const pt = h[pb];
      if (!(time < pt || (time === pt && seq < h[pb + 1]))) break;
      const ib = i * STRIDE;
      h[ib] = pt;
      h[ib + 1] = h[pb + 1];
      h[ib + 2] = h[pb + 2];
      h[ib + 3] = h[pb + 3];
      i = parent;
    }
    const ib = i * STRIDE;
    h[ib] = time;
    h[ib + 1] = seq;
    h[ib + 2] = kind;
    h[ib + 3] = target;
  }

  /** Put the event stored at array offset `src` (at or past the heap's end) at the root and sink it among the first `size` events. */
  private siftDown(src: number): void {
    const h = this.h;
    const n = this.size;
    const time = h[src];
    const seq = h[src + 1];
    const kind = h[src + 2];
    const target = h[src + 3];
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      let cb = child * STRIDE;
      if (child + 1 < n) {
        const rb = cb + STRIDE;
        const rt = h[rb];
        const lt = h[cb];
        if (rt < lt || (rt === lt && h[rb + 1] < h[cb + 1])) {
          child++;
          cb = rb;
        }
      }
      const ct = h[cb];
      if (!(ct < time || (ct === time && h[cb + 1] < seq))) break;
      const ib = i * STRIDE;
      h[ib] = ct;
      h[ib + 1] = h[cb + 1];
      h[ib + 2] = h[cb + 2];
      h[ib + 3] = h[cb + 3];
      i = child;
    }
    const ib = i * STRIDE;
    h[ib] = time;
    h[ib + 1] = seq;
    h[ib + 2] = kind;
    h[ib + 3] = target;
  }

  private grow(): void {
    const h = new Float64Array(this.h.length * 2);
    h.set(this.h);
    this.h = h;
  }
}
