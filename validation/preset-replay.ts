/**
 * The papers' presets in ns-2.35 itself: each preset listed in PRESET_CASES
 * (with the TCP variant the paper's table sets) is exported as an ns-2 script
 * (src/engine/output/ns2/tcl.ts) and run by `ns`; the goodput of every flow
 * over the measure window is kept in reference/presets.csv. The presets run
 * in the ns2 profile, so the engine should give the same numbers:
 * tests/validation/presets.test.ts checks those that do within 5 %.
 *
 *   npx tsx validation/preset-replay.ts     regenerate reference/presets.csv (needs ns)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scenarioToNs2Script } from '../src/engine/output/ns2/tcl';
import { parseScenarioText } from '../src/engine/scenario';
import type { Scenario } from '../src/engine/scenario/types';

const HERE = dirname(fileURLToPath(import.meta.url));
export const PRESETS_CSV = join(HERE, 'reference', 'presets.csv');

export interface PresetCase {
  /** scenarios/<path>.json */
  preset: string;
  /** the TCP variant of the preset's first TCP flow, as the paper's table sets it */
  variant?: string;
}

/**
 * Vegas against UDP (paper 000, both access links fast and both slow) at
 * every rate of the paper, Vegas beside Reno and beside NewReno (paper 003),
 * Vegas against 8 and 9 Mb/s of CBR and NewReno beside Vegas with UDP (paper
 * 001), and Reno against UDP. Left out, with their gaps (docs/validation.md,
 * "The two profiles" and D6): paper 001's two Vegas flows, Vegas against
 * 5 Mb/s of CBR and NewReno beside Reno with UDP, which part from ns-2 at a
 * same-instant tie.
 */
export const PRESET_CASES: readonly PresetCase[] = [
  ...['ff', 'ee'].flatMap((env) =>
    [400, 800, 1200, 1600, 1800].map((rate) => ({ preset: `paper-000/p000-${env}-${rate}`, variant: 'vegas' })),
  ),
  { preset: 'paper-000/p000-ff-800', variant: 'reno' },
  { preset: 'paper-003/p003-topo2-vegas-reno' },
  { preset: 'paper-003/p003-topo2-vegas-newreno' },
  { preset: 'paper-001/p001-exp2-newreno-vegas' },
  { preset: 'paper-001/p001-exp1-cbr8', variant: 'vegas' },
  { preset: 'paper-001/p001-exp1-cbr9', variant: 'vegas' },
];

export function presetScenario(c: PresetCase): Scenario {
  const json = JSON.parse(readFileSync(join(HERE, '..', 'scenarios', `${c.preset}.json`), 'utf8'));
  const tcp = (json.flows as { kind?: string; variant?: string }[]).find((f) => f.kind !== 'cbr')!;
  if (c.variant) tcp.variant = c.variant;
  const r = parseScenarioText(JSON.stringify(json));
  if (!r.ok) throw new Error(`${c.preset} does not load`);
  return r.scenario;
}

export const caseKey = (c: PresetCase): string => `${c.preset}${c.variant ? `:${c.variant}` : ''}`;

/** Goodput of each flow in ns-2 (kb/s over the measure window): TCP from ack_, CBR from the bytes received. */
function runNs2(s: Scenario): Map<string, number> {
  const t = scenarioToNs2Script(s, 'scenario.tcl');
  if (!t.ok) throw new Error(t.message);
  const dir = mkdtempSync(join(tmpdir(), 'preset-ns2-'));
  try {
    writeFileSync(join(dir, 'scenario.tcl'), t.text);
    execFileSync('ns', [join(dir, 'scenario.tcl'), dir], { stdio: 'ignore' });
    const rows = readFileSync(join(dir, 'summary.tsv'), 'utf8').trim().split('\n').slice(1);
    const span = s.measure.to - s.measure.from;
    const out = new Map<string, number>();
    for (const r of rows) {
      const [flow, kind, , atFrom, atTo] = r.split('\t');
      const f = s.flows.find((x) => x.id === flow)!;
      const bits =
        kind === 'tcp'
          ? (Number(atTo) - Number(atFrom)) * f.packetSize * 8
          : (Number(atTo.split(' ')[1]) - Number(atFrom.split(' ')[1])) * 8;
      out.set(flow, bits / span / 1000);
    }
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const lines = ['case,flow,ns2_kbps'];
  for (const c of PRESET_CASES) {
    for (const [flow, kbps] of runNs2(presetScenario(c))) lines.push(`${caseKey(c)},${flow},${kbps.toFixed(3)}`);
  }
  writeFileSync(PRESETS_CSV, lines.join('\n') + '\n');
  console.log(`wrote ${PRESETS_CSV}`);
}
