/**
 * Autosave: the store's work mirrored into the browser as it changes, and
 * read back when the page opens (archive.ts does the storing).
 *
 * Every change of a draft, of My scenarios or of the open scenario is written
 * at once — edits come at the pace of a person, and a reload right after an
 * edit must find it. Only what changed is written.
 */
import type { Archive, Kept, SaveResult } from './archive';
import type { LabState, LabStore, ScenarioEntry } from './lab-types';

/** The entry itself, for one the page cannot recreate from its own files (an imported file, a link). */
function entryToKeep(s: LabState, key: string): ScenarioEntry | undefined {
  const e = s.entries.find((x) => x.key === key);
  return e && e.origin === 'imported' ? e : undefined;
}

/** Put what was kept back into the store: My scenarios and kept entries join the picker, drafts wait for their scenario. */
export function restoreWork(store: LabStore, kept: Kept): void {
  const s = store.getState();
  const have = new Set(s.entries.map((e) => e.key));
  const extra: ScenarioEntry[] = [];
  const add = (e: ScenarioEntry | undefined) => {
    if (!e || have.has(e.key)) return;
    have.add(e.key);
    extra.push(e);
  };
  kept.mine.forEach(add);
  kept.drafts.forEach((d) => add(d.entry));
  add(kept.current?.entry);
  if (extra.length) s.setEntries([...s.entries, ...extra]);
  const drafts = Object.fromEntries(
    kept.drafts
      .filter((d) => have.has(d.key))
      .map((d) => [d.key, { input: d.input, pending: d.pending, savedAt: d.savedAt }]),
  );
  s.loadDrafts(drafts);
}

/** The scenario open at the end of the last visit, if the page still has it. */
export function keptCurrentKey(store: LabStore, kept: Kept): string | null {
  const key = kept.current?.key;
  return key !== undefined && store.getState().entries.some((e) => e.key === key) ? key : null;
}

const mineOf = (entries: readonly ScenarioEntry[]) => entries.filter((e) => e.origin === 'mine');

/** Keep writing the store's work into `archive` (starting with which scenario is open); returns the unsubscribe. */
export function connectArchive(store: LabStore, archive: Archive): () => void {
  const first = store.getState();
  if (first.scenarioKey !== null) {
    const r = archive.setCurrent({ key: first.scenarioKey, entry: entryToKeep(first, first.scenarioKey) });
    first.setSaveStatus(r.ok ? { ok: true, at: Date.now() } : r);
  }
  return store.subscribe((s, prev) => {
    let wrote = false;
    let failure: Extract<SaveResult, { ok: false }> | null = null;
    const note = (r: SaveResult) => {
      wrote = true;
      if (!r.ok && !failure) failure = r;
    };
    if (s.drafts !== prev.drafts) {
      for (const [key, d] of Object.entries(s.drafts)) {
        if (prev.drafts[key] !== d) note(archive.saveDraft({ key, ...d, entry: entryToKeep(s, key) }));
      }
      for (const key of Object.keys(prev.drafts)) if (!(key in s.drafts)) note(archive.deleteDraft(key));
    }
    if (s.entries !== prev.entries) {
      const now = mineOf(s.entries);
      const before = mineOf(prev.entries);
      if (now.length !== before.length || now.some((e, i) => e !== before[i])) note(archive.saveMine(now));
    }
    if (s.scenarioKey !== prev.scenarioKey && s.scenarioKey !== null) {
      note(archive.setCurrent({ key: s.scenarioKey, entry: entryToKeep(s, s.scenarioKey) }));
    }
    if (wrote) s.setSaveStatus(failure ?? { ok: true, at: Date.now() });
  });
}
