/**
 * Timers on the event list (TCP's retransmission and delayed-ACK timers):
 * each timer has at most one event in the list. Re-arming to a later time only moves the
 * deadline (the per-ACK restart of the retransmission timer costs no
 * event-list work); when the event fires early it re-schedules itself for the
 * deadline. Each arming takes an event sequence number, so a timer fires among
 * same-time events as if it had been scheduled when it was armed (ns-2's
 * order).
 */
import type { EventQueue } from './event-queue';

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

export class Timers {
  private readonly all: Timer[] = [];

  constructor(
    private readonly events: EventQueue,
    /** the event kind the simulator dispatches back to fire() (SimEvent.Timer) */
    private readonly eventKind: number,
  ) {}

  create(owner: TimerOwner, which: number): Timer {
    const t = new Timer(this.all.length, owner, which);
    this.all.push(t);
    return t;
  }

  arm(timer: Timer, atNs: number): void {
    timer.deadline = atNs;
    timer.seq = this.events.reserve();
    if (timer.scheduledAt < 0 || atNs < timer.scheduledAt) {
      timer.scheduledAt = atNs;
      this.events.scheduleAs(atNs, this.eventKind, timer.id, timer.seq);
    }
  }

  disarm(timer: Timer): void {
    timer.deadline = -1;
  }

  /** The event of timer `id` came due (the event list's event being handled). */
  fire(id: number): void {
    const now = this.events.poppedTime;
    const timer = this.all[id];
    if (now !== timer.scheduledAt) return; // superseded by an earlier re-arm
    timer.scheduledAt = -1;
    if (timer.deadline < 0) return;
    if (now < timer.deadline) {
      // Re-armed to a later time since this event was scheduled.
      timer.scheduledAt = timer.deadline;
      this.events.scheduleAs(timer.deadline, this.eventKind, timer.id, timer.seq);
      return;
    }
    timer.deadline = -1;
    timer.owner.onTimer(timer.which, now);
  }
}
