/**
 * stepToProtocolEvent's place in the event log (simulator.ts): the page steps
 * a run to its next drop, fast retransmit, timeout, recovery entry or exit or
 * partial ACK. One event can log several of these at once (a fast retransmit
 * and the start of recovery), so the cursor returns the ones not yet returned
 * first, unless the run moved on meanwhile.
 */
import type { EventQueue } from './core/event-queue';
import { isStepEvent, type EventLog } from './output/event-log';

export class StepCursor {
  /** the next log index to look at */
  private cursor = 0;
  /** the log's length when the cursor was last set: if it grew since, older rows are not returned */
  private mark = 0;

  /**
   * Step `run` until a step event is logged or the next event lies beyond
   * `limit` (ns); returns that event's log index, or −1.
   */
  next(log: EventLog, events: EventQueue, limit: number, run: { step(): boolean }): number {
    let seen = log.length === this.mark ? this.cursor : log.length;
    for (;;) {
      for (; seen < log.length; seen++) {
        if (isStepEvent(log.kind.at(seen))) {
          this.cursor = seen + 1;
          this.mark = log.length;
          return seen;
        }
      }
      if (events.peekTime() > limit) break;
      run.step();
    }
    this.cursor = this.mark = log.length;
    return -1;
  }

  /** The log forgot its first `dropped` rows: indexes move down with it. */
  forget(dropped: number): void {
    this.cursor = Math.max(0, this.cursor - dropped);
    this.mark = Math.max(0, this.mark - dropped);
  }
}
