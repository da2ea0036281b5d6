/**
 * The Experiment view: parameter sweeps over the current scenario (or a
 * paper table's preset) with repetitions, confidence intervals, t-tests and
 * CSV export, and the side-by-side comparison of variants on one chart.
 * The form sits on the left, the job and its results on the right.
 */
import { useLayoutEffect, type KeyboardEvent } from 'react';
import { CompareFormPanel, CompareResults } from './CompareVariants';
import { experimentActions, useExperiment, useViewBase } from './hooks';
import { JobStatus } from './JobStatus';
import { PaperSweeps } from './PaperSweeps';
import { SweepFormPanel } from './SweepFormPanel';
import { SweepResults } from './SweepResults';
import type { ExperimentMode } from '../../store/experiment/experiment-store';
import './experiment.css';

const MODES: { mode: ExperimentMode; label: string }[] = [
  { mode: 'sweep', label: 'Parameter sweep' },
  { mode: 'compare', label: 'Compare variants' },
];

/** Arrow keys, Home and End move between the tabs (the ARIA tabs pattern). */
/** The arrow keys on a tab (roving tabindex, WAI-ARIA APG tabs): the focus is on a tab, never the list. */
function onTabKey(e: KeyboardEvent<HTMLButtonElement>): void {
  const i = MODES.findIndex((m) => m.mode === experimentActions().mode);
  const next = e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowLeft' ? i - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? MODES.length - 1 : null;
  if (next === null) return;
  e.preventDefault();
  const mode = MODES[(next + MODES.length) % MODES.length]!.mode;
  experimentActions().setMode(mode);
  document.getElementById(`exp-tab-${mode}`)?.focus();
}

export function ExperimentView() {
  const { base, source } = useViewBase();
  const mode = useExperiment((s) => s.mode);
  const preset = useExperiment((s) => s.preset);
  const ready = useExperiment((s) => s.form !== null && s.compareForm !== null);
  const scenario = base?.scenario ?? null;

  // Give the forms the base scenario: defaults at first, then keep what still fits after each edit in the Lab.
  useLayoutEffect(() => {
    if (scenario) experimentActions().syncScenario(scenario);
  }, [scenario]);

  return (
    <main className="main experiment" aria-label="Experiment">
      <div className="exp-head">
        <div className="exp-title">
          <h2>Experiment</h2>
          <p className="exp-base" data-testid="experiment-base">
            {scenario ? (
              <>
                Base scenario <strong>{scenario.name}</strong>
                <span className="exp-base-source">
                  {source === 'lab' ? ' — the Lab\u2019s current scenario' : ` — preset of ${preset?.title ?? 'a paper table'}`}
                </span>
                {source === 'preset' && (
                  <button type="button" className="link-button" onClick={() => experimentActions().useLabScenario(null)}>
                    Use the Lab&rsquo;s scenario instead
                  </button>
                )}
              </>
            ) : (
              'No scenario loaded: choose one in the Lab.'
            )}
          </p>
        </div>
        <div className="exp-modes" role="tablist" aria-label="Experiment mode">
          {MODES.map((m) => (
            <button
              key={m.mode}
              type="button"
              role="tab"
              id={`exp-tab-${m.mode}`}
              aria-selected={mode === m.mode}
              tabIndex={mode === m.mode ? 0 : -1}
              aria-controls="exp-panel"
              className="exp-mode"
              onClick={() => experimentActions().setMode(m.mode)}
              onKeyDown={onTabKey}
            >
              {m.label}
            </button>
          ))}
        </div>
      </div>
      {ready && base && (
        <div className="exp-layout" id="exp-panel" role="tabpanel" aria-labelledby={`exp-tab-${mode}`}>
          <aside className="exp-side">
            {mode === 'sweep' ? (
              <>
                <SweepFormPanel base={base} />
                <PaperSweeps />
              </>
            ) : (
              <CompareFormPanel scenario={base.scenario} />
            )}
          </aside>
          <section className="exp-results" aria-label={mode === 'sweep' ? 'Sweep results' : 'Comparison results'}>
            <JobStatus mode={mode} />
            {mode === 'sweep' ? <SweepResults /> : <CompareResults />}
          </section>
        </div>
      )}
    </main>
  );
}
