/**
 * Editing the scenario: the part of the lab store the topology, flow and
 * fault editors use.
 *
 * The model, in one place:
 * - `scenarioInput` is the scenario as written and always the last version
 *   the loader accepted. An edit is a pure function of it (ui/editor/edit-ops);
 *   the result is validated, and an invalid one is refused: the store keeps
 *   the last valid scenario and reports the loader's field-path messages.
 * - `edited` is the normalized form of `scenarioInput`; `scenario` is what the
 *   worker runs. The session loads `scenario` whenever it changes, so:
 *   · while the run is untouched (ready at t = 0, or nothing loaded) a valid
 *     edit becomes `scenario` at once;
 *   · once the run has started, edits wait: `runStale` is set ("press Reset to
 *     apply"), and the next run the worker loads (Reset, or the Apply button)
 *     is replaced by the edited scenario;
 *   · moving a node changes nothing the engine reads: it never restarts or
 *     stales a run.
 * - A fault injected live goes to the worker at once (the session's
 *   inject-fault path) and is appended to `scenarioInput` with its effective
 *   time, so Export scenario saves a replayable file and Reset replays it.
 * - Each edit is also written back into the picker's entry, so choosing
 *   another scenario and coming back loses nothing.
 */
import type { FaultSpec, ParseResult, Scenario, ScenarioIssue } from '../engine/scenario/types';
import { addFault, asDoc, type FaultDoc, type ScenarioDoc } from '../ui/editor/edit-ops';
import type { LabState, ScenarioEntry, ScenarioParser } from './lab-store';

export type EditorSelection = { kind: 'node'; id: string } | { kind: 'link'; id: string } | null;

export type EditResult = { ok: true; scenario: Scenario } | { ok: false; issues: ScenarioIssue[] };

export interface EditOptions {
  /** Only positions change (moving a node): never restarts or stales the run. */
  layout?: boolean;
  /** A form field shows the refusal next to itself; the editor need not repeat it. */
  field?: boolean;
}

export interface EditRejection {
  /** what the user tried, e.g. "Delete node r1" */
  what: string;
  issues: ScenarioIssue[];
  field: boolean;
}

export interface EditorData {
  /** `scenarioInput` normalized: the scenario as edited (null when none) */
  edited: Scenario | null;
  /** The run was loaded before the latest edits: Reset (or Apply) runs the edited scenario. */
  runStale: boolean;
  /** Faults injected into the current run, with their effective times, in order. */
  liveFaults: FaultSpec[];
  /** The last edit the loader refused (cleared by the next accepted one). */
  editRejection: EditRejection | null;
  /** The node or link the editor's side panel shows. */
  editorSelection: EditorSelection;
}

export interface EditorActions {
  /** Apply `op` to the scenario as written; refused (state unchanged) if the loader refuses the result. */
  edit(what: string, op: (doc: ScenarioDoc) => ScenarioDoc, options?: EditOptions): EditResult;
  /** Validate `op` without applying it. */
  tryEdit(op: (doc: ScenarioDoc) => ScenarioDoc): EditResult;
  /** Run the edited scenario now (restarts the run). */
  applyEdits(): void;
  /** A fault was injected into the running engine: record it in the scenario as written. */
  recordLiveFault(fault: FaultDoc, effective: FaultSpec): EditResult;
  /** Go back to the scenario as it was first opened (preset or imported file). */
  revertEdits(): void;
  setEditorSelection(selection: EditorSelection): void;
  dismissEditRejection(): void;
}

export const INITIAL_EDITOR: EditorData = {
  edited: null,
  runStale: false,
  liveFaults: [],
  editRejection: null,
  editorSelection: null,
};

/** Editor state for a freshly opened scenario. */
export function freshEditor(scenario: Scenario): Pick<EditorData, 'edited' | 'runStale' | 'liveFaults' | 'editRejection' | 'editorSelection'> {
  return { edited: scenario, runStale: false, liveFaults: [], editRejection: null, editorSelection: null };
}

/**
 * Nothing would be lost by restarting the run: nothing loaded yet, stopped by
 * an error, or loaded and still at t = 0.
 */
export function runUntouched(s: Pick<LabState, 'status' | 'simTime' | 'liveFaults'>): boolean {
  return s.status === 'empty' || s.status === 'error' || (s.status === 'ready' && s.simTime === 0 && s.liveFaults.length === 0);
}

type Set = (partial: Partial<LabState>) => void;
type Get = () => LabState;

export function createEditorActions(parser: ScenarioParser, set: Set, get: Get): EditorActions {
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

  /** The picker entries with the current one holding `input` (its first version kept for Revert). */
  const entriesWith = (input: unknown): ScenarioEntry[] => {
    const { entries, scenarioKey } = get();
    return entries.map((e) => (e.key === scenarioKey ? { ...e, input, original: e.original ?? e.input } : e));
  };

  return {
    edit: (what, op, options = {}) => {
      const { input, result } = attempt(op);
      if (!result.ok || input === null) {
        const issues = result.ok ? [] : result.issues;
        set({ editRejection: { what, issues, field: !!options.field } });
        return { ok: false, issues };
      }
      const s = get();
      const base = { scenarioInput: input, edited: result.scenario, editRejection: null, entries: entriesWith(input) };
      if (options.layout) set(base);
      else if (runUntouched(s)) set({ ...base, scenario: result.scenario, runStale: false });
      else set({ ...base, runStale: true });
      return { ok: true, scenario: result.scenario };
    },

    tryEdit: (op) => {
      const { result } = attempt(op);
      return result.ok ? { ok: true, scenario: result.scenario } : { ok: false, issues: result.issues };
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
      set({
        scenarioInput: input,
        edited: result.scenario,
        liveFaults: [...get().liveFaults, effective],
        editRejection: null,
        entries: entriesWith(input),
      });
      return { ok: true, scenario: result.scenario };
    },

    revertEdits: () => {
      const { entries, scenarioKey } = get();
      const entry = entries.find((e) => e.key === scenarioKey);
      if (!entry || entry.original === undefined) return;
      const result = parser.parse(entry.original);
      if (!result.ok) return;
      const { original, ...rest } = entry;
      set({
        entries: entries.map((e) => (e === entry ? { ...rest, input: original } : e)),
        scenarioInput: original,
        scenario: result.scenario,
        ...freshEditor(result.scenario),
      });
    },

    setEditorSelection: (editorSelection) => set({ editorSelection }),

    dismissEditRejection: () => set({ editRejection: null }),
  };
}

// ------------------------------------------------------------------ selectors
// Module-level, returning state as stored (see ./selectors.ts).

export const selectEdited = (s: LabState) => s.edited ?? s.scenario;
export const selectRunStale = (s: LabState) => s.runStale;
export const selectLiveFaults = (s: LabState) => s.liveFaults;
export const selectEditRejection = (s: LabState) => s.editRejection;
export const selectEditorSelection = (s: LabState) => s.editorSelection;
/** The link direction the queue chart shows (the topology view marks it). */
export const selectQueueDirection = (s: LabState) => s.selectedLink;
/** The current picker entry has edits that Revert would undo. */
export const selectCanRevert = (s: LabState) => s.entries.some((e) => e.key === s.scenarioKey && e.original !== undefined);
/** A run is under way (started, not finished): a fault added now is injected live. */
export const selectLiveRun = (s: LabState) =>
  (s.status === 'playing' || s.status === 'paused' || s.status === 'stepping') && s.run !== null;
