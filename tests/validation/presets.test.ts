/**
 * The papers' presets replay ns-2.35 in the ns2 profile: every flow's goodput
 * is within 5 % of what ns-2 gave for the same preset, exported as an ns-2
 * script (reference/presets.csv, `npx tsx validation/preset-replay.ts`).
 */
import { readFileSync } from 'node:fs';
import { csvParse } from 'd3-dsv';
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/engine/run';
import { caseKey, PRESET_CASES, PRESETS_CSV, presetScenario } from '../../validation/preset-replay';

const ref = csvParse(readFileSync(PRESETS_CSV, 'utf8'));

describe('paper presets against ns-2.35, in the ns2 profile', () => {
  for (const c of PRESET_CASES) {
    it(`${caseKey(c)}: every flow's goodput within 5 % of ns-2's`, () => {
      const s = presetScenario(c);
      expect(s.profile).toBe('ns2');
      const rows = ref.filter((r) => r.case === caseKey(c));
      expect(rows.length).toBe(s.flows.length);
      const ours = runScenario(s).summary;
      for (const r of rows) {
        const o = ours.find((x) => x.flow === r.flow)!;
        const ns2 = Number(r.ns2_kbps);
        expect(
          Math.abs(o.throughput_kbps - ns2) / ns2,
          `${r.flow}: ours ${o.throughput_kbps}, ns-2 ${ns2}`,
        ).toBeLessThan(0.05);
      }
    });
  }
});
