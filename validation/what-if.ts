/**
 * Where does each case first depart from ns-2.35? (needs `ns`)
 *
 *   npx tsx validation/what-if.ts [prefix …] [--seeds all|1,2] [--context 3] [--keep DIR] [--jobs N]
 *
 * Runs each case (whose id starts with one of the prefixes; default: all) in
 * ns-2 with the full packet trace — also for the cases whose reference keeps
 * only the light one — and in the engine as it is, and compares the two
 * lists of protocol events (every drop, fast retransmit, timeout and
 * retransmission of every flow) at ns-2's print precision. For each run it
 * prints either "identical (n events)" or the first event that differs, with
 * the events just before it (common to both) and what each simulator does
 * next. When the first difference is a retransmission timeout, it also prints
 * each side's timer — RTO, srtt + 4·rttvar, backoff — and the instant the
 * timer was armed: the same arming instant with a different RTO is the
 * timer's clock (deviation D5: ns-2 works in 10 ms ticks; the cases run the
 * engine on the same ticks, `tcpTick` 0.01 with ns-2's phase, so this should
 * not happen unless a case leaves the tick out).
 *
 * The last lines compare the outcome with validation/deviations.ts: a case
 * listed in EXACT_REPLAY that diverges, or one listed in DIVERGENCE that
 * replays ns-2, means that table (and docs/validation.md) are out of date.
 *
 * Options: --seeds all compares every seed a case has (the random-loss
 * cases have five; default: the first); --context k events around the
 * difference (default 3); --keep DIR keeps each ns-2 run's output (trace.tr,
 * vars-*.tr) in DIR/<case>-<seed> for a closer look; --jobs N ns-2 runs at
 * once (default: the number of CPUs).
 *
 * The tests never need ns-2 or this script: they compare with the committed
 * reference data. Found a new difference? Name it in deviations.ts and
 * docs/validation.md, with the case and event this script shows.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nsToSeconds } from '../src/engine/core/time';
import type { Simulator } from '../src/engine/simulator';
import { CASES, NS2_TICK, type Case } from './cases';
import { describeEvent, divergence, type EventDivergence } from './compare';
import { DIVERGENCE, EXACT_REPLAY } from './deviations';
import { extractRun, type EventRow } from './ns2/extract';
import { runOurs } from './ours';
import { lossLists, loadCaseScenario } from './regenerate';

const HERE = dirname(fileURLToPath(import.meta.url));
/** ns-2's tcpTick_ (the cases set it to its default, NS2_TICK) */
const TICK = NS2_TICK;

interface Options {
  prefixes: string[];
  allSeeds: boolean;
  seeds: number[] | null;
  context: number;
  keep: string | null;
  jobs: number;
}

function parseArgs(argv: string[]): Options {
  const o: Options = {
    prefixes: [],
    allSeeds: false,
    seeds: null,
    context: 3,
    keep: null,
    jobs: Math.max(1, cpus().length),
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--seeds') {
      const v = argv[++i] ?? '';
      if (v === 'all') o.allSeeds = true;
      else o.seeds = v.split(',').map(Number);
    } else if (a === '--context') o.context = Number(argv[++i]);
    else if (a === '--keep') o.keep = resolve(argv[++i]);
    else if (a === '--jobs') o.jobs = Math.max(1, Number(argv[++i]));
    else if (a.startsWith('--')) throw new Error(`unknown option ${a}`);
    else o.prefixes.push(a);
  }
  return o;
}

/** A retransmission timer as it was armed. */
export interface Arming {
  flow: string;
  /** when it was armed, s */
  t: number;
  /** the timeout armed (backoff included), s */
  rto: number;
  srtt: number;
  /** 4·rttvar */
  kRttvar: number;
  backoff: number;
}

function describeArming(who: string, a: Arming | undefined): string {
  if (!a) return `${who} timer: (not known)`;
  return (
    `${who} timer armed at ${a.t.toFixed(6)} s: RTO ${a.rto.toFixed(5)} s = max(minRto, srtt ${a.srtt.toFixed(5)} + ` +
    `4·rttvar ${a.kRttvar.toFixed(5)}) × backoff ${a.backoff} → due at ${(a.t + a.rto).toFixed(6)} s`
  );
}

interface VarChange {
  t: number;
  name: string;
  value: number;
}

/**
 * ns-2's timer from its variable trace. ns-2 prints srtt_ as (t_srtt_ >> 3)
 * ticks in seconds and rttvar_ as t_rttvar_/4 ticks; its t_rtxcur_ is
 * (t_rttvar_ + (t_srtt_ >> 3)) ticks (T_SRTT_BITS 3, T_RTTVAR_BITS 2,
 * rttvar_exp_ 2), clamped to minrto_ before the backoff (rfc2988_).
 */
class Ns2Timer {
  private readonly vars: VarChange[] = [];

  constructor(
    dir: string,
    readonly flow: string,
    private readonly minRto: number,
  ) {
    for (const line of readFileSync(join(dir, `vars-${flow}.tr`), 'utf8').split('\n')) {
      const f = line.trim().split(/\s+/);
      if (f.length >= 7) this.vars.push({ t: Number(f[0]), name: f[5], value: Number(f[6]) });
    }
  }

  /** The timer ns-2 arms at t (after whatever ns-2 did at t itself when `inclusive`). */
  at(t: number, inclusive: boolean): Arming {
    const v: Record<string, number> = { srtt_: 0, rttvar_: 0, backoff_: 1 };
    for (const c of this.vars) {
      if (inclusive ? c.t > t + 1e-5 : c.t >= t - 1e-5) break;
      if (c.name in v) v[c.name] = c.value;
    }
    const srtt = Math.round(v.srtt_ / TICK) * TICK;
    const kRttvar = Math.round((4 * v.rttvar_) / TICK) * TICK;
    return {
      flow: this.flow,
      t,
      rto: Math.max(this.minRto, srtt + kRttvar) * v.backoff_,
      srtt,
      kRttvar,
      backoff: v.backoff_,
    };
  }

  /** The timer that fired at a timeout at t. */
  fired(t: number): Arming {
    const a = this.at(t, false);
    return { ...a, t: t - a.rto };
  }
}

/** Record every arming of the engine's retransmission timers (observes only). */
function watchTimers(sim: Simulator, into: Arming[]): void {
  sim.senders.forEach((s, fi) => {
    if (!s) return;
    const tcb = s.tcb;
    const set = tcb.setRtxTimer.bind(tcb);
    tcb.setRtxTimer = () => {
      const r = tcb.rtt;
      into.push({
        flow: sim.flowIds[fi],
        t: nsToSeconds(tcb.nowNs),
        rto: r.rto(),
        srtt: r.srtt,
        kRttvar: 4 * r.rttvar,
        backoff: r.backoff,
      });
      set();
    };
  });
}

/** The engine's timer armed last at or before t. */
function ourArmingAt(armings: Arming[], flow: string, t: number): Arming | undefined {
  let best: Arming | undefined;
  for (const a of armings) if (a.flow === flow && a.t <= t + 1e-5) best = a;
  return best;
}

function runNs(tcl: string, out: string, seed: number): Promise<void> {
  return new Promise((res, rej) => {
    const p = spawn('ns', [tcl, out, String(seed)], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    p.stderr.on('data', (d: Buffer) => (err += d.toString()));
    p.on('error', rej);
    p.on('close', (code) => (code === 0 ? res() : rej(new Error(`ns ${tcl} exited ${code}: ${err.slice(0, 2000)}`))));
  });
}

export interface Outcome {
  c: Case;
  seed: number;
  ns2Events: number;
  diff: EventDivergence | null;
  ns2Timers: Map<string, Ns2Timer>;
  ourArmings: Arming[];
}

/** Run one case and seed in both simulators and compare their events. */
export async function compareCase(c: Case, seed: number, dir: string): Promise<Outcome> {
  mkdirSync(dir, { recursive: true });
  const scenario = loadCaseScenario(c);
  for (const l of lossLists({ ...scenario, seed })) {
    writeFileSync(join(dir, `loss-${l.from}-${l.to}.txt`), l.counts.join(' ') + '\n');
  }
  const tcpFlows = scenario.flows.filter((f) => f.kind === 'tcp');
  // The full packet trace even for the light cases (the events are what we compare), and the timer's variables.
  const watch = tcpFlows.map((f) => `foreach v {srtt_ rttvar_ backoff_} { $V(agent,${f.id}) trace $v }`).join('\n');
  const text = readFileSync(join(HERE, 'ns2', 'scenarios', `${c.id}.tcl`), 'utf8')
    .replace('-trace light', '-trace full')
    .replace('[file dirname [info script]] ..', JSON.stringify(join(HERE, 'ns2')))
    .replace(/^v_run$/m, `${watch}\nv_run`);
  const tcl = join(dir, 'case.tcl');
  writeFileSync(tcl, text);
  await runNs(tcl, dir, seed);
  const dupThresh = new Map(tcpFlows.map((f) => [f.id, f.tcp.dupAckThreshold] as const));
  const x = await extractRun(c.id, dir, dupThresh);
  const ns2Timers = new Map(tcpFlows.map((f) => [f.id, new Ns2Timer(dir, f.id, f.tcp.minRto)] as const));
  const ourArmings: Arming[] = [];
  const o = runOurs(c, seed, { events: true, prepare: (sim) => watchTimers(sim, ourArmings) });
  const flows = new Set(x.summary.map((r) => r.flow));
  const diff = divergence(
    x.events,
    o.events.filter((e) => flows.has(e.flow)),
  );
  return { c, seed, ns2Events: x.events.length, diff, ns2Timers, ourArmings };
}

/**
 * For a timeout on either side: the timer that fired, and the one the other
 * simulator armed at the same instant.
 */
function timerLines(r: Outcome, ns2: EventRow | undefined, ours: EventRow | undefined): string[] {
  const e = ns2?.event === 'timeout' ? ns2 : ours?.event === 'timeout' ? ours : undefined;
  if (!e) return [];
  const nt = r.ns2Timers.get(e.flow);
  if (!nt) return [];
  let a: Arming | undefined;
  let b: Arming | undefined;
  if (e === ns2) {
    a = nt.fired(e.time_s);
    b = ourArmingAt(r.ourArmings, e.flow, a.t);
  } else {
    b = [...r.ourArmings].reverse().find((x) => x.flow === e.flow && Math.abs(x.t + x.rto - e.time_s) < 1e-6);
    a = b && nt.at(b.t, true);
  }
  const lines = [describeArming('ns-2', a), describeArming('our ', b)];
  if (a && b && Math.abs(a.t - b.t) < 2e-5 && Math.abs(a.rto - b.rto) > 1e-4) {
    lines.push(
      `→ armed at the same instant, RTOs ${((a.rto - b.rto) * 1000).toFixed(1)} ms apart: the timer's clock (D5; does the flow run on ns-2's tick and phase?)`,
    );
  }
  return lines.map((l) => `   ${l}`);
}

export function describeOutcome(r: Outcome, context: number): string[] {
  const d = r.diff;
  if (d === null) return [`identical (${r.ns2Events} events)`];
  const i = d.index;
  const lines = [`first difference at event #${i} of ${d.ns2.length} (ns-2) / ${d.ours.length} (ours)`];
  for (let k = Math.max(0, i - context); k < i; k++) lines.push(`   both  ${describeEvent(d.ns2[k])}`);
  for (let k = i; k < i + context && (k < d.ns2.length || k < d.ours.length); k++) {
    lines.push(`   ns-2  ${describeEvent(d.ns2[k])}`.padEnd(64) + ` | ours  ${describeEvent(d.ours[k])}`);
  }
  lines.push(...timerLines(r, d.ns2[i], d.ours[i]));
  return lines;
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const cases = CASES.filter((c) => opts.prefixes.length === 0 || opts.prefixes.some((p) => c.id.startsWith(p)));
  const jobs: { c: Case; seed: number }[] = [];
  for (const c of cases) {
    const seeds = opts.allSeeds ? c.seeds : (opts.seeds ?? [c.seeds[0]]).filter((s) => c.seeds.includes(s));
    for (const seed of seeds) jobs.push({ c, seed });
  }
  const root = opts.keep ?? mkdtempSync(join(tmpdir(), 'what-if-'));
  const results: (Outcome | Error)[] = new Array(jobs.length);
  let next = 0;
  let printed = 0;
  // Print in case order as the runs finish.
  const flush = () => {
    while (printed < jobs.length && results[printed] !== undefined) {
      const r = results[printed];
      const { c, seed } = jobs[printed];
      const head = `${c.id}${c.seeds.length > 1 ? ` seed ${seed}` : ''}`;
      const body = r instanceof Error ? [`error: ${r.message}`] : describeOutcome(r, opts.context);
      console.log(`${head}\n  ${body.join('\n  ')}`);
      printed++;
    }
  };
  const worker = async () => {
    while (next < jobs.length) {
      const j = next++;
      const { c, seed } = jobs[j];
      const dir = join(root, `${c.id}-${seed}`);
      try {
        results[j] = await compareCase(c, seed, dir);
      } catch (e) {
        results[j] = e instanceof Error ? e : new Error(String(e));
      }
      if (!opts.keep) rmSync(dir, { recursive: true, force: true });
      flush();
    }
  };
  try {
    await Promise.all(Array.from({ length: opts.jobs }, worker));
  } finally {
    if (!opts.keep) rmSync(root, { recursive: true, force: true });
  }

  // The verdict per case (every compared seed must replay), against deviations.ts.
  const verdict = new Map<string, boolean>();
  results.forEach((r, j) => {
    const id = jobs[j].c.id;
    const same = !(r instanceof Error) && r.diff === null;
    verdict.set(id, (verdict.get(id) ?? true) && same);
  });
  const identical = [...verdict].filter(([, v]) => v).map(([id]) => id);
  const differing = [...verdict].filter(([, v]) => !v).map(([id]) => id);
  console.log(`\nreplay ns-2 event for event: ${identical.length} of ${verdict.size}`);
  if (differing.length > 0) console.log(`diverge: ${differing.join(', ')}`);
  const stale = [
    ...identical.filter((id) => !(id in EXACT_REPLAY)).map((id) => `${id} replays ns-2 but is not in EXACT_REPLAY`),
    ...differing.filter((id) => id in EXACT_REPLAY).map((id) => `${id} is in EXACT_REPLAY but diverges`),
    ...differing.filter((id) => !(id in DIVERGENCE)).map((id) => `${id} diverges but DIVERGENCE does not say why`),
  ];
  if (stale.length > 0) console.log(`validation/deviations.ts is out of date:\n  ${stale.join('\n  ')}`);
  else console.log('validation/deviations.ts agrees.');
  if (opts.keep) console.log(`ns-2 outputs kept in ${root}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
