import { DropCause, type QueueEnv } from './queue';
import type { TimedFifo } from './timed-fifo';

/**
 * CoDel's control loop (RFC 8289 §5, the pseudocode of §5.3–5.5), over one
 * FIFO of timestamped packets: the whole queue of a CoDel link, or one
 * sub-queue of FQ-CoDel (RFC 8290 §4.2 runs it per flow).
 *
 * - The sojourn time of each packet leaving is measured from its enqueue
 *   timestamp. When it has stayed at or above `target` for a whole
 *   `interval` (and more than `maxPacket` bytes remain), CoDel enters the
 *   dropping state and drops the packet at the head; it then drops again at
 *   intervals of `interval / √count` (the control law, §5.5) until a packet
 *   leaves with a sojourn below target.
 * - Re-entering the dropping state soon after leaving it (within 16
 *   intervals of the last scheduled drop) starts `count` from what the last
 *   episode added, not from 1 (§5.4), so a persistent queue is not given a
 *   fresh slow start each time.
 * - With ECN (`ecn`, RFC 8289 §5.1, RFC 3168): an ECN-capable packet CoDel
 *   would drop is marked CE and sent instead, and the next drop is scheduled
 *   as if it had been dropped.
 *
 * Where the sources differ: the control law's 1/√count is computed exactly,
 * as the RFC writes it; Linux and ns-3 keep a Newton-step approximation of
 * it (within a fraction of a percent once count is a few). When a marked
 * packet ends a burst of drops in the dropping state, Linux returns the
 * marked packet at once (codel_dequeue's `goto end`), which this follows;
 * ns-3 does the same. Times are seconds, as the queue interface gives them.
 */
export class CodelControl {
  /** drops (and marks) in the current dropping episode, RFC count */
  count = 0;
  /** count at the start of the last episode, RFC lastcount */
  lastCount = 0;
  /** in the dropping state */
  dropping = false;
  /** when the sojourn went above target + interval (0: it is below target), RFC first_above_time */
  private firstAbove = 0;
  /** the next scheduled drop, RFC drop_next */
  dropNext = 0;
  /** the sojourn (ms) of the last packet this loop dropped or marked, for its event's sentence */
  lastSojournMs = NaN;
  /** whether the last packet dequeued may be dropped (RFC ok_to_drop) */
  private ok = false;
  private sojourn = 0;

  constructor(
    private readonly target: number,
    private readonly interval: number,
    private readonly maxPacket: number,
    private readonly ecn: boolean,
    private readonly cause: DropCause = DropCause.Codel,
  ) {}

  /** RFC 8289 §5.5: t + interval/√count. */
  private controlLaw(t: number): number {
    return t + this.interval / Math.sqrt(this.count);
  }

  /** The head packet, with ok set when CoDel's condition has held for an interval (RFC dodequeue). */
  private doDequeue(q: TimedFifo, now: number): number {
    const pkt = q.shift();
    this.ok = false;
    if (pkt < 0) {
      this.firstAbove = 0;
      return -1;
    }
    this.sojourn = now - q.shiftedAt;
    if (this.sojourn < this.target || q.bytes <= this.maxPacket) {
      this.firstAbove = 0;
    } else if (this.firstAbove === 0) {
      this.firstAbove = now + this.interval;
    } else if (now >= this.firstAbove) {
      this.ok = true;
    }
    return pkt;
  }

  /** Drop or mark the packet CoDel has chosen; true when it was marked (and so is still to be sent). */
  private punish(pkt: number, env: QueueEnv): boolean {
    this.lastSojournMs = this.sojourn * 1000;
    if (this.ecn && env.ect(pkt)) {
      env.markCe(pkt);
      return true;
    }
    env.dropQueued(pkt, this.cause);
    return false;
  }

  /** The next packet to send from `q` at `now` (seconds), or -1; drops on the way go through env (RFC dequeue). */
  dequeue(q: TimedFifo, now: number, env: QueueEnv): number {
    let pkt = this.doDequeue(q, now);
    if (pkt < 0) {
      this.dropping = false;
      return -1;
    }
    if (this.dropping) {
      if (!this.ok) {
        this.dropping = false;
      } else {
        while (now >= this.dropNext && this.dropping) {
          this.count++;
          if (this.punish(pkt, env)) {
            this.dropNext = this.controlLaw(this.dropNext);
            return pkt;
          }
          pkt = this.doDequeue(q, now);
          if (!this.ok) this.dropping = false;
          else this.dropNext = this.controlLaw(this.dropNext);
        }
      }
    } else if (this.ok) {
      if (!this.punish(pkt, env)) pkt = this.doDequeue(q, now);
      this.dropping = true;
      const delta = this.count - this.lastCount;
      this.count = delta > 1 && now - this.dropNext < 16 * this.interval ? delta : 1;
      this.dropNext = this.controlLaw(now);
      this.lastCount = this.count;
    }
    return pkt;
  }
}
