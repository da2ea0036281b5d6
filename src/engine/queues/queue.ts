/**
 * The queue of one link direction.
 *
 * A queue holds the packets waiting for the transmitter; the packet being
 * serialized belongs to the link, not to the queue (as in ns-2, where the
 * LinkDelay object holds it). Packets are ids into the packet pool; the queue
 * keeps their sizes beside them so that it never reads the pool. What a
 * discipline needs to know or do to a packet beyond that — whether it is
 * ECN-capable, setting CE, discarding one it already holds — goes through
 * the QueueEnv its link direction passes with each call.
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
  /** The queue's byte limit (`limitBytes`) reached. */
  OverflowBytes = 9,
  /** CoDel dropped the packet at dequeue: the sojourn stayed above target for an interval (RFC 8289). */
  Codel = 10,
  /** PIE's random drop at enqueue (RFC 8033). */
  Pie = 11,
  /** FQ-CoDel full: dropped from the head of the flow queue holding the most bytes (RFC 8290 §4.1.1). */
  FqOverflow = 12,
}

/**
 * What a discipline may ask of, or tell, its link direction about a packet
 * (the network passes one per direction with each enqueue and dequeue; it
 * holds nothing per packet, so a call allocates nothing).
 */
export interface QueueEnv {
  /** The packet carries ECT(0) or ECT(1): it may be marked CE instead of dropped (RFC 3168 §5). */
  ect(pkt: number): boolean;
  /** Set CE on a packet the discipline keeps (counted as a mark of this direction). */
  markCe(pkt: number): void;
  /**
   * A packet the discipline had queued and now discards: CoDel's drop at
   * dequeue, FQ-CoDel's drop from the fattest flow. The network counts and
   * reports it as a queue drop and frees it; the discipline forgets it.
   */
  dropQueued(pkt: number, cause: DropCause): void;
  /**
   * The packet's flow as a 5-tuple would tell it (RFC 8290 §4.1.1): one key
   * per flow and direction, so a flow's data and its ACKs are two flows.
   * Absent: every packet is one flow.
   */
  flowKey?(pkt: number): number;
}

/** An environment in which no packet is ECN-capable and nothing is dropped from inside the queue (tests, DropTail). */
export const PLAIN_ENV: QueueEnv = {
  ect: () => false,
  markCe: () => {},
  dropQueued: () => {},
};

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
   * over idle periods). Times are in seconds.
   */
  enqueue(pkt: number, size: number, now: number, idleSince: number, env: QueueEnv): DropCause;
  /**
   * The next packet to transmit at `now` (seconds), or -1 when empty. A
   * discipline that drops at dequeue (CoDel) reports each packet it drops
   * on the way through `env.dropQueued`.
   */
  dequeue(now: number, env: QueueEnv): number;
  /**
   * What the discipline's last drop or mark decided on, for its sentence in
   * the event log (CoDel: the packet's sojourn in ms; PIE: the drop
   * probability; FQ-CoDel: the packets waiting in the flow queue it cut), or
   * NaN / absent.
   */
  readonly lastDetail?: number;
  /** The discipline's control variables, as extra queues.csv columns (CoDel's drop count, PIE's probability). */
  readonly controlColumns?: readonly string[];
  /** Current value of controlColumns[i]. */
  control?(i: number): number;
  /** Remove every waiting packet, oldest first, calling `drop` for each. */
  flush(drop: (pkt: number) => void): void;
}
