/**
 * The page's main-thread CPU time from a Chromium trace, split by what it
 * was spent on. On a shared machine wall-clock frame times mostly measure
 * the other processes; the thread time of each task (the trace's `tdur`) is
 * what this page itself costs, so it shows a change in the page's work even
 * when frame times are dominated by load.
 */
interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  tdur?: number;
  args?: { name?: string };
}

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
}

/** `frames`: the animation frames the page counted over the traced time. */
export function mainThreadCost(trace: Buffer, frames: number): MainThreadCost {
  const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) return { frames: 0, cpuMs: 0, perFrame: [] };
  const mine = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  const cpu = (name: string) => mine.filter((e) => e.name === name).reduce((s, e) => s + (e.tdur ?? 0), 0) / 1000;
  return {
    frames,
    cpuMs: cpu('RunTask'),
    perFrame: PARTS.map(([name, label]) => ({ label, ms: frames ? cpu(name) / frames : NaN })),
  };
}
