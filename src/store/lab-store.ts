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
import { createStore } from 'zustand/vanilla';
import { createCommit, createEditorActions, INITIAL_EDITOR } from './editor';
import type { LabData, LabState, LabStore, ScenarioParser } from './lab-types';
import { createScenarioActions, INITIAL_SCENARIOS } from './scenarios';

export type * from './lab-types';

export const INITIAL_DATA: LabData = {
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
  ...INITIAL_SCENARIOS,
  ...INITIAL_EDITOR,
};

export function createLabStore(parser: ScenarioParser, initial: Partial<LabData> = {}): LabStore {
  return createStore<LabState>()((set, get) => {
    const commit = createCommit(set, get);
    return {
      ...INITIAL_DATA,
      ...initial,

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

      ...createScenarioActions(parser, set, get, commit),
      ...createEditorActions(parser, set, get, commit),
    };
  });
}
