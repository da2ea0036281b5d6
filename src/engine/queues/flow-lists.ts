/**
 * FQ-CoDel's two lists of flow queues, new and old (RFC 8290 §4.2), as
 * intrusive singly linked lists over the flow-queue indices: a flow queue is
 * in at most one list, so one `next` array serves both and nothing is
 * allocated as flows come and go.
 */
export const NONE = -1;
export const NEW = 0;
export const OLD = 1;

export class FlowLists {
  private readonly next: Int32Array;
  /** which list a flow queue is in: NEW, OLD or NONE */
  readonly where: Int8Array;
  private readonly head = [NONE, NONE];
  private readonly tail = [NONE, NONE];
  /** flow queues in either list */
  count = 0;

  constructor(n: number) {
    this.next = new Int32Array(n).fill(NONE);
    this.where = new Int8Array(n).fill(NONE);
  }

  first(list: number): number {
    return this.head[list];
  }

  /** Append flow queue `f` (in no list) to the tail of `list`. */
  push(list: number, f: number): void {
    this.next[f] = NONE;
    if (this.tail[list] === NONE) this.head[list] = f;
    else this.next[this.tail[list]] = f;
    this.tail[list] = f;
    this.where[f] = list;
    this.count++;
  }

  /** Remove the head of `list` and return it (NONE when empty). */
  shift(list: number): number {
    const f = this.head[list];
    if (f === NONE) return NONE;
    this.head[list] = this.next[f];
    if (this.head[list] === NONE) this.tail[list] = NONE;
    this.next[f] = NONE;
    this.where[f] = NONE;
    this.count--;
    return f;
  }

  /** The flow queue after `f` in its list (NONE at the tail): walk a list from first(). */
  after(f: number): number {
    return this.next[f];
  }
}
