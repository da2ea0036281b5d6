/**
 * What a TCP endpoint needs from the simulator: the packet pool, a way to put
 * a packet on the network at its node, timers, and the event log. Passing
 * this narrow interface (instead of the simulator) keeps the TCP code
 * testable on its own.
 */
import type { Timer, TimerOwner } from '../core/timers';
import type { PacketPool } from '../net/packets';
import type { EventLog } from '../output/event-log';

export type { Timer, TimerOwner };

export interface TcpHost {
  readonly pool: PacketPool;
  readonly log: EventLog;
  /**
   * The simulated time of the event being handled, ns. An arriving packet's
   * handler reads it here rather than taking it as an argument: a time is a
   * double beyond the small-integer range, and V8 boxes a double passed to a
   * function it does not inline into a new heap number on every call.
   */
  readonly nowNs: number;
  /** Put a packet created at `node` onto the network now. */
  send(pkt: number, node: number): void;
  newTimer(owner: TimerOwner, which: number): Timer;
  arm(timer: Timer, atNs: number): void;
  disarm(timer: Timer): void;
}
