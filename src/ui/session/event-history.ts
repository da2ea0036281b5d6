/**
 * Every protocol event of the run so far, for the event log panel: the rows
 * the worker's batches carry, in time order. A congested run logs thousands
 * of drops, so the history is bounded: past `capacity` rows the oldest
 * quarter is let go (the panel says how many), never the newest.
 */
import type { EventRow } from '../../engine/output/rundata';

export const EVENT_HISTORY_ROWS = 20_000;

export class EventHistory {
  rows: EventRow[] = [];
  /** rows let go because the history was full */
  dropped = 0;
  /** changes whenever rows are added or let go (React compares it) */
  version = 0;

  constructor(readonly capacity = EVENT_HISTORY_ROWS) {}

  clear(): void {
    this.rows = [];
    this.dropped = 0;
    this.version++;
  }

  add(rows: readonly EventRow[]): void {
    if (rows.length === 0) return;
    for (const r of rows) this.rows.push(r);
    if (this.rows.length > this.capacity) {
      const cut = this.rows.length - this.capacity + (this.capacity >> 2);
      this.rows = this.rows.slice(cut);
      this.dropped += cut;
    }
    this.version++;
  }
}
