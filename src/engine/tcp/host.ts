/**
 * What a TCP endpoint needs from the simulator: the packet pool, a way to put
 * a packet on the network at its node, timers, and the event log. Passing
 * this narrow interface (instead of the simulator) keeps the TCP code
 * testable on its own.
 */
import type { EventLog } from '../core/event-log';
import type { PacketPool } from '../net/packets';
import type { DropCause } from '../queues/queue';

export interface TimerOwner {
  onTimer(which: number, now: number): void;
}

/**
 * A one-shot timer that can be re-armed cheaply: re-arming to a later time
 * leaves the scheduled event where it is and re-checks the deadline when it
 * fires, so the per-ACK timer restart of TCP costs no event-list work.
 */
export class Timer {
  /** when it should fire (ns), or -1 when not armed */
  deadline = -1;
  /** time of the event in the event list for it, or -1 */
  scheduledAt = -1;
  /** event sequence number taken when last armed: it fires among same-time events as if scheduled then */
  seq = 0;
  constructor(
    readonly id: number,
    readonly owner: TimerOwner,
    readonly which: number,
  ) {}

  get pending(): boolean {
    return this.deadline >= 0;
  }
}

export interface TcpHost {
  readonly pool: PacketPool;
  readonly log: EventLog;
  /** Put a packet created at `node` onto the network. */
  send(pkt: number, node: number, now: number): void;
  /** Lose a packet at the first link from `node` because a fault says so. */
  faultDrop(pkt: number, node: number, cause: DropCause, now: number): void;
  newTimer(owner: TimerOwner, which: number): Timer;
  arm(timer: Timer, atNs: number): void;
  disarm(timer: Timer): void;
}
