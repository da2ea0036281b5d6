/**
 * Paired comparison of two builds of the command (`npm run bench:compare`):
 * the working tree's against another revision's, on one scenario, run
 * alternately so that both see the same load, the order swapped every round.
 * Prints both builds' medians of wall and CPU time, the median of the
 * differences within a round, in how many rounds the working tree was
 * faster, and the Wilcoxon signed-rank test's p-value (bench/compare/paired.ts):
 * the figures every change in docs/speed.md was kept or dropped on. It first
 * runs each build once (their code caches warm) and says whether the two
 * wrote the same files, byte for byte. A benchmark prints figures; it asserts
 * nothing.
 *
 *   npm run bench:compare -- [scenario.json] [--base HEAD] [--runs 31] [--duration S]
 *   npm run bench:compare -- [scenario.json] --base-cli other/build/tcplab.cjs
 *
 * --base takes any git revision (default HEAD, so that uncommitted changes
 * are measured against the last commit); it is built in a temporary git
 * worktree that shares this checkout's node_modules. --base-cli compares
 * with a command built elsewhere instead.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { summarizePairs, type PairedSummary } from './compare/paired';
import { buildRevision, removeRevision, shortRevision } from './compare/revision-build';
import { timedRun } from './timed-run';

function args() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        base: { type: 'string', default: 'HEAD' },
        'base-cli': { type: 'string' },
        runs: { type: 'string', default: '31' },
        duration: { type: 'string' },
      },
    });
  } catch (e) {
    console.error(`bench:compare: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(2);
  }
}
const { values, positionals } = args();
const runs = Math.max(1, Math.floor(Number(values.runs)) || 31);
// Run from the repository (npm run sets the folder): the script itself runs from a cached bundle.
const root = resolve('.');
const scenario = resolve(positionals[0] ?? 'bench/dumbbell-22.json');
const headCli = join(root, 'build', 'tcplab.cjs');
const work = mkdtempSync(join(tmpdir(), 'bench-compare-'));
const worktree = join(work, 'base');

/** One run of `cli` on the scenario into `out`, timed. */
function simulate(cli: string, out: string) {
  const extra = values.duration === undefined ? [] : ['--duration', values.duration];
  return timedRun([process.execPath, cli, 'sim', scenario, '--out', out, ...extra]);
}

/** The files two runs wrote that differ, byte for byte (or that only one wrote). */
function differing(a: string, b: string): string[] {
  const names = [...new Set([...readdirSync(a), ...readdirSync(b)])].sort();
  return names.filter((n) => {
    try {
      return !readFileSync(join(a, n)).equals(readFileSync(join(b, n)));
    } catch {
      return true;
    }
  });
}

const ms = (x: number) => `${x.toFixed(1)} ms`;
function line(label: string, s: PairedSummary): string {
  const sign = s.medianDiff > 0 ? '+' : '';
  return (
    `${label.padEnd(5)} ${sign}${ms(s.medianDiff)} (${sign}${(s.relative * 100).toFixed(1)} %), ` +
    `lower in ${s.lower} of ${s.n}, Wilcoxon p = ${s.pValue.toPrecision(2)}`
  );
}

let worktreeMade = false;
try {
  let baseName: string;
  let baseCli: string;
  if (values['base-cli'] !== undefined) {
    baseCli = resolve(values['base-cli']);
    if (!existsSync(baseCli)) throw new Error(`--base-cli ${values['base-cli']}: no such file`);
    baseName = baseCli;
  } else {
    baseName = shortRevision(root, values.base);
    console.error(`building ${values.base} (${baseName}) in ${worktree}`);
    worktreeMade = true;
    baseCli = buildRevision(root, values.base, worktree);
  }
  const outA = join(work, 'out-base');
  const outB = join(work, 'out-head');
  simulate(baseCli, outA);
  simulate(headCli, outB);
  const changed = differing(outA, outB);

  const wallA: number[] = [];
  const wallB: number[] = [];
  const cpuA: number[] = [];
  const cpuB: number[] = [];
  for (let i = 0; i < runs; i++) {
    // Swapped every round: a build that always ran second would always meet the page cache, the
    // CPU's frequency and the other jobs as the first one left them.
    const order = i % 2 === 0 ? ['base', 'head'] : ['head', 'base'];
    for (const which of order) {
      const m = which === 'base' ? simulate(baseCli, outA) : simulate(headCli, outB);
      (which === 'base' ? wallA : wallB).push(m.wallMs);
      (which === 'base' ? cpuA : cpuB).push(m.cpu * 1000);
    }
    if ((i + 1) % 10 === 0) console.error(`round ${i + 1} of ${runs}`);
  }
  const wall = summarizePairs(wallA, wallB);
  const haveCpu = cpuA.every(Number.isFinite);
  const cpu = haveCpu ? summarizePairs(cpuA, cpuB) : null;
  const cpuText = (x: number) => (cpu ? `, CPU ${ms(x)}` : '');

  console.log(`scenario   ${scenario}${values.duration ? ` for ${values.duration} s` : ''}`);
  console.log(`rounds     ${runs}, the two builds alternated, the order swapped every round`);
  console.log(
    `outputs    ${changed.length === 0 ? `the same, byte for byte (${readdirSync(outB).length} files)` : `differ: ${changed.join(', ')}`}`,
  );
  console.log(`base       ${baseName}: wall ${ms(wall.medianA)}${cpuText(cpu?.medianA ?? NaN)} (medians)`);
  console.log(`head       the working tree: wall ${ms(wall.medianB)}${cpuText(cpu?.medianB ?? NaN)}`);
  console.log(`head − base, the median of the differences within a round:`);
  console.log(`  ${line('wall', wall)}`);
  if (cpu) console.log(`  ${line('CPU', cpu)}`);
  console.log(`node ${process.version}; ${new Date().toISOString().slice(0, 10)}`);
} catch (e) {
  // What went wrong in the user's words (a revision that is not one, a build that failed), not a stack.
  console.error(`bench:compare: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 2;
} finally {
  if (worktreeMade) removeRevision(root, worktree);
  rmSync(work, { recursive: true, force: true });
}
