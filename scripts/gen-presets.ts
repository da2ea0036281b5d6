/**
 * Writes the preset scenario files of the seed papers and the lessons:
 *
 *   scenarios/paper-000/*.json … scenarios/paper-004/*.json, scenarios/lessons/*.json
 *
 * and the block of JSON imports in src/presets/catalog.ts (between the
 * "BEGIN GENERATED" / "END GENERATED" markers), so the files, their `ui`
 * metadata and the catalog never drift apart.
 *
 *   node scripts/run-ts.mjs scripts/gen-presets.ts            write everything
 *   node scripts/run-ts.mjs scripts/gen-presets.ts --check    exit 1 if a file would change
 *   node scripts/run-ts.mjs scripts/gen-presets.ts --only=p004   only the presets whose id starts so (no catalog update)
 *
 * Each description ends with "Our result": the numbers are measured here, by
 * running every preset with the engine (for the table presets, once per
 * variant the paper compares), so they always match the engine that wrote
 * them; the sentences that explain them are written by hand below. Re-run
 * after an engine change and read the diff: if the numbers moved a lot, the
 * explanations may need a new look.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runScenario } from '../src/engine/run';
import { formatIssues, parseScenario } from '../src/engine/scenario/index';
import type { Variant } from '../src/engine/scenario/types';
import { applyLessonRun } from '../src/presets/lessons';
import { type Json, type Preset, type Run } from './presets/common';
import { lessonPresets } from './presets/lessons';
import { presets000 } from './presets/paper-000';
import { presets001 } from './presets/paper-001';
import { presets002 } from './presets/paper-002';
import { presets003 } from './presets/paper-003';
import { presets004 } from './presets/paper-004';
import { congestedPreset004 } from './presets/paper-004-congested';
import { lightPreset004 } from './presets/paper-004-light';
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// run-ts bundles this file into node_modules/.cache; find the project root from the working directory then.
const PROJECT = existsSync(join(ROOT, 'scenarios')) ? ROOT : process.cwd();

// ---------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------

function runPreset(p: Preset): Run[] {
  return p.runs.map((spec) => {
    const body = spec.seed === undefined ? p.body : { ...p.body, seed: spec.seed };
    const parsed = parseScenario(applyLessonRun(body, { id: spec.label, label: spec.label, patch: spec.patch }));
    if (!parsed.ok) throw new Error(`${p.file}: ${formatIssues(parsed.issues).join('; ')}`);
    const data = runScenario(parsed.scenario);
    const all: Record<string, Variant> = {};
    for (const f of parsed.scenario.flows) if (f.kind === 'tcp') all[f.id] = f.variant;
    const dropTimes = data.events.filter((e) => e.event === 'drop').map((e) => e.time_s);
    return { label: spec.label, seed: parsed.scenario.seed, variants: all, summary: data.summary, dropTimes };
  });
}

function render(p: Preset, description: string): string {
  const json = { version: 1, name: p.name, description, ui: p.ui, ...p.body };
  return `${stringify(json)}\n`;
}

/**
 * JSON with 2-space indentation, but small objects and arrays of plain values
 * on one line (nodes, links, flows, faults), like the hand-written examples.
 */
function stringify(value: unknown, indent = ''): string {
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const one = JSON.stringify(value);
    if (value.every((v) => typeof v !== 'object' || v === null) && one.length <= 100) return one.replace(/,/g, ', ');
    return `[\n${value.map((v) => inner + stringify(v, inner)).join(',\n')}\n${indent}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Json);
    if (entries.length === 0) return '{}';
    const flat = `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${oneLine(v)}`).join(', ')} }`;
    if (indent.length >= 2 && flat.length + indent.length <= 120) return flat;
    return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${stringify(v, inner)}`).join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
}

function oneLine(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(oneLine).join(', ')}]`;
  if (v !== null && typeof v === 'object')
    return `{ ${Object.entries(v as Json)
      .map(([k, x]) => `${JSON.stringify(k)}: ${oneLine(x)}`)
      .join(', ')} }`;
  return JSON.stringify(v);
}

function catalogImports(presets: Preset[]): string {
  const lines = presets.map((p) => `import ${importName(p)} from '../../scenarios/${p.file}';`);
  const list = presets.map((p) => `  { file: '${p.file}', json: ${importName(p)} },`);
  return [
    ...lines,
    '',
    '/** Every preset file, in picker order (generated by scripts/gen-presets.ts). */',
    'export const PRESET_FILES: readonly PresetFile[] = [',
    ...list,
    '];',
  ].join('\n');
}

function importName(p: Preset): string {
  return p.ui.preset
    .replace(/[^a-zA-Z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))
    .replace(/^(\d)/, '_$1');
}

function main(): void {
  const check = process.argv.includes('--check');
  const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
  const p004 = presets004();
  const presets = [
    ...presets000(),
    ...presets001(),
    ...presets002(),
    ...presets003(),
    ...p004,
    congestedPreset004(p004.length),
    lightPreset004(p004.length + 1),
    ...lessonPresets(),
  ];
  const ids = new Set<string>();
  for (const p of presets) {
    if (ids.has(p.ui.preset)) throw new Error(`duplicate preset id ${p.ui.preset}`);
    ids.add(p.ui.preset);
  }
  let changed = 0;
  for (const p of presets) {
    if (only && !p.ui.preset.startsWith(only)) continue;
    const runs = runPreset(p);
    const description = `${p.text}\n\n${p.result(runs)}`.trimEnd();
    const text = render(p, description);
    const parsed = parseScenario(JSON.parse(text));
    if (!parsed.ok) throw new Error(`${p.file}: ${formatIssues(parsed.issues).join('; ')}`);
    const path = join(PROJECT, 'scenarios', p.file);
    const old = existsSync(path) ? readFileSync(path, 'utf8') : null;
    if (old !== text) {
      changed++;
      if (check) console.log(`would change: scenarios/${p.file}`);
      else {
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, text);
        console.log(`wrote scenarios/${p.file}`);
      }
    }
  }
  const catalogPath = join(PROJECT, 'src/presets/catalog.ts');
  if (existsSync(catalogPath) && !only) {
    const catalog = readFileSync(catalogPath, 'utf8');
    const begin = '// BEGIN GENERATED (scripts/gen-presets.ts)\n';
    const end = '// END GENERATED\n';
    const i = catalog.indexOf(begin);
    const j = catalog.indexOf(end);
    if (i < 0 || j < i) throw new Error('src/presets/catalog.ts: generated-block markers not found');
    const next = `${catalog.slice(0, i + begin.length)}${catalogImports(presets)}\n${catalog.slice(j)}`;
    if (next !== catalog) {
      changed++;
      if (check) console.log('would change: src/presets/catalog.ts');
      else {
        writeFileSync(catalogPath, next);
        console.log('wrote src/presets/catalog.ts');
      }
    }
  }
  console.log(
    `${presets.length} presets, ${changed} file(s) ${check ? 'out of date' : 'written'} (${relative(process.cwd(), PROJECT) || '.'})`,
  );
  if (check && changed > 0) process.exitCode = 1;
}

main();
