/**
 * The page's one store: what React renders, as data + actions.
 *
 * High-rate trace data (samples, chart points) never enters it: that lives in
 * ring buffers the charts read directly (src/ui/session/traces.ts). The store
 * holds the scenario being edited, where the run is, and the page's settings,
 * all of which change a few times per second at most (`sampleCount` and
 * `simTime` at the worker's batch rate, ~30/s).
 *
 * It is a vanilla Zustand store so tests (and the worker session) can use it
 * without React; components read it through `useLab` and the selectors.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { EventRow } from '../engine/output/rundata';
import type { ParseResult, Scenario, ScenarioIssue } from '../engine/scenario/types';
import type { RunMeta, RunStatus, Speed, StatusSnapshot } from '../worker/protocol';
import { createEditorActions, freshEditor, INITIAL_EDITOR, type EditorActions, type EditorData } from './editor';

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
  /** the Lab laid out for a projector: network and charts on one screen, editing panels folded away */
  presenter: boolean;
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

export const INITIAL_DATA: LabData = {
  entries: [],
  scenarioKey: null,
  scenarioInput: null,
  scenario: null,
  run: null,
  status: 'empty',
  simTime: 0,
  speed: 1,
  sampleCount: 0,
  caption: null,
  problem: null,
  largeText: false,
  presenter: false,
  selectedLink: null,
  view: 'lab',
  ...INITIAL_EDITOR,
};

export function createLabStore(parser: ScenarioParser, initial: Partial<LabData> = {}): LabStore {
  return createStore<LabState>()((set, get) => ({
    ...INITIAL_DATA,
    ...initial,

    setEntries: (entries) => set({ entries }),

    selectScenario: (key) => {
      const entry = get().entries.find((e) => e.key === key);
      if (!entry) return false;
      const result = parser.parse(entry.input);
      if (!result.ok) {
        set({ problem: { title: `“${entry.label}” is not a valid scenario`, lines: parser.formatIssues(result.issues) } });
        return false;
      }
      set({ scenarioKey: key, scenarioInput: entry.input, scenario: result.scenario, problem: null, caption: null, ...freshEditor(result.scenario) });
      return true;
    },

    importScenario: (fileName, text) => {
      const result = parser.parseText(text);
      if (!result.ok) {
        set({ problem: { title: `Could not import ${fileName}`, lines: parser.formatIssues(result.issues) } });
        return false;
      }
      const { entries } = get();
      const key = `imported:${entries.filter((e) => e.origin === 'imported').length + 1}:${fileName}`;
      const entry: ScenarioEntry = {
        key,
        label: `${result.scenario.name || fileName} (imported)`,
        input: JSON.parse(text) as unknown,
        origin: 'imported',
      };
      set({
        entries: [...entries, entry],
        scenarioKey: key,
        scenarioInput: entry.input,
        scenario: result.scenario,
        problem: null,
        caption: null,
        ...freshEditor(result.scenario),
      });
      return true;
    },

    runLoaded: (meta) => {
      // A new run (load or Reset). Live faults belonged to the old one; if the
      // scenario was edited since the run was loaded (faults injected live
      // included), this run is the old scenario again: run the edited one.
      const { runStale, liveFaults } = get();
      set({ run: meta, sampleCount: 0, simTime: 0, caption: null, liveFaults: [] });
      if (runStale || liveFaults.length > 0) get().applyEdits();
    },

    statusChanged: (s) => {
      if (get().run?.run !== s.run) return;
      set({ status: s.status, simTime: s.time });
    },

    samplesArrived: (run, totalSamples, time) => {
      if (get().run?.run !== run) return;
      set({ sampleCount: totalSamples, simTime: time });
    },

    setCaption: (caption) => set({ caption }),

    stepped: (event, time) =>
      set({
        simTime: time,
        caption: event
          ? { time: event.time_s, flow: event.flow, event: event.event, detail: event.detail }
          : { time, flow: '', event: 'end', detail: 'No more protocol events: the run has reached its end.' },
      }),

    setSpeed: (speed) => set({ speed }),

    showProblem: (problem) => set({ problem }),

    dismissProblem: () => set({ problem: null }),

    setLargeText: (largeText) => set({ largeText }),

    setPresenter: (presenter) => set({ presenter }),

    selectLink: (selectedLink) => set({ selectedLink }),

    setView: (view) => set({ view }),

    ...createEditorActions(parser, set, get),
  }));
}
