/**
 * Undo and redo over the scenario as written: a stack of snapshots, each the
 * whole editing state before one edit. Snapshots are the store's immutable
 * documents (edits copy only what they change), so keeping a hundred costs
 * little more than the changes themselves.
 *
 * Edits that come in a stream (a node nudged with the arrow keys, a value
 * typed again and again into one field) merge into one step when they carry
 * the same `merge` key within `MERGE_MS` of each other: one Ctrl+Z undoes the
 * whole nudge, as in a drawing program.
 */

/** Steps kept; the oldest go first. */
export const HISTORY_LIMIT = 200;
/** Edits with the same merge key this close together are one step. */
export const MERGE_MS = 1000;

export interface HistoryStep<S> {
  /** the state to return to: before the edit (a step of `past`), or before the undo (a step of `future`) */
  state: S;
  /** what the edit did, in the page's words: "Move node r1" (the Undo button's title) */
  what: string;
  /** edits with the same key close together merge into one step */
  merge?: string;
  /** when the step was recorded or last merged into, ms */
  at: number;
}

export interface History<S> {
  /** oldest first; the last is the step Undo takes back */
  past: readonly HistoryStep<S>[];
  /** the steps undone, the next Redo last */
  future: readonly HistoryStep<S>[];
}

export function emptyHistory<S>(): History<S> {
  return { past: [], future: [] };
}

/**
 * Record an edit made from `before`. A new edit clears what could be redone
 * (the usual linear history).
 */
export function record<S>(h: History<S>, before: S, what: string, now: number, merge?: string): History<S> {
  const last = h.past[h.past.length - 1];
  if (merge !== undefined && last && last.merge === merge && now - last.at <= MERGE_MS && h.future.length === 0) {
    // Keep the older state: undo goes back past the whole stream of edits.
    return { past: [...h.past.slice(0, -1), { ...last, what, at: now }], future: [] };
  }
  const past = [...h.past, { state: before, what, merge, at: now }];
  return { past: past.length > HISTORY_LIMIT ? past.slice(past.length - HISTORY_LIMIT) : past, future: [] };
}

/** Undo from `current`: the state to go back to and the history after, or null when there is nothing to undo. */
export function undo<S>(h: History<S>, current: S): { state: S; history: History<S>; what: string } | null {
  const step = h.past[h.past.length - 1];
  if (!step) return null;
  return {
    state: step.state,
    what: step.what,
    history: { past: h.past.slice(0, -1), future: [...h.future, { state: current, what: step.what, at: step.at }] },
  };
}

/** Redo from `current`: the state the undone edit made, or null when there is nothing to redo. */
export function redo<S>(h: History<S>, current: S): { state: S; history: History<S>; what: string } | null {
  const step = h.future[h.future.length - 1];
  if (!step) return null;
  return {
    state: step.state,
    what: step.what,
    history: { past: [...h.past, { state: current, what: step.what, at: step.at }], future: h.future.slice(0, -1) },
  };
}

/** What Undo would take back ("Move node r1"), or null. */
export function nextUndo<S>(h: History<S>): string | null {
  return h.past[h.past.length - 1]?.what ?? null;
}

/** What Redo would do again, or null. */
export function nextRedo<S>(h: History<S>): string | null {
  return h.future[h.future.length - 1]?.what ?? null;
}
