/**
 * Editing the scenario: the part of the lab store the topology, flow and
 * fault editors use.
 *
 * The model, in one place:
 * - `scenarioInput` is the scenario as written and always one the loader
 *   accepted. A structural edit (add, delete, move, connect) is a pure
 *   function of it (edit-ops.ts), judged by the loader and refused whole if
 *   the loader refuses the result.
 * - A form field's value is data (field-ops.ts): if the loader refuses the
 *   scenario with it, it is kept as typed in `pending`, with the loader's
 *   reasons, and Play waits until it is fixed. Every change re-tries the
 *   pending values, so fixing another field (a coarser sample interval for a
 *   longer run) lets a refused one in.
 * - `edited` is the normalized form of `scenarioInput`; `scenario` is what the
 *   worker runs. The session loads `scenario` whenever it changes, so:
 *   · while the run is untouched (ready at t = 0, or nothing loaded) a valid
 *     edit becomes `scenario` at once;
 *   · once the run has started, edits wait: `runStale` is set ("press Reset to
 *     apply"), and the next run the worker loads (Reset, or the Apply button)
 *     is replaced by the edited scenario;
 *   · an edit that changes only positions or names never restarts or stales
 *     a run.
 * - A fault injected live goes to the worker at once (the session's
 *   inject-fault path) and is appended to `scenarioInput` with its effective
 *   time, so Export scenario saves a replayable file and Reset replays it.
 * - Every change is one step of undo (history.ts), per scenario, and is kept
 *   with the scenario's draft (working.ts), so that choosing another
 *   scenario, reloading the page or a mistake loses nothing.
 */
import type { ParseResult, Scenario } from '../engine/scenario/types';
import { addFault, asDoc, type ScenarioDoc } from './edit-ops';
import { fieldKey, settle, type PendingField } from './field-ops';
import { emptyHistory, record, redo, undo } from './history';
import type { EditorActions, EditorData, EditorSelection, EditSnapshot, LabState, ScenarioParser } from './lab-types';
import { warningsOf } from './warnings';
import { keepWork, sameRun } from './working';

export type { EditOptions, EditRejection, EditResult, EditorActions, EditorData, EditorSelection } from './lab-types';

export const INITIAL_EDITOR: EditorData = {
  edited: null,
  runStale: false,
  liveFaults: [],
  editRejection: null,
  editorSelection: null,
  pending: [],
  warnings: [],
  histories: {},
  focusRequest: null,
};

/** Editor state for a freshly opened scenario. */
export function freshEditor(
  scenario: Scenario,
): Pick<EditorData, 'edited' | 'runStale' | 'liveFaults' | 'editRejection' | 'editorSelection'> {
  return { edited: scenario, runStale: false, liveFaults: [], editRejection: null, editorSelection: null };
}

/**
 * Nothing would be lost by restarting the run: nothing loaded yet, stopped by
 * an error, or loaded and still at t = 0.
 */
export function runUntouched(s: Pick<LabState, 'status' | 'simTime' | 'liveFaults'>): boolean {
  return (
    s.status === 'empty' ||
    s.status === 'error' ||
    (s.status === 'ready' && s.simTime === 0 && s.liveFaults.length === 0)
  );
}

type Set = (partial: Partial<LabState>) => void;
type Get = () => LabState;
type Valid = Extract<ParseResult, { ok: true }>;

/** The selection, if what it names is still there. */
function stillThere(sel: EditorSelection, doc: ScenarioDoc): EditorSelection {
  if (!sel) return null;
  const nodes = new Set(doc.nodes.map((n) => n.id));
  if (sel.kind === 'node') return nodes.has(sel.id) ? sel : null;
  if (sel.kind === 'link') return doc.links.some((l) => l.id === sel.id) ? sel : null;
  const ids = sel.ids.filter((id) => nodes.has(id));
  return ids.length === sel.ids.length
    ? sel
    : ids.length > 1
      ? { kind: 'nodes', ids }
      : ids.length
        ? { kind: 'node', id: ids[0]! }
        : null;
}

/**
 * Make `input` (valid: `result`) with `pending` the scenario being edited:
 * the run follows (at once, or at the next Reset), the draft keeps it, and
 * `what` becomes a step of undo (none when `what` is null).
 */
export type Commit = (
  what: string | null,
  input: unknown,
  result: Valid,
  pending: PendingField[],
  options?: {
    merge?: string;
    /** the run is not affected (it already has the change, or only positions changed) */ keepRun?: boolean;
  },
) => void;

export function createCommit(set: Set, get: Get): Commit {
  return (what, input, result, pending, options = {}) => {
    const s = get();
    const before: EditSnapshot = { input: s.scenarioInput, pending: s.pending };
    const now = Date.now();
    const patch: Partial<LabState> = {
      scenarioInput: input,
      edited: result.scenario,
      pending,
      warnings: warningsOf(result),
      editRejection: null,
      ...keepWork(s, s.scenarioKey, input, pending, now),
    };
    if (input !== s.scenarioInput && !options.keepRun && !sameRun(input, s.scenarioInput)) {
      if (runUntouched(s)) {
        patch.scenario = result.scenario;
        patch.runStale = false;
      } else patch.runStale = true;
    }
    const sel = stillThere(s.editorSelection, asDoc(input));
    if (sel !== s.editorSelection) patch.editorSelection = sel;
    if (what !== null && s.scenarioKey !== null) {
      const history = s.histories[s.scenarioKey] ?? emptyHistory<EditSnapshot>();
      patch.histories = { ...s.histories, [s.scenarioKey]: record(history, before, what, now, options.merge) };
    }
    set(patch);
  };
}

export function createEditorActions(parser: ScenarioParser, set: Set, get: Get, commit: Commit): EditorActions {
  /** Run `op` on the current input and judge the result; never throws. */
  const attempt = (op: (doc: ScenarioDoc) => ScenarioDoc): { input: ScenarioDoc | null; result: ParseResult } => {
    let input: ScenarioDoc;
    try {
      input = op(asDoc(get().scenarioInput));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      return { input: null, result: { ok: false, issues: [{ path: '(edit)', message }], warnings: [] } };
    }
    return { input, result: parser.parse(input) };
  };

  /** The current scenario's verdict, as the loader gave it (warnings included). */
  const current = (): Valid | null => {
    const s = get();
    if (!s.edited) return null;
    const verdict = { ok: true as const, scenario: s.edited, warnings: s.warnings };
    return verdict;
  };

  /** Go to a snapshot of the history (undo, redo). */
  const restore = (snap: EditSnapshot, history: LabState['histories'][string]): boolean => {
    const s = get();
    const result = parser.parse(snap.input);
    if (!result.ok || s.scenarioKey === null) return false;
    commit(null, snap.input, result, snap.pending);
    set({ histories: { ...get().histories, [s.scenarioKey]: history } });
    return true;
  };

  return {
    edit: (what, op, options = {}) => {
      const { input, result } = attempt(op);
      if (!result.ok || input === null) {
        const issues = result.ok ? [] : result.issues;
        set({ editRejection: { what, issues, field: !!options.field } });
        return { ok: false, issues };
      }
      // The pending values get another chance on the new scenario.
      const out = get().pending.length
        ? settle(input, result, get().pending, parser.parse)
        : { base: input, result, pending: get().pending };
      commit(what, out.base, out.result as Valid, out.pending, { merge: options.merge, keepRun: options.layout });
      return { ok: true, scenario: (out.result as Valid).scenario };
    },

    tryEdit: (op) => {
      const { result } = attempt(op);
      return result.ok ? { ok: true, scenario: result.scenario } : { ok: false, issues: result.issues };
    },

    setField: (what, ref, text, value, options = {}) => {
      const s = get();
      const verdict = current();
      if (!verdict) return { ok: false, issues: [{ path: '(edit)', message: 'no scenario is open' }] };
      const key = fieldKey(ref);
      const base = asDoc(s.scenarioInput);
      const mine: PendingField = { ref, key, what, text, value, issues: [] };
      const out = settle(base, verdict, [...s.pending.filter((p) => p.key !== key), mine], parser.parse);
      const input = out.base === base ? s.scenarioInput : out.base;
      commit(what, input, out.result as Valid, out.pending, { merge: options.merge ?? `field:${key}` });
      const left = out.pending.find((p) => p.key === key);
      return left ? { ok: false, issues: left.issues } : { ok: true, scenario: (out.result as Valid).scenario };
    },

    clearField: (key) => {
      const s = get();
      const gone = s.pending.find((p) => p.key === key);
      const verdict = current();
      if (!gone || !verdict) return;
      commit(
        `Undo typing in ${gone.what}`,
        s.scenarioInput,
        verdict,
        s.pending.filter((p) => p !== gone),
      );
    },

    applyEdits: () => {
      const { edited } = get();
      if (!edited) return;
      // A new object even if nothing changed, so the session loads it (a restart).
      set({ scenario: { ...edited }, runStale: false, liveFaults: [] });
    },

    recordLiveFault: (fault, effective) => {
      const { input, result } = attempt((doc) => addFault(doc, fault));
      if (!result.ok || input === null) {
        const issues = result.ok ? [] : result.issues;
        set({ editRejection: { what: 'Record the injected fault', issues, field: false } });
        return { ok: false, issues };
      }
      // The run already has it: recording it changes the scenario, not the run.
      set({ liveFaults: [...get().liveFaults, effective] });
      commit('Inject a fault', input, result, get().pending, { keepRun: true });
      return { ok: true, scenario: result.scenario };
    },

    undo: () => {
      const s = get();
      const key = s.scenarioKey;
      const h = key === null ? undefined : s.histories[key];
      const r = h && undo(h, { input: s.scenarioInput, pending: s.pending });
      return r ? restore(r.state, r.history) : false;
    },

    redo: () => {
      const s = get();
      const key = s.scenarioKey;
      const h = key === null ? undefined : s.histories[key];
      const r = h && redo(h, { input: s.scenarioInput, pending: s.pending });
      return r ? restore(r.state, r.history) : false;
    },

    setEditorSelection: (editorSelection) => set({ editorSelection }),

    dismissEditRejection: () => set({ editRejection: null }),

    requestFocus: (path) => set({ focusRequest: { path, token: (get().focusRequest?.token ?? 0) + 1 } }),
  };
}

// ------------------------------------------------------------------ selectors
// Module-level, returning state as stored (see ./selectors.ts).

export const selectEdited = (s: LabState) => s.edited ?? s.scenario;
export const selectRunStale = (s: LabState) => s.runStale;
export const selectLiveFaults = (s: LabState) => s.liveFaults;
export const selectEditRejection = (s: LabState) => s.editRejection;
export const selectEditorSelection = (s: LabState) => s.editorSelection;
export const selectPending = (s: LabState) => s.pending;
export const selectWarnings = (s: LabState) => s.warnings;
export const selectFocusRequest = (s: LabState) => s.focusRequest;
/** The link direction the queue chart shows (the topology view marks it). */
export const selectQueueDirection = (s: LabState) => s.selectedLink;
/** The open scenario has edits that Revert would undo (a scenario of the user's own is saved as it goes). */
export const selectCanRevert = (s: LabState) => {
  const e = s.entries.find((x) => x.key === s.scenarioKey);
  return !!e && e.origin !== 'mine' && s.drafts[e.key] !== undefined;
};
/** What Undo would take back ("Move node r1"), or null. */
export const selectUndoLabel = (s: LabState) => {
  const h = s.scenarioKey === null ? undefined : s.histories[s.scenarioKey];
  return h?.past[h.past.length - 1]?.what ?? null;
};
/** What Redo would do again, or null. */
export const selectRedoLabel = (s: LabState) => {
  const h = s.scenarioKey === null ? undefined : s.histories[s.scenarioKey];
  return h?.future[h.future.length - 1]?.what ?? null;
};
/** A run is under way (started, not finished): a fault added now is injected live. */
export const selectLiveRun = (s: LabState) =>
  (s.status === 'playing' || s.status === 'paused' || s.status === 'stepping') && s.run !== null;
