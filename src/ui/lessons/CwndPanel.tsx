/** The lesson's cwnd chart: every run's window overlaid, ssthresh of the run the diagram shows. */
import { useMemo, useRef } from 'react';
import { lessonStore } from '../../store/lesson-store';
import { Legend, type LegendItem } from './ChartLegend';
import type { LessonRunResult } from './lesson-compute';
import type { StepMember } from './lesson-steps';
import { stepTitle } from './step-titles';
import { createOverlayChart, type OverlayChart, type OverlayLine, type OverlayMarker, type OverlayState } from './overlay-chart';
import { maxUpTo, membersOf, outageBands, valueAfter, valueAt, type PanelProps } from './panel-data';
import { runStyle } from './run-styles';
import { useFactoryChart } from './use-factory-chart';
import { useLessonState } from './use-lesson';

/** ssthresh of the run the diagram shows: neutral, so it is never taken for another run's cwnd. */
const SSTHRESH_COLOUR = '#4b5563';

/**
 * The window just after a step's event. The series includes the fast-recovery
 * inflation; the event rows give cwnd without it: right for a reduction (fast
 * retransmit, timeout) and for the deflation at the end of recovery. At the
 * start of recovery the inflated window is the next sample's.
 */
function windowAfter(m: StepMember, r: LessonRunResult): number {
  const t = m.row.time_s;
  if ((m.kind === 'fast_retransmit' || m.kind === 'timeout' || m.kind === 'recovery_exit') && m.row.cwnd !== null) return m.row.cwnd;
  if (m.kind === 'recovery_enter') return valueAfter(r.times, r.cwnd, t);
  return valueAt(r.times, r.cwnd, t);
}

export function CwndPanel({ lesson, runs, step, shownRun, xMax }: PanelProps) {
  const ref = useRef<HTMLDivElement>(null);
  const log = useLessonState((s) => s.logScale);
  const cursor = step.kind === 'end' ? Infinity : step.time;
  const state = useMemo<OverlayState>(() => {
    const top = Math.max(4, ...runs.map((r) => maxUpTo(r.times, r.cwnd, xMax))) * 1.12;
    const order = runs.map((_, i) => i).filter((i) => i !== shownRun);
    order.push(shownRun);
    // Between two samples, the line goes on to the step's own values: just before and just after its event.
    const tails = new Map<number, { time: number; value: number }[]>();
    for (const m of membersOf(step, lesson)) {
      const t = m.row.time_s;
      tails.set(m.run, [
        { time: t, value: valueAt(runs[m.run].times, runs[m.run].cwnd, t) },
        { time: t, value: windowAfter(m, runs[m.run]) },
      ]);
    }
    const lines: OverlayLine[] = order.map((i) => ({
      key: `cwnd-${runs[i].id}`,
      label: runs[i].label,
      colour: runStyle(i).colour,
      dash: runStyle(i).dash,
      width: i === shownRun ? 2.75 : 2,
      times: runs[i].times,
      values: runs[i].cwnd,
      tail: tails.get(i),
    }));
    const shown = runs[shownRun];
    if (shown) {
      lines.unshift({
        key: 'ssthresh',
        label: `ssthresh (${shown.label})`,
        colour: SSTHRESH_COLOUR,
        dash: '6 4',
        width: 1.5,
        opacity: 0.85,
        times: shown.times,
        values: shown.ssthresh,
        clipAbove: top * 1.5,
        tail: membersOf(step, lesson)
          .filter((m) => m.run === shownRun && m.row.ssthresh !== null)
          .flatMap((m) => [
            { time: m.row.time_s, value: valueAt(shown.times, shown.ssthresh, m.row.time_s) },
            { time: m.row.time_s, value: m.row.ssthresh! },
          ]),
      });
    }
    const markers: OverlayMarker[] = membersOf(step, lesson).map((m) => {
      const r = runs[m.run];
      const v = windowAfter(m, r);
      return { time: m.row.time_s, value: v, colour: runStyle(m.run).colour, label: `${r.label}: ${stepTitle(m.kind)} at ${m.row.time_s.toFixed(3)} s, cwnd ${Number.isFinite(v) ? v.toFixed(1) : '—'}` };
    });
    const names = runs.map((r) => r.label).join(', ');
    return {
      lines,
      cursor,
      xMax,
      yMin: log ? 1 : 0,
      yMax: top,
      log,
      markers,
      bands: outageBands(runs),
      xLabel: 'time (s)',
      yLabel: 'cwnd (segments)',
      ariaLabel: `Congestion window of flow ${lesson.flow} over time for ${names}, up to ${Number.isFinite(cursor) ? `${cursor.toFixed(3)} s` : 'the end'}.`,
    };
  }, [runs, step, shownRun, xMax, log, cursor, lesson]);
  useFactoryChart<OverlayState, OverlayChart>(ref, createOverlayChart, state);

  const legend: LegendItem[] = runs.map((r, i) => ({ label: r.label, colour: runStyle(i).colour, dash: runStyle(i).dash }));
  if (runs[shownRun]) legend.push({ label: `ssthresh (${runs[shownRun].label})`, colour: SSTHRESH_COLOUR, dash: '6 4' });
  return (
    <figure className="chart-card lesson-chart" data-testid="lesson-cwnd-chart">
      <figcaption>
        <h3>
          Congestion window <span className="chart-subtitle">flow {lesson.flow}{runs.length > 1 ? `, ${runs.length} runs overlaid` : ''}</span>
        </h3>
        <label className="lesson-toggle">
          <input type="checkbox" checked={log} onChange={(e) => lessonStore.getState().setLogScale(e.currentTarget.checked)} />
          Log scale
        </label>
      </figcaption>
      {/* Only runs that went through Reno-style fast recovery drew an inflated window. */}
      <Legend items={legend} note={runs.some((r) => r.inflates) ? 'in fast recovery: cwnd + inflation' : undefined} />
      <div className="chart-plot lesson-plot" ref={ref} />
    </figure>
  );
}
