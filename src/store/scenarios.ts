/**
 * The list of scenarios and which one is open: presets, imported files, the
 * user's own ("My scenarios"), and the drafts that keep each one's edits.
 *
 * Opening a scenario opens it with its draft when it has one, and says so
 * (`restored`: "restored your edits — revert to the preset?"): a preset is
 * never changed by editing it, but work on it is never silently lost or
 * silently brought back either. Saving a copy moves the edits into a scenario
 * of the user's own, which then takes every edit as it is made.
 */
import type { ParseResult } from '../engine/scenario/types';
import { asDoc, updateScenario } from './edit-ops';
import { freshEditor, type Commit } from './editor';
import { settle } from './field-ops';
import type { Draft, LabState, ScenarioEntry, ScenarioParser, ScenariosActions, ScenariosData } from './lab-types';
import { defaultPresetKey } from './picker';
import { warningsOf } from './warnings';
import { wordIssues } from './wording';
import { sameScenario } from './working';

export const INITIAL_SCENARIOS: ScenariosData = {
  entries: [],
  drafts: {},
  restored: null,
  saveStatus: null,
};

type Set = (partial: Partial<LabState>) => void;
type Get = () => LabState;
type Valid = Extract<ParseResult, { ok: true }>;

/** A key for a new scenario of the user's own: short, URL-safe, unique among `taken`. */
export function newMineKey(taken: ReadonlySet<string>, now = Date.now()): string {
  for (let n = 0; ; n++) {
    const key = `mine:${now.toString(36)}${n ? `-${n}` : ''}`;
    if (!taken.has(key)) return key;
  }
}

/** Problem lines in the page's words, each followed by the loader's line. */
export function problemLines(
  issues: Parameters<typeof wordIssues>[0],
  doc: unknown,
): { lines: string[]; details: string[] } {
  const worded = wordIssues(issues, typeof doc === 'object' && doc !== null ? doc : null);
  return { lines: worded.map((w) => w.text), details: worded.map((w) => w.detail) };
}

export function createScenarioActions(parser: ScenarioParser, set: Set, get: Get, commit: Commit): ScenariosActions {
  /** Open `entry` with `input` (valid: `result`) and the values `pending`. */
  const open = (
    entry: ScenarioEntry,
    input: unknown,
    result: Valid,
    pending: Draft['pending'],
    restored: LabState['restored'],
  ) => {
    const out = pending.length ? settle(asDoc(input), result, pending, parser.parse) : { base: input, result, pending };
    const verdict = out.result as Valid;
    set({
      scenarioKey: entry.key,
      scenarioInput: out.base,
      scenario: verdict.scenario,
      pending: out.pending,
      warnings: warningsOf(verdict),
      caption: null,
      restored,
      focusRequest: null,
      ...freshEditor(verdict.scenario),
    });
  };

  const selectScenario = (key: string): boolean => {
    const s = get();
    const entry = s.entries.find((e) => e.key === key);
    if (!entry) return false;
    const draft = s.drafts[key];
    if (draft) {
      const r = parser.parse(draft.input);
      if (r.ok) {
        const edited = entry.origin !== 'mine' && !sameScenario(draft.input, entry.input);
        open(
          entry,
          draft.input,
          r,
          draft.pending,
          edited || draft.pending.length ? { key, savedAt: draft.savedAt } : null,
        );
        set({ problem: null });
        return true;
      }
      // A draft the loader no longer accepts (kept by an older version of the page): say so, open the original.
      const { [key]: _bad, ...drafts } = s.drafts;
      set({
        drafts,
        problem: {
          title: `Your edits to “${entry.label}” could not be restored`,
          ...problemLines(r.issues, draft.input),
        },
      });
    }
    const result = parser.parse(entry.input);
    if (!result.ok) {
      set({
        problem: { title: `“${entry.label}” is not a valid scenario`, ...problemLines(result.issues, entry.input) },
      });
      return false;
    }
    open(entry, entry.input, result, [], null);
    if (!draft) set({ problem: null });
    return true;
  };

  return {
    setEntries: (entries) => set({ entries }),

    loadDrafts: (drafts) => set({ drafts: { ...get().drafts, ...drafts } }),

    selectScenario,

    importScenario: (fileName, text) => {
      const result = parser.parseText(text);
      if (!result.ok) {
        let doc: unknown = null;
        try {
          doc = JSON.parse(text);
        } catch {
          // the issue says so
        }
        set({ problem: { title: `Could not import ${fileName}`, ...problemLines(result.issues, doc) } });
        return false;
      }
      const input = JSON.parse(text) as unknown;
      const { entries } = get();
      // The same file again: open the entry it already has (with its edits, if any).
      const same = entries.find((e) => e.origin !== 'preset' && sameScenario(e.input, input));
      if (same) return selectScenario(same.key);
      const n = entries.filter((e) => e.key.startsWith('imported:')).length + 1;
      const entry: ScenarioEntry = {
        key: `imported:${n}:${fileName}`,
        label: `${result.scenario.name || fileName} (imported)`,
        input,
        origin: 'imported',
      };
      set({ entries: [...entries, entry] });
      open(entry, input, result, [], null);
      set({ problem: null });
      return true;
    },

    revertEdits: () => {
      const s = get();
      const entry = s.entries.find((e) => e.key === s.scenarioKey);
      if (!entry) return;
      const result = parser.parse(entry.input);
      if (!result.ok) return;
      commit(`Revert to “${entry.label}”`, entry.input, result, []);
      set({ restored: null });
    },

    dismissRestored: () => set({ restored: null }),

    saveCopy: (name) => {
      const s = get();
      const label = name.trim() || 'Untitled';
      const current = s.scenarioKey;
      if (current === null || !s.edited) return null;
      const key = newMineKey(new Set(s.entries.map((e) => e.key)));
      const input = updateScenario(asDoc(s.scenarioInput), { name: label });
      const result = parser.parse(input);
      if (!result.ok) return null;
      const now = Date.now();
      const entry: ScenarioEntry = { key, label, input, origin: 'mine', savedAt: now };
      // The edits move into the copy: the scenario they were made on goes back to what it was.
      const { [current]: _moved, ...drafts } = s.drafts;
      if (s.pending.length) drafts[key] = { input, pending: s.pending, savedAt: now };
      const histories = { ...s.histories };
      if (histories[current]) histories[key] = histories[current]!;
      set({ entries: [...s.entries, entry], drafts, histories, scenarioKey: key, restored: null });
      // The new name reaches the page at once; the run is the same.
      commit(null, input, result, s.pending);
      return key;
    },

    renameMine: (key, name) => {
      const s = get();
      const entry = s.entries.find((e) => e.key === key && e.origin === 'mine');
      const label = name.trim();
      if (!entry || !label) return;
      const input = updateScenario(asDoc(entry.input), { name: label });
      set({ entries: s.entries.map((e) => (e === entry ? { ...e, label, input, savedAt: Date.now() } : e)) });
      if (s.scenarioKey === key) {
        const result = parser.parse(updateScenario(asDoc(s.scenarioInput), { name: label }));
        if (result.ok)
          commit(`Rename to “${label}”`, updateScenario(asDoc(s.scenarioInput), { name: label }), result, s.pending);
      }
    },

    deleteMine: (key) => {
      const s = get();
      if (!s.entries.some((e) => e.key === key && e.origin === 'mine')) return;
      if (s.scenarioKey === key) {
        const other = defaultPresetKey(s.entries.filter((e) => e.origin === 'preset'));
        if (other) selectScenario(other);
      }
      const after = get();
      const { [key]: _d, ...drafts } = after.drafts;
      const { [key]: _h, ...histories } = after.histories;
      set({ entries: after.entries.filter((e) => e.key !== key), drafts, histories });
    },

    setSaveStatus: (saveStatus) => set({ saveStatus }),
  };
}

/** The open entry. */
export const selectOpenEntry = (s: LabState) => s.entries.find((e) => e.key === s.scenarioKey);
export const selectRestored = (s: LabState) => s.restored;
export const selectSaveStatus = (s: LabState) => s.saveStatus;
