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

/**
 * The ECN field of the IP header (RFC 3168 §5): two bits, one of four
 * codepoints. Not-ECT is what every packet carries unless its sender
 * negotiated ECN; a queue that would drop an ECT packet may set CE instead.
 */
export const enum Ecn {
  NotEct = 0,
  /** ECT(1) (RFC 3168; L4S uses it, RFC 9331) */
  Ect1 = 1,
  /** ECT(0): what an RFC 3168 sender sets */
  Ect0 = 2,
  /** Congestion Experienced, set by a queue */
  Ce = 3,
}

/** TCP header flags the engine models beyond its sequence numbers (RFC 3168 §6.1). */
export const enum TcpFlag {
  /** ECN-Echo: the receiver saw CE (on a SYN: the sender offers ECN; on the SYN's ACK: accepted) */
  Ece = 1,
  /** Congestion Window Reduced: the sender has reduced its window (on a SYN, with ECE: ECN offered) */
  Cwr = 2,
}

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
  /** the IP header's ECN codepoint (Ecn); Not-ECT unless the sender sets it */
  ecn: Uint8Array;
  /** TCP flags (TcpFlag bits): ECE, CWR */
  tcpFlags: Uint8Array;
  /** simulated ns the packet joined the queue of the link direction it is in (for its sojourn time) */
  queuedAt: Float64Array;
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
    this.ecn = new Uint8Array(capacity);
    this.tcpFlags = new Uint8Array(capacity);
    this.queuedAt = new Float64Array(capacity);
    this.freeList = new Int32Array(capacity);
  }

  /** A fresh packet id; its ECN codepoint and TCP flags start clear (the other fields are the creator's to set). */
  alloc(): number {
    this.live++;
    this.allocated++;
    let id: number;
    if (this.freeCount > 0) id = this.freeList[--this.freeCount];
    else {
      if (this.used === this.kind.length) this.grow();
      id = this.used++;
    }
    this.ecn[id] = 0;
    this.tcpFlags[id] = 0;
    return id;
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
    this.ecn = growU8(this.ecn, n);
    this.tcpFlags = growU8(this.tcpFlags, n);
    this.queuedAt = growF64(this.queuedAt, n);
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
