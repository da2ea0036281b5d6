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

/** A scenario the picker offers: a file of scenarios/ or one the user imported. */
export interface ScenarioEntry {
  key: string;
  label: string;
  /** the scenario as written (what Export scenario saves) */
  input: unknown;
  origin: 'preset' | 'imported';
  /** the file as first opened, once the scenario has been edited (Revert goes back to it) */
  original?: unknown;
}

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

/** A problem to show: what went wrong, then one line per cause (field path first). */
export interface Problem {
  title: string;
  lines: string[];
}

/** The editing fields and actions are in ./editor.ts. */
export interface LabData extends EditorData {
  entries: ScenarioEntry[];
  /** the picker's selection */
  scenarioKey: string | null;
  /** the scenario being edited, as written */
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
  /** the link direction the queue chart shows (chosen in the topology view); null = the busiest */
  selectedLink: { link: string; from: string } | null;
  /** which of the page's views is shown */
  view: LabView;
}

/** The page's views: the live lab, the guided lessons, the experiments (sweeps). */
export type LabView = 'lab' | 'lessons' | 'experiment';

export interface LabActions extends EditorActions {
  setEntries(entries: ScenarioEntry[]): void;
  /** Select and validate a picker entry; on failure the current scenario stays. */
  selectScenario(key: string): boolean;
  /** Validate an imported file; on success it joins the picker and is selected. */
  importScenario(fileName: string, text: string): boolean;
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

// ------------------------------------------------------------------ editing

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
