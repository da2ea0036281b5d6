/**
 * The shape of a guided lesson (the data in lessons-recovery.ts and
 * lessons-dynamics.ts; the helpers in lessons.ts): its runs, caption
 * templates and predict-then-reveal questions. Kept apart from the lessons
 * so that the data files and the list that gathers them import it without
 * importing each other.
 */
import type { ProtocolEventName } from '../engine/api';
import type { Variant } from '../engine/scenario/types';

export type StepKind = ProtocolEventName | 'dupacks';

/** A change to the lesson's scenario for one of the side-by-side runs. */
export interface LessonPatch {
  /** flow id → fields to replace (variant, start, …) */
  flows?: Record<string, { variant?: Variant; start?: number }>;
  /** link id → fields to replace (delay, bandwidth, queue) */
  links?: Record<string, { delay?: string; bandwidth?: string; queue?: Record<string, unknown> }>;
  /** replaces the scenario's faults */
  faults?: unknown[];
}

export interface LessonRun {
  /** short, URL-safe, unique in the lesson */
  id: string;
  /** label above this run's charts */
  label: string;
  patch: LessonPatch;
}

/**
 * A caption for one kind of step. Placeholders, filled from the event row:
 * {seq}, {prev} (seq − 1), {next} (seq + 1), {cwnd}, {ssthresh}, {time} (s),
 * {flow}, {variant} (display name), {detail} (the engine's own sentence).
 */
export interface CaptionTemplate {
  step: StepKind;
  /** the variants it is written for; absent: every run */
  variants?: Variant[];
  text: string;
}

export interface LessonQuestion {
  id: string;
  /** the step it is attached to; the question is asked just before that step is revealed */
  at: StepKind | 'start' | 'end';
  /** only in these runs (absent: every run) */
  variants?: Variant[];
  /** the n-th step of that kind in the run, from 1 (default 1) */
  occurrence?: number;
  prompt: string;
  choices: string[];
  /** one of `choices`, word for word */
  answer: string;
  /** shown after the student answers */
  why: string;
}

export interface Lesson {
  /** stable, URL-safe id */
  id: string;
  title: string;
  /** one sentence for the lesson list */
  summary: string;
  /** the catalog preset the lesson runs (scenarios/lessons/<preset>.json) */
  preset: string;
  /** the flow the runs differ in, and whose events the captions follow */
  flow: string;
  /** the runs shown side by side, in order */
  runs: LessonRun[];
  /** what to read before pressing Step (Markdown) */
  intro: string;
  /** what to watch, one short line each */
  watch: string[];
  captions: CaptionTemplate[];
  questions: LessonQuestion[];
  /**
   * the event kinds the lesson steps through (absent: every kind); for a
   * lesson whose runs lose thousands of packets, the state changes alone
   */
  stepKinds?: StepKind[];
}
