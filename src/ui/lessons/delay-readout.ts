/**
 * What the queue lessons (bufferbloat, ECN, the commute) read out beside
 * their delay chart, per run: the bottleneck's queueing delay at the step
 * (its mean over the last READOUT_WINDOW_S; at the end, over the run), the packets the lesson's flow has
 * lost and had marked CE so far, the capacity in force when it changes, and
 * at the end the ping's mean one-way delay (summary.csv avg_latency_ms of
 * the CBR flows). Pure: the tests and the page call it.
 */
import { lastIndexAtOrBefore } from './overlay-chart';
import type { LessonRunResult } from './lesson-compute';

export interface DelayReadoutRow {
  run: string;
  label: string;
  /** ms: the mean of the samples of the last READOUT_WINDOW_S up to the step; at the end, of the whole run; NaN before any */
  delay: number;
  /** the lesson flow's packets lost so far (drop events) */
  lost: number;
  /** the lesson flow's packets marked CE so far (ecn_mark events) */
  marks: number;
  /** kbps in force at the step (mean over the run at the end), or null when the capacity does not change */
  capacity: number | null;
  /** mean one-way delay of the CBR flows (the ping), ms, at the end; null before */
  ping: number | null;
}

/**
 * The window a step's delay is averaged over, s: one sample of 10 ms jumps
 * between 0 and a few ms under CoDel; a fifth of a second (two of CoDel's
 * intervals) reads steadily and still follows DropTail's queue.
 */
export const READOUT_WINDOW_S = 0.2;

/** The mean of the finite samples in (t − window, t] (at least the newest finite one at or before t), or NaN. */
function recentMean(times: Float64Array, values: Float64Array, t: number, window: number): number {
  const end = lastIndexAtOrBefore(times, t);
  let sum = 0;
  let n = 0;
  for (let i = end; i >= 0 && (n === 0 || times[i] > t - window); i--) {
    if (!Number.isFinite(values[i])) continue;
    sum += values[i];
    n++;
  }
  return n > 0 ? sum / n : NaN;
}

function mean(values: Float64Array): number {
  let sum = 0;
  let n = 0;
  for (const v of values) {
    if (!Number.isFinite(v)) continue;
    sum += v;
    n++;
  }
  return n > 0 ? sum / n : NaN;
}

/** The readout at time `t` (Infinity: the end) of the lesson flow `flow`. */
export function delayReadout(runs: readonly LessonRunResult[], flow: string, t: number): DelayReadoutRow[] {
  const end = !Number.isFinite(t);
  return runs.map((r) => {
    const delay = r.series.delay;
    const capacity = r.series.capacity;
    let lost = 0;
    let marks = 0;
    for (const e of r.events) {
      if (e.time_s > t) break;
      if (e.flow !== flow) continue;
      if (e.event === 'drop') lost++;
      else if (e.event === 'ecn_mark') marks++;
    }
    const cbr = r.summary.filter((s) => s.kind === 'cbr' && s.avg_latency_ms !== null);
    return {
      run: r.id,
      label: r.label,
      delay: delay ? (end ? mean(delay) : recentMean(r.times, delay, t, READOUT_WINDOW_S)) : NaN,
      lost,
      marks,
      capacity: capacity ? (end ? mean(capacity) : recentMean(r.times, capacity, t, READOUT_WINDOW_S)) : null,
      ping: end && cbr.length > 0 ? cbr.reduce((sum, s) => sum + s.avg_latency_ms!, 0) / cbr.length : null,
    };
  });
}

/** A delay as the readout writes it: whole ms from 10 ms on, one decimal below, seconds from 10 s on. */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return '—';
  if (ms >= 10_000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms >= 10) return `${Math.round(ms).toLocaleString('en')} ms`;
  return `${ms.toFixed(1)} ms`;
}

/** A capacity in kbps as the readout writes it. */
export function formatKbps(kbps: number | null): string {
  if (kbps === null || !Number.isFinite(kbps)) return '—';
  return kbps >= 1000 ? `${(kbps / 1000).toFixed(kbps >= 10_000 ? 0 : 1)} Mbps` : `${Math.round(kbps)} kbps`;
}
