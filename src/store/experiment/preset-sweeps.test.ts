import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../engine/scenario';
import type { Scenario } from '../../engine/scenario/types';
import { planRuns } from '../../experiment/expand';
import { parseSweep } from '../../experiment/sweep';
import { findPreset } from '../../presets/catalog';
import { findTable } from '../../presets/paper-tables';
import { presetBase } from './experiment-store';
import { labelKey, paperComparison, PRESET_SWEEPS, tableVariants } from './preset-sweeps';
import { buildSweepFile } from './sweep-form';

/** What the engine reads of a scenario: everything but its name, text and page settings. */
function engineView(s: Scenario): unknown {
  const { name: _n, description: _d, ui: _u, lesson: _l, ...rest } = s;
  return rest;
}

describe('preset sweeps', () => {
  it('cover paper 000 Tables IV–VII, paper 002 Table 1 and paper 004 Table 2', () => {
    expect(PRESET_SWEEPS.map((p) => p.tableId)).toEqual(['000-IV', '000-V', '000-VI', '000-VII', '002-1', '004-2']);
  });

  for (const preset of PRESET_SWEEPS) {
    describe(preset.title, () => {
      const base = presetBase(preset)!;
      const built = buildSweepFile(preset.form, base, preset.name);
      const parsed = built.ok ? parseSweep(built.file) : null;

      it('builds a valid sweep file', () => {
        expect(base).not.toBeNull();
        expect(built.ok ? [] : built.issues).toEqual([]);
        expect(parsed?.ok ? [] : parsed?.issues).toEqual([]);
      });

      it('runs every variant of the paper table', () => {
        const table = findTable(preset.tableId)!;
        expect(preset.form.variants).toEqual(tableVariants(table));
      });

      it('every point is one of the catalog presets, with one of the variants', () => {
        if (!parsed?.ok) throw new Error('sweep did not parse');
        const sweep = parsed.sweep;
        const row = sweep.parameters.findIndex((p) => p.path === preset.rowPath);
        const variantParam = sweep.parameters.findIndex((p) => p.path.endsWith('.variant'));
        expect(row).toBeGreaterThanOrEqual(0);
        const table = findTable(preset.tableId)!;
        const tablePresets = new Set(table.rows.flatMap((r) => r.presets));
        for (const point of sweep.points) {
          const id = preset.presets[labelKey(sweep.parameters[row]!.labels[point.values[row]!]!)];
          expect(id, `point ${point.index}`).toBeDefined();
          expect(tablePresets.has(id!)).toBe(true);
          const variant = sweep.parameters[variantParam]!.values[point.values[variantParam]!] as string;
          // The preset's file with the variant changed, loaded: the profile's defaults follow the variant (ns-2's Vegas packets).
          const json = structuredClone(findPreset(id!)!.scenario) as { flows: { id: string; variant?: string }[] };
          for (const f of json.flows) if (f.id === preset.form.variantFlow) f.variant = variant;
          const loaded = parseScenario(json);
          if (!loaded.ok) throw new Error(`${id} does not load`);
          const expected: Scenario = loaded.scenario;
          expect(engineView(point.scenario)).toEqual(engineView(expected));
        }
      });

      it('lines up fake results beside every cell of the paper table', () => {
        if (!parsed?.ok) throw new Error('sweep did not parse');
        const sweep = parsed.sweep;
        const values = planRuns(sweep).map((run) => sweep.metrics.map((_, m) => run.point * 10 + m));
        const cmp = paperComparison(preset, sweep, values)!;
        expect(cmp).not.toBeNull();
        const cells = cmp.rows.flatMap((r) => r.cells);
        expect(cells.length).toBeGreaterThan(0);
        expect(cells.filter((c) => c.ours === null)).toEqual([]);
      });
    });
  }
});
