/**
 * The packets' passages through the link directions, rebuilt from the
 * worker's link trace rows (engine/net/link-trace.ts): for each packet and
 * direction, when it joined the queue, when its transmission started, when
 * it reaches the far end, or when and why it was lost. The packet animation
 * asks which passages are under way at a moment (`around`).
 *
 * Bounded: past `capacity` passages the oldest half is let go (the
 * animation shows the last moments, never a minute back).
 */
import type { LinkTraceRows } from '../../worker/protocol';

export const LINK_ENQUEUE = 0;
export const LINK_TRANSMIT = 1;
export const LINK_DROP = 2;

/** Packet kinds (engine/net/packets.ts PacketKind). */
export const KIND_DATA = 1;
export const KIND_ACK = 2;
export const KIND_CBR = 3;

export interface Flight {
  dir: number;
  flow: number;
  /** sequence number as the engine's packet holds it */
  seq: number;
  kind: number;
  retx: boolean;
  /** seconds; NaN when unknown (the trace started after it) */
  enq: number;
  /** transmission start; NaN while queued (or lost before) */
  tx: number;
  /** arrival at the far end; NaN until transmitted */
  arrive: number;
  /** loss; NaN if not lost */
  drop: number;
  /** DropCause (engine/queues/queue.ts) */
  cause: number;
}

/** When the passage starts: joining the queue, else its transmission, else its loss. */
export function flightStart(f: Flight): number {
  return Number.isFinite(f.enq) ? f.enq : Number.isFinite(f.tx) ? f.tx : f.drop;
}

/** When the passage ends: loss or arrival (Infinity while still queued). */
export function flightEnd(f: Flight): number {
  if (Number.isFinite(f.drop)) return f.drop;
  return Number.isFinite(f.arrive) ? f.arrive : Infinity;
}

export const FLIGHT_CAPACITY = 30_000;

export class PacketFlights {
  /** in order of their start */
  flights: Flight[] = [];
  /** longest passage seen (end − start, seconds), to bound searches */
  longest = 0;
  /** newest row time seen */
  newest = 0;
  /** changes with every ingest or reset */
  version = 0;
  /** passages not yet ended, by direction and packet */
  private readonly live = new Map<number, Flight>();

  constructor(readonly capacity = FLIGHT_CAPACITY) {}

  reset(): void {
    this.flights = [];
    this.longest = 0;
    this.newest = 0;
    this.live.clear();
    this.version++;
  }

  add(rows: LinkTraceRows): void {
    const n = rows.time.length;
    for (let i = 0; i < n; i++) {
      const t = rows.time[i];
      const dir = rows.dir[i];
      const code = rows.code[i];
      const what = code & 3;
      const key = dir * 0x100000000 + rows.pkt[i];
      let f = this.live.get(key);
      // The pool reuses a packet's index once it is delivered or lost: a row
      // belongs to the live passage only if that passage is still under way.
      const current = f !== undefined && (what === LINK_TRANSMIT ? !Number.isFinite(f.tx) : what === LINK_DROP ? !(f.arrive <= t) : false);
      if (!current || !f) {
        f = {
          dir,
          flow: rows.flow[i],
          seq: rows.seq[i],
          kind: (code >> 2) & 3,
          retx: ((code >> 4) & 1) === 1,
          enq: what === LINK_ENQUEUE ? t : NaN,
          tx: NaN,
          arrive: NaN,
          drop: NaN,
          cause: 0,
        };
        this.flights.push(f);
        this.live.set(key, f);
      }
      if (what === LINK_TRANSMIT) {
        f.tx = t;
        f.arrive = rows.until[i];
      } else if (what === LINK_DROP) {
        f.drop = t;
        f.cause = code >> 8;
        this.live.delete(key);
      }
      const end = flightEnd(f);
      if (Number.isFinite(end)) this.longest = Math.max(this.longest, end - flightStart(f));
      if (t > this.newest) this.newest = t;
    }
    this.prune();
    this.version++;
  }

  /** The passages under way at some moment of [t0, t1], in start order. */
  around(t0: number, t1: number): Flight[] {
    const out: Flight[] = [];
    const fl = this.flights;
    // last passage starting at or before t1
    let lo = 0;
    let hi = fl.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (flightStart(fl[mid]) <= t1) lo = mid + 1;
      else hi = mid;
    }
    const earliest = t0 - this.longest;
    let i = lo - 1;
    for (; i >= 0; i--) {
      const f = fl[i];
      if (flightStart(f) < earliest) break;
      if (flightEnd(f) >= t0) out.push(f);
    }
    out.reverse();
    // Passages still under way that began before the longest finished one (a long wait in a queue).
    if (i >= 0) {
      const older: Flight[] = [];
      for (const f of this.live.values()) if (flightStart(f) < earliest && flightEnd(f) >= t0) older.push(f);
      older.sort((x, y) => flightStart(x) - flightStart(y));
      out.unshift(...older);
    }
    return out;
  }

  /** Let go of the oldest half past capacity, and of live entries long arrived. */
  private prune(): void {
    if (this.flights.length > this.capacity) this.flights = this.flights.slice(this.flights.length - (this.capacity >> 1));
    if (this.live.size > 4096) {
      for (const [k, f] of this.live) if (Number.isFinite(f.arrive) && f.arrive < this.newest) this.live.delete(k);
    }
  }
}
