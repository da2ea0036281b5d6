/**
 * The Experiment view's state: the sweep form, the comparison form, the job
 * running (its progress) and the last results. A vanilla Zustand store kept
 * apart from the lab's: it outlives the view (switching to the Lab and back
 * keeps the form, the results and a sweep still running), and the lab store
 * never hears about sweeps.
 *
 * Jobs run on an ExperimentPool (web-pool.ts), started lazily; the code that
 * runs them (run-sweep.ts, with the statistics library) is imported on the
 * first run.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { parseScenario } from '../../engine/scenario';
import { withRunLength } from '../../experiment/compare';
import type { Scenario, ScenarioIssue, Variant } from '../../engine/scenario/types';
import { findPresetSweep, presetSweepBase, type PresetSweep } from './preset-sweeps';
import type { ParseSweepOptions } from '../../experiment/sweep';
import type { CompareOutcome, JobProgress, SweepDisplay, SweepOutcome } from './run-sweep';
import { buildSweepFile, defaultForm, parameterTitles, reconcileForm, type FormIssue, type SweepBase, type SweepFile, type SweepForm } from './sweep-form';
import { CancelledError, ExperimentPool, isCancelled } from './web-pool';

export type ExperimentMode = 'sweep' | 'compare';

export interface CompareForm {
  variants: Variant[];
  /** the TCP flow drawn (and switched) */
  flow: string;
  /** switch every TCP flow, not only the drawn one */
  allFlows: boolean;
  /** seconds; '' keeps the scenario's */
  duration: string;
}

export interface JobState {
  kind: 'sweep' | 'compare';
  name: string;
  done: number;
  total: number;
  /** performance.now() at the start */
  startedAt: number;
  workers: number;
  events: number;
}

export interface Notice {
  kind: 'done' | 'cancelled' | 'error';
  job: 'sweep' | 'compare';
  text: string;
  /** problems, one line each (`path: message`) */
  lines?: string[];
  /** runs done, when the job completed */
  runs?: number;
}

export interface ExperimentData {
  mode: ExperimentMode;
  /** the preset sweep loaded (its base replaces the Lab's scenario), or null: the Lab's scenario */
  preset: PresetSweep | null;
  form: SweepForm | null;
  compareForm: CompareForm | null;
  formIssues: FormIssue[];
  job: JobState | null;
  notice: Notice | null;
  result: SweepOutcome | null;
  compareResult: CompareOutcome | null;
  /** name of the metric the result chart shows */
  chartMetric: string | null;
}

export interface ExperimentActions {
  setMode(mode: ExperimentMode): void;
  /** Give the form a scenario: defaults the first time, else keep what still fits it. */
  syncScenario(scenario: Scenario): void;
  updateForm(change: Partial<SweepForm>): void;
  resetForm(scenario: Scenario): void;
  updateCompareForm(change: Partial<CompareForm>): void;
  /** Load a preset sweep into the form (its preset becomes the base). */
  loadPreset(id: string): boolean;
  /** Back to the Lab's scenario as the base. */
  useLabScenario(labScenario: Scenario | null): void;
  setChartMetric(name: string): void;
  runSweep(base: SweepBase): Promise<void>;
  /**
   * Run a sweep file as written (one exported from this view, or the runner's):
   * false, with a notice naming the fields, when it cannot run. The form keeps
   * what it had. `refused` is why the file was not even read (too large).
   */
  openSweep(text: string, fileName: string, refused?: string): Promise<boolean>;
  runCompare(scenario: Scenario): Promise<void>;
  /** Stop the running job; nothing of it is kept. */
  cancel(): void;
  dismissNotice(): void;
}

export type ExperimentState = ExperimentData & ExperimentActions;
export type ExperimentStore = StoreApi<ExperimentState>;

export interface ExperimentDeps {
  createPool?: () => ExperimentPool;
  now?: () => number;
  log?: (message: string) => void;
}

export const INITIAL_EXPERIMENT: ExperimentData = {
  mode: 'sweep',
  preset: null,
  form: null,
  compareForm: null,
  formIssues: [],
  job: null,
  notice: null,
  result: null,
  compareResult: null,
  chartMetric: null,
};

function issueLines(issues: readonly ScenarioIssue[]): string[] {
  return issues.map((i) => `${i.path}: ${i.message}`);
}

function defaultCompareForm(scenario: Scenario): CompareForm {
  const tcp = scenario.flows.filter((f) => f.kind === 'tcp');
  return { variants: ['reno', 'newreno', 'sack'], flow: tcp[0]?.id ?? '', allFlows: false, duration: '' };
}

function reconcileCompare(form: CompareForm | null, scenario: Scenario): CompareForm {
  if (!form) return defaultCompareForm(scenario);
  const tcp = scenario.flows.filter((f) => f.kind === 'tcp').map((f) => f.id);
  return tcp.includes(form.flow) ? form : { ...form, flow: tcp[0] ?? '' };
}

/** The comparison's run length: the form's, or the scenario's when the field is empty. */
export function compareRunLength(form: CompareForm, scenario: Scenario): { ok: true; duration: number } | { ok: false; message: string } {
  const text = (form.duration ?? '').trim();
  if (text === '') return { ok: true, duration: scenario.duration };
  const d = Number(text);
  if (!Number.isFinite(d) || d <= 0 || d > 1e6) return { ok: false, message: `run length: must be a number of seconds above 0 (got ${JSON.stringify(text)})` };
  return { ok: true, duration: d };
}

/** The scenario of a preset sweep's base, loaded. */
export function presetBase(preset: PresetSweep): SweepBase | null {
  const json = presetSweepBase(preset);
  const parsed = parseScenario(json);
  return parsed.ok ? { json, scenario: parsed.scenario } : null;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

export function createExperimentStore(deps: ExperimentDeps = {}): ExperimentStore {
  let pool: ExperimentPool | null = null;
  const getPool = () => (pool ??= deps.createPool ? deps.createPool() : new ExperimentPool());
  const now = deps.now ?? (() => performance.now());
  const log = deps.log ?? ((m: string) => console.info(m));
  let cancelRequested = false;
  let seq = 0;
  const checkCancelled = () => {
    if (cancelRequested) throw new CancelledError();
  };

  return createStore<ExperimentState>()((set, get) => {
    const progress = (p: JobProgress) => {
      const job = get().job;
      if (job) set({ job: { ...job, done: p.done, total: p.total, events: p.eventsSoFar } });
    };
    const started = (workers: number) => {
      const job = get().job;
      if (job) set({ job: { ...job, workers } });
    };

    /** Run a sweep file on the pool and show its results; the form is not touched. */
    const runFile = async (
      file: SweepFile,
      runs: number,
      opts: { preset: PresetSweep | null; display?: SweepDisplay; loadBase?: ParseSweepOptions['loadBase'] },
    ): Promise<void> => {
      const { preset } = opts;
      cancelRequested = false;
      set({
        notice: null,
        result: null,
        job: { kind: 'sweep', name: file.name, done: 0, total: runs, startedAt: now(), workers: 0, events: 0 },
      });
      try {
        const { prepareSweep, executeSweep } = await import('./run-sweep');
        const prepared = prepareSweep(file, { loadBase: opts.loadBase });
        if (!prepared.ok) {
          set({ job: null, notice: { kind: 'error', job: 'sweep', text: 'The sweep cannot run:', lines: issueLines(prepared.issues) } });
          return;
        }
        checkCancelled();
        set({ job: { ...get().job!, total: prepared.tasks.length } });
        const outcome = await executeSweep(file, prepared, getPool(), progress, { preset, now, onStart: started, display: opts.display, seq: ++seq });
        const names = prepared.sweep.metrics.map((m) => m.name);
        const keep = get().chartMetric;
        log(
          `[experiment] sweep "${file.name}": ${prepared.tasks.length} runs, ${outcome.events.toLocaleString('en')} events, ${seconds(outcome.wallMs)} wall on ${outcome.workers} worker(s)`,
        );
        set({
          job: null,
          result: outcome,
          chartMetric: keep && names.includes(keep) ? keep : preset && names.includes(preset.chartMetric) ? preset.chartMetric : (names[0] ?? null),
          notice: {
            kind: 'done',
            job: 'sweep',
            runs: prepared.tasks.length,
            text: `Done: ${prepared.tasks.length} runs in ${seconds(outcome.wallMs)} on ${outcome.workers} worker${outcome.workers === 1 ? '' : 's'}.`,
          },
        });
      } catch (error) {
        if (isCancelled(error)) {
          set({ job: null, result: null, notice: { kind: 'cancelled', job: 'sweep', text: 'Sweep cancelled: no results were kept.' } });
        } else {
          set({ job: null, result: null, notice: { kind: 'error', job: 'sweep', text: `The sweep failed: ${error instanceof Error ? error.message : String(error)}` } });
        }
      }
    };

    return {
      ...INITIAL_EXPERIMENT,

      setMode: (mode) => set({ mode }),

      syncScenario: (scenario) => {
        const { form, compareForm } = get();
        const nextForm = form ? reconcileForm(form, scenario) : defaultForm(scenario);
        const nextCompare = reconcileCompare(compareForm, scenario);
        if (nextForm !== form || nextCompare !== compareForm) set({ form: nextForm, compareForm: nextCompare });
      },

      updateForm: (change) => {
        const form = get().form;
        if (form) set({ form: { ...form, ...change }, formIssues: [] });
      },

      resetForm: (scenario) => set({ form: defaultForm(scenario), formIssues: [] }),

      updateCompareForm: (change) => {
        const f = get().compareForm;
        if (f) set({ compareForm: { ...f, ...change } });
      },

      loadPreset: (id) => {
        const preset = findPresetSweep(id);
        if (!preset) return false;
        const base = presetBase(preset);
        set({
          preset,
          mode: 'sweep',
          form: { ...preset.form },
          formIssues: [],
          compareForm: base ? reconcileCompare(get().compareForm, base.scenario) : get().compareForm,
          chartMetric: preset.chartMetric,
        });
        return true;
      },

      useLabScenario: (labScenario) => {
        // Without the scenario at hand, the form is dropped: the view's next syncScenario gives it the defaults.
        set({
          preset: null,
          formIssues: [],
          form: labScenario ? defaultForm(labScenario) : null,
          compareForm: labScenario ? reconcileCompare(get().compareForm, labScenario) : get().compareForm,
        });
      },

      setChartMetric: (chartMetric) => set({ chartMetric }),

      runSweep: async (base) => {
        const { form, job, preset } = get();
        if (!form || job) return;
        const built = buildSweepFile(form, base, preset?.name);
        if (!built.ok) {
          set({ formIssues: built.issues });
          return;
        }
        set({ formIssues: [] });
        await runFile(built.file, built.runs, { preset, display: { paramTitles: parameterTitles(built.file, base.scenario, form.fixed), logX: form.logX } });
      },

      openSweep: async (text, fileName, refused) => {
        if (get().job) return false;
        if (refused) {
          set({ notice: { kind: 'error', job: 'sweep', text: `${fileName} cannot run:`, lines: [refused] } });
          return false;
        }
        const { openSweepText, presetBaseLoader } = await import('./open-sweep');
        const opened = openSweepText(text);
        if (!opened.ok) {
          set({ notice: { kind: 'error', job: 'sweep', text: `${fileName} cannot run:`, lines: opened.lines } });
          return false;
        }
        await runFile(opened.file, opened.runs, { preset: null, display: opened.display, loadBase: presetBaseLoader });
        return true;
      },

      runCompare: async (scenario) => {
        const { compareForm, job } = get();
        if (!compareForm || job) return;
        const length = compareRunLength(compareForm, scenario);
        if (!length.ok) {
          set({ notice: { kind: 'error', job: 'compare', text: 'The comparison cannot run:', lines: [length.message] } });
          return;
        }
        const req = { scenario: withRunLength(scenario, length.duration), variants: compareForm.variants, flow: compareForm.flow, allFlows: compareForm.allFlows };
        cancelRequested = false;
        set({
          notice: null,
          compareResult: null,
          job: { kind: 'compare', name: req.scenario.name, done: 0, total: compareForm.variants.length, startedAt: now(), workers: 0, events: 0 },
        });
        try {
          const { compareTasks, executeCompare } = await import('./run-sweep');
          const tasks = compareTasks(req);
          if (!tasks.ok) {
            set({ job: null, notice: { kind: 'error', job: 'compare', text: 'The comparison cannot run:', lines: issueLines(tasks.issues) } });
            return;
          }
          checkCancelled();
          const outcome = await executeCompare(req, tasks, getPool(), progress, { now, onStart: started, seq: ++seq });
          log(`[experiment] compare "${req.scenario.name}": ${tasks.tasks.length} runs, ${seconds(outcome.wallMs)} wall on ${outcome.workers} worker(s)`);
          set({
            job: null,
            compareResult: outcome,
            notice: { kind: 'done', job: 'compare', runs: tasks.tasks.length, text: `Done: ${tasks.tasks.length} runs in ${seconds(outcome.wallMs)}.` },
          });
        } catch (error) {
          if (isCancelled(error)) {
            set({ job: null, compareResult: null, notice: { kind: 'cancelled', job: 'compare', text: 'Comparison cancelled: no results were kept.' } });
          } else {
            set({ job: null, compareResult: null, notice: { kind: 'error', job: 'compare', text: `The comparison failed: ${error instanceof Error ? error.message : String(error)}` } });
          }
        }
      },

      cancel: () => {
        if (!get().job) return;
        // While the run module is still loading there are no workers yet: the job sees the flag before it starts them.
        cancelRequested = true;
        pool?.cancel();
      },

      dismissNotice: () => set({ notice: null }),
    };
  });
}

/** The page's one experiment store. */
export const experimentStore: ExperimentStore = createExperimentStore();
