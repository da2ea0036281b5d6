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
import type { EventRow } from '../../engine/output/rundata';
import type { Variant } from '../../engine/scenario/types';
import { captionFor, captionTemplate, questionsAt, VARIANT_LABELS, type Lesson, type LessonQuestion, type StepKind } from '../../presets/lessons';
import { eventLabel } from '../event-kinds';
import { TRACE_ACK, TRACE_DROP, TRACE_RETX, type LessonTrace } from './lesson-compute';

/** Events of different runs closer than this (seconds) with the same flow, kind and segment are one step. */
export const GROUP_TOLERANCE_S = 0.002;

/** Duplicate ACKs that trigger a fast retransmit (the engine's dupthresh). */
const DUPTHRESH = 3;

/** What the step model needs of a computed run. */
export interface StepRunInput {
  id: string;
  label: string;
  variant: Variant;
  variants: Record<string, Variant>;
  duration: number;
  events: readonly EventRow[];
  trace: LessonTrace;
}

/** A point of the time-sequence diagram to highlight. */
export interface Highlight {
  time: number;
  seq: number;
  kind: 'sent' | 'retx' | 'ack' | 'drop' | 'mark';
}

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

/** The duplicate ACKs before a fast retransmit, from the trace: the ACKs repeating `seq - 1` up to its time. */
export function duplicateAcks(trace: LessonTrace, fastRetransmit: EventRow): number[] {
  const ack = (fastRetransmit.seq ?? NaN) - 1;
  const until = fastRetransmit.time_s;
  const idx: number[] = [];
  for (let i = 0; i < trace.time.length && trace.time[i] <= until; i++) {
    if (trace.kind[i] === TRACE_ACK && trace.seq[i] === ack) idx.push(i);
  }
  // The first ACK for `ack` is the original; the ones after it are the duplicates.
  return idx.slice(1);
}

/** A step's event: an events.csv row, or several drops in a burst (`burst`: every segment lost, in order). */
export interface StepRow extends EventRow {
  burst?: number[];
  /** time of the burst's last drop */
  until?: number;
}

/** Drops (or retransmissions) of one flow closer together than this (seconds), with nothing else in between, are one step. */
export const BURST_GAP_S = 0.05;
const BURST_KINDS: ReadonlySet<string> = new Set(['drop', 'retransmit']);

/**
 * One run's rows as the lesson steps through them (the kinds of
 * `lesson.stepKinds`, when it has them): link events before
 * anything else at the same instant; a burst of drops (or of retransmissions)
 * of one flow — nothing else in between, each within BURST_GAP_S of the one
 * before — as one row;
 * and, when the lesson has a caption for it, a `dupacks` pseudo-row before
 * each fast retransmit of the lesson's flow.
 */
export function runRows(lesson: Lesson, run: StepRunInput): StepRow[] {
  const kinds = lesson.stepKinds ? new Set<string>(lesson.stepKinds) : null;
  const events = run.events
    .filter((e) => !kinds || kinds.has(e.event))
    .map((e, i) => ({ e, i }))
    .sort((a, b) => a.e.time_s - b.e.time_s || Number(b.e.flow === '') - Number(a.e.flow === '') || a.i - b.i)
    .map(({ e }) => e);
  const rows: StepRow[] = [];
  for (const e of events) {
    const last = rows[rows.length - 1];
    if (BURST_KINDS.has(e.event) && last?.event === e.event && last.flow === e.flow && e.seq !== null && last.seq !== null) {
      const lastTime = last.until ?? last.time_s;
      if (e.time_s - lastTime <= BURST_GAP_S) {
        rows[rows.length - 1] = { ...last, burst: [...(last.burst ?? [last.seq]), e.seq], until: e.time_s };
        continue;
      }
    }
    rows.push(e);
  }
  const wants = lesson.captions.some((c) => c.step === 'dupacks');
  if (!wants) return rows;
  const out: StepRow[] = [];
  for (const e of rows) {
    if (e.event === 'fast_retransmit' && e.flow === lesson.flow && e.seq !== null) {
      const dups = duplicateAcks(run.trace, e);
      const before = dups.filter((i) => run.trace.time[i] < e.time_s);
      const prevTime = out.length ? out[out.length - 1].time_s : 0;
      const at = before.length ? run.trace.time[before[Math.min(before.length, DUPTHRESH - 1) - 1]] : e.time_s;
      const count = dups.length || DUPTHRESH;
      out.push({
        time_s: Math.max(prevTime, at),
        flow: e.flow,
        event: 'dupacks',
        seq: e.seq,
        cwnd: null,
        ssthresh: null,
        detail: `${count} duplicate ACKs for segment ${e.seq - 1}`,
      });
    }
    out.push(e);
  }
  return out;
}

/** "100, 102 and 104", "528–547", "528–547 and 560". */
export function segmentList(seqs: readonly number[]): string {
  const sorted = [...new Set(seqs)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    if (j - i >= 2) parts.push(`${sorted[i]}–${sorted[j]}`);
    else for (let k = i; k <= j; k++) parts.push(String(sorted[k]));
    i = j + 1;
  }
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

function highlightsFor(kind: StepKind, row: StepRow, trace: LessonTrace, lessonFlow: string): Highlight[] {
  if (row.flow !== lessonFlow) return [];
  const out: Highlight[] = [];
  const kindName = (k: number): Highlight['kind'] => (k === TRACE_ACK ? 'ack' : k === TRACE_DROP ? 'drop' : k === TRACE_RETX ? 'retx' : 'sent');
  if (row.burst) {
    const want = new Set(row.burst);
    const traceKind = kind === 'drop' ? TRACE_DROP : TRACE_RETX;
    const end = row.until ?? row.time_s;
    for (let i = lowerBound(trace.time, row.time_s - 1e-9); i < trace.time.length && trace.time[i] <= end + 1e-9; i++) {
      if (trace.kind[i] === traceKind && want.has(trace.seq[i])) {
        out.push({ time: trace.time[i], seq: trace.seq[i], kind: kindName(traceKind) });
        want.delete(trace.seq[i]);
      }
    }
    return out;
  }
  if (kind === 'dupacks') {
    const fr = { ...row, time_s: Infinity };
    for (const i of duplicateAcks(trace, fr)) if (trace.time[i] <= row.time_s + 1e-12) out.push({ time: trace.time[i], seq: trace.seq[i], kind: 'ack' });
    return out;
  }
  if (row.seq === null) return out;
  const t = row.time_s;
  for (let i = lowerBound(trace.time, t - 1e-9); i < trace.time.length && trace.time[i] <= t + 1e-9; i++) {
    const k = trace.kind[i];
    const s = trace.seq[i];
    const match =
      s === row.seq ||
      // a fast retransmit is triggered by the third duplicate ACK, for the segment before
      (kind === 'fast_retransmit' && k === TRACE_ACK && s === row.seq - 1) ||
      // NewReno retransmits the next hole at a partial ACK
      (kind === 'partial_ack' && k === TRACE_RETX);
    if (match && !(kind === 'drop' && k !== TRACE_DROP)) out.push({ time: trace.time[i], seq: s, kind: kindName(k) });
  }
  if (out.length === 0) out.push({ time: t, seq: row.seq, kind: 'mark' });
  return out;
}

function lowerBound(a: Float64Array, x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (a[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
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

/** The engine's own sentences start in lower case and have no full stop. */
export function asSentence(s: string): string {
  const t = s.trim();
  if (!t) return t;
  const first = t[0].toUpperCase() + t.slice(1);
  return /[.!?…)]$/.test(first) ? first : `${first}.`;
}

/**
 * A caption that quotes the engine's sentence ({detail}) gets that sentence
 * punctuated like the rest: a capital after a full stop, no doubled stops.
 */
export function tidyCaption(text: string): string {
  return asSentence(
    text
      .replace(/([^.])\.\.(?!\.)/g, '$1.')
      .replace(/([.!?]\s+)([a-z])/g, (_m, end: string, c: string) => end + c.toUpperCase()),
  );
}

function captionOf(lesson: Lesson, variant: Variant, row: StepRow): string {
  const template = captionTemplate(lesson, variant, row.event);
  const text = template ? captionFor(lesson, variant, row) : asSentence(row.detail);
  return textWithBurst(template?.text.includes('{detail}') ? tidyCaption(text) : text, row);
}

function textWithBurst(text: string, row: StepRow): string {
  if (!row.burst || row.burst.length < 2) return text;
  // The lesson's own caption may already name them all (several lost segments in one window).
  const named = row.burst.every((seq) => new RegExp(`\\b${seq}\\b`).test(text));
  if (named) return text;
  const list = segmentList(row.burst);
  return row.event === 'drop'
    ? `${text} ${row.burst.length} segments are lost in this burst: ${list}.`
    : `${text} ${row.burst.length} segments are retransmitted one after the other: ${list}.`;
}

/** The lesson with its variant-specific slow-start-exit captions left out (they describe the slow start after a loss). */
function beforeLossLesson(lesson: Lesson): Lesson {
  return { ...lesson, captions: lesson.captions.filter((c) => !(c.step === 'ss_exit' && c.variants)) };
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

/** How a step is named above its caption: "Fast retransmit", "Duplicate ACKs", … */
export const STEP_TITLES: Record<string, string> = {
  start: 'Before the first event',
  end: 'The end of the runs',
  dupacks: 'Duplicate ACKs',
  drop: 'Segment lost',
  fast_retransmit: 'Fast retransmit',
  timeout: 'Retransmission timeout',
  recovery_enter: 'Fast recovery begins',
  recovery_exit: 'Fast recovery ends',
  partial_ack: 'Partial ACK',
  ss_exit: 'Slow start ends',
  retransmit: 'Retransmission',
  complete: 'Transfer complete',
  link_down: 'Link down',
  link_up: 'Link up',
};

export function stepTitle(kind: string): string {
  return STEP_TITLES[kind] ?? eventLabel(kind);
}

/** The runs' labels joined for a caption: "Tahoe", "Reno and NewReno", "all four runs". */
export function runNames(runIndices: readonly number[], runs: readonly { label: string }[]): string {
  if (runIndices.length === runs.length && runs.length > 1) return runs.length === 2 ? 'both runs' : `all ${NUMBER_WORDS[runs.length] ?? runs.length} runs`;
  const names = runIndices.map((i) => runs[i]?.label ?? `run ${i + 1}`);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

const NUMBER_WORDS: Record<number, string> = { 2: 'two', 3: 'three', 4: 'four', 5: 'five', 6: 'six' };

/** A variant's display name (lessons.ts spelling). */
export function variantLabel(v: Variant): string {
  return VARIANT_LABELS[v] ?? v;
}
