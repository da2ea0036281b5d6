/**
 * The page's watch over its engine worker: a ping after every command and
 * one every `heartbeatMs` while nothing is waiting, and a worker that has not
 * answered a ping within `answerMs` is late. The worker answers pings between
 * its work slices (a tick is at most 8 ms of engine work), so a late answer
 * means it is stuck in one event (an engine that loops) or gone (out of
 * memory, killed), not merely busy.
 *
 * Timers and the clock are injected, so tests drive it with fakes.
 */

export interface WatchdogClock {
  /** wall clock, milliseconds */
  now(): number;
  /** Call `fn` every `ms` milliseconds until the returned function is called. */
  every(fn: () => void, ms: number): () => void;
}

export interface WatchdogOptions {
  /** a ping unanswered this long means the worker is stuck or gone */
  answerMs: number;
  /** how often the watchdog looks (and pings when nothing is waiting) */
  heartbeatMs: number;
  clock: WatchdogClock;
}

export const browserClock: WatchdogClock = {
  now: () => performance.now(),
  every: (fn, ms) => {
    const id = setInterval(fn, ms);
    return () => clearInterval(id);
  },
};

/**
 * Eight seconds: longer than any single thing the worker does at once (building
 * the largest network the loader accepts, formatting an export), short enough
 * that a student is not left staring at a frozen run.
 */
export const DEFAULT_WATCHDOG: WatchdogOptions = { answerMs: 8000, heartbeatMs: 1000, clock: browserClock };

export class Watchdog {
  private nextId = 1;
  private waiting: { id: number; sentAt: number } | null = null;
  private stopTimer: (() => void) | null = null;

  constructor(
    private readonly opts: WatchdogOptions,
    private readonly ping: (id: number) => void,
    private readonly late: (silentMs: number) => void,
  ) {}

  start(): void {
    this.stop();
    this.stopTimer = this.opts.clock.every(() => this.look(), this.opts.heartbeatMs);
  }

  stop(): void {
    this.stopTimer?.();
    this.stopTimer = null;
    this.waiting = null;
  }

  /** A command went out: make sure a ping follows it. */
  nudge(): void {
    if (this.stopTimer && !this.waiting) this.send();
  }

  answered(id: number): void {
    if (this.waiting?.id === id) this.waiting = null;
  }

  private look(): void {
    if (!this.waiting) {
      this.send();
      return;
    }
    const silent = this.opts.clock.now() - this.waiting.sentAt;
    if (silent >= this.opts.answerMs) {
      this.stop();
      this.late(silent);
    }
  }

  private send(): void {
    const id = this.nextId++;
    this.waiting = { id, sentAt: this.opts.clock.now() };
    this.ping(id);
  }
}
