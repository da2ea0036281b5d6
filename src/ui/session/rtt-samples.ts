/**
 * Round-trip time samples read from the time-sequence trace, the way
 * tcptrace does: each ACK that acknowledges new data gives one sample, the
 * time from the first transmission of the segment it covers to the ACK's
 * arrival back at the sender. Segments sent more than once give none (Karn's
 * rule, RFC 6298 §3: an ACK of a retransmitted segment is ambiguous).
 *
 * This is every ACK's round trip, which the sender itself does not measure:
 * ns-2's agents (the engine follows them) time one segment per round trip
 * (tcp.cc rtt_seq_), which is what srtt on the same chart is smoothed from.
 * The samples show what the queue does to each packet in between.
 */
import { TRACE_ACK, TRACE_RETRANSMITTED, TRACE_SENT } from '../../worker/protocol';

export interface SampleSink {
  /** t: ACK arrival, seconds; rttMs: milliseconds */
  push(t: number, rttMs: number): void;
}

export class RttSampler {
  /** segment → first send time (s), NaN once it has been sent again */
  private readonly sentAt = new Map<number, number>();
  private highestAck = -Infinity;
  /** lowest segment that may still be in `sentAt` */
  private lowest = Infinity;

  constructor(private readonly out: SampleSink) {}

  /** One trace row (kind as in protocol.ts TRACE_*; an ACK's seq is the highest in-order segment received). */
  add(t: number, kind: number, seq: number): void {
    if (kind === TRACE_SENT || kind === TRACE_RETRANSMITTED) {
      if (seq <= this.highestAck) return;
      this.sentAt.set(seq, kind === TRACE_SENT && !this.sentAt.has(seq) ? t : NaN);
      if (seq < this.lowest) this.lowest = seq;
      return;
    }
    if (kind !== TRACE_ACK || seq <= this.highestAck) return;
    const at = this.sentAt.get(seq);
    if (at !== undefined && Number.isFinite(at)) this.out.push(t, (t - at) * 1000);
    this.forgetThrough(seq);
    this.highestAck = seq;
  }

  /** Segments up to `seq` are acknowledged: their send times are not needed any more. */
  private forgetThrough(seq: number): void {
    if (seq - this.lowest > this.sentAt.size) {
      for (const s of this.sentAt.keys()) if (s <= seq) this.sentAt.delete(s);
    } else {
      for (let s = this.lowest; s <= seq; s++) this.sentAt.delete(s);
    }
    this.lowest = seq + 1;
  }
}
