/**
 * Packets as rows of a struct-of-arrays pool: a packet is an integer id, its
 * header fields live in typed arrays, and freed ids are reused. Nothing in
 * the per-packet path allocates; the pool only grows (by doubling) when more
 * packets are alive at once than ever before.
 */

export const enum PacketKind {
  Data = 1,
  Ack = 2,
  Cbr = 3,
}

/** SACK blocks carried per ACK at most (RFC 2018 fits 4 in the option space). */
export const MAX_SACK_BLOCKS = 4;

export class PacketPool {
  kind: Uint8Array;
  flow: Int32Array;
  /** data: sequence number; ACK: cumulative ACK (highest in-order sequence number received) */
  seq: Int32Array;
  /** bytes on the wire */
  size: Int32Array;
  /** payload bytes (data), for throughput */
  payload: Int32Array;
  src: Int32Array;
  dst: Int32Array;
  /** simulated ns the sender emitted it */
  sentAt: Float64Array;
  /** ACK: sentAt of the data packet that caused it (timestamp echo) */
  echo: Float64Array;
  retx: Uint8Array;
  nsack: Uint8Array;
  /** SACK blocks: [left, right] inclusive sequence numbers, MAX_SACK_BLOCKS pairs per packet */
  sack: Int32Array;
  private freeList: Int32Array;
  private freeCount = 0;
  private used = 0;
  /** packets alive now, and ever created (for the conservation check) */
  live = 0;
  allocated = 0;

  constructor(capacity = 1024) {
    this.kind = new Uint8Array(capacity);
    this.flow = new Int32Array(capacity);
    this.seq = new Int32Array(capacity);
    this.size = new Int32Array(capacity);
    this.payload = new Int32Array(capacity);
    this.src = new Int32Array(capacity);
    this.dst = new Int32Array(capacity);
    this.sentAt = new Float64Array(capacity);
    this.echo = new Float64Array(capacity);
    this.retx = new Uint8Array(capacity);
    this.nsack = new Uint8Array(capacity);
    this.sack = new Int32Array(capacity * MAX_SACK_BLOCKS * 2);
    this.freeList = new Int32Array(capacity);
  }

  alloc(): number {
    this.live++;
    this.allocated++;
    if (this.freeCount > 0) return this.freeList[--this.freeCount];
    if (this.used === this.kind.length) this.grow();
    return this.used++;
  }

  free(id: number): void {
    this.live--;
    this.freeList[this.freeCount++] = id;
  }

  private grow(): void {
    const n = this.kind.length * 2;
    this.kind = growU8(this.kind, n);
    this.flow = growI32(this.flow, n);
    this.seq = growI32(this.seq, n);
    this.size = growI32(this.size, n);
    this.payload = growI32(this.payload, n);
    this.src = growI32(this.src, n);
    this.dst = growI32(this.dst, n);
    this.sentAt = growF64(this.sentAt, n);
    this.echo = growF64(this.echo, n);
    this.retx = growU8(this.retx, n);
    this.nsack = growU8(this.nsack, n);
    this.sack = growI32(this.sack, n * MAX_SACK_BLOCKS * 2);
    this.freeList = growI32(this.freeList, n);
  }
}

function growU8(a: Uint8Array, n: number): Uint8Array {
  const b = new Uint8Array(n);
  b.set(a);
  return b;
}
function growI32(a: Int32Array, n: number): Int32Array {
  const b = new Int32Array(n);
  b.set(a);
  return b;
}
function growF64(a: Float64Array, n: number): Float64Array {
  const b = new Float64Array(n);
  b.set(a);
  return b;
}
