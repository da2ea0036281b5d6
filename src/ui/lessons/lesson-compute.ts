/**
 * Running a lesson: each of its side-by-side runs (the lesson's scenario
 * with the run's patch) to completion with the Simulator, keeping what the
 * Lessons view draws and steps through — the protocol events, the lesson
 * flow's cwnd and ssthresh, its packet trace (time-sequence diagram), the
 * summary, and the series of the lesson's extra chart. Lesson scenarios are
 * short (5–40 simulated seconds, well under a second of work each), so the
 * whole lesson is computed up front, in a worker (lesson.worker.ts).
 * Pure: no DOM, no worker API; the tests call it directly.
 */
import type { EventRow, FlowSummaryRow } from '../../engine/output/rundata';
import { CAPACITY_COLUMN, INFLATION_COLUMN } from '../../engine/output/rundata';
import { parseScenario } from '../../engine/scenario';
import type { Scenario, Variant } from '../../engine/scenario/types';
import { Simulator } from '../../engine/simulator';
import { findPreset } from '../../presets/catalog';
import { applyLessonRun, findLesson, jainIndex, type Lesson } from '../../presets/lessons';

/** The lesson's extra chart, beside cwnd and the time-sequence diagram. */
export type ExtraChart = 'queue' | 'rto' | 'throughput' | 'jain' | 'delay';

/** Which lessons show which extra chart. */
export const LESSON_EXTRA: Record<string, ExtraChart> = {
  'outage-backoff': 'rto',
  'vegas-queue': 'queue',
  'westwood-loss': 'throughput',
  'red-droptail': 'queue',
  fairness: 'jain',
  'bbr-alone': 'queue',
  'bbr-share': 'queue',
  bufferbloat: 'delay',
  ecn: 'delay',
  commute: 'delay',
};

/** Trace kinds, as the engine's PacketTrace records them. */
export const TRACE_SENT = 0;
export const TRACE_RETX = 1;
export const TRACE_ACK = 2;
export const TRACE_DROP = 3;

/** The lesson flow's time-sequence trace: one row per data segment sent, ACK received or segment lost. */
export interface LessonTrace {
  /** seconds, non-decreasing */
  time: Float64Array;
  /** TRACE_SENT, TRACE_RETX, TRACE_ACK or TRACE_DROP */
  kind: Uint8Array;
  /** data segment number; for an ACK, the last segment acknowledged in order */
  seq: Float64Array;
}

export interface LessonRunResult {
  id: string;
  label: string;
  /** the lesson flow's variant in this run */
  variant: Variant;
  /** every TCP flow's variant in this run */
  variants: Record<string, Variant>;
  duration: number;
  /** sample times, seconds */
  times: Float64Array;
  /**
   * the lesson flow's window, segments, per sample: cwnd plus, during Reno
   * and NewReno fast recovery, its inflation by duplicate ACKs (what the
   * sender may have in flight, as textbooks draw it)
   */
  cwnd: Float64Array;
  /** whether the window above was ever inflated (Reno-style fast recovery happened in this run) */
  inflates: boolean;
  ssthresh: Float64Array;
  /** the extra chart's series, per sample (names depend on the chart) */
  series: Record<string, Float64Array>;
  /** what the extra series show, for the chart's subtitle (e.g. the queue's link) */
  seriesNote: string;
  /**
   * The delay chart's queue (the busiest direction): its discipline as people
   * write it, and the delay it aims at, ms (CoDel's and FQ-CoDel's target,
   * PIE's), or null (DropTail, RED). Absent for other charts.
   */
  delayQueue?: { name: string; target: number | null };
  trace: LessonTrace;
  /** protocol events of the TCP flows and the links, in order */
  events: EventRow[];
  summary: FlowSummaryRow[];
  /** link outages, [down, up] in seconds */
  outages: [number, number][];
}

export interface LessonResult {
  lessonId: string;
  runs: LessonRunResult[];
}

/** Smoothing window of the Jain's index chart, seconds. */
const JAIN_WINDOW_S = 2;

function tcpVariants(s: Scenario): Record<string, Variant> {
  const out: Record<string, Variant> = {};
  for (const f of s.flows) if (f.kind === 'tcp') out[f.id] = f.variant;
  return out;
}

/** Run one of the lesson's runs to the end. */
export function computeLessonRun(lesson: Lesson, runIndex: number): LessonRunResult {
  const preset = findPreset(lesson.preset);
  if (!preset) throw new Error(`lesson "${lesson.id}": no preset "${lesson.preset}"`);
  const run = lesson.runs[runIndex];
  const parsed = parseScenario(applyLessonRun(preset.scenario, run));
  if (!parsed.ok) throw new Error(`lesson "${lesson.id}", run "${run.id}": ${parsed.issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`);
  const scenario = parsed.scenario;
  const flowIndex = scenario.flows.findIndex((f) => f.id === lesson.flow);
  if (flowIndex < 0) throw new Error(`lesson "${lesson.id}": no flow "${lesson.flow}"`);
  const variants = tcpVariants(scenario);

  const sim = new Simulator(scenario);
  sim.tracePackets([flowIndex]);
  sim.run();
  const data = sim.runData();
  const n = data.times.length;

  const flowCols = data.flowSeries[flowIndex].columns;
  const cwnd = Float64Array.from(flowCols.cwnd ?? new Float64Array(n).fill(NaN));
  // The window as textbooks draw it: cwnd plus the fast-recovery inflation (timeseries.csv `inflation`).
  const inflation = flowCols[INFLATION_COLUMN];
  let inflates = false;
  if (inflation)
    for (let i = 0; i < n; i++)
      if (inflation[i] > 0 && Number.isFinite(cwnd[i])) {
        cwnd[i] += inflation[i];
        inflates = true;
      }
  const ssthresh = Float64Array.from(flowCols.ssthresh ?? new Float64Array(n).fill(NaN));

  const series: Record<string, Float64Array> = {};
  let seriesNote = '';
  const extra = LESSON_EXTRA[lesson.id];
  let delayQueue: LessonRunResult['delayQueue'];
  if (extra === 'delay') {
    // The busiest queue's delay (sojourn_ms) and, when it changes, its capacity.
    const q = data.queueSeries[busiestQueue(data.queueSeries)];
    if (q) {
      series.delay = Float64Array.from(q.sojourn_ms);
      const capacity = q.extra[CAPACITY_COLUMN];
      if (capacity && capacity.some((v) => Number.isFinite(v))) series.capacity = Float64Array.from(capacity);
      const link = scenario.links.find((l) => l.id === q.link);
      const to = link ? (link.a === q.from ? link.b : link.a) : '';
      seriesNote = `link ${q.link}, ${q.from} → ${to}`;
      const queue = link?.queue;
      delayQueue = {
        name: queue ? QUEUE_NAMES[queue.type] : '',
        target: queue && (queue.type === 'codel' || queue.type === 'fqcodel' || queue.type === 'pie') ? queue.target * 1000 : null,
      };
    }
  } else if (extra === 'queue') {
    // The busiest queue: the bottleneck's, in the direction the data goes.
    const q = data.queueSeries[busiestQueue(data.queueSeries)];
    if (q) {
      series.queue = Float64Array.from(q.queue_pkts);
      if (scenario.links.find((l) => l.id === q.link)?.queue.type === 'red') series.redAvg = Float64Array.from(q.red_avg);
      const link = scenario.links.find((l) => l.id === q.link);
      const to = link ? (link.a === q.from ? link.b : link.a) : '';
      seriesNote = `link ${q.link}, ${q.from} → ${to}`;
    }
  } else if (extra === 'rto') {
    series.rto = Float64Array.from(flowCols.rto_s ?? new Float64Array(n).fill(NaN));
  } else if (extra === 'throughput') {
    series.throughput = Float64Array.from(flowCols.throughput_kbps ?? new Float64Array(n).fill(NaN));
  } else if (extra === 'jain') {
    const tcp = scenario.flows.map((f, i) => ({ f, i })).filter(({ f }) => f.kind === 'tcp');
    const back = Math.max(1, Math.round(JAIN_WINDOW_S / scenario.sampleInterval));
    const lastStart = Math.max(...tcp.map(({ f }) => f.start));
    const tputs = tcp.map(({ i }) => data.flowSeries[i].columns.throughput_kbps ?? new Float64Array(n).fill(NaN));
    tcp.forEach(({ f }, k) => (series[`tput:${f.id}`] = Float64Array.from(tputs[k])));
    const jain = new Float64Array(n).fill(NaN);
    const sums = tputs.map(() => 0);
    for (let s = 0; s < n; s++) {
      tputs.forEach((col, k) => {
        sums[k] += Number.isFinite(col[s]) ? col[s] : 0;
        if (s - back >= 0) sums[k] -= Number.isFinite(col[s - back]) ? col[s - back] : 0;
      });
      if (data.times[s] >= lastStart + JAIN_WINDOW_S) jain[s] = jainIndex(sums.map((x) => Math.max(0, x)));
    }
    series.jain = jain;
    seriesNote = `${JAIN_WINDOW_S} s averages of ${tcp.map(({ f }) => f.id).join(' and ')}`;
  }

  const t = sim.packetTrace;
  const trace: LessonTrace = {
    time: t.time.view(0, t.length).slice(),
    kind: Uint8Array.from(t.kind.view(0, t.length)),
    seq: Float64Array.from(t.seq.view(0, t.length)),
  };

  const keep = new Set(Object.keys(variants));
  const events = data.events.filter((e) => e.flow === '' || keep.has(e.flow));

  const outages: [number, number][] = [];
  for (const f of scenario.faults) if (f.kind === 'linkDown') outages.push([f.at, Math.min(scenario.duration, f.at + f.duration)]);

  const lessonFlow = scenario.flows[flowIndex];
  return {
    id: run.id,
    label: run.label,
    variant: lessonFlow.kind === 'tcp' ? lessonFlow.variant : 'reno',
    variants,
    duration: scenario.duration,
    times: Float64Array.from(data.times),
    cwnd,
    inflates,
    ssthresh,
    series,
    seriesNote,
    ...(delayQueue ? { delayQueue } : {}),
    trace,
    events,
    summary: data.summary,
    outages,
  };
}

/** How the lesson names a queue discipline. */
const QUEUE_NAMES: Record<string, string> = { droptail: 'DropTail', red: 'RED', codel: 'CoDel', fqcodel: 'FQ-CoDel', pie: 'PIE' };

/** The direction with the longest queue on average: the bottleneck's, in the direction the data goes. */
function busiestQueue(queues: readonly { queue_pkts: ArrayLike<number> }[]): number {
  let best = 0;
  let bestSum = -1;
  queues.forEach((q, i) => {
    let sum = 0;
    for (let k = 0; k < q.queue_pkts.length; k++) sum += q.queue_pkts[k];
    if (sum > bestSum) {
      bestSum = sum;
      best = i;
    }
  });
  return best;
}

/** Run every run of a lesson. */
export function computeLesson(lessonId: string): LessonResult {
  const lesson = findLesson(lessonId);
  if (!lesson) throw new Error(`no lesson "${lessonId}"`);
  return { lessonId, runs: lesson.runs.map((_, i) => computeLessonRun(lesson, i)) };
}

/** The buffers of a result, to transfer (not copy) from the worker. */
export function transferList(result: LessonResult): ArrayBuffer[] {
  const out: ArrayBuffer[] = [];
  for (const r of result.runs) {
    for (const a of [r.times, r.cwnd, r.ssthresh, r.trace.time, r.trace.kind, r.trace.seq, ...Object.values(r.series)]) {
      if (a.buffer instanceof ArrayBuffer && !out.includes(a.buffer)) out.push(a.buffer);
    }
  }
  return out;
}
