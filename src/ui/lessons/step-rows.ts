/**
 * One run's events as the lesson steps through them: a burst of drops (or of
 * retransmissions) folded into one row, and the duplicate ACKs before a fast
 * retransmit as a `dupacks` pseudo-row. Pure functions; no React.
 */
import type { EventRow } from '../../engine/output/rundata';
import type { Variant } from '../../engine/scenario/types';
import type { Lesson } from '../../presets/lessons';
import { TRACE_ACK, type LessonTrace } from './lesson-compute';

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
