/**
 * The prebuilt `tcplab` command (build/tcplab.mjs, its sample writer
 * thread's build/sample-writer.cjs, the `sim` command's build/sim-command.cjs
 * and the pieces they share or load on demand in build/chunks/, made by
 * scripts/build-cli.mjs): they are what
 * today's sources build, each loads only what it needs, and run with plain
 * `node` the command writes the files the engine writes in-process, byte for
 * byte, and runs sweeps on worker threads started from itself.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CSV_FILE_NAMES, type CsvFileName } from '../engine/output/csv';
import { streamRun } from '../engine/output/csv-stream';
import { parseScenarioText } from '../engine/scenario/index';

const root = resolve(__dirname, '../..');
const bundle = join(root, 'build', 'tcplab.mjs');
const work = mkdtempSync(join(tmpdir(), 'tcplab-bundle-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The text of a built module and of every module it imports statically, transitively. */
function moduleClosure(file: string, seen = new Set<string>()): string {
  if (seen.has(file)) return '';
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  let all = text;
  for (const m of text.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s*"(\.[^"]+)"|^import\s*"(\.[^"]+)"/gm))
    all += moduleClosure(join(dirname(file), m[1] ?? m[2]), seen);
  return all;
}

function tcplab(...args: string[]) {
  return spawnSync(process.execPath, [bundle, ...args], { cwd: root, encoding: 'utf8', timeout: 60_000 });
}

describe('build/tcplab.mjs', () => {
  it('is what scripts/build-cli.mjs builds from the sources today (else: npm run build:cli)', () => {
    const check = spawnSync(process.execPath, [join(root, 'scripts', 'build-cli.mjs'), '--check'], {
      encoding: 'utf8',
    });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  }, 60_000);

  it('the sample writer thread loads only the writer, not the command', () => {
    const writer = moduleClosure(join(root, 'build', 'sample-writer.cjs'));
    // Some 40 KB today (the command is some 1.9 MB): no scenario loader, no engine.
    expect(writer.length).toBeLessThan(64 * 1024);
    expect(writer).not.toMatch(/node_modules\/zod|src\/engine\/simulator\.ts/);
    expect(writer).toMatch(/serveSampleWriter/);
    const direct = spawnSync(process.execPath, [join(root, 'build', 'sample-writer.cjs')], { encoding: 'utf8' });
    expect(direct.status).toBe(2);
    expect(direct.stderr).toMatch(/run tcplab\.mjs/);
  });

  it('a sim run loads none of the sweeps’ code, and its own through the code cache', () => {
    const command = moduleClosure(bundle);
    expect(command).toMatch(/src\/cli\/tcplab\.ts/);
    // tcplab.mjs itself loads no engine: a sweep worker imports it, `sim` reads sim-command.cjs.
    expect(command).not.toMatch(/src\/cli\/sweep-command\.ts|src\/cli\/sim-command\.ts|src\/engine\/simulator\.ts/);
    const sim = readFileSync(join(root, 'build', 'sim-command.cjs'), 'utf8');
    expect(sim).toMatch(/src\/cli\/sim-command\.ts/);
    expect(sim).not.toMatch(/src\/cli\/sweep-command\.ts|@stdlib/);
    // The build's own run made the cache a start reads.
    expect(
      readdirSync(join(root, 'build', 'cache')).some((f) => /^sim-command\.cjs\.[0-9a-f]{16}\.cache$/.test(f)),
    ).toBe(true);
  });

  it('tcplab sim writes the five files the engine writes in-process, byte for byte', () => {
    const file = join(root, 'scenarios', 'single-drop-reno.json');
    const out = join(work, 'sim');
    const r = tcplab('sim', file, '--out', out);
    expect(r.stderr).toMatch(/wrote 5 files/);
    expect(r.status).toBe(0);
    const parsed = parseScenarioText(readFileSync(file, 'utf8'));
    if (!parsed.ok) throw new Error('the scenario does not load');
    const want = new Map<CsvFileName, string>(CSV_FILE_NAMES.map((n) => [n, '']));
    streamRun(parsed.scenario, { write: (name, text) => want.set(name, want.get(name)! + text) });
    for (const name of CSV_FILE_NAMES) expect(readFileSync(join(out, name), 'utf8'), name).toBe(want.get(name));
  }, 60_000);

  it('tcplab sweep gives the same files on two worker threads as on one', () => {
    const sweep = join(work, 'sweep.json');
    writeFileSync(
      sweep,
      JSON.stringify({
        version: 1,
        name: 'bundle check',
        base: join(root, 'scenarios', 'single-drop-reno.json'),
        parameters: [{ path: 'flows[0].variant', name: 'variant', values: ['reno', 'newreno'] }],
        repetitions: 2,
        metrics: ['reno.throughput_kbps'],
      }),
    );
    const one = tcplab('sweep', sweep, '--out', join(work, 'one'), '--workers', '1');
    const two = tcplab('sweep', sweep, '--out', join(work, 'two'), '--workers', '2');
    expect(one.status, one.stderr).toBe(0);
    expect(two.status, two.stderr).toBe(0);
    expect(two.stderr).toMatch(/on 2 workers/);
    for (const name of ['runs.csv', 'table.csv'])
      expect(readFileSync(join(work, 'two', name), 'utf8')).toBe(readFileSync(join(work, 'one', name), 'utf8'));
  }, 60_000);

  it("prints its version, package.json's", () => {
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
    for (const flag of ['--version', '-V', 'version']) {
      const r = tcplab(flag);
      expect(r.status).toBe(0);
      expect(r.stdout).toBe(`tcplab ${version}\n`);
    }
  });

  it('names an unknown command and shows the commands', () => {
    const r = tcplab('simulate');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/unknown command "simulate"[\s\S]*sweep <sweep.json>/);
    expect(execFileSync(process.execPath, [bundle, '--help'], { encoding: 'utf8' })).toMatch(/^usage: tcplab/);
  });
});

describe('build/tcplab.cjs, the installed command', () => {
  const start = join(root, 'build', 'tcplab.cjs');
  const run = (...args: string[]) =>
    spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', timeout: 60_000 });

  it("is package.json's bin, a script that starts with node", () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { bin: Record<string, string> };
    expect(pkg.bin).toEqual({ tcplab: 'build/tcplab.cjs' });
    expect(readFileSync(start, 'utf8')).toMatch(/^#!\/usr\/bin\/env node\n/);
    expect(statSync(start).mode & 0o111).not.toBe(0);
  });

  it('runs sim without loading an ES module, to the same files as tcplab.mjs', () => {
    // NODE_DEBUG=esm has Node's ES module loader log each module it stores and runs ("ESM <pid>: …"),
    // as it does for tcplab.mjs. (process.moduleLoadList no longer tells: Node 22 and later load
    // the loader's own modules at start, whatever the entry.)
    const esm = /^ESM \d+:/m;
    const file = join(root, 'scenarios', 'single-drop-reno.json');
    const logged = (entry: string, out: string) =>
      spawnSync(process.execPath, [entry, 'sim', file, '--out', join(work, out)], {
        cwd: root,
        encoding: 'utf8',
        timeout: 60_000,
        env: { ...process.env, NODE_DEBUG: 'esm' },
      });
    const viaStart = logged(start, 'start');
    const viaModule = logged(bundle, 'module');
    expect(viaStart.status, viaStart.stderr).toBe(0);
    expect(viaStart.stderr).not.toMatch(esm);
    expect(viaModule.stderr).toMatch(esm);
    for (const name of CSV_FILE_NAMES)
      expect(readFileSync(join(work, 'start', name), 'utf8'), name).toBe(
        readFileSync(join(work, 'module', name), 'utf8'),
      );
  }, 60_000);

  it('hands every other command to tcplab.mjs', () => {
    expect(run(start, '--help').stdout).toBe(run(bundle, '--help').stdout);
    expect(run(start, '--version').stdout).toBe(run(bundle, '--version').stdout);
    const unknown = run(start, 'simulate');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/unknown command "simulate"/);
    const sweep = run(start, 'sweep', '--help');
    expect(sweep.status).toBe(0);
    expect(sweep.stdout).toMatch(/^usage: tcplab sweep/);
    const sim = run(start, 'sim');
    expect(sim.status).toBe(2);
    expect(sim.stderr).toMatch(/sim: no scenario file given/);
  });
});
