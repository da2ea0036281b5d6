import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { slug } from './download';
import { zipTextFiles } from './zip';
import { defaultPresetKey, presetEntries } from '../../store/presets';

describe('export helpers', () => {
  it('zip text files that unzip to the same text, deterministically', () => {
    const files = { 'summary.csv': 'flow,kind\nA,tcp\n', 'events.csv': 'time_s\n' };
    const zip = zipTextFiles(files, 'run');
    const back = unzipSync(zip);
    expect(Object.keys(back).sort()).toEqual(['run/events.csv', 'run/summary.csv']);
    expect(strFromU8(back['run/summary.csv'])).toBe(files['summary.csv']);
    expect(zipTextFiles(files, 'run')).toEqual(zip);
  });

  it('make file-name-safe slugs', () => {
    expect(slug('Single drop, Reno')).toBe('single-drop-reno');
    expect(slug('Vegas vs. CUBIC — 2 flows')).toBe('vegas-vs-cubic-2-flows');
    expect(slug('Café')).toBe('cafe');
    expect(slug('***')).toBe('scenario');
  });
});

describe('presets', () => {
  it('name entries by file and scenario name, sorted, defaulting to the single-drop lesson', () => {
    const entries = presetEntries({
      '../../scenarios/b.json': { default: { name: 'Bee' } },
      '../../scenarios/single-drop-reno.json': { default: { name: 'Single drop, Reno' } },
      '../../scenarios/a.json': { default: {} },
    });
    expect(entries.map((e) => [e.key, e.label])).toEqual([
      ['a', 'a'],
      ['b', 'Bee'],
      ['single-drop-reno', 'Single drop, Reno'],
    ]);
    expect(defaultPresetKey(entries)).toBe('single-drop-reno');
    expect(defaultPresetKey(entries.slice(0, 2))).toBe('a');
    expect(defaultPresetKey([])).toBeNull();
  });
});
