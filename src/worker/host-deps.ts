/**
 * What the worker's run loop (engine-host.ts) is given: the engine to run,
 * how to post to the page, a clock and a scheduler (fakes in tests), and
 * the pacing limits.
 */
import type { RunData } from '../engine/output/rundata';
import type { Scenario } from '../engine/scenario/types';
import type { EngineLike } from './engine-like';
import type { FromWorker, ReplayOutput } from './protocol';

export interface HostDeps {
  createEngine(scenario: Scenario): EngineLike;
  /**
   * How much of a run the engine keeps for Export CSV (engine/scenario/memory.ts
   * pageRetention); older samples and events are forgotten once posted, so a
   * long run's memory stays flat. Absent: everything is kept.
   */
  retention?(scenario: Scenario): { samples: number; events: number };
  post(message: FromWorker, transfer?: Transferable[]): void;
  /** wall clock, milliseconds */
  now(): number;
  /** Run `fn` after `ms` milliseconds; returns a function that cancels it. */
  schedule(fn: () => void, ms: number): () => void;
  toCsv(data: RunData): Record<string, string>;
  /** Replay `scenario` to simulated time `until` and return one packet-level file of it (replay.ts). */
  replay?(scenario: Scenario, until: number, output: ReplayOutput): Uint8Array;
}

export interface HostOptions {
  /** wall milliseconds between ticks (30 per second) */
  tickMs: number;
  /** longest wall time one tick may spend in the engine */
  budgetMs: number;
  /** a tick after a long gap (a throttled background tab) advances at most this much wall time */
  maxElapsedMs: number;
  /** once this many packet trace rows have been posted, the engine's trace columns are emptied (they keep their capacity) */
  drainTraceRows: number;
  /** a batch carries at most this many link trace rows, the newest (a long step would otherwise send them all) */
  maxLinkRows: number;
}

export const DEFAULT_HOST_OPTIONS: HostOptions = {
  tickMs: 1000 / 30,
  budgetMs: 8,
  maxElapsedMs: 100,
  drainTraceRows: 1 << 16,
  maxLinkRows: 20_000,
};
