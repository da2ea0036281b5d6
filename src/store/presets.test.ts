import { describe, expect, it } from 'vitest';
import { PRESETS, presetGroups, searchPresets } from '../presets/catalog';
import type { ScenarioEntry } from './lab-store';
import { ALSO_GROUP, EXAMPLES_GROUP, firstMatch, IMPORTED_GROUP, pickerView, presetEntries } from './presets';

const entries = presetEntries();
const keysOf = (v: ReturnType<typeof pickerView>) => v.groups.flatMap((g) => g.entries.map((e) => e.key));

describe('picker entries', () => {
  it('are the example files, then every preset and lesson of the catalog, with unique keys', () => {
    const examples = entries.filter((e) => !PRESETS.some((p) => p.id === e.key));
    expect(examples.map((e) => e.key)).toEqual([
      'bbr-alone',
      'bbr-vs-cubic-deep',
      'bbr-vs-cubic-shallow',
      'dctcp-step-marking',
      'dumbbell-udp',
      'multi-drop-newreno',
      'red-vs-droptail',
      'single-drop-reno',
    ]);
    expect(entries.slice(examples.length).map((e) => e.key)).toEqual(PRESETS.map((p) => p.id));
    expect(new Set(entries.map((e) => e.key)).size).toBe(entries.length);
    expect(entries.every((e) => e.origin === 'preset')).toBe(true);
    expect(entries.length).toBe(8 + 84);
  });
});

describe('picker grouping', () => {
  it('groups by examples, paper (000 … 004), lessons, then imported', () => {
    const imported: ScenarioEntry = {
      key: 'imported:1:x.json',
      label: 'X (imported)',
      input: { name: 'X' },
      origin: 'imported',
    };
    const view = pickerView([...entries, imported]);
    expect(view.groups.map((g) => g.title)).toEqual([
      EXAMPLES_GROUP,
      ...presetGroups().map((g) => g.title),
      IMPORTED_GROUP,
    ]);
    expect(view.groups[1].title).toMatch(/^Paper 000/);
    expect(view.groups.at(-2)?.title).toBe('Lessons');
    expect(view.groups.at(-2)?.entries.map((e) => e.key)).toContain('lesson-one-loss');
    expect(view.shown).toBe(view.total);
    // Inside a group, catalog order.
    expect(view.groups[1].entries.slice(0, 3).map((e) => e.key)).toEqual([
      'p000-ee-400',
      'p000-ee-800',
      'p000-ee-1200',
    ]);
  });
});

describe('picker search', () => {
  it('finds the catalog’s matches (same rules as searchPresets), names and tags before descriptions', () => {
    for (const q of ['vegas', '004', 'paper 003', 'outage', 'jain', 'RED', 'lesson', 'westwood random']) {
      const view = pickerView(entries, q);
      const catalogHits = new Set(searchPresets(q).map((p) => p.id));
      const shown = keysOf(view).filter((k) => PRESETS.some((p) => p.id === k));
      expect(new Set(shown)).toEqual(catalogHits);
    }
    const vegas = pickerView(entries, 'vegas');
    const strong = vegas.groups.filter((g) => g.title !== ALSO_GROUP).flatMap((g) => g.entries.map((e) => e.key));
    expect(strong).toContain('lesson-vegas-queue');
    expect(strong).toContain('p003-topo2-vegas-reno');
    // Paper 000's presets only mention Vegas in their descriptions: listed last.
    expect(vegas.groups.at(-1)?.title).toBe(ALSO_GROUP);
    expect(vegas.groups.at(-1)?.entries.map((e) => e.key)).toContain('p000-ee-400');
  });

  it('matches examples by name and narrows with every word', () => {
    const view = pickerView(entries, 'single drop');
    expect(keysOf(view)[0]).toBe('single-drop-reno');
    const outages = keysOf(pickerView(entries, '004 outage'));
    expect(outages).toEqual(
      expect.arrayContaining(['p004-outage-0.05', 'p004-outage-0.1', 'p004-outage-0.2', 'p004-outage-10']),
    );
    expect(outages.every((k) => k.startsWith('p004-'))).toBe(true);
    expect(pickerView(entries, 'no such thing at all').shown).toBe(0);
  });

  it('keeps the selected entry listed (so the select can show it) but never offers it as a match', () => {
    const view = pickerView(entries, 'outage', 'single-drop-reno');
    expect(keysOf(view)).toContain('single-drop-reno');
    expect(view.keptOnly).toBe('single-drop-reno');
    expect(firstMatch(view)?.key).toBe(keysOf(view).find((k) => k !== 'single-drop-reno'));
    expect(firstMatch(view)?.key).toMatch(/^p004-/);
    expect(firstMatch(pickerView(entries, 'zzzz', 'single-drop-reno'))).toBeNull();
  });
});
