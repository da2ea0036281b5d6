/**
 * The page's main-thread CPU time from a Chromium trace, split by what it
 * was spent on. On a shared machine wall-clock frame times mostly measure
 * the other processes; the thread time of each task (the trace's `tdur`) is
 * what this page itself costs, so it shows a change in the page's work even
 * when frame times are dominated by load.
 */
/** An event of Chromium's trace (the fields these benchmarks read). */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { message?: string; type?: string } };
}

/** The console.timeStamp the benchmark writes when its measurement begins: tasks before it are not counted. */
export const START_MARK = 'bench:start';

/** What a frame's work is called in the trace, and the label printed for it. */
const PARTS: [string, string][] = [
  ['FireAnimationFrame', 'drawing (rAF)'],
  ['HandlePostMessage', 'worker messages'],
  ['Layout', 'layout'],
  ['Paint', 'paint'],
  ['Layerize', 'layerize'],
  ['Commit', 'commit'],
];

export const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline'];

export interface MainThreadCost {
  frames: number;
  /** thread time of every top-level task, ms */
  cpuMs: number;
  /** ms of thread time per animation frame, by part */
  perFrame: { label: string; ms: number }[];
  /** CPU ms of single tasks: every task, each batch from the worker, each frame's drawing */
  tasks: TaskSpread;
  messages: TaskSpread;
  drawing: TaskSpread;
}

/** How the CPU time of one kind of task is spread: count, median, 95th percentile, largest (ms), and how many took over 50 ms of CPU. */
export interface TaskSpread {
  count: number;
  p50: number;
  p95: number;
  max: number;
  over50: number;
}

function spread(cpuUs: number[]): TaskSpread {
  const ms = cpuUs.map((t) => t / 1000).sort((a, b) => a - b);
  const q = (p: number) => (ms.length ? ms[Math.min(ms.length - 1, Math.floor(p * ms.length))] : NaN);
  return {
    count: ms.length,
    p50: q(0.5),
    p95: q(0.95),
    max: ms.at(-1) ?? NaN,
    over50: ms.filter((t) => t > 50).length,
  };
}

/** One line for a TaskSpread. */
export function formatSpread(s: TaskSpread): string {
  return `${s.count}: p50 ${s.p50.toFixed(1)}, p95 ${s.p95.toFixed(1)}, max ${s.max.toFixed(1)} ms CPU (${s.over50} over 50 ms)`;
}

/** The largest main-thread task in the first seconds after Play: its wall and CPU time (ms) and when it began (ms after the click). */
export interface StartupTask {
  wallMs: number;
  cpuMs: number;
  atMs: number;
  /** the largest CPU time of any task in the same span (not always the task with the largest wall time) */
  maxCpuMs: number;
}

/**
 * The largest task (by wall time, as the long-task observer counts) that
 * began within `ms` after the click on Play (the trace's click event after
 * the start mark); null when the trace holds no click.
 */
export function startupTask(trace: Buffer | string, ms: number): StartupTask | null {
  const parsed = JSON.parse(typeof trace === 'string' ? trace : trace.toString('utf8')) as
    { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) return null;
  const start = events.find((e) => e.name === 'TimeStamp' && e.args?.data?.message === START_MARK)?.ts ?? -Infinity;
  const onMain = (e: TraceEvent) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.ts >= start;
  const click = events.find((e) => onMain(e) && e.name === 'EventDispatch' && e.args?.data?.type === 'click');
  if (!click) return null;
  let top: TraceEvent | null = null;
  let maxCpu = 0;
  for (const e of events) {
    if (e.name !== 'RunTask' || !onMain(e) || e.ts + (e.dur ?? 0) < click.ts || e.ts > click.ts + ms * 1000) continue;
    if (!top || (e.dur ?? 0) > (top.dur ?? 0)) top = e;
    maxCpu = Math.max(maxCpu, e.tdur ?? 0);
  }
  if (!top) return null;
  return {
    wallMs: (top.dur ?? 0) / 1000,
    cpuMs: (top.tdur ?? 0) / 1000,
    atMs: (top.ts - click.ts) / 1000,
    maxCpuMs: maxCpu / 1000,
  };
}

/** `frames`: the animation frames the page counted over the traced time. */
export function mainThreadCost(trace: Buffer, frames: number): MainThreadCost {
  const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) {
    const none = spread([]);
    return { frames: 0, cpuMs: 0, perFrame: [], tasks: none, messages: none, drawing: none };
  }
  const start = events.find((e) => e.name === 'TimeStamp' && e.args?.data?.message === START_MARK)?.ts ?? -Infinity;
  const mine = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.ts >= start);
  const cpu = (name: string) => mine.filter((e) => e.name === name).reduce((s, e) => s + (e.tdur ?? 0), 0) / 1000;
  return {
    frames,
    cpuMs: cpu('RunTask'),
    perFrame: PARTS.map(([name, label]) => ({ label, ms: frames ? cpu(name) / frames : NaN })),
    tasks: spread(mine.filter((e) => e.name === 'RunTask').map((e) => e.tdur ?? 0)),
    messages: spread(mine.filter((e) => e.name === 'HandlePostMessage').map((e) => e.tdur ?? 0)),
    drawing: spread(mine.filter((e) => e.name === 'FireAnimationFrame').map((e) => e.tdur ?? 0)),
  };
}
