/**
 * What the page's main thread spent its time on, from a Chromium trace saved
 * by `BENCH_TRACE=file npm run bench:ui`: the tasks ranked by their own CPU
 * time (the trace's `tdur`, which the machine's load disturbs far less than
 * wall time), what each of the costliest was made of, and — when the trace
 * was taken with BENCH_PROFILE=1 (V8's sampling profiler) — the JavaScript
 * functions that took the most CPU overall and inside those costly tasks.
 * Build unminified (`npx vite build --minify false`) to read the names.
 *
 * REPORT_FIRST_MS=2000 adds the functions of the first 2 s after the click
 * on Play (the charts' first full draws); REPORT_INSIDE=FireAnimationFrame,…
 * those inside the named events.
 *
 * Usage: node scripts/run-ts.mjs bench/ui/trace-report.ts <trace.json> [top]
 */
import { readFileSync } from 'node:fs';
import { START_MARK } from './main-thread';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
      url?: string;
      functionName?: string;
    };
  };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

const file = process.argv[2];
const TOP = Number(process.argv[3]) || 12;
if (!file) {
  console.error('usage: trace-report.ts <trace.json> [top]');
  process.exit(2);
}
const parsed = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
if (!main) throw new Error('no renderer main thread in this trace');
// from the benchmark's start mark on (tracing begins a little earlier, main-thread.ts)
const start =
  events.find(
    (e) => e.name === 'TimeStamp' && (e.args?.data as { message?: string } | undefined)?.message === START_MARK,
  )?.ts ?? -Infinity;
const mine = events
  .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.ts >= start)
  .sort((a, b) => a.ts - b.ts);
const tasks = mine.filter((e) => e.name === 'RunTask');

const ms = (us: number) => (us / 1000).toFixed(1);

/** Each task's events nested in it (by time), and their self CPU time by name. */
function breakdown(task: TraceEvent): Map<string, number> {
  const end = task.ts + (task.dur ?? 0);
  const inside = mine.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end);
  const self = new Map<string, number>();
  // self time: the event's tdur minus its direct children's
  const stack: TraceEvent[] = [];
  const own = new Map<TraceEvent, number>();
  for (const e of inside) {
    while (stack.length && stack[stack.length - 1].ts + (stack[stack.length - 1].dur ?? 0) <= e.ts) stack.pop();
    const parent = stack[stack.length - 1];
    own.set(e, e.tdur ?? 0);
    if (parent) own.set(parent, (own.get(parent) ?? 0) - (e.tdur ?? 0));
    stack.push(e);
  }
  for (const [e, t] of own) {
    const name = e.name === 'FunctionCall' || e.name === 'TimerFire' ? `${e.name}` : e.name;
    self.set(name, (self.get(name) ?? 0) + Math.max(0, t));
  }
  return self;
}

const totalCpu = tasks.reduce((s, t) => s + (t.tdur ?? 0), 0);
const wallSpan = tasks.length ? tasks[tasks.length - 1].ts - tasks[0].ts : 0;
const over = (cpuMs: number) => tasks.filter((t) => (t.tdur ?? 0) > cpuMs * 1000).length;
const overWall = (wallMs: number) => tasks.filter((t) => (t.dur ?? 0) > wallMs * 1000).length;
console.log(`tasks ${tasks.length} over ${(wallSpan / 1e6).toFixed(1)} s: ${ms(totalCpu)} ms CPU`);
console.log(`  by CPU: ${over(16)} over 16 ms, ${over(30)} over 30 ms, ${over(50)} over 50 ms`);
console.log(`  by wall: ${overWall(50)} over 50 ms, ${overWall(100)} over 100 ms`);

const whole = new Map<string, number>();
for (const e of mine) if (e.name !== 'RunTask') whole.set(e.name, (whole.get(e.name) ?? 0) + (e.tdur ?? 0));
console.log('\nCPU by event (inclusive, ms):');
for (const [n, t] of [...whole].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`  ${ms(t).padStart(8)}  ${n}`);

const costly = [...tasks].sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0)).slice(0, TOP);
console.log(`\nthe ${costly.length} costliest tasks (CPU / wall ms, then self CPU by event):`);
for (const t of costly) {
  const parts = [...breakdown(t)].sort((a, b) => b[1] - a[1]).slice(0, 6);
  console.log(
    `  ${ms(t.tdur ?? 0).padStart(6)} / ${ms(t.dur ?? 0).padStart(6)} at ${((t.ts - tasks[0].ts) / 1e6).toFixed(2)} s: ${parts.map(([n, v]) => `${n} ${ms(v)}`).join(', ')}`,
  );
}

// ---- JavaScript functions, from the sampling profiler (if it was on)
const chunks = events.filter((e) => e.name === 'ProfileChunk' && e.pid === main.pid);
if (chunks.length > 0) {
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  // one profile per thread: keep the chunks of the profile whose nodes carry the page's scripts
  const byId = new Map<string, TraceEvent[]>();
  for (const c of chunks) byId.set(c.id ?? '', [...(byId.get(c.id ?? '') ?? []), c]);
  const profileStart = events.filter((e) => e.name === 'Profile' && e.pid === main.pid && e.tid === main.tid);
  const ids = profileStart.length ? new Set(profileStart.map((p) => p.id ?? '')) : new Set(byId.keys());
  for (const [id, cs] of byId) {
    if (!ids.has(id)) continue;
    const start = profileStart.find((p) => p.id === id);
    let ts = (start?.args?.data as { startTime?: number } | undefined)?.startTime ?? cs[0].ts;
    for (const c of cs) {
      for (const n of c.args?.data?.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
      const s = c.args?.data?.cpuProfile?.samples ?? [];
      const d = c.args?.data?.timeDeltas ?? [];
      for (let i = 0; i < s.length; i++) {
        ts += d[i] ?? 0;
        samples.push({ ts, node: s[i] });
      }
    }
  }
  const label = (id: number) => {
    const n = nodes.get(id);
    if (!n) return '?';
    const f = n.callFrame;
    const where = f.url ? `${f.url.split('/').pop()}:${f.lineNumber + 1}` : '';
    return `${f.functionName || '(anonymous)'} ${where}`.trim();
  };
  const tally = (pick: (ts: number) => boolean) => {
    const selfT = new Map<string, number>();
    const incl = new Map<string, number>();
    let n = 0;
    for (const s of samples) {
      if (!pick(s.ts)) continue;
      n++;
      const l = label(s.node);
      selfT.set(l, (selfT.get(l) ?? 0) + 1);
      const seen = new Set<string>();
      for (let id: number | undefined = s.node; id !== undefined; id = nodes.get(id)?.parent) {
        const k = label(id);
        if (seen.has(k)) continue;
        seen.add(k);
        incl.set(k, (incl.get(k) ?? 0) + 1);
      }
    }
    return { selfT, incl, n };
  };
  const show = (title: string, pick: (ts: number) => boolean) => {
    const { selfT, incl, n } = tally(pick);
    if (n === 0) return;
    console.log(`\n${title}: ${n} samples`);
    console.log('  self:');
    for (const [k, v] of [...selfT].sort((a, b) => b[1] - a[1]).slice(0, TOP))
      console.log(`    ${((100 * v) / n).toFixed(1).padStart(5)} %  ${k}`);
    console.log('  inclusive:');
    for (const [k, v] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, TOP * 2))
      console.log(`    ${((100 * v) / n).toFixed(1).padStart(5)} %  ${k}`);
  };
  show('JS samples, all tasks', () => true);
  const ranges = costly.map((t) => [t.ts, t.ts + (t.dur ?? 0)] as const);
  show('JS samples inside the costliest tasks', (ts) => ranges.some(([a, b]) => ts >= a && ts <= b));
  const firstMs = Number(process.env.REPORT_FIRST_MS);
  const click = mine.find(
    (e) => e.name === 'EventDispatch' && (e.args?.data as { type?: string } | undefined)?.type === 'click',
  );
  if (firstMs > 0 && click)
    show(`JS samples in the first ${firstMs} ms after Play`, (ts) => ts >= click.ts && ts <= click.ts + firstMs * 1000);
  for (const name of (process.env.REPORT_INSIDE ?? '').split(',').filter(Boolean)) {
    const spans = mine.filter((e) => e.name === name).map((e) => [e.ts, e.ts + (e.dur ?? 0)] as const);
    let k = 0;
    show(`JS samples inside ${name}`, (ts) => {
      while (k < spans.length && spans[k][1] < ts) k++;
      return k < spans.length && ts >= spans[k][0];
    });
  }
}
