import { describe, expect, it } from 'vitest';
import { PRESETS } from '../presets/catalog';
import type { Kept } from './archive';
import { createLabStore } from './lab-store';
import type { ScenarioEntry } from './lab-types';
import { addLibrary, loadLibrary, needsLibraryFirst } from './library';
import { DEFAULT_FILES, DEFAULT_PRESET, exampleEntries } from './picker';
import { presetEntries } from './presets';

const nothingKept: Kept = { drafts: [], mine: [], current: null };
const first = exampleEntries(DEFAULT_FILES);
const mine: ScenarioEntry = { key: 'mine:abc', label: 'Mine', input: { name: 'Mine' }, origin: 'mine', savedAt: 1 };

describe('what the page has before the library arrives', () => {
  it('is the default example alone', () => {
    expect(first.map((e) => e.key)).toEqual([DEFAULT_PRESET]);
  });

  it('opens at once for a first visit, its own address or a view-only link', () => {
    expect(needsLibraryFirst('', nothingKept, first)).toBe(false);
    expect(needsLibraryFirst(`#p=${DEFAULT_PRESET}`, nothingKept, first)).toBe(false);
    expect(needsLibraryFirst('#v=experiment', nothingKept, first)).toBe(false);
    expect(needsLibraryFirst('#s=abc', nothingKept, first)).toBe(false);
  });

  it('waits for the library when a link names one of its presets or another example', () => {
    expect(needsLibraryFirst('#p=lesson-one-loss', nothingKept, first)).toBe(true);
    expect(needsLibraryFirst('#v=lab&p=bbr-alone', nothingKept, first)).toBe(true);
    expect(needsLibraryFirst('#p=%E0%A4%A', nothingKept, first)).toBe(true);
  });

  it('waits when the last visit left a library preset open or edited, not for work of the user’s own', () => {
    expect(needsLibraryFirst('', { ...nothingKept, current: { key: 'lesson-one-loss' } }, first)).toBe(true);
    const draft = { key: 'p000-ee-400', input: {}, pending: [], savedAt: 1 };
    expect(needsLibraryFirst('', { ...nothingKept, drafts: [draft] }, first)).toBe(true);
    expect(needsLibraryFirst('', { ...nothingKept, mine: [mine], current: { key: mine.key } }, first)).toBe(false);
  });
});

describe('the library joining the picker', () => {
  it('puts the examples and the catalog in picker order, before the user’s own, keeping what was listed', async () => {
    const store = createLabStore({
      parse: () => ({ ok: false, issues: [], warnings: [] }),
      parseText: () => ({ ok: false, issues: [], warnings: [] }),
      formatIssues: () => [],
    });
    store.getState().setEntries([...first, mine]);
    const listed = store.getState().entries[0];
    addLibrary(store, await loadLibrary());
    const keys = store.getState().entries.map((e) => e.key);
    expect(keys).toEqual([...presetEntries().map((e) => e.key), mine.key]);
    expect(keys.filter((k) => PRESETS.some((p) => p.id === k))).toHaveLength(PRESETS.length);
    expect(store.getState().entries[keys.indexOf(DEFAULT_PRESET)]).toBe(listed);
    // a second time changes nothing
    const before = store.getState().entries;
    addLibrary(store, await loadLibrary());
    expect(store.getState().entries).toBe(before);
  });
});
