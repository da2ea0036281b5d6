/**
 * Scaling benchmark (`npm run bench:scale`): the dumbbell of
 * bench/scale/dumbbell.ts at N = 20, 100, 500 and 2,000 TCP flows (plus N/10
 * CBR, bottleneck N × 5 Mb/s) for 100 s, and the 22-flow one for 10, 100
 * and 1,000 s, each run by the prebuilt command (`node build/tcplab.cjs
 * sim`, all five CSV files written) and, where `ns` is installed, by ns-2.35
 * on the twin script bench/ns2/dumbbell.tcl (no trace files), alternately,
 * so both see the same load. Prints wall time, events and events/s, peak
 * RSS, and the ratio of the walls, as a Markdown table. Wall is timed
 * around each call to the millisecond, peak RSS comes from GNU time
 * (/usr/bin/time); the medians of --reps runs.
 *
 *   npm run bench:scale [-- --flows 20,100 --durations 10,100 --long-flows 2000:10 --reps 3 --no-ns2]
 *
 * --long-flows N:S runs the N-flow case for S seconds instead of 100 (the
 * 2,000-flow case is long); ns-2 is stopped after --ns2-timeout seconds
 * (900) and its wall shown as a lower bound. A benchmark prints figures; it
 * asserts nothing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { dumbbell } from './scale/dumbbell';
import { median } from './compare/paired';
import { timedRun, type Measure } from './timed-run';

const { values } = parseArgs({
  options: {
    flows: { type: 'string', default: '20,100,500,2000' },
    durations: { type: 'string', default: '10,100,1000' },
    'long-flows': { type: 'string', default: '' },
    reps: { type: 'string', default: '1' },
    'no-ns2': { type: 'boolean', default: false },
    'ns2-timeout': { type: 'string', default: '900' },
  },
});
const list = (s: string) => s.split(',').filter(Boolean).map(Number);
const reps = Math.max(1, Number(values.reps));
const shorter = new Map(
  values['long-flows']
    .split(',')
    .filter(Boolean)
    .map((p) => p.split(':').map(Number) as [number, number]),
);
// Run from the repository (npm run sets the folder): the script itself runs from a cached bundle.
const root = resolve('.');
const cli = join(root, 'build', 'tcplab.cjs');
const tcl = join(root, 'bench', 'ns2', 'dumbbell.tcl');
if (!existsSync(cli)) {
  console.error('build/tcplab.cjs is missing: run npm run build:cli');
  process.exit(2);
}
const hasNs2 = !values['no-ns2'] && spawnSync('sh', ['-c', 'command -v ns'], { encoding: 'utf8' }).status === 0;
const work = mkdtempSync(join(tmpdir(), 'bench-scale-'));

/** "(100 s simulated, 12.3 M events)" → 12.3e6 */
function events(stderr: string): number {
  const m = /, ([\d.]+) ?([kMG]?) events\)/.exec(stderr);
  if (!m) return NaN;
  return Number(m[1]) * ({ '': 1, k: 1e3, M: 1e6, G: 1e9 } as Record<string, number>)[m[2]!]!;
}

/**
 * Node's own start (`node -e 0`), median of 5, in ms: the floor under every
 * tcplab row, which ns-2 does not pay. When the environment sets
 * NODE_EXTRA_CA_CERTS, Node parses that certificate file before running any
 * script (some sandboxes and company networks set it for a proxy), so the
 * start is also measured without it, for the reader to see what it adds.
 */
function nodeStartMs(env: NodeJS.ProcessEnv): number {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    spawnSync(process.execPath, ['-e', '0'], { env });
    times.push(performance.now() - t0);
  }
  return median(times);
}

const rows: string[][] = [];
function row(n: number, duration: number): void {
  const file = join(work, `dumbbell-${n}-${duration}.json`);
  writeFileSync(file, JSON.stringify(dumbbell(n, duration)));
  const ours: Measure[] = [];
  const theirs: Measure[] = [];
  for (let r = 0; r < reps; r++) {
    ours.push(timedRun([process.execPath, cli, 'sim', file, '--out', join(work, 'out'), '--max-memory', '8GB']));
    if (hasNs2) theirs.push(timedRun(['ns', tcl, String(n), String(duration)], Number(values['ns2-timeout'])));
  }
  const wall = median(ours.map((m) => m.wallMs / 1000));
  const ev = events(ours[0]!.stderr);
  const nsWall = hasNs2 ? median(theirs.map((m) => m.wallMs / 1000)) : NaN;
  const nsTimedOut = theirs.some((m) => m.timedOut);
  const fmt = (x: number, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : '—');
  // Walls under 10 s to the hundredth, and the ratio to the thousandth: a 22-flow, 100 s run is
  // about 0.9 s, and 0.5× was its target, so a tenth of a second hides what the row is about.
  const secs = (x: number) => `${fmt(x, x < 10 ? 2 : 1)} s`;
  rows.push([
    `${n} + ${Math.floor(n / 10)}`,
    `${duration} s`,
    secs(wall),
    `${fmt(ev / 1e6)} M`,
    `${fmt(ev / wall / 1e6, 2)} M/s`,
    `${fmt(median(ours.map((m) => m.rssMb)), 0)} MB`,
    hasNs2 ? `${nsTimedOut ? '> ' : ''}${secs(nsWall)}` : '—',
    hasNs2 ? `${fmt(median(theirs.map((m) => m.rssMb)), 0)} MB` : '—',
    hasNs2 ? `${nsTimedOut ? '< ' : ''}${fmt(wall / nsWall, 3)}×` : '—',
  ]);
  console.error(`done: ${rows.at(-1)!.join(' | ')}`);
}

try {
  const cases: [number, number][] = [];
  for (const n of list(values.flows)) cases.push([n, shorter.get(n) ?? 100]);
  for (const d of list(values.durations)) if (!cases.some(([n, s]) => n === 20 && s === d)) cases.push([20, d]);
  for (const [n, d] of cases) row(n, d);
} finally {
  rmSync(work, { recursive: true, force: true });
}
const header = [
  'TCP + CBR flows',
  'simulated',
  'tcplab wall',
  'events',
  'events/s',
  'peak RSS',
  'ns-2 wall',
  'ns-2 RSS',
  'tcplab / ns-2',
];
console.log(`| ${header.join(' | ')} |`);
console.log(`|${header.map(() => '---').join('|')}|`);
for (const r of rows) console.log(`| ${r.join(' | ')} |`);
console.log(
  `\n${reps} alternating run${reps === 1 ? '' : 's'} each (median); node ${process.version}; ${new Date().toISOString().slice(0, 10)}`,
);
const start = nodeStartMs(process.env);
let startNote = `Node's own start (node -e 0): ${start.toFixed(0)} ms`;
if (process.env.NODE_EXTRA_CA_CERTS) {
  const { NODE_EXTRA_CA_CERTS: _, ...plain } = process.env;
  // Node 22 and later read the file only when a TLS connection needs it: then the two differ by noise alone.
  startNote += `, of which ${Math.max(0, start - nodeStartMs(plain)).toFixed(0)} ms reading NODE_EXTRA_CA_CERTS (set in this environment)`;
}
console.log(startNote);
