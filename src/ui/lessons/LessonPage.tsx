import { useEffect, useId, useMemo } from 'react';
import { findLesson, jainIndex, type Lesson } from '../../presets/lessons';
import { CopyLinkButton } from '../share/CopyLinkButton';
import { CwndPanel } from './CwndPanel';
import { ExtraPanel } from './ExtraPanel';
import { TsdPanel } from './TsdPanel';
import type { LessonRunResult } from './lesson-compute';
import { LESSON_EXTRA } from './lesson-compute';
import { useLessonLoad, type ReadyLesson } from './lesson-data';
import { lessonStore } from '../../store/lesson-store';
import { useLessonState } from './use-lesson';
import type { LessonStep } from './lesson-steps';
import { runNames, stepTitle } from './step-titles';
import { InlineMarkdown } from './inline-md';
import { PredictionScore, PredictPanel } from './PredictPanel';
import { runStyle } from './run-styles';

/** One lesson: its runs' charts on the left, the steps, captions and questions on the right. */
export function LessonPage({ lessonId }: { lessonId: string }) {
  const lesson = findLesson(lessonId);
  const load = useLessonLoad(lessonId);
  if (!lesson) return <p className="empty-note">There is no such lesson.</p>;
  return (
    <article className="lesson" aria-labelledby="lesson-title" data-testid="lesson-page">
      <header className="lesson-head">
        <button type="button" className="button ghost small lesson-back" onClick={() => lessonStore.getState().open(null)}>
          <span aria-hidden="true">←</span> All lessons
        </button>
        <div className="lesson-heading">
          <h2 id="lesson-title">{lesson.title}</h2>
          <p>{lesson.summary}</p>
        </div>
        <div className="lesson-head-actions">
          <CopyLinkButton />
        </div>
      </header>
      {load.status === 'loading' && (
        <p className="lesson-loading" role="status" data-testid="lesson-loading">
          <span className="spinner" aria-hidden="true" /> Running {lesson.runs.length === 1 ? 'the scenario' : `the ${lesson.runs.length} runs`}…
        </p>
      )}
      {load.status === 'error' && (
        <p className="problem" role="alert">
          <span className="problem-text">
            <strong>This lesson could not be computed.</strong> {load.message}
          </span>
        </p>
      )}
      {load.status === 'ready' && <LoadedLesson lesson={lesson} data={load} />}
    </article>
  );
}

function LoadedLesson({ lesson, data }: { lesson: Lesson; data: ReadyLesson }) {
  const requested = useLessonState((s) => s.step);
  const { steps } = data;
  const runs = data.result.runs;
  const last = steps.length - 1;
  const index = Math.min(requested, last);
  const step = steps[index];

  // A link may ask for a step past the end: settle on the last one.
  useEffect(() => {
    if (requested > last) lessonStore.getState().setStep(last);
  }, [requested, last]);

  useStepKeys(last, lesson);

  const shownRun = useShownRun(lesson, steps, index, runs);
  const duration = Math.max(...runs.map((r) => r.duration));
  const xMax = useMemo(() => chartXMax(steps, index, duration), [steps, index, duration]);
  const extra = LESSON_EXTRA[lesson.id];

  return (
    <div className="lesson-layout">
      <div className="lesson-charts">
        {/* The queue lessons are about the delay: their chart comes first. */}
        {extra === 'delay' && <ExtraPanel kind={extra} runs={runs} step={step} xMax={xMax} atEnd={step.kind === 'end'} flow={lesson.flow} />}
        <CwndPanel lesson={lesson} runs={runs} step={step} shownRun={shownRun} xMax={xMax} />
        <TsdPanel lesson={lesson} runs={runs} step={step} shownRun={shownRun} xMax={xMax} />
        {extra && extra !== 'delay' && <ExtraPanel kind={extra} runs={runs} step={step} xMax={xMax} atEnd={step.kind === 'end'} flow={lesson.flow} />}
      </div>
      <aside className="lesson-side" aria-label="Steps">
        <StepControls index={index} last={last} steps={steps} lesson={lesson} />
        <PredictPanel mode="due" questions={step.questions} runs={runs} />
        <StepCaption lesson={lesson} step={step} runs={runs} next={steps[index + 1]} />
        {step.kind === 'end' && <PredictionScore questions={steps.flatMap((s) => s.questions)} />}
        <PredictPanel mode="upcoming" questions={index < last ? steps[index + 1].questions : []} runs={runs} />
        <section className="lesson-watch" aria-label="What to watch">
          <h3>What to watch</h3>
          <ul>
            {lesson.watch.map((w, i) => (
              <li key={i}>{w}</li>
            ))}
          </ul>
        </section>
      </aside>
    </div>
  );
}

/** The x axis of the lesson's time charts: grows with the steps, the whole run at the end. */
export function chartXMax(steps: readonly LessonStep[], index: number, duration: number): number {
  const step = steps[index];
  if (step.kind === 'end') return duration;
  const t = step.time > 0 ? step.time : (steps[1]?.time ?? duration);
  return Math.min(duration, Math.max(t * 1.25, duration * 0.05, t + 0.05));
}

/** The run the time-sequence diagram shows: the one chosen, else the run of the latest step about the lesson's flow. */
function useShownRun(lesson: Lesson, steps: readonly LessonStep[], index: number, runs: readonly LessonRunResult[]): number {
  const selected = useLessonState((s) => s.selectedRun);
  const chosen = selected === null ? -1 : runs.findIndex((r) => r.id === selected);
  if (chosen >= 0) return chosen;
  for (let i = index; i >= 0; i--) {
    const m = steps[i].members.find((x) => x.row.flow === lesson.flow);
    if (m) return m.run;
  }
  return 0;
}

function go(delta: number, last: number): void {
  const s = lessonStore.getState();
  s.setStep(Math.max(0, Math.min(last, Math.min(s.step, last) + delta)));
}

function restart(lesson: Lesson): void {
  lessonStore.getState().restart(lesson.questions.map((q) => q.id));
}

/** S or → steps, ← steps back, R restarts — unless a form field has the keyboard. */
function useStepKeys(last: number, lesson: Lesson): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, select, textarea, [contenteditable="true"], [role="dialog"]')) return;
      if (e.key === 's' || e.key === 'S' || e.key === 'ArrowRight') {
        e.preventDefault();
        go(1, last);
      } else if (e.key === 'ArrowLeft') {
        e.preventDefault();
        go(-1, last);
      } else if (e.key === 'r' || e.key === 'R') {
        e.preventDefault();
        restart(lesson);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [last, lesson]);
}

function StepControls({ index, last, steps, lesson }: { index: number; last: number; steps: readonly LessonStep[]; lesson: Lesson }) {
  const scrubId = useId();
  const step = steps[index];
  return (
    <section className="step-controls" aria-label="Step through the lesson">
      <div className="step-buttons">
        <button type="button" className="button" onClick={() => go(-1, last)} disabled={index === 0} aria-keyshortcuts="ArrowLeft">
          <span aria-hidden="true">←</span> Back
        </button>
        <button type="button" className="button primary step-next" onClick={() => go(1, last)} disabled={index === last} aria-keyshortcuts="S ArrowRight">
          Step <span aria-hidden="true">→</span>
        </button>
        <button type="button" className="button ghost" onClick={() => restart(lesson)} disabled={index === 0} aria-keyshortcuts="R">
          Restart
        </button>
      </div>
      <div className="step-position">
        <label htmlFor={scrubId} className="step-counter" data-testid="lesson-step-counter">
          Step {index} of {last}
        </label>
        <span className="step-clock">t = {step.time.toFixed(3)} s</span>
      </div>
      <input
        id={scrubId}
        className="step-scrubber"
        type="range"
        min={0}
        max={last}
        value={index}
        onChange={(e) => lessonStore.getState().setStep(Number(e.currentTarget.value))}
        aria-valuetext={`Step ${index} of ${last}: ${stepTitle(step.kind)} at ${step.time.toFixed(3)} s`}
      />
      <p className="step-keys">
        <kbd>S</kbd> or <kbd>→</kbd> step · <kbd>←</kbd> back · <kbd>R</kbd> restart
      </p>
    </section>
  );
}

function RunChips({ runs, indices }: { runs: readonly LessonRunResult[]; indices: readonly number[] }) {
  if (indices.length === runs.length && runs.length > 1) {
    return (
      <span className="run-chips inline">
        <span className="run-chip all">{runNames(indices, runs).replace(/^a/, 'A').replace(/^b/, 'B')}</span>
      </span>
    );
  }
  return (
    <span className="run-chips inline">
      {indices.map((i) => (
        <span key={i} className="run-chip">
          <span className="run-dot" style={{ background: runStyle(i).colour }} aria-hidden="true" />
          {runs[i].label}
        </span>
      ))}
    </span>
  );
}

function StepCaption({ lesson, step, runs, next }: { lesson: Lesson; step: LessonStep; runs: readonly LessonRunResult[]; next?: LessonStep }) {
  const manyFlows = Object.keys(runs[0]?.variants ?? {}).length > 1;
  return (
    <section className="lesson-caption" aria-live="polite" aria-atomic="true" data-testid="lesson-caption" data-step-kind={step.kind}>
      <div className="lesson-caption-head">
        <span className={`step-badge kind-${step.kind}`} data-testid="lesson-step-title">
          {stepTitle(step.kind)}
        </span>
        {step.kind !== 'start' && <span className="step-when"> at {step.time.toFixed(3)} s</span>}
      </div>
      {step.kind === 'start' && (
        <div className="lesson-intro">
          <InlineMarkdown text={lesson.intro} />
          <p className="lesson-hint">
            Press <strong>Step</strong> to go to the first event{next && next.kind !== 'end' ? ` (${stepTitle(next.kind).toLowerCase()})` : ''}.
          </p>
        </div>
      )}
      {step.captions.map((c, i) => (
        <div key={i} className="caption-group">
          <div className="caption-group-who">
            <RunChips runs={runs} indices={c.runs} />
            {manyFlows && c.flow && <span className="flow-chip">{c.flow}</span>}
          </div>
          <p data-testid="lesson-caption-text">{c.text}</p>
        </div>
      ))}
      {step.kind === 'end' && <EndSummary lesson={lesson} runs={runs} />}
    </section>
  );
}

function fmt(x: number | null | undefined, digits = 0): string {
  return x === null || x === undefined || !Number.isFinite(x) ? '—' : x.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

/** At the end: what each run achieved, from its summary. */
function EndSummary({ lesson, runs }: { lesson: Lesson; runs: readonly LessonRunResult[] }) {
  const tcpFlows = Object.keys(runs[0]?.variants ?? {});
  if (tcpFlows.length > 1) {
    return (
      <div className="end-summary">
        <p>All runs are over. Throughput over the measurement window, and Jain&rsquo;s index of the shares:</p>
        <table className="lesson-table" data-testid="lesson-summary">
          <thead>
            <tr>
              <th scope="col">Run</th>
              {tcpFlows.map((f) => (
                <th key={f} scope="col" className="num">
                  {f} (kbps)
                </th>
              ))}
              <th scope="col" className="num">
                Jain
              </th>
            </tr>
          </thead>
          <tbody>
            {runs.map((r, i) => {
              const xs = tcpFlows.map((f) => r.summary.find((s) => s.flow === f)?.throughput_kbps ?? 0);
              return (
                <tr key={r.id}>
                  <th scope="row">
                    <span className="run-dot" style={{ background: runStyle(i).colour }} aria-hidden="true" /> {r.label}
                  </th>
                  {xs.map((x, k) => (
                    <td key={k} className="num">
                      {fmt(x)}
                    </td>
                  ))}
                  <td className="num">{fmt(jainIndex(xs), 3)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    );
  }
  return (
    <div className="end-summary">
      <p>All runs are over. What each achieved for flow {lesson.flow}:</p>
      <table className="lesson-table" data-testid="lesson-summary">
        <thead>
          <tr>
            <th scope="col">Run</th>
            <th scope="col" className="num">
              kbps
            </th>
            <th scope="col" className="num">
              Fast retx.
            </th>
            <th scope="col" className="num">
              Timeouts
            </th>
            <th scope="col" className="num">
              Resent
            </th>
          </tr>
        </thead>
        <tbody>
          {runs.map((r, i) => {
            const s = r.summary.find((x) => x.flow === lesson.flow);
            return (
              <tr key={r.id}>
                <th scope="row">
                  <span className="run-dot" style={{ background: runStyle(i).colour }} aria-hidden="true" /> {r.label}
                </th>
                <td className="num">{fmt(s?.throughput_kbps)}</td>
                <td className="num">{fmt(s?.fast_retransmits)}</td>
                <td className="num">{fmt(s?.timeouts)}</td>
                <td className="num">{fmt(s?.retransmissions)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
