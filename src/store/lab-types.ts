/**
 * The types of the page's store, in a file of their own so that the store
 * (lab-store.ts) and its editing half (editor.ts) both depend on them and
 * not on each other.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { FaultSpec, ParseResult, Scenario, ScenarioIssue } from '../engine/scenario/types';
import type { RunMeta, RunStatus, Speed, StatusSnapshot } from '../worker/protocol';
import type { EventRow } from '../engine/output/rundata';
import type { FaultDoc, ScenarioDoc } from './edit-ops';
import type { FieldRef, PendingField } from './field-ops';
import type { History } from './history';

/**
 * A scenario the picker offers: a file of scenarios/ or the catalog (preset),
 * a file the user imported or a link they opened (imported), or one of the
 * user's own saved scenarios (mine).
 */
export interface ScenarioEntry {
  key: string;
  label: string;
  /**
   * The scenario as published, imported or last saved. Edits never change a
   * preset's or an imported file's input (they are kept as a draft beside
   * it); a scenario of the user's own takes them as they are made.
   */
  input: unknown;
  origin: 'preset' | 'imported' | 'mine';
  /** when a scenario of the user's own was last saved, ms since 1970 */
  savedAt?: number;
}

/** The edits of one picker entry: its scenario as edited (always valid) and the values not accepted yet. */
export interface Draft {
  input: unknown;
  pending: PendingField[];
  /** when it last changed, ms since 1970 */
  savedAt: number;
}

/** Whether the page could keep the work in the browser's storage, the last time it tried. */
export type SaveStatus = { ok: true; at: number } | { ok: false; reason: string } | null;

/** The text of the caption area: the last protocol event, in a student's words. */
export interface Caption {
  /** simulated seconds */
  time: number;
  /** flow id, or '' for a link event or the end of the run */
  flow: string;
  /** events.csv event name, or 'end' */
  event: string;
  detail: string;
}

/** A problem to show: what went wrong, then one line per cause in the page's words. */
export interface Problem {
  title: string;
  lines: string[];
  /** the loader's own lines (field paths), for a "details" fold */
  details?: string[];
}

/** The editing fields and actions are in ./editor.ts; the list of scenarios in ./scenarios.ts. */
export interface LabData extends EditorData, ScenariosData {
  /** the picker's selection */
  scenarioKey: string | null;
  /** the scenario being edited, as written: always one the loader accepted (values it refused are in `pending`) */
  scenarioInput: unknown;
  /** the same, normalized: what runs */
  scenario: Scenario | null;
  /** the worker's current run (null until it has loaded one) */
  run: RunMeta | null;
  status: RunStatus;
  /** simulated seconds */
  simTime: number;
  speed: Speed;
  /** samples received for the current run */
  sampleCount: number;
  caption: Caption | null;
  problem: Problem | null;
  largeText: boolean;
  /** the Lab laid out for a projector: network and charts on one screen, editing panels folded away */
  presenter: boolean;
  /** the link direction the queue chart shows (chosen in the topology view); null = the busiest */
  selectedLink: { link: string; from: string } | null;
  /** which of the page's views is shown */
  view: LabView;
}

/** The page's views: the live lab, the guided lessons, the experiments (sweeps). */
export type LabView = 'lab' | 'lessons' | 'experiment';

export interface LabActions extends EditorActions, ScenariosActions {
  runLoaded(meta: RunMeta): void;
  statusChanged(status: StatusSnapshot): void;
  samplesArrived(run: number, totalSamples: number, time: number): void;
  setCaption(caption: Caption | null): void;
  /** The answer to a step: the event it stopped at, or null at the end of the run. */
  stepped(event: EventRow | null, time: number): void;
  setSpeed(speed: Speed): void;
  showProblem(problem: Problem): void;
  dismissProblem(): void;
  setLargeText(on: boolean): void;
  setPresenter(on: boolean): void;
  selectLink(link: { link: string; from: string } | null): void;
  setView(view: LabView): void;
}

export type LabState = LabData & LabActions;
export type LabStore = StoreApi<LabState>;

/** Scenario validation, injected so the store does not depend on the schema's implementation. */
export interface ScenarioParser {
  parse(input: unknown): ParseResult;
  parseText(text: string): ParseResult;
  formatIssues(issues: ScenarioIssue[]): string[];
}

// ------------------------------------------------------------------ the list of scenarios

export interface ScenariosData {
  entries: ScenarioEntry[];
  /** entry key → its edits, for every entry that has some (kept across a reload by autosave.ts) */
  drafts: Record<string, Draft>;
  /** The open scenario came back with edits from an earlier visit or selection: say so, and offer the original. */
  restored: { key: string; savedAt: number } | null;
  /** whether the work could be kept in the browser (set by autosave.ts) */
  saveStatus: SaveStatus;
}

export interface ScenariosActions {
  setEntries(entries: ScenarioEntry[]): void;
  /** Drafts kept from an earlier visit (autosave.ts), before the first scenario opens. */
  loadDrafts(drafts: Record<string, Draft>): void;
  /** Select and validate a picker entry, with its edits if it has some; on failure the current scenario stays. */
  selectScenario(key: string): boolean;
  /** Validate an imported file; on success it joins the picker and is selected. */
  importScenario(fileName: string, text: string): boolean;
  /** Go back to the scenario as it was published, imported or saved (undoable). */
  revertEdits(): void;
  /** Hide the "restored your edits" note. */
  dismissRestored(): void;
  /** Save the scenario as edited among the user's own, under `name`, and open that copy. */
  saveCopy(name: string): string | null;
  renameMine(key: string, name: string): void;
  /** Delete one of the user's own scenarios (another opens if it was open). */
  deleteMine(key: string): void;
  setSaveStatus(status: SaveStatus): void;
}

// ------------------------------------------------------------------ editing

export type EditorSelection =
  | { kind: 'node'; id: string }
  | { kind: 'link'; id: string }
  /** several nodes, to move (or delete) together */
  | { kind: 'nodes'; ids: string[] }
  | null;

/** What undo and redo go back and forth between: the scenario as written and the values it has not taken. */
export interface EditSnapshot {
  input: unknown;
  pending: PendingField[];
}

export type EditResult = { ok: true; scenario: Scenario } | { ok: false; issues: ScenarioIssue[] };

export interface EditOptions {
  /** Only positions change (moving a node): never restarts or stales the run. */
  layout?: boolean;
  /** A form shows the refusal next to itself; the editor need not repeat it. */
  field?: boolean;
  /** Edits with the same key in quick succession are one step of undo (a node nudged by the arrow keys). */
  merge?: string;
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
  /** Values typed into fields that the scenario has not taken: Play waits until they are fixed. */
  pending: PendingField[];
  /** What the loader finds legal but pointless in the scenario as edited (never blocks a run). */
  warnings: ScenarioIssue[];
  /** entry key → undo history (kept per scenario for the visit) */
  histories: Record<string, History<EditSnapshot>>;
  /** A control to show and focus (a message was clicked): its field path; `token` makes each request new. */
  focusRequest: { path: string; token: number } | null;
}

export interface EditorActions {
  /** Apply `op` to the scenario as written; refused (state unchanged) if the loader refuses the result. */
  edit(what: string, op: (doc: ScenarioDoc) => ScenarioDoc, options?: EditOptions): EditResult;
  /** Validate `op` without applying it. */
  tryEdit(op: (doc: ScenarioDoc) => ScenarioDoc): EditResult;
  /** Run the edited scenario now (restarts the run). */
  applyEdits(): void;
  /**
   * A form field's value: taken if the loader accepts the scenario with it,
   * else kept as typed (pending) with the loader's reasons until it is fixed
   * or cleared. Either way it is kept (draft, reload) and undoable.
   */
  setField(what: string, ref: FieldRef, text: string, value: unknown, options?: { merge?: string }): EditResult;
  /** Forget a pending value (Escape in its field): the field shows the scenario's value again. */
  clearField(key: string): void;
  /** A fault was injected into the running engine: record it in the scenario as written. */
  recordLiveFault(fault: FaultDoc, effective: FaultSpec): EditResult;
  undo(): boolean;
  redo(): boolean;
  setEditorSelection(selection: EditorSelection): void;
  dismissEditRejection(): void;
  /** Show and focus the control of a field (by its path in the scenario). */
  requestFocus(path: string): void;
}
