/**
 * The TCP timers on the event list (the Timer of tcp/host.ts): each timer
 * has at most one event in the list. Re-arming to a later time only moves the
 * deadline (the per-ACK restart of the retransmission timer costs no
 * event-list work); when the event fires early it re-schedules itself for the
 * deadline. Each arming takes an event sequence number, so a timer fires among
 * same-time events as if it had been scheduled when it was armed (ns-2's
 * order).
 */
import { Timer, type TimerOwner } from '../tcp/host';
import type { EventQueue } from './event-queue';

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

  /** The event of timer `id` came due at `now`. */
  fire(id: number, now: number): void {
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
