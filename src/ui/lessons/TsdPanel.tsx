/** The lesson's time-sequence diagram of one run, its step ringed. */
import { useMemo, useRef } from 'react';
import { lessonStore } from '../../store/lesson-store';
import { Legend } from './ChartLegend';
import type { StepMember } from './lesson-steps';
import { segmentList } from './step-captions';
import type { Highlight } from './step-highlights';
import { stepTitle } from './step-titles';
import { OpenInLab } from './OpenInLab';
import { membersOf, type PanelProps } from './panel-data';
import { runStyle } from './run-styles';
import { createTsdChart, TSD_COLOURS, type TsdChart, type TsdState } from './tsd-chart';
import { useFactoryChart } from './use-factory-chart';
import { useLessonState } from './use-lesson';

function ringLabel(m: StepMember): string {
  const seq = m.row.seq;
  const burst = m.row.burst;
  switch (m.kind) {
    case 'drop':
      return burst ? `${burst.length} segments lost` : `segment ${seq} lost`;
    case 'dupacks':
      return `duplicate ACKs for ${seq === null ? '—' : seq - 1}`;
    case 'fast_retransmit':
      return `3rd duplicate ACK: ${seq} resent`;
    case 'retransmit':
      return burst ? `${segmentList(burst)} resent` : `${seq} resent`;
    case 'timeout':
      return `timeout: ${seq} resent`;
    case 'partial_ack':
      return `partial ACK for ${seq}`;
    case 'recovery_exit':
      return `ACK for ${seq}: recovery ends`;
    case 'ss_exit':
      return 'cwnd reaches ssthresh';
    case 'bbr_startup':
    case 'bbr_drain':
    case 'bbr_probe_bw':
    case 'bbr_probe_rtt':
      // The state's own name, as BBR's papers and Linux write it.
      return stepTitle(m.kind);
    default:
      return stepTitle(m.kind).toLowerCase();
  }
}

export function TsdPanel({ lesson, runs, step, shownRun, xMax }: PanelProps) {
  const ref = useRef<HTMLDivElement>(null);
  const zoom = useLessonState((s) => s.zoom);
  const selected = useLessonState((s) => s.selectedRun);
  const run = runs[shownRun];
  const cursor = step.kind === 'end' ? run.duration : step.time;
  const mine = membersOf(step, lesson).filter((m) => m.run === shownRun);
  const others = membersOf(step, lesson).filter((m) => m.run !== shownRun);

  const state = useMemo<TsdState>(() => {
    const mine = membersOf(step, lesson).filter((m) => m.run === shownRun);
    const highlights: Highlight[] = mine.flatMap((m) => m.highlights.filter((h) => h.kind !== 'mark' || m.kind !== 'recovery_enter'));
    const enter = mine.find((m) => m.kind === 'recovery_enter' && m.row.seq !== null);
    const width = Math.min(8, Math.max(0.12, xMax * 0.3));
    let window: [number, number];
    if (step.kind === 'end' || !zoom) window = [0, step.kind === 'end' ? run.duration : xMax];
    else if (cursor <= 0) window = [0, width];
    else window = [Math.max(0, cursor - width), cursor + width * 0.12];
    const lead = mine.find((m) => m.kind !== 'recovery_enter') ?? mine[0];
    return {
      trace: run.trace,
      cursor,
      window,
      highlights,
      level: enter ? { seq: enter.row.seq!, label: `recovery point: segment ${enter.row.seq}` } : null,
      highlightLabel: lead ? ringLabel(lead) : undefined,
      ariaLabel: `Time-sequence diagram of flow ${lesson.flow}, ${run.label}, from ${window[0].toFixed(2)} to ${window[1].toFixed(2)} s${lead ? `; ringed: ${ringLabel(lead)}` : ''}.`,
    };
  }, [run, step, shownRun, zoom, xMax, cursor, lesson]);
  useFactoryChart<TsdState, TsdChart>(ref, createTsdChart, state);

  return (
    <figure className="chart-card lesson-chart" data-testid="lesson-tsd-chart">
      <figcaption>
        <h3>
          Time-sequence diagram <span className="chart-subtitle">flow {lesson.flow}, {run.label}</span>
        </h3>
        <div className="tsd-tools">
          {runs.length > 1 && (
            <div className="segmented" role="group" aria-label="Run shown in the diagram">
              <button type="button" aria-pressed={selected === null} onClick={() => lessonStore.getState().selectRun(null)} title="Show the run of the current step">
                Follow steps
              </button>
              {runs.map((r, i) => (
                <button key={r.id} type="button" aria-pressed={selected === r.id} onClick={() => lessonStore.getState().selectRun(r.id)}>
                  <span className="run-dot" style={{ background: runStyle(i).colour }} aria-hidden="true" />
                  {r.label}
                </button>
              ))}
            </div>
          )}
          <label className="lesson-toggle">
            <input type="checkbox" checked={zoom} onChange={(e) => lessonStore.getState().setZoom(e.currentTarget.checked)} />
            Zoom to the step
          </label>
          <OpenInLab lesson={lesson} run={lesson.runs[shownRun] ?? lesson.runs[0]} />
        </div>
      </figcaption>
      <Legend
        items={[
          { label: 'segment sent', colour: TSD_COLOURS.sent, kind: 'square' },
          { label: 'retransmission', colour: TSD_COLOURS.retx, kind: 'diamond' },
          { label: 'ACK received', colour: TSD_COLOURS.ack, kind: 'dot' },
          { label: 'segment lost', colour: TSD_COLOURS.drop, kind: 'cross' },
          { label: 'this step', colour: TSD_COLOURS.highlight, kind: 'ring' },
        ]}
      />
      <div className="chart-plot lesson-plot tsd-plot" ref={ref} />
      {mine.length === 0 && others.length > 0 && (
        <p className="tsd-note">
          This step is about {[...new Set(others.map((m) => runs[m.run].label))].join(' and ')}; the diagram shows {run.label}. Choose a run above, or “Follow steps”.
        </p>
      )}
    </figure>
  );
}
