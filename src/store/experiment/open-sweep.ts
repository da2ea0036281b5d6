/**
 * Opening a sweep file in the page (docs/sweep-format.md): the file a sweep
 * exported from the Experiment view, or one written for the command-line
 * runner. The page cannot read files by path, so a `base` given as a path is
 * resolved against the scenarios the page carries (presetBaseLoader), and
 * anything else is refused with a message at `base`. The sweep loader judges the rest; its
 * messages name the field.
 */
import type { LoadedBase } from '../../experiment/sweep';
import { parseSweepText } from '../../experiment/sweep';
import { findPreset, PRESET_FILES } from '../../presets/catalog';
import type { ScenarioEntry } from '../lab-types';
import { exampleEntries } from '../presets';
import type { SweepDisplay } from './run-sweep';
import { parameterTitles, type SweepFile } from './sweep-form';

/**
 * Resolve a `base` path or preset id to a scenario the page carries: a
 * catalog preset by its file (`…/paper-000/p000-ee-400.json`) or id, or one of
 * the example files of scenarios/ by name (`../scenarios/dumbbell-udp.json`,
 * as the sweeps of sweeps/ name them).
 */
export function presetBaseLoader(ref: string, examples: readonly ScenarioEntry[] = exampleEntries()): LoadedBase {
  const path = ref.trim().replace(/\\/g, '/');
  const file = PRESET_FILES.find((f) => path === f.file || path.endsWith(`/${f.file}`));
  if (file) return { ok: true, json: file.json, source: `scenarios/${file.file}` };
  const example = /^(?:.*\/)?scenarios\/([^/]+)\.json$|^([^/]+)\.json$/.exec(path);
  const key = example?.[1] ?? example?.[2];
  const entry = key ? examples.find((e) => e.key === key) : undefined;
  if (entry) return { ok: true, json: entry.input, source: `scenarios/${key}.json` };
  const preset = findPreset(path);
  if (preset) return { ok: true, json: preset.scenario, source: preset.path };
  return {
    ok: false,
    message: `the page reads no files by path: "${ref}" is not one of its scenarios. Put the scenario itself in "base" (the page's own exported sweeps do), or name a scenario the page has, such as "scenarios/dumbbell-udp.json" or a preset's file or id`,
  };
}

export type OpenedSweep = { ok: true; file: SweepFile; runs: number; display: SweepDisplay } | { ok: false; lines: string[] };

/** A sweep file's text, checked: the file as written (for running and exporting again) and its run count. */
export function openSweepText(text: string): OpenedSweep {
  const parsed = parseSweepText(text, { loadBase: presetBaseLoader });
  if (!parsed.ok) return { ok: false, lines: parsed.issues.map((i) => `${i.path}: ${i.message}`) };
  // Valid, so it parses as JSON; keep it as written (base path and all) for the export.
  const file = JSON.parse(text) as SweepFile;
  const sweep = parsed.sweep;
  // Parameters the form also offers get the form's titles ("Link l2: Bandwidth (Mbps)"); others keep their names.
  const scenario = sweep.points[0]?.scenario;
  const paramTitles = scenario ? parameterTitles(file, scenario, null) : sweep.parameters.map((p) => p.name);
  return { ok: true, file, runs: sweep.points.length * sweep.repetitions, display: { paramTitles, logX: false } };
}
