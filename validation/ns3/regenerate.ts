/**
 * Regenerate the ns-3.44 reference data: `npm run validate:ns3`.
 *
 *  1. writes every case of cases.ts as its twin scenario
 *     (validation/ns3/cases/<id>.json);
 *  2. builds the scenario programs with g++ against the ns-3.44 wheel
 *     (build.sh, which says how to install ns-3 where it is missing);
 *  3. runs every case's replicas under `nice`, as many at once as there are
 *     CPUs, and gathers what they write into validation/ns3/reference/:
 *     figures.csv (every run's figures), summary.csv (mean, sd, min and max
 *     over runs), events.csv (every run's instants) and series/<id>.csv
 *     (run 1's time series);
 *  4. rewrites the tables of docs/validation-ns3.md (report.ts).
 *
 * Options: `--only <prefix>` reruns the cases whose id starts with it and
 * keeps the other rows; `--files-only` stops after step 1 (no ns-3 needed);
 * `--jobs N` runs N programs at once. The tests read the committed files
 * and need none of this.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { formatCsv, parseCsv, type Cell } from '../csv';
import { caseJson, CASE_DIR, NS3_CASES, type Ns3Case } from './cases';
import { writeReport } from './report';

const HERE = dirname(fileURLToPath(import.meta.url));
export const REF_DIR = join(HERE, 'reference');
const BUILD = join(HERE, 'build');

export const FIGURE_COLUMNS = ['case', 'run', 'scope', 'metric', 'value'] as const;
export const SUMMARY_COLUMNS = ['case', 'scope', 'metric', 'runs', 'mean', 'sd', 'min', 'max'] as const;
export const EVENT_COLUMNS = ['case', 'run', 'time_s', 'scope', 'event', 'value'] as const;

function writeCases(cases: Ns3Case[]): void {
  mkdirSync(CASE_DIR, { recursive: true });
  for (const c of cases) writeFileSync(join(CASE_DIR, `${c.id}.json`), caseJson(c));
}

function build(programs: string[]): void {
  const r = spawnSync(join(HERE, 'build.sh'), programs, { stdio: 'inherit' });
  if (r.status !== 0) {
    if (r.status !== 3) console.error(`validation/ns3/build.sh failed (status ${r.status})`);
    process.exit(r.status === 3 ? 3 : 1);
  }
}

interface Job {
  c: Ns3Case;
  run: number;
  dir: string;
}

function argv(j: Job): string[] {
  const a = Object.entries(j.c.args).map(([k, v]) => `--${k}=${typeof v === 'boolean' ? (v ? 1 : 0) : v}`);
  return [...a, `--run=${j.run}`, `--jitter=${j.c.jitter}`, `--out=${j.dir}`];
}

function runJob(j: Job): Promise<void> {
  return new Promise((resolve, reject) => {
    const p = spawn('nice', ['-n', '10', join(BUILD, j.c.program), ...argv(j)], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    p.stderr.on('data', (d) => (err += d));
    p.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${j.c.id} run ${j.run}: exit ${code}\n${err}`)),
    );
  });
}

async function runAll(jobs: Job[], parallel: number): Promise<void> {
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const j = jobs[next++];
      await runJob(j);
      done++;
      process.stderr.write(`\r${done}/${jobs.length} runs`);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  process.stderr.write('\n');
}

const num = (s: string): number | null => (s === '' ? null : Number(s));

/** Mean, sample standard deviation, min and max of the runs that measured the figure. */
export function spread(values: (number | null)[]): {
  runs: number;
  mean: number | null;
  sd: number | null;
  min: number | null;
  max: number | null;
} {
  const xs = values.filter((v): v is number => v !== null && Number.isFinite(v));
  if (xs.length === 0) return { runs: 0, mean: null, sd: null, min: null, max: null };
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  const sd = xs.length > 1 ? Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (xs.length - 1)) : 0;
  return { runs: xs.length, mean, sd, min: Math.min(...xs), max: Math.max(...xs) };
}

const round = (x: number | null, d = 6) => (x === null ? null : Number(x.toFixed(d)));

function summarize(figures: Record<string, Cell>[]): Record<string, Cell>[] {
  const groups = new Map<string, Record<string, Cell>[]>();
  for (const r of figures) {
    const k = `${r.case}\u0000${r.scope}\u0000${r.metric}`;
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k)!.push(r);
  }
  return [...groups.values()].map((rows) => {
    const s = spread(rows.map((r) => (r.value === null || r.value === '' ? null : Number(r.value))));
    return {
      case: rows[0].case,
      scope: rows[0].scope,
      metric: rows[0].metric,
      runs: s.runs,
      mean: round(s.mean),
      sd: round(s.sd),
      min: round(s.min),
      max: round(s.max),
    };
  });
}

function readKept(file: string, keep: (caseId: string) => boolean): Record<string, Cell>[] {
  const path = join(REF_DIR, file);
  if (!existsSync(path)) return [];
  return parseCsv(readFileSync(path, 'utf8')).filter((r) => keep(r.case));
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      'files-only': { type: 'boolean', default: false },
      jobs: { type: 'string' },
    },
  });
  const only = values.only;
  const cases = NS3_CASES.filter((c) => !only || c.id.startsWith(only));
  if (cases.length === 0) {
    console.error(`no case id starts with "${only}"`);
    process.exit(2);
  }
  writeCases(NS3_CASES);
  console.error(`wrote ${NS3_CASES.length} twin scenarios to validation/ns3/cases/`);
  if (values['files-only']) return;

  build([...new Set(cases.map((c) => c.program))]);
  const tmp = mkdtempSync(join(tmpdir(), 'ns3-ref-'));
  const jobs: Job[] = [];
  for (const c of cases) {
    for (let run = 1; run <= c.runs; run++) {
      const dir = join(tmp, `${c.id}-${run}`);
      mkdirSync(dir);
      jobs.push({ c, run, dir });
    }
  }
  const parallel = Number(values.jobs ?? cpus().length) || 1;
  const t0 = Date.now();
  await runAll(jobs, parallel);
  console.error(`ns-3: ${jobs.length} runs in ${((Date.now() - t0) / 1000).toFixed(0)} s`);

  const rerun = new Set(cases.map((c) => c.id));
  const keep = (id: string) => !rerun.has(id);
  const figures = readKept('figures.csv', keep);
  const events = readKept('events.csv', keep);
  mkdirSync(join(REF_DIR, 'series'), { recursive: true });
  for (const j of jobs) {
    for (const r of parseCsv(readFileSync(join(j.dir, 'figures.csv'), 'utf8'))) {
      figures.push({ case: j.c.id, run: j.run, scope: r.scope, metric: r.metric, value: num(r.value) });
    }
    for (const r of parseCsv(readFileSync(join(j.dir, 'events.csv'), 'utf8'))) {
      events.push({
        case: j.c.id,
        run: j.run,
        time_s: Number(r.time_s),
        scope: r.scope,
        event: r.event,
        value: num(r.value),
      });
    }
    if (j.run === 1 && existsSync(join(j.dir, 'series.csv'))) {
      writeFileSync(join(REF_DIR, 'series', `${j.c.id}.csv`), readFileSync(join(j.dir, 'series.csv')));
    }
  }
  const order = new Map(NS3_CASES.map((c, i) => [c.id, i]));
  const byCase = (a: Record<string, Cell>, b: Record<string, Cell>) =>
    order.get(String(a.case))! - order.get(String(b.case))! || Number(a.run) - Number(b.run);
  figures.sort(byCase);
  events.sort((a, b) => byCase(a, b) || Number(a.time_s) - Number(b.time_s));
  writeFileSync(join(REF_DIR, 'figures.csv'), formatCsv(FIGURE_COLUMNS, figures));
  writeFileSync(join(REF_DIR, 'summary.csv'), formatCsv(SUMMARY_COLUMNS, summarize(figures)));
  writeFileSync(join(REF_DIR, 'events.csv'), formatCsv(EVENT_COLUMNS, events));
  rmSync(tmp, { recursive: true, force: true });
  console.error('wrote validation/ns3/reference/');
  writeReport();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
