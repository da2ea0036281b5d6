/**
 * A lesson's steps: the protocol events of all its runs merged into one list
 * in time order, to walk with Step / Back.
 *
 * - Step 0 is the moment before anything happens (the lesson's intro); the
 *   last step is the end of the runs (a short summary).
 * - The same event in several runs at (almost) the same moment — the drop
 *   all four variants suffer, their fast retransmits — is one step, with one
 *   caption per run where the runs differ (identical captions are shown once).
 *   "Almost": within GROUP_TOLERANCE_S, since SACK's longer ACKs arrive a few
 *   microseconds later than the others'. A burst of drops is the same event
 *   only when it is the same burst (same segments, same end), and each run's
 *   own events keep their order (inRunOrder).
 * - Before each fast retransmit of the lesson's flow, the lesson may show the
 *   duplicate ACKs that led to it (the pseudo-step `dupacks`, timed at the
 *   last duplicate ACK before the one that triggers the retransmission).
 * - Questions are asked at the step before the one they are attached to and
 *   revealed once it is reached; `start` questions are attached to the first
 *   event, `end` questions to the end.
 * Pure functions over the computed runs; no React.
 */
import type { Variant } from '../../engine/scenario/types';
import { captionTemplate, questionsAt, type Lesson, type LessonQuestion, type StepKind } from '../../presets/lessons';
import { beforeLossLesson, captionOf } from './step-captions';
import { highlightsFor, type Highlight } from './step-highlights';
import { runRows, type StepRow, type StepRunInput } from './step-rows';

/** Events of different runs closer than this (seconds) with the same flow, kind and segment are one step. */
export const GROUP_TOLERANCE_S = 0.002;

export interface StepMember {
  /** index of the run */
  run: number;
  kind: StepKind;
  row: StepRow;
  /** the variant of the event's flow in that run */
  variant: Variant;
  /** the n-th event of this kind of this flow in this run, from 1 */
  occurrence: number;
  caption: string;
  /** the lesson wrote a caption for this step (else the caption is the engine's own sentence) */
  written: boolean;
  /** points of the lesson flow's time-sequence diagram this step is about */
  highlights: Highlight[];
}

export interface CaptionGroup {
  /** the caption, placeholders filled */
  text: string;
  /** runs it applies to, in run order */
  runs: number[];
  kind: StepKind;
  /** the flow, when the lesson has several TCP flows */
  flow: string;
}

export interface StepQuestion {
  question: LessonQuestion;
  /** the runs it is asked about */
  runs: number[];
}

export interface LessonStep {
  index: number;
  kind: StepKind | 'start' | 'end';
  /** where the charts' cursor stands, seconds */
  time: number;
  members: StepMember[];
  captions: CaptionGroup[];
  /** asked at the step before, revealed at this one */
  questions: StepQuestion[];
}

interface Pending {
  run: number;
  row: StepRow;
  /** position among the run's events at the same time */
  rank: number;
}

/** Merge the runs' events into the lesson's steps (see the module comment). */
export function buildSteps(lesson: Lesson, runs: readonly StepRunInput[]): LessonStep[] {
  const pending: Pending[] = [];
  runs.forEach((run, r) => {
    let lastTime = NaN;
    let rank = 0;
    for (const row of runRows(lesson, run)) {
      rank = row.time_s === lastTime ? rank + 1 : 0;
      lastTime = row.time_s;
      pending.push({ run: r, row, rank });
    }
  });
  pending.sort((a, b) => a.row.time_s - b.row.time_s || a.rank - b.rank || a.run - b.run);

  type Group = { first: number; members: Pending[] };
  const groups: Group[] = [];
  const lastGroup = runs.map(() => -1);
  const sameEvent = (a: StepRow, b: StepRow) => a.flow === b.flow && a.event === b.event && a.seq === b.seq && sameBurst(a, b);
  for (const p of pending) {
    let joined = -1;
    // Look back over the recent groups for the same event of another run.
    for (let g = groups.length - 1; g >= 0 && g >= lastGroup[p.run]; g--) {
      const head = groups[g].members[0].row;
      if (p.row.time_s - head.time_s > GROUP_TOLERANCE_S) break;
      if (sameEvent(head, p.row) && !groups[g].members.some((m) => m.run === p.run)) {
        joined = g;
        break;
      }
    }
    if (joined < 0) {
      groups.push({ first: p.row.time_s, members: [p] });
      joined = groups.length - 1;
    } else groups[joined].members.push(p);
    lastGroup[p.run] = joined;
  }

  const ordered = inRunOrder(groups, runs.length, (g) => Math.max(...g.members.map((m) => m.row.until ?? m.row.time_s)));

  const occurrences = runs.map(() => new Map<string, number>());
  const reacted = runs.map(() => new Set<string>());
  const generalOnly = beforeLossLesson(lesson);
  const steps: LessonStep[] = [{ index: 0, kind: 'start', time: 0, members: [], captions: [], questions: [] }];
  for (const { group: g, cursor } of ordered) {
    const members: StepMember[] = g.members
      .sort((a, b) => a.run - b.run)
      .map(({ run, row }) => {
        const r = runs[run];
        const kind = row.event as StepKind;
        const variant = (row.flow && r.variants[row.flow]) || r.variant;
        const key = `${row.flow}|${kind}`;
        const occurrence = (occurrences[run].get(key) ?? 0) + 1;
        occurrences[run].set(key, occurrence);
        // Before a flow's first loss reaction, "slow start ends" is the first slow start's end:
        // captions written for the slow start after a loss do not apply yet.
        const source = kind === 'ss_exit' && !reacted[run].has(row.flow) ? generalOnly : lesson;
        if (kind === 'fast_retransmit' || kind === 'timeout') reacted[run].add(row.flow);
        return {
          run,
          kind,
          row,
          variant,
          occurrence,
          caption: captionOf(source, variant, row),
          written: captionTemplate(source, variant, kind) !== undefined,
          highlights: highlightsFor(kind, row, r.trace, lesson.flow),
        };
      });
    steps.push({ index: steps.length, kind: members[0].kind, time: cursor, members, captions: captionGroups(members), questions: [] });
  }
  const duration = Math.max(0, ...runs.map((r) => r.duration));
  steps.push({ index: steps.length, kind: 'end', time: duration, members: [], captions: [], questions: [] });

  // Questions.
  const attach = (step: LessonStep, q: LessonQuestion, run: number) => {
    const have = step.questions.find((x) => x.question.id === q.id);
    if (have) {
      if (!have.runs.includes(run)) have.runs.push(run);
    } else step.questions.push({ question: q, runs: [run] });
  };
  runs.forEach((run, r) => {
    for (const q of questionsAt(lesson, run.variant, 'start')) attach(steps[Math.min(1, steps.length - 1)], q, r);
    for (const q of questionsAt(lesson, run.variant, 'end')) attach(steps[steps.length - 1], q, r);
  });
  for (const step of steps) {
    for (const m of step.members) {
      if (m.row.flow !== lesson.flow && m.row.flow !== '') continue;
      for (const q of questionsAt(lesson, m.variant, m.kind, m.occurrence)) attach(step, q, m.run);
    }
  }
  return steps;
}

/**
 * Two runs' bursts are one step only when they are the same burst: the same
 * segments, ending at (almost) the same moment. Bursts that merely start
 * with the same drop — CUBIC with HyStart++ loses 6 segments where Reno
 * loses 35 — are different events, told apart.
 */
function sameBurst(a: StepRow, b: StepRow): boolean {
  if (!a.burst && !b.burst) return true;
  const sa = a.burst ?? [a.seq];
  const sb = b.burst ?? [b.seq];
  if (sa.length !== sb.length || sa.some((x, i) => x !== sb[i])) return false;
  return Math.abs((a.until ?? a.time_s) - (b.until ?? b.time_s)) <= GROUP_TOLERANCE_S;
}

/**
 * The groups in the order the lesson steps through them: each run's own
 * events in the run's order, and otherwise by cursor (a burst's step stands
 * at its last segment). A group joins the same event of several runs within
 * GROUP_TOLERANCE_S, so its cursor — the latest of its members — may stand a
 * little after a run's next event (SACK's fast retransmit a few µs after
 * Reno's, Reno's recovery starting at the instant of its own): that event
 * still comes after, and the cursor never moves back, so it stands at the
 * group's cursor. A merge by priority: a group is ready once it is the
 * earliest group left of every run in it (the groups of a run are created in
 * the run's order, so the earliest group left overall is always ready).
 */
function inRunOrder<G extends { members: readonly { run: number }[] }>(
  groups: readonly G[],
  runCount: number,
  cursorOf: (g: G) => number,
): { group: G; cursor: number }[] {
  const queues: number[][] = Array.from({ length: runCount }, () => []);
  groups.forEach((g, i) => {
    for (const r of new Set(g.members.map((m) => m.run))) queues[r].push(i);
  });
  const heads = queues.map(() => 0);
  const cursors = groups.map(cursorOf);
  const out: { group: G; cursor: number }[] = [];
  let last = 0;
  for (let n = 0; n < groups.length; n++) {
    let best = -1;
    for (let r = 0; r < runCount; r++) {
      const g = queues[r][heads[r]];
      if (g === undefined || (best >= 0 && (cursors[g] > cursors[best] || (cursors[g] === cursors[best] && g >= best))))
        continue;
      const ready = groups[g].members.every((m) => queues[m.run][heads[m.run]] === g);
      if (ready) best = g;
    }
    for (const r of new Set(groups[best].members.map((m) => m.run))) heads[r]++;
    last = Math.max(last, cursors[best]);
    out.push({ group: groups[best], cursor: last });
  }
  return out;
}


function captionGroups(members: readonly StepMember[]): CaptionGroup[] {
  const out: CaptionGroup[] = [];
  for (const m of members) {
    const same = out.find((c) => c.text === m.caption && c.kind === m.kind);
    if (same) same.runs.push(m.run);
    else out.push({ text: m.caption, runs: [m.run], kind: m.kind, flow: m.row.flow });
  }
  return out;
}

