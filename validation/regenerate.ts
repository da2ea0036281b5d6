/**
 * Regenerate the ns-2.35 reference data: `npm run validate:ns2`.
 *
 *  1. writes every case of validation/cases.ts as contract JSON
 *     (validation/scenarios/<id>.json) and as its ns-2 twin
 *     (validation/ns2/scenarios/<id>.tcl, see src/engine/output/ns2/tcl.ts);
 *  2. runs each twin with ns-2.35 (`ns`, one run per seed, as many at once as
 *     there are CPUs) in a temporary directory, and reduces what it wrote
 *     (ns2/extract.ts) to the small CSVs in validation/reference/ (among
 *     them ticks.csv: where each TCP agent's 10 ms RTT clock ticks, ns-2's
 *     own random draw, which validation/ours.ts hands to the engine);
 *  3. redraws the plots (validation/plot.ts) and the result tables of
 *     docs/validation.md (validation/report.ts), which run the engine too.
 *
 * Options: `--only <prefix>` reruns the cases whose id starts with it and
 * keeps the other rows; `--files-only` stops after step 1 (no ns-2 needed);
 * `--no-plots` skips step 3 (`npx tsx validation/plot.ts` and `npx tsx
 * validation/report.ts --write` redo it alone, e.g. after an engine change).
 * The tests (tests/validation) need none of this:
 * they read the committed CSVs.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rngStream } from '../src/engine/core/rng';
import { parseScenarioText, formatIssues } from '../src/engine/scenario';
import type { Scenario } from '../src/engine/scenario/types';
import { CASES, type Case } from './cases';
import { EXACT_REPLAY } from './deviations';
import { dropAndRetransmitLines } from './ns2/trace-lines';
import { formatCsv, parseCsv, type Cell } from './csv';
import { extractRun, type EventRow, type Extracted, type LinkRow, type SummaryRow, type TickRow } from './ns2/extract';
import { scenarioToTcl } from '../src/engine/output/ns2/tcl';

const HERE = dirname(fileURLToPath(import.meta.url));
export const SCENARIO_DIR = join(HERE, 'scenarios');
export const TCL_DIR = join(HERE, 'ns2', 'scenarios');
export const REF_DIR = join(HERE, 'reference');
export const LIB_TCL = join(HERE, 'ns2', 'lib.tcl');
/** lib.tcl as a string for the product's ns-2 export (src/engine/output/ns2/tcl.ts), generated from the file. */
export const LIB_TCL_TS = join(HERE, '..', 'src', 'engine', 'output', 'ns2', 'lib-tcl.ts');

export function libTclModule(tcl: string): string {
  return (
    '// Generated from validation/ns2/lib.tcl by `npm run validate:ns2` (writeFiles); do not edit by hand.\n' +
    '/** The ns-2 procedures every exported script inlines (validation/ns2/lib.tcl). */\n' +
    `export const NS2_LIB_TCL: string = ${JSON.stringify(tcl)};\n`
  );
}

export const SUMMARY_COLUMNS = [
  'case',
  'seed',
  'flow',
  'kind',
  'variant',
  'goodput_kbps',
  'highest_ack',
  'packets_sent',
  'retransmissions',
  'timeouts',
  'fast_retransmits',
  'drops',
  'avg_cwnd',
  'avg_ssthresh',
  'avg_srtt_ms',
] as const;
export const LINK_COLUMNS = [
  'case',
  'seed',
  'link',
  'from',
  'packets_forwarded',
  'drops',
  'utilization',
  'avg_queue_pkts',
] as const;
export const EVENT_COLUMNS = ['case', 'flow', 'time_s', 'event', 'seq', 'cwnd', 'ssthresh'] as const;
export const TICK_COLUMNS = ['case', 'seed', 'flow', 'tick_s', 'boot_time_s'] as const;

export function scenarioJson(c: Case): string {
  return JSON.stringify(c.scenario, null, 2) + '\n';
}

export function loadCaseScenario(c: Case): Scenario {
  const r = parseScenarioText(scenarioJson(c));
  if (!r.ok) throw new Error(`${c.id}: ${formatIssues(r.issues).join('; ')}`);
  return r.scenario;
}

export function caseTcl(c: Case): string {
  return scenarioToTcl(c.id, loadCaseScenario(c), {
    source: `validation/scenarios/${c.id}.json`,
    trace: c.trace,
    series: c.series,
  });
}

function writeFiles(): void {
  mkdirSync(SCENARIO_DIR, { recursive: true });
  mkdirSync(TCL_DIR, { recursive: true });
  const ids = new Set(CASES.map((c) => c.id));
  for (const [dir, ext] of [
    [SCENARIO_DIR, '.json'],
    [TCL_DIR, '.tcl'],
  ] as const) {
    for (const f of readdirSync(dir))
      if (f.endsWith(ext) && !ids.has(f.slice(0, -ext.length))) unlinkSync(join(dir, f));
  }
  writeFileSync(LIB_TCL_TS, libTclModule(readFileSync(LIB_TCL, 'utf8')));
  for (const c of CASES) {
    writeFileSync(join(SCENARIO_DIR, `${c.id}.json`), scenarioJson(c));
    writeFileSync(join(TCL_DIR, `${c.id}.tcl`), caseTcl(c));
  }
  console.log(`wrote ${CASES.length} scenarios and their Tcl twins`);
}

/**
 * Common random numbers: the ordinal numbers (0 = first packet) of the
 * packets that the engine's random-loss generator loses on each link
 * direction, for this seed — the same stream the engine draws from
 * (src/engine/simulator.ts names it `loss:<link>:<from>:<k>`), one draw per
 * packet entering the link. ns-2's ErrorModel/List then loses the same
 * packets by number (lib.tcl v_random_loss), so both simulators face one loss
 * pattern and differences come from the protocols, not from sampling.
 */
export function lossLists(s: Scenario): { from: string; to: string; counts: number[] }[] {
  const out: { from: string; to: string; counts: number[] }[] = [];
  const perDir = new Map<string, number>();
  for (const f of s.faults) {
    if (f.kind !== 'randomLoss') continue;
    const l = s.links.find((x) => x.id === f.link)!;
    // More draws than packets can enter the link in the run (at line rate, 40-byte packets).
    const draws = Math.ceil((s.duration * l.bandwidth) / (8 * 40)) + 1000;
    for (const from of f.from === null ? [l.a, l.b] : [f.from]) {
      const key = `${l.id}:${from}`;
      const k = perDir.get(key) ?? 0;
      perDir.set(key, k + 1);
      const rng = rngStream(s.seed, `loss:${l.id}:${from}:${k}`);
      const counts: number[] = [];
      for (let i = 0; i < draws; i++) if (rng.next() < f.rate) counts.push(i);
      out.push({ from, to: from === l.a ? l.b : l.a, counts });
    }
  }
  return out;
}

/**
 * Cases whose ns-2 trace lines of drops and retransmissions are kept
 * (reference/traces/<case>.tr), for the engine's own ns-2 trace to be checked
 * against (tests/ns2-trace.test.ts).
 */
export const TRACE_CASES: readonly string[] = ['drop-reno-2', 'drop-sack-5', 'two-reno', 'outage-reno'];

function runNs(tcl: string, out: string, seed: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const p = spawn('ns', [tcl, out, String(seed)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    p.stderr.on('data', (d: Buffer) => (err += d.toString()));
    p.stdout.on('data', () => {});
    p.on('error', reject);
    p.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`ns ${tcl} exited ${code}: ${err.slice(0, 2000)}`)),
    );
  });
}

/** Check that ErrorModel/List lost exactly the first transmissions the scenario lists. */
function checkDropList(c: Case, x: Extracted): void {
  const faults = (c.scenario.faults as { kind: string; flow?: string; seqs?: number[] }[]) ?? [];
  for (const f of faults) {
    if (f.kind !== 'dropSegments') continue;
    const drops = x.events.filter((e) => e.event === 'drop' && e.flow === f.flow).map((e) => e.seq);
    const want = [...(f.seqs ?? [])].sort((a, b) => a - b);
    if (JSON.stringify(drops) !== JSON.stringify(want)) {
      throw new Error(`${c.id}: ns-2 dropped segments ${drops.join(',')} but the scenario lists ${want.join(',')}`);
    }
    const retx = x.events.filter((e) => e.event === 'retransmit' && e.flow === f.flow);
    const first = retx.length > 0 ? retx[0].time_s : Infinity;
    const late = x.events.filter((e) => e.event === 'drop' && e.flow === f.flow && e.time_s > first);
    if (late.length > 0)
      throw new Error(`${c.id}: a listed drop came after a retransmission; ErrorModel/List's count is off`);
  }
}

async function runAll(cases: Case[]): Promise<Map<string, Extracted[]>> {
  const jobs: { c: Case; seed: number }[] = [];
  for (const c of cases) for (const seed of c.seeds) jobs.push({ c, seed });
  const results = new Map<string, Extracted[]>();
  const root = mkdtempSync(join(tmpdir(), 'ns2-validation-'));
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const { c, seed } = jobs[next++];
      const out = join(root, `${c.id}-${seed}`);
      mkdirSync(out);
      for (const l of lossLists({ ...loadCaseScenario(c), seed })) {
        writeFileSync(join(out, `loss-${l.from}-${l.to}.txt`), l.counts.join(' ') + '\n');
      }
      await runNs(join(TCL_DIR, `${c.id}.tcl`), out, seed);
      const dupThresh = new Map<string, number>();
      for (const f of loadCaseScenario(c).flows) if (f.kind === 'tcp') dupThresh.set(f.id, f.tcp.dupAckThreshold);
      const x = await extractRun(c.id, out, dupThresh);
      checkDropList(c, x);
      if (TRACE_CASES.includes(c.id) && seed === c.seeds[0]) {
        mkdirSync(join(REF_DIR, 'traces'), { recursive: true });
        const lines = dropAndRetransmitLines(readFileSync(join(out, 'trace.tr'), 'utf8'));
        writeFileSync(join(REF_DIR, 'traces', `${c.id}.tr`), lines.join('\n') + '\n');
      }
      rmSync(out, { recursive: true, force: true });
      if (!results.has(c.id)) results.set(c.id, []);
      results.get(c.id)!.push(x);
      done++;
      if (done % 10 === 0 || done === jobs.length) console.log(`  ns-2 runs: ${done}/${jobs.length}`);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, cpus().length) }, worker));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  return results;
}

function mergeCsv(
  file: string,
  columns: readonly string[],
  fresh: Record<string, Cell>[],
  replaced: Set<string>,
): void {
  const path = join(REF_DIR, file);
  const kept: Record<string, Cell>[] = existsSync(path)
    ? parseCsv(readFileSync(path, 'utf8')).filter((r) => !replaced.has(r.case))
    : [];
  const order = new Map(CASES.map((c, i) => [c.id, i]));
  const rows = [...kept, ...fresh].filter((r) => order.has(String(r.case)));
  // Stable: by case order, then as produced.
  const indexed = rows.map((r, i) => ({ r, i }));
  indexed.sort((a, b) => order.get(String(a.r.case))! - order.get(String(b.r.case))! || a.i - b.i);
  writeFileSync(
    path,
    formatCsv(
      columns,
      indexed.map((x) => x.r),
    ),
  );
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : '';
  writeFiles();
  if (args.includes('--files-only')) return;
  if (spawnSync('sh', ['-c', 'command -v ns']).status !== 0) {
    console.error('ns (ns-2.35) is not installed here: the reference CSVs were left as they are.');
    process.exit(1);
  }
  const cases = CASES.filter((c) => c.id.startsWith(only));
  const results = await runAll(cases);
  const summary: SummaryRow[] = [];
  const links: LinkRow[] = [];
  const events: EventRow[] = [];
  const ticks: TickRow[] = [];
  mkdirSync(join(REF_DIR, 'series'), { recursive: true });
  for (const c of cases) {
    const xs = (results.get(c.id) ?? []).sort((a, b) => a.summary[0].seed - b.summary[0].seed);
    for (const x of xs) {
      summary.push(...x.summary);
      links.push(...x.links);
      ticks.push(...x.ticks);
      if (x.summary[0].seed === c.seeds[0]) {
        // Packet-level events of the single-flow cases and of every case the engine replays exactly.
        if (c.family === 'drops' || c.family === 'outage' || c.id in EXACT_REPLAY) events.push(...x.events);
        for (const [flow, rows] of x.series) {
          const name = c.series.length > 1 ? `${c.id}-${flow}.csv` : `${c.id}.csv`;
          writeFileSync(
            join(REF_DIR, 'series', name),
            formatCsv(['time_s', 'cwnd', 'ssthresh'], rows as unknown as Record<string, Cell>[]),
          );
        }
      }
    }
  }
  const replaced = new Set(cases.map((c) => c.id));
  mergeCsv('summary.csv', SUMMARY_COLUMNS, summary as unknown as Record<string, Cell>[], replaced);
  mergeCsv('links.csv', LINK_COLUMNS, links as unknown as Record<string, Cell>[], replaced);
  mergeCsv('events.csv', EVENT_COLUMNS, events as unknown as Record<string, Cell>[], replaced);
  mergeCsv('ticks.csv', TICK_COLUMNS, ticks as unknown as Record<string, Cell>[], replaced);
  console.log(`reference CSVs written to ${REF_DIR}`);
  if (!args.includes('--no-plots')) {
    const { writePlots } = await import('./plot');
    console.log(`plots: ${writePlots().join(', ')}`);
    const { writeReport } = await import('./report');
    writeReport();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
