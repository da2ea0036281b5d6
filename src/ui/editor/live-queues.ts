/**
 * The topology view's live data: each link direction's latest queue sample,
 * read from what the run session already keeps for the charts
 * (session/traces.ts: one ring buffer of queue_pkts and one of red_avg per
 * direction, and the direction's drop counter), plus what the scenario itself
 * says about the run (faults).
 *
 * - A direction flashes when the engine counted a drop there since the last
 *   look (queue overflow, RED, random loss, a burst, an outage); a sample at
 *   the limit or a RED average above maxThresh also counts, for engines
 *   without the counter.
 * - A link is down exactly while a linkDown fault of the run covers the
 *   current time, and the run's faults are known (scenario + faults injected
 *   live), so `linkDownAt` derives it without asking the engine.
 */
import type { FaultSpec, LinkSpec } from '../../engine/scenario/types';
import type { RunTraces } from '../session/traces';

/** The part of RunTraces read here (structurally; tests pass a fake). */
export type QueueTraces = Pick<RunTraces, 'run' | 'queues' | 'subscribe'>;

export interface DirectionNow {
  /** packets waiting in the queue (queues.csv queue_pkts) */
  pkts: number;
  /** RED's average queue, packets; NaN for DropTail */
  redAvg: number;
  /** simulated time of the sample */
  time: number;
}

export interface DirectionView extends DirectionNow {
  /** fill of the lane, 0…1 (pkts / waiting room) */
  fill: number;
  /** RED average as a fraction of the waiting room, or NaN */
  redFill: number;
  /**
   * Losing packets: at the limit, or RED average above maxThresh, in any
   * sample since the previous `view` of this direction (an overflow often
   * lasts a single sample).
   */
  dropping: boolean;
}

/** The highest queue and RED average among samples newer than `after`. */
interface Peak {
  pkts: number;
  redAvg: number;
  newest: number;
  /** packets were lost in this direction since the previous call (the engine's drop counter) */
  dropped: boolean;
}

const key = (link: string, from: string) => `${link}\u0000${from}`;

export class LiveQueues {
  private index = new Map<string, number>();
  private indexedRun = -1;
  private indexedCount = -1;

  constructor(private readonly traces: QueueTraces) {}

  /** Call `listener` when new samples arrive (after each batch); returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    return this.traces.subscribe(listener);
  }

  /** The latest sample of the direction of `link` that starts at `from`, or null (no run, no sample yet). */
  latest(link: string, from: string): DirectionNow | null {
    this.reindex();
    const q = this.traces.queues[this.index.get(key(link, from)) ?? -1];
    if (!q || q.pkts.length === 0) return null;
    const last = q.pkts.length - 1;
    const redLast = q.redAvg.length - 1;
    return { pkts: q.pkts.y(last), redAvg: redLast >= 0 ? q.redAvg.y(redLast) : NaN, time: q.pkts.t(last) };
  }

  /**
   * The capacity in force of the direction of `link` leaving `from`, bit/s:
   * the run's newest capacity_kbps sample (a schedule's rate) or, for a
   * trace, the mean of its samples over the last TRACE_SMOOTH_S; before any
   * sample, what the link says for t = 0.
   * NaN for a direction whose capacity never changes.
   */
  capacity(link: LinkSpec, from: string): number {
    if (!capacityChanges(link, from)) return NaN;
    this.reindex();
    const buf = this.traces.queues[this.index.get(key(link.id, from)) ?? -1]?.capacity;
    if (!buf || buf.length === 0) return initialCapacity(link, from);
    // A trace's mean over one sample interval jumps from sample to sample: the label shows its mean over TRACE_SMOOTH_S.
    const smooth = traceFor(link, from) ? TRACE_SMOOTH_S : 0;
    const newest = buf.t(buf.length - 1);
    let sum = 0;
    let n = 0;
    for (let i = buf.length - 1; i >= 0 && (n === 0 || buf.t(i) > newest - smooth); i--) {
      const v = buf.y(i);
      if (!Number.isFinite(v)) continue;
      sum += v;
      n++;
    }
    return n > 0 ? (sum / n) * 1000 : initialCapacity(link, from);
  }

  /**
   * The latest sample measured against the link's queue settings (those of
   * the run), and whether any sample since the previous call showed drops.
   */
  view(link: LinkSpec, from: string): DirectionView | null {
    const now = this.latest(link.id, from);
    if (!now) return null;
    return directionView(now, link, this.peakSince(link.id, from));
  }

  /** Seen up to this sample time, per direction (of the indexed run). */
  private seen = new Map<string, number>();
  /** The drop counter last seen, per direction (of the indexed run). */
  private drops = new Map<string, number>();

  private peakSince(link: string, from: string): Peak {
    const k = key(link, from);
    const q = this.traces.queues[this.index.get(k) ?? -1];
    const peak: Peak = { pkts: -Infinity, redAvg: -Infinity, newest: -Infinity, dropped: false };
    if (!q) return peak;
    const dropsSeen = this.drops.get(k) ?? 0;
    if (q.drops > dropsSeen) peak.dropped = true;
    this.drops.set(k, q.drops);
    const after = this.seen.get(k) ?? -Infinity;
    // Newest first, back to what the previous call saw. The ring buffer keeps
    // each merged bucket's extreme point, so a one-sample overflow survives.
    for (let i = q.pkts.length - 1; i >= 0 && q.pkts.t(i) > after; i--) {
      peak.pkts = Math.max(peak.pkts, q.pkts.y(i));
      peak.newest = Math.max(peak.newest, q.pkts.t(i));
    }
    for (let i = q.redAvg.length - 1; i >= 0 && q.redAvg.t(i) > after; i--) peak.redAvg = Math.max(peak.redAvg, q.redAvg.y(i));
    if (peak.newest > after) this.seen.set(k, peak.newest);
    return peak;
  }

  private reindex(): void {
    const { run, queues } = this.traces;
    if (run === this.indexedRun && queues.length === this.indexedCount) return;
    this.index = new Map(queues.map((q, i) => [key(q.id.link, q.id.from), i]));
    this.seen = new Map();
    this.drops = new Map();
    this.indexedRun = run;
    this.indexedCount = queues.length;
  }
}

/** The topology shows a trace-driven capacity as its mean over this much simulated time, s. */
export const TRACE_SMOOTH_S = 0.5;

/** The trace that drives the direction of `link` leaving `from`, if any. */
function traceFor(link: Pick<LinkSpec, 'trace'>, from: string) {
  return (link.trace ?? []).find((t) => t.from === from) ?? (link.trace ?? []).find((t) => t.from === null);
}

/** Whether the direction of `link` leaving `from` has a rate schedule step or a trace. */
export function capacityChanges(link: Pick<LinkSpec, 'schedule' | 'trace'>, from: string): boolean {
  const applies = (x: { from: string | null }) => x.from === null || x.from === from;
  return (link.schedule ?? []).some(applies) || (link.trace ?? []).some(applies);
}

/**
 * The capacity at t = 0, bit/s: a trace's mean over its first second (its
 * whole period when shorter); else the schedule's steps at 0; else `bandwidth`.
 */
export function initialCapacity(link: Pick<LinkSpec, 'bandwidth' | 'schedule' | 'trace'>, from: string): number {
  const trace = traceFor(link, from);
  if (trace && trace.ms.length > 0) {
    // The loader made sure the period (the last timestamp) is after 0.
    const window = Math.min(1000, trace.ms[trace.ms.length - 1]);
    const opportunities = trace.ms.filter((ms) => ms < window).length;
    return (opportunities * trace.mtu * 8) / (window / 1000);
  }
  let rate = link.bandwidth;
  for (const step of link.schedule ?? []) if (step.at <= 0 && (step.from === null || step.from === from)) rate = step.bandwidth;
  return rate;
}

/**
 * Packets a direction can hold waiting (queue_pkts counts the waiting ones):
 * DropTail drops an arrival when waiting + 1 ≥ limit (ns-2's Queue/DropTail,
 * the limit counting the packet on the wire), RED when waiting ≥ limit.
 */
export function waitingRoom(link: LinkSpec): number {
  return link.queue.type === 'red' ? link.queue.limit : Math.max(1, link.queue.limit - 1);
}

export function directionView(
  now: DirectionNow,
  link: LinkSpec,
  peak: Pick<Peak, 'pkts' | 'redAvg'> & { dropped?: boolean } = now,
): DirectionView {
  const room = waitingRoom(link);
  const red = link.queue.type === 'red' ? link.queue : null;
  const fill = Number.isFinite(now.pkts) ? Math.min(1, Math.max(0, now.pkts / room)) : 0;
  const redFill = red && Number.isFinite(now.redAvg) ? Math.min(1, Math.max(0, now.redAvg / room)) : NaN;
  const full = (pkts: number, avg: number) => (Number.isFinite(pkts) && pkts >= room) || (red !== null && avg >= red.maxThresh);
  // A drop the engine counted is certain; a full queue in a sample is the fallback for engines without the counter.
  const dropping = peak.dropped === true || full(now.pkts, now.redAvg) || full(peak.pkts, peak.redAvg);
  return { ...now, fill, redFill, dropping };
}

/** Whether a linkDown fault holds `link` down at simulated time `t` (seconds). */
export function linkDownAt(faults: readonly FaultSpec[], link: string, t: number): boolean {
  return faults.some((f) => f.kind === 'linkDown' && f.link === link && f.at <= t && t < f.at + f.duration);
}

/** The random loss rate a fault puts on this direction at time `t` (0 if none; several add up as independent losses). */
export function randomLossAt(faults: readonly FaultSpec[], link: string, from: string, t: number): number {
  let pass = 1;
  for (const f of faults) {
    if (f.kind !== 'randomLoss' || f.link !== link || (f.from !== null && f.from !== from)) continue;
    if (f.at <= t && (f.until === null || t < f.until)) pass *= 1 - f.rate;
  }
  return 1 - pass;
}
