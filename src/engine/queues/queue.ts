/**
 * The queue of one link direction.
 *
 * A queue holds the packets waiting for the transmitter; the packet being
 * serialized belongs to the link, not to the queue (as in ns-2, where the
 * LinkDelay object holds it). Packets are ids into the packet pool; the queue
 * keeps their sizes beside them so that it never reads the pool.
 */

/** Why a packet was dropped. Stored as small integers in the event log. */
export const enum DropCause {
  None = 0,
  /** DropTail full. */
  Overflow = 1,
  /** RED early (probabilistic) drop between the thresholds. */
  RedEarly = 2,
  /** RED forced drop: average above maxThresh (2·maxThresh when gentle). */
  RedForced = 3,
  /** RED: the physical limit reached. */
  RedOverflow = 4,
  /** Scenario fault: dropSegments. */
  Segment = 5,
  /** Scenario fault: dropBurst. */
  Burst = 6,
  /** Scenario fault: the link was down. */
  LinkDown = 7,
  /** Scenario fault: randomLoss. */
  Random = 8,
}

export interface PacketQueue {
  /** Packets waiting (not counting the one being transmitted). */
  readonly length: number;
  /** Bytes waiting. */
  readonly bytes: number;
  /** The average queue in packets that the discipline keeps (RED), or NaN. */
  readonly average: number;
  /**
   * Offer an arriving packet. Returns DropCause.None if it was queued, or why
   * the arriving packet was dropped (the queue then does not hold it).
   * `idleSince` is the time the link went idle with this queue empty, or -1
   * when the link is busy or the queue is not empty (RED ages its average
   * over idle periods).
   */
  enqueue(pkt: number, size: number, now: number, idleSince: number): DropCause;
  /** The next packet to transmit, or -1 when empty. */
  dequeue(): number;
  /** Remove every waiting packet, oldest first, calling `drop` for each. */
  flush(drop: (pkt: number) => void): void;
}
