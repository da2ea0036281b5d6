/**
 * Where each packet is at a moment, in a lane's own coordinates (x from the
 * sending end, 0, to the receiving end, `length`): pure arithmetic over the
 * passages of flights.ts, so it is tested without a page.
 *
 * - On the wire, a packet is the stretch of the lane its bits occupy: the
 *   first bit left when the transmission started and travels the lane in the
 *   link's propagation delay; the last bit left one serialization time
 *   later. So a packet on a slow link is long, on a fast one short, and
 *   both move at the link's real pace.
 * - Waiting in the queue, packets stack from the sending end, one cell each
 *   (the lane's length holds the queue's waiting room, as the lane's fill
 *   does), the next to be sent first.
 * - A lost packet leaves a mark where it was lost: at the tail of the queue
 *   it could not join (overflow, RED), at the sending end (a scripted or
 *   random loss, a burst, a link down as it arrived), or where it was on the
 *   wire when the link went down. The mark stays for `hold` seconds.
 */
import { flightStart, type Flight } from './flights';

export interface LaneGeometry {
  /** drawn length of the lane */
  length: number;
  /** propagation delay, seconds */
  delay: number;
  /** packets the queue holds waiting */
  room: number;
}

export interface WireMark {
  flight: Flight;
  /** the stretch of the lane the packet occupies */
  x0: number;
  x1: number;
}

export interface QueueMark {
  flight: Flight;
  /** place in the queue, 0 = next to be sent */
  slot: number;
  /** its cell along the lane */
  x0: number;
  x1: number;
}

export interface DropMark {
  flight: Flight;
  /** where along the lane */
  x: number;
  /** lost at the queue's tail (overflow, RED) rather than on the way in or on the wire */
  atQueue: boolean;
  /** seconds since the loss */
  age: number;
}

export interface LaneView {
  wire: WireMark[];
  queue: QueueMark[];
  drops: DropMark[];
}

/** Shortest drawn packet, in lane units: an ACK on a fast link would otherwise be invisible. */
export const MIN_MARK = 3;

export function emptyView(): LaneView {
  return { wire: [], queue: [], drops: [] };
}

/** Where the packets of one direction are at time `t`. `flights` are those of this direction around t (in start order). */
export function laneView(flights: readonly Flight[], t: number, lane: LaneGeometry, hold: number): LaneView {
  const view = emptyView();
  const cell = lane.length / Math.max(1, lane.room);
  const queued = (f: Flight, at: number) => flightStart(f) <= at && !(f.tx <= at) && !(f.drop <= at);
  for (const f of flights) {
    if (f.drop <= t && t - f.drop <= hold) {
      const x = dropPosition(f, flights, lane, cell);
      view.drops.push({ flight: f, x, atQueue: QUEUE_CAUSES.has(f.cause), age: t - f.drop });
      continue;
    }
    if (f.drop <= t) continue;
    if (f.tx <= t && t < f.arrive) {
      const [x0, x1] = onWire(f, t, lane);
      view.wire.push({ flight: f, x0, x1 });
    } else if (queued(f, t)) {
      view.queue.push({ flight: f, slot: 0, x0: 0, x1: 0 });
    }
  }
  // FIFO: the earliest to join is the next to be sent.
  view.queue.sort((a, b) => flightStart(a.flight) - flightStart(b.flight));
  view.queue.forEach((q, slot) => {
    q.slot = slot;
    q.x0 = Math.min(lane.length - cell, slot * cell);
    q.x1 = q.x0 + cell;
  });
  return view;
}

/** The stretch [tail, head] of the lane a packet in transmission or propagation occupies at t. */
export function onWire(f: Flight, t: number, lane: LaneGeometry): [number, number] {
  const total = f.arrive - f.tx;
  const delay = Math.min(lane.delay, total);
  const serialize = Math.max(0, total - delay);
  const L = lane.length;
  let head: number;
  let tail: number;
  if (delay <= 0) {
    // no propagation delay: the packet fills the lane as it is serialized
    head = L;
    tail = L * Math.min(1, (t - f.tx) / (serialize || 1));
  } else {
    head = L * Math.min(1, (t - f.tx) / delay);
    tail = L * Math.max(0, Math.min(1, (t - f.tx - serialize) / delay));
  }
  if (head - tail < MIN_MARK) {
    // keep a visible mark, inside the lane
    tail = Math.max(0, Math.min(head, L) - MIN_MARK);
    head = Math.min(L, tail + MIN_MARK);
  }
  return [tail, head];
}

const QUEUE_CAUSES = new Set([1, 2, 3, 4]); // Overflow, RED early, RED forced, RED overflow
const LINK_DOWN = 7;

function dropPosition(f: Flight, flights: readonly Flight[], lane: LaneGeometry, cell: number): number {
  if (f.cause === LINK_DOWN && f.tx <= f.drop) return onWire(f, f.drop, lane)[1];
  if (!QUEUE_CAUSES.has(f.cause)) return 0;
  // the tail of the queue it could not join
  let waiting = 0;
  for (const g of flights) if (g !== f && flightStart(g) <= f.drop && !(g.tx <= f.drop) && !(g.drop <= f.drop)) waiting++;
  return Math.min(lane.length, waiting * cell);
}

/** Words for a loss's cause (engine DropCause), for the mark's tooltip and the tests. */
export function causeName(cause: number): string {
  switch (cause) {
    case 1:
      return 'queue full';
    case 2:
      return 'RED early drop';
    case 3:
      return 'RED drop above the maximum threshold';
    case 4:
      return 'RED queue full';
    case 5:
      return 'dropped by the scenario';
    case 6:
      return 'burst loss';
    case 7:
      return 'link down';
    case 8:
      return 'random loss';
    default:
      return 'lost';
  }
}
