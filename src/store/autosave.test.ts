/**
 * Autosave and restore, through a storage of the test's own: every edit is
 * written as it is made and a new page (a reload) opens with it; presets stay
 * as published; My scenarios come back; a full, refused or tampered storage
 * never throws and says why the work is not kept.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatIssues, parseScenario, parseScenarioText } from '../engine/scenario';
import { Archive, MAX_RECORD_CHARS, type StorageLike } from './archive';
import { connectArchive, keptCurrentKey, restoreWork } from './autosave';
import { addNode } from './edit-ops';
import { createLabStore, type ScenarioEntry } from './lab-store';

const reno = JSON.parse(readFileSync('scenarios/single-drop-reno.json', 'utf8')) as unknown;
const dumbbell = JSON.parse(readFileSync('scenarios/dumbbell-udp.json', 'utf8')) as unknown;
const presets = (): ScenarioEntry[] => [
  { key: 'reno', label: 'Single drop, Reno', input: reno, origin: 'preset' },
  { key: 'dumbbell', label: 'Dumbbell', input: dumbbell, origin: 'preset' },
];

class MemoryStorage implements StorageLike {
  readonly map = new Map<string, string>();
  failWith: string | null = null;
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    if (this.failWith) throw Object.assign(new Error('no room'), { name: this.failWith });
    this.map.set(k, v);
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
}

/** A page opening on `storage`, as main.tsx opens it (no address). */
function openPage(storage: StorageLike | null) {
  const s = createLabStore({ parse: parseScenario, parseText: parseScenarioText, formatIssues });
  s.getState().setEntries(presets());
  const archive = new Archive(storage);
  const kept = archive.load();
  restoreWork(s, kept);
  s.getState().selectScenario(keptCurrentKey(s, kept) ?? 'reno');
  connectArchive(s, archive);
  return s;
}

const nodes = (s: ReturnType<typeof openPage>) => (s.getState().scenarioInput as { nodes: unknown[] }).nodes.length;

describe('autosave', () => {
  it('brings an edit back after a reload, says so, and the preset can be restored', () => {
    const storage = new MemoryStorage();
    const before = openPage(storage);
    before.getState().edit('Add a router', (d) => addNode(d, 'router', { x: 1, y: 2 }).doc);
    expect(before.getState().saveStatus).toMatchObject({ ok: true });

    const after = openPage(storage);
    expect(after.getState().scenarioKey).toBe('reno');
    expect(nodes(after)).toBe(4);
    expect(after.getState().restored).toMatchObject({ key: 'reno' });
    // The preset itself is as published.
    expect(after.getState().entries.find((e) => e.key === 'reno')!.input).toBe(reno);
    after.getState().revertEdits();
    expect(nodes(after)).toBe(3);

    const third = openPage(storage);
    expect(nodes(third)).toBe(3);
    expect(third.getState().restored).toBeNull();
  });

  it('keeps a value not taken yet, and the scenario that was open', () => {
    const storage = new MemoryStorage();
    const page = openPage(storage);
    page.getState().selectScenario('dumbbell');
    page.getState().setField('Duration', { target: { on: 'run' }, field: ['duration'] }, '-5', -5);
    const again = openPage(storage);
    expect(again.getState().scenarioKey).toBe('dumbbell');
    expect(again.getState().pending).toHaveLength(1);
    expect(again.getState().pending[0]).toMatchObject({ text: '-5', issues: [{ path: 'duration' }] });
    expect(again.getState().pending[0]!.issues).toHaveLength(1);
  });

  it('keeps My scenarios and an imported file across a reload', () => {
    const storage = new MemoryStorage();
    const page = openPage(storage);
    page.getState().edit('Add a host', (d) => addNode(d, 'host', { x: 5, y: 5 }).doc);
    const key = page.getState().saveCopy('Lesson 3')!;
    // The edits moved into the copy: the preset has no draft any more.
    expect(page.getState().drafts.reno).toBeUndefined();
    page.getState().renameMine(key, 'Lesson 3, two flows');
    page.getState().importScenario('mine.json', JSON.stringify({ ...(dumbbell as object), name: 'From disk' }));

    const again = openPage(storage);
    const mine = again.getState().entries.find((e) => e.key === key)!;
    expect(mine).toMatchObject({
      origin: 'mine',
      label: 'Lesson 3, two flows',
      input: { name: 'Lesson 3, two flows' },
    });
    expect((mine.input as { nodes: unknown[] }).nodes).toHaveLength(4);
    // The imported file was open: it is open again.
    expect(again.getState().scenarioKey).toMatch(/^imported:/);
    expect(again.getState().edited?.name).toBe('From disk');
    // Deleting it forgets it for good.
    again.getState().deleteMine(key);
    expect(
      openPage(storage)
        .getState()
        .entries.some((e) => e.key === key),
    ).toBe(false);
  });

  it('says why the work is not kept, never throws: a full storage, no storage, a scenario too large', () => {
    const storage = new MemoryStorage();
    const page = openPage(storage);
    storage.failWith = 'QuotaExceededError';
    page.getState().edit('Add a router', (d) => addNode(d, 'router', { x: 1, y: 2 }).doc);
    expect(page.getState().saveStatus).toEqual({
      ok: false,
      reason: expect.stringContaining('storage for this page is full'),
    });

    const none = openPage(null);
    none.getState().edit('Add a router', (d) => addNode(d, 'router', { x: 1, y: 2 }).doc);
    expect(none.getState().saveStatus).toEqual({
      ok: false,
      reason: expect.stringContaining('does not let the page keep anything'),
    });

    storage.failWith = null;
    const big = openPage(storage);
    big
      .getState()
      .setField('Description', { target: { on: 'run' }, field: ['description'] }, 'x', 'x'.repeat(MAX_RECORD_CHARS));
    expect(big.getState().saveStatus).toEqual({
      ok: false,
      reason: expect.stringMatching(/too large to keep in the browser .*Export it/),
    });
  });

  it('skips what it cannot read (another version, a hand edit) and a draft the loader refuses', () => {
    const storage = new MemoryStorage();
    storage.map.set('tcp-lab.v1.drafts', JSON.stringify(['reno', 'dumbbell', 42]));
    storage.map.set('tcp-lab.v1.draft:reno', '{not json');
    storage.map.set(
      'tcp-lab.v1.draft:dumbbell',
      JSON.stringify({ input: { nodes: 'three', links: [], flows: [] }, pending: 'x', savedAt: 1 }),
    );
    storage.map.set(
      'tcp-lab.v1.mine',
      JSON.stringify([{ key: 'mine:a', label: 'A', origin: 'mine', input: 5 }, 'junk']),
    );
    storage.map.set('tcp-lab.v1.current', JSON.stringify({ key: 'dumbbell' }));
    const page = openPage(storage);
    // The broken draft of the open scenario is set aside with a message; the preset opens.
    expect(page.getState().scenarioKey).toBe('dumbbell');
    expect(page.getState().problem?.title).toBe('Your edits to “Dumbbell” could not be restored');
    expect(page.getState().problem?.lines[0]).toMatch(/^Scenario → nodes|^Run → Nodes/);
    expect(page.getState().entries.some((e) => e.key === 'mine:a')).toBe(false);
  });
});
