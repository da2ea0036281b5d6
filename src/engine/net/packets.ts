/**
 * Packets as records of a pool: a packet is an integer id, its header fields
 * sit together in one 64-byte record of a single ArrayBuffer (seen through
 * Float64Array, Int32Array and Uint8Array views), and freed ids are reused.
 * Nothing in the per-packet path allocates; the pool only grows (by doubling)
 * when more packets are alive at once than ever before.
 *
 * A packet propagating on a link direction is also a node of that
 * direction's wire, a FIFO linked through the records (link-dir.ts Wire):
 * its arrival reads the record it needs anyway.
 *
 * Why records rather than one typed array per field: at 2,000 flows some
 * 50,000 packets are alive and their fields no longer stay in the caches. A
 * delivery reads up to ten fields and a new packet writes as many, which one
 * array per field spread over as many cache lines. Measured with cachegrind
 * on the 2,000-flow dumbbell (3 s, 16.9 M events; D1 and last-level misses,
 * reads and writes, the last level a 1 MB L2), against one array per field and a ring per wire:
 *   records alone:                D1 −8.7 %, LL +6.0 %, instructions +3.2 %
 *   records, wire through them:   D1 −19.3 %, LL −6.9 %, instructions +6.0 %
 * Records alone lose in the last level: a hop then reads a 64-byte record
 * where it read dst and size from two arrays small enough to stay there.
 * With the wire running through the records the arrival reads that record
 * instead of the ring, and CPU time at 2,000 flows fell about 13 % (median
 * of 5 alternated pairs); at 22 flows, where everything is in the caches,
 * no change could be told from noise (0.95× to 1.01×). Placing the records
 * on 64-byte boundaries (glibc puts a large block 16 bytes past a page)
 * changed nothing measurable and was left out.
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

/**
 * A record's size, its stride in each view. (A const enum, so that each
 * access multiplies by a literal: module-level numbers are read from the
 * module's context at run time.)
 */
const enum Rec {
  /** bytes; the stride of the Uint8Array view */
  Bytes = 64,
  F64 = 8,
  I32 = 16,
}

/**
 * Where each field sits in a record, as an index into the view of its type:
 * bytes 0–31 doubles, 32–55 32-bit integers, 56–63 bytes.
 */
const enum F64 {
  SentAt = 0,
  Echo = 1,
  /** while queued: when it joined the queue; while on a wire: when it arrives (never both at once) */
  At = 2,
  /** while on a wire: its arrival event's reserved sequence number (past 2^31 in long runs: a double) */
  WireSeq = 3,
}
const enum I32 {
  Flow = 8,
  Seq = 9,
  Size = 10,
  Payload = 11,
  Dst = 12,
  /** while on a wire: the packet behind it, or -1 */
  WireNext = 13,
}
const enum U8 {
  Kind = 56,
  Retx = 57,
  Nsack = 58,
  Ecn = 59,
  TcpFlags = 60,
}

export class PacketPool {
  private f64: Float64Array;
  private i32: Int32Array;
  private u8: Uint8Array;
  /** SACK blocks: [left, right] inclusive sequence numbers, MAX_SACK_BLOCKS pairs per packet (only ACKs read them) */
  sack: Int32Array;
  private freeList: Int32Array;
  private freeCount = 0;
  private used = 0;
  private capacity: number;
  /** packets alive now, and ever created (for the conservation check) */
  live = 0;
  allocated = 0;

  constructor(capacity = 1024) {
    this.capacity = capacity;
    const buf = new ArrayBuffer(capacity * Rec.Bytes);
    this.f64 = new Float64Array(buf);
    this.i32 = new Int32Array(buf);
    this.u8 = new Uint8Array(buf);
    this.sack = new Int32Array(capacity * MAX_SACK_BLOCKS * 2);
    this.freeList = new Int32Array(capacity);
  }

  /** A fresh packet id; its ECN codepoint and TCP flags start clear (the other fields are the creator's to set). */
  alloc(): number {
    this.live++;
    this.allocated++;
    let id: number;
    if (this.freeCount > 0) id = this.freeList[--this.freeCount];
    else {
      if (this.used === this.capacity) this.grow();
      id = this.used++;
    }
    this.u8[id * Rec.Bytes + U8.Ecn] = 0;
    this.u8[id * Rec.Bytes + U8.TcpFlags] = 0;
    return id;
  }

  free(id: number): void {
    this.live--;
    this.freeList[this.freeCount++] = id;
  }

  // Fields, read and written by id. Each is a one-line method that the
  // optimizing compiler inlines at its call sites.

  /** PacketKind */
  kind(p: number): number {
    return this.u8[p * Rec.Bytes + U8.Kind];
  }
  setKind(p: number, v: number): void {
    this.u8[p * Rec.Bytes + U8.Kind] = v;
  }
  flow(p: number): number {
    return this.i32[p * Rec.I32 + I32.Flow];
  }
  setFlow(p: number, v: number): void {
    this.i32[p * Rec.I32 + I32.Flow] = v;
  }
  /** data: sequence number; ACK: cumulative ACK (highest in-order sequence number received) */
  seq(p: number): number {
    return this.i32[p * Rec.I32 + I32.Seq];
  }
  setSeq(p: number, v: number): void {
    this.i32[p * Rec.I32 + I32.Seq] = v;
  }
  /** bytes on the wire */
  size(p: number): number {
    return this.i32[p * Rec.I32 + I32.Size];
  }
  setSize(p: number, v: number): void {
    this.i32[p * Rec.I32 + I32.Size] = v;
  }
  /** payload bytes (data), for throughput */
  payload(p: number): number {
    return this.i32[p * Rec.I32 + I32.Payload];
  }
  setPayload(p: number, v: number): void {
    this.i32[p * Rec.I32 + I32.Payload] = v;
  }
  /** the destination node (the source is never read: the flow names it) */
  dst(p: number): number {
    return this.i32[p * Rec.I32 + I32.Dst];
  }
  setDst(p: number, v: number): void {
    this.i32[p * Rec.I32 + I32.Dst] = v;
  }
  /** simulated ns the sender emitted it */
  sentAt(p: number): number {
    return this.f64[p * Rec.F64 + F64.SentAt];
  }
  setSentAt(p: number, v: number): void {
    this.f64[p * Rec.F64 + F64.SentAt] = v;
  }
  /** ACK: sentAt of the data packet that caused it (timestamp echo) */
  echo(p: number): number {
    return this.f64[p * Rec.F64 + F64.Echo];
  }
  setEcho(p: number, v: number): void {
    this.f64[p * Rec.F64 + F64.Echo] = v;
  }
  /** 1 for a retransmission */
  retx(p: number): number {
    return this.u8[p * Rec.Bytes + U8.Retx];
  }
  setRetx(p: number, v: number): void {
    this.u8[p * Rec.Bytes + U8.Retx] = v;
  }
  /** SACK blocks the ACK carries (in `sack`) */
  nsack(p: number): number {
    return this.u8[p * Rec.Bytes + U8.Nsack];
  }
  setNsack(p: number, v: number): void {
    this.u8[p * Rec.Bytes + U8.Nsack] = v;
  }
  /** the IP header's ECN codepoint (Ecn); Not-ECT unless the sender sets it */
  ecn(p: number): number {
    return this.u8[p * Rec.Bytes + U8.Ecn];
  }
  setEcn(p: number, v: number): void {
    this.u8[p * Rec.Bytes + U8.Ecn] = v;
  }
  /** TCP flags (TcpFlag bits): ECE, CWR */
  tcpFlags(p: number): number {
    return this.u8[p * Rec.Bytes + U8.TcpFlags];
  }
  setTcpFlags(p: number, v: number): void {
    this.u8[p * Rec.Bytes + U8.TcpFlags] = v;
  }
  /** simulated ns the packet joined the queue of the link direction it is in (for its sojourn time) */
  queuedAt(p: number): number {
    return this.f64[p * Rec.F64 + F64.At];
  }
  setQueuedAt(p: number, v: number): void {
    this.f64[p * Rec.F64 + F64.At] = v;
  }

  // The wire's links (link-dir.ts Wire), valid while the packet is on one.

  /** Put the packet on a wire as its last packet: it arrives at `at` (ns), by the event of sequence number `seq`. */
  setWire(p: number, at: number, seq: number): void {
    this.f64[p * Rec.F64 + F64.At] = at;
    this.f64[p * Rec.F64 + F64.WireSeq] = seq;
    this.i32[p * Rec.I32 + I32.WireNext] = -1;
  }
  wireAt(p: number): number {
    return this.f64[p * Rec.F64 + F64.At];
  }
  wireSeq(p: number): number {
    return this.f64[p * Rec.F64 + F64.WireSeq];
  }
  wireNext(p: number): number {
    return this.i32[p * Rec.I32 + I32.WireNext];
  }
  setWireNext(p: number, next: number): void {
    this.i32[p * Rec.I32 + I32.WireNext] = next;
  }

  private grow(): void {
    const n = this.capacity * 2;
    const buf = new ArrayBuffer(n * Rec.Bytes);
    const u8 = new Uint8Array(buf);
    u8.set(this.u8);
    this.u8 = u8;
    this.f64 = new Float64Array(buf);
    this.i32 = new Int32Array(buf);
    this.sack = growI32(this.sack, n * MAX_SACK_BLOCKS * 2);
    this.freeList = growI32(this.freeList, n);
    this.capacity = n;
  }
}

function growI32(a: Int32Array, n: number): Int32Array {
  const b = new Int32Array(n);
  b.set(a);
  return b;
}
