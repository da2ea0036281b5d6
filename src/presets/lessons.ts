/**
 * Guided lessons as data: which lesson scenario to load (a preset of the
 * catalog, scenarios/lessons/*.json), which runs to show side by side (the
 * same scenario with another variant, queue or delay), a caption template
 * for each protocol event a student steps to, and predict-then-reveal
 * questions attached to key steps. Pure data and small pure helpers; the
 * Lessons view (src/ui/lessons) renders them. The lessons themselves are in
 * lessons-recovery.ts, lessons-dynamics.ts, lessons-queues.ts and lessons-bbr.ts, their shape in lesson-types.ts.
 *
 * Steps are the rows of events.csv (`event` column: drop, fast_retransmit,
 * recovery_enter, recovery_exit, partial_ack, timeout, retransmit, ss_exit,
 * complete, link_down, link_up). The engine does not log each duplicate ACK
 * as an event; the pseudo-step `dupacks` is the lead-in the page shows just
 * before a `fast_retransmit` step (its own detail says how many arrived).
 * `start` and `end` are the moments before the first step and after the last.
 */
import type { Variant } from '../engine/scenario/types';
import { VARIANT_LABELS } from '../engine/tcp/variants';
import type { CaptionTemplate, Lesson, LessonQuestion, LessonRun } from './lesson-types';
import { BBR_LESSONS } from './lessons-bbr';
import { DYNAMICS_LESSONS } from './lessons-dynamics';
import { QUEUE_LESSONS } from './lessons-queues';
import { RECOVERY_LESSONS } from './lessons-recovery';

export type { CaptionTemplate, Lesson, LessonPatch, LessonQuestion, LessonRun, StepKind } from './lesson-types';

export { VARIANT_LABELS };

/** Every lesson, in the order the Lessons view lists them. */
export const LESSONS: readonly Lesson[] = [...RECOVERY_LESSONS, ...DYNAMICS_LESSONS, ...QUEUE_LESSONS, ...BBR_LESSONS];

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

export function findLesson(id: string): Lesson | undefined {
  return LESSONS.find((l) => l.id === id);
}

/** The lesson's scenario for one run: a deep copy of the base JSON with the run's patch applied (base unchanged). */
export function applyLessonRun(base: unknown, run: LessonRun): unknown {
  const copy = JSON.parse(JSON.stringify(base)) as Record<string, unknown>;
  const flows = Array.isArray(copy.flows) ? (copy.flows as Record<string, unknown>[]) : [];
  const links = Array.isArray(copy.links) ? (copy.links as Record<string, unknown>[]) : [];
  for (const [id, fields] of Object.entries(run.patch.flows ?? {})) {
    const f = flows.find((x) => x.id === id);
    if (f) Object.assign(f, fields);
  }
  for (const [id, fields] of Object.entries(run.patch.links ?? {})) {
    const l = links.find((x) => x.id === id);
    if (l) Object.assign(l, fields);
  }
  if (run.patch.faults) copy.faults = JSON.parse(JSON.stringify(run.patch.faults)) as unknown[];
  return copy;
}

/** What a caption needs from a step (an events.csv row). */
export interface StepRow {
  event: string;
  flow?: string;
  seq?: number | null;
  cwnd?: number | null;
  ssthresh?: number | null;
  time_s?: number;
  detail?: string;
}

function num(x: number | null | undefined): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return '—';
  const r = Math.round(x * 100) / 100;
  return String(r === 0 ? 0 : r);
}

/** The template for this step in this run: one written for the variant first, else a general one. */
export function captionTemplate(lesson: Lesson, variant: Variant, step: string): CaptionTemplate | undefined {
  const own = lesson.captions.find((c) => c.step === step && c.variants?.includes(variant));
  return own ?? lesson.captions.find((c) => c.step === step && !c.variants);
}

/** The caption for a step, placeholders filled; the engine's own sentence when the lesson has none for it. */
export function captionFor(lesson: Lesson, variant: Variant, row: StepRow): string {
  const t = captionTemplate(lesson, variant, row.event);
  if (!t) return row.detail ?? '';
  const seq = row.seq ?? null;
  const values: Record<string, string> = {
    seq: num(seq),
    prev: seq === null ? '—' : num(seq - 1),
    next: seq === null ? '—' : num(seq + 1),
    cwnd: num(row.cwnd),
    ssthresh: num(row.ssthresh),
    time: row.time_s === undefined ? '—' : row.time_s.toFixed(3),
    flow: row.flow ?? lesson.flow,
    variant: VARIANT_LABELS[variant],
    detail: row.detail ?? '',
  };
  return t.text.replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m);
}

/** The questions to ask before revealing this step of this run (`occurrence`: the n-th step of its kind, from 1). */
export function questionsAt(
  lesson: Lesson,
  variant: Variant,
  at: LessonQuestion['at'],
  occurrence = 1,
): LessonQuestion[] {
  return lesson.questions.filter(
    (q) => q.at === at && (q.occurrence ?? 1) === occurrence && (!q.variants || q.variants.includes(variant)),
  );
}

/** Jain's fairness index of some throughputs: 1 for equal shares, 1/n when one flow has everything; 1 for none. */
export function jainIndex(xs: readonly number[]): number {
  const n = xs.length;
  const sum = xs.reduce((a, b) => a + b, 0);
  const sq = xs.reduce((a, b) => a + b * b, 0);
  return n === 0 || sq === 0 ? 1 : (sum * sum) / (n * sq);
}
