/**
 * What the lesson panels read of the runs at a step: the series' values at
 * and after a moment, their maximum so far, the link's outages, and the
 * lesson flow's members of a step.
 */
import type { Lesson } from '../../presets/lessons';
import type { LessonRunResult } from './lesson-compute';
import type { LessonStep, StepMember } from './lesson-steps';
import { lastIndexAtOrBefore, type OverlayBand } from './overlay-chart';

/** What the cwnd and time-sequence panels are given. */
export interface PanelProps {
  lesson: Lesson;
  runs: readonly LessonRunResult[];
  step: LessonStep;
  shownRun: number;
  xMax: number;
}

export function outageBands(runs: readonly LessonRunResult[]): OverlayBand[] {
  return (runs[0]?.outages ?? []).map(([from, to]) => ({ from, to, label: `link down ${from}–${to} s` }));
}

export function maxUpTo(times: Float64Array, values: Float64Array, t: number): number {
  let m = 0;
  const end = lastIndexAtOrBefore(times, t);
  for (let i = 0; i <= end; i++) if (Number.isFinite(values[i]) && values[i] > m) m = values[i];
  return m;
}

export function valueAt(times: Float64Array, values: Float64Array, t: number): number {
  const i = lastIndexAtOrBefore(times, t);
  return i >= 0 ? values[i] : NaN;
}

export function valueAfter(times: Float64Array, values: Float64Array, t: number): number {
  const i = lastIndexAtOrBefore(times, t) + 1;
  return i < times.length ? values[i] : valueAt(times, values, t);
}

/** The lesson flow's members of a step in one run. */
export function membersOf(step: LessonStep, lesson: Lesson): StepMember[] {
  return step.members.filter((m) => m.row.flow === lesson.flow);
}
