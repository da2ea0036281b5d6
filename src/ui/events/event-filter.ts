/**
 * What the event log shows: the run's events filtered by flow and kind, as
 * indexes into the history (so a filter over 20,000 events costs one pass and
 * no copies of the rows).
 */
import type { EventRow } from '../../engine/output/rundata';

export interface EventFilter {
  /** flow id, '' for link events, or null for all */
  flow: string | null;
  /** events.csv kind, or null for all */
  kind: string | null;
}

export const ALL_EVENTS: EventFilter = { flow: null, kind: null };

export function matches(e: EventRow, f: EventFilter): boolean {
  return (f.flow === null || e.flow === f.flow) && (f.kind === null || e.event === f.kind);
}

/** Indexes of the rows the filter keeps, in order. */
export function filterEvents(rows: readonly EventRow[], f: EventFilter): number[] {
  const out: number[] = [];
  for (let i = 0; i < rows.length; i++) if (matches(rows[i], f)) out.push(i);
  return out;
}

/** The rows a virtual list of `rowHeight` shows when scrolled to `scrollTop` in a `height` viewport, with `overscan` rows either side. */
export function visibleWindow(count: number, scrollTop: number, height: number, rowHeight: number, overscan = 6): [number, number] {
  if (count === 0 || rowHeight <= 0) return [0, 0];
  const last = Math.min(count, Math.ceil((scrollTop + height) / rowHeight) + overscan);
  const first = Math.min(Math.max(0, Math.floor(scrollTop / rowHeight) - overscan), Math.max(0, last - 1));
  return [first, last];
}
