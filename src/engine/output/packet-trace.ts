/**
 * The packet trace behind the time-sequence diagram (the Stevens / tcptrace
 * view): for the flows it is switched on for, every data segment sent (new or
 * retransmitted), every ACK arriving back at the sender and every data
 * segment lost, with its time and data segment number. Off by default: a long
 * run of many flows would otherwise keep millions of rows.
 */
import { GrowableF64, GrowableI32 } from '../core/growable';
import { nsToSeconds } from '../core/time';

export const enum TraceKind {
  Sent = 0,
  Retransmitted = 1,
  AckReceived = 2,
  Dropped = 3,
}

export class PacketTrace {
  /** 1 for the flows (by index) traced now: read per packet, so a plain array */
  readonly on: Uint8Array;
  readonly time = new GrowableF64(4096);
  readonly flow = new GrowableI32(4096);
  readonly kind = new GrowableI32(4096);
  readonly seq = new GrowableI32(4096);

  constructor(flowCount: number) {
    this.on = new Uint8Array(flowCount);
  }

  get length(): number {
    return this.kind.length;
  }

  /** Trace exactly these flows (by index) from now on; others stop. */
  traceOnly(flows: readonly number[]): void {
    this.on.fill(0);
    this.traceToo(flows);
  }

  /** Trace these flows (by index) too from now on. */
  traceToo(flows: readonly number[]): void {
    for (const f of flows) if (f >= 0 && f < this.on.length) this.on[f] = 1;
  }

  add(timeNs: number, flow: number, kind: TraceKind, seq: number): void {
    this.time.push(nsToSeconds(timeNs));
    this.flow.push(flow);
    this.kind.push(kind);
    this.seq.push(seq);
  }
}
