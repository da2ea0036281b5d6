/**
 * The points of the lesson flow's time-sequence diagram a step is about: the
 * segment lost, resent or ACKed, the duplicate ACKs before a fast retransmit.
 */
import type { StepKind } from '../../presets/lessons';
import { TRACE_ACK, TRACE_DROP, TRACE_RETX, type LessonTrace } from './lesson-compute';
import { duplicateAcks, type StepRow } from './step-rows';

/** A point of the time-sequence diagram to highlight. */
export interface Highlight {
  time: number;
  seq: number;
  kind: 'sent' | 'retx' | 'ack' | 'drop' | 'mark';
}

export function highlightsFor(kind: StepKind, row: StepRow, trace: LessonTrace, lessonFlow: string): Highlight[] {
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
