/**
 * The work kept in the browser (localStorage): each scenario's draft, the
 * user's own scenarios ("My scenarios") and which scenario was open, so that
 * a reload, a closed tab or a crash loses nothing.
 *
 * What comes back is untrusted (another version of the page wrote it, or a
 * person edited it): every record is checked for its shape and anything else
 * is skipped, never thrown on; the store then judges each scenario with the
 * loader as it opens it. Writing refuses a scenario over MAX_RECORD_CHARS
 * (the browser gives a page about 5 MB in all) and reports a full or
 * switched-off storage instead of throwing, so the page can say that the
 * work is not being kept, and how to keep it (Export).
 */
import type { PendingField } from './field-ops';
import type { Draft, ScenarioEntry } from './lab-types';

/** The part of the Web Storage API used here (tests pass a Map-backed one). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Largest record kept, in characters of JSON (a 22-flow scenario is about 10 k). */
export const MAX_RECORD_CHARS = 1_000_000;

const PREFIX = 'tcp-lab.v1.';
const DRAFT_INDEX = `${PREFIX}drafts`;
const draftKey = (key: string) => `${PREFIX}draft:${key}`;
const MINE = `${PREFIX}mine`;
const CURRENT = `${PREFIX}current`;

export type SaveResult = { ok: true } | { ok: false; reason: string };

/** A draft as kept: the edits, and the entry itself when the page could not recreate it (an imported file, a link). */
export interface DraftRecord extends Draft {
  key: string;
  entry?: ScenarioEntry;
}

/** The open scenario as kept: its key, and the entry when the page could not recreate it. */
export interface CurrentRecord {
  key: string;
  entry?: ScenarioEntry;
}

export interface Kept {
  drafts: DraftRecord[];
  mine: ScenarioEntry[];
  current: CurrentRecord | null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function readJson(storage: StorageLike, key: string): unknown {
  try {
    const text = storage.getItem(key);
    return text === null ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

function asEntry(v: unknown): ScenarioEntry | null {
  if (!isObject(v) || typeof v.key !== 'string' || typeof v.label !== 'string' || !isObject(v.input)) return null;
  if (v.origin !== 'imported' && v.origin !== 'mine') return null;
  const entry: ScenarioEntry = { key: v.key, label: v.label, input: v.input, origin: v.origin };
  if (typeof v.savedAt === 'number') entry.savedAt = v.savedAt;
  return entry;
}

function asPending(v: unknown): PendingField[] {
  if (!Array.isArray(v)) return [];
  return v
    .filter(
      (p): p is PendingField =>
        isObject(p) &&
        typeof p.key === 'string' &&
        typeof p.what === 'string' &&
        typeof p.text === 'string' &&
        isObject(p.ref) &&
        Array.isArray(p.ref.field) &&
        isObject(p.ref.target),
    )
    .map((p) => ({ ...p, issues: Array.isArray(p.issues) ? p.issues : [] }));
}

function asDraft(key: string, v: unknown): DraftRecord | null {
  if (!isObject(v) || !isObject(v.input)) return null;
  const record: DraftRecord = {
    key,
    input: v.input,
    pending: asPending(v.pending),
    savedAt: typeof v.savedAt === 'number' ? v.savedAt : 0,
  };
  const entry = v.entry === undefined ? null : asEntry(v.entry);
  if (entry) record.entry = entry;
  return record;
}

function describeFailure(err: unknown): string {
  const name = isObject(err) || err instanceof Error ? String((err as { name?: unknown }).name) : '';
  if (name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED') {
    return 'the browser’s storage for this page is full: delete some of My scenarios, or Export this one';
  }
  return 'this browser does not let the page keep anything (private mode, or storage switched off): Export the scenario to keep it';
}

export class Archive {
  constructor(private readonly storage: StorageLike | null) {}

  /** Everything kept, checked record by record. */
  load(): Kept {
    if (!this.storage) return { drafts: [], mine: [], current: null };
    const index = readJson(this.storage, DRAFT_INDEX);
    const keys = Array.isArray(index) ? index.filter((k): k is string => typeof k === 'string') : [];
    const drafts = keys.flatMap((k) => {
      const d = asDraft(k, readJson(this.storage!, draftKey(k)));
      return d ? [d] : [];
    });
    const mineRaw = readJson(this.storage, MINE);
    const mine = (Array.isArray(mineRaw) ? mineRaw : []).flatMap((m) => {
      const e = asEntry(m);
      return e && e.origin === 'mine' ? [e] : [];
    });
    const cur = readJson(this.storage, CURRENT);
    let current: CurrentRecord | null = null;
    if (isObject(cur) && typeof cur.key === 'string') {
      current = { key: cur.key };
      const entry = cur.entry === undefined ? null : asEntry(cur.entry);
      if (entry) current.entry = entry;
    }
    return { drafts, mine, current };
  }

  saveDraft(record: DraftRecord): SaveResult {
    const { key, ...rest } = record;
    const r = this.write(draftKey(key), rest, `Your edits to this scenario`);
    if (!r.ok) return r;
    return this.updateIndex((keys) => (keys.includes(key) ? keys : [...keys, key]));
  }

  deleteDraft(key: string): SaveResult {
    try {
      this.storage?.removeItem(draftKey(key));
    } catch (err) {
      return { ok: false, reason: describeFailure(err) };
    }
    return this.updateIndex((keys) => keys.filter((k) => k !== key));
  }

  saveMine(mine: readonly ScenarioEntry[]): SaveResult {
    return this.write(MINE, mine, 'My scenarios');
  }

  setCurrent(current: CurrentRecord | null): SaveResult {
    if (current === null) {
      try {
        this.storage?.removeItem(CURRENT);
        return { ok: true };
      } catch (err) {
        return { ok: false, reason: describeFailure(err) };
      }
    }
    return this.write(CURRENT, current, 'This scenario');
  }

  private updateIndex(change: (keys: string[]) => string[]): SaveResult {
    if (!this.storage) return { ok: false, reason: describeFailure(null) };
    const index = readJson(this.storage, DRAFT_INDEX);
    const keys = Array.isArray(index) ? index.filter((k): k is string => typeof k === 'string') : [];
    const next = change(keys);
    if (next.length === keys.length && next.every((k, i) => k === keys[i])) return { ok: true };
    return this.write(DRAFT_INDEX, next, 'The list of drafts');
  }

  private write(key: string, value: unknown, what: string): SaveResult {
    if (!this.storage) return { ok: false, reason: describeFailure(null) };
    const text = JSON.stringify(value);
    if (text.length > MAX_RECORD_CHARS) {
      return {
        ok: false,
        reason: `${what} is too large to keep in the browser (${Math.round(text.length / 1000)} kB; at most ${MAX_RECORD_CHARS / 1000} kB): Export it to keep it`,
      };
    }
    try {
      this.storage.setItem(key, text);
      return { ok: true };
    } catch (err) {
      return { ok: false, reason: describeFailure(err) };
    }
  }
}

/** The page's storage, or null where the browser refuses it (it may throw on mere access). */
export function browserStorage(): StorageLike | null {
  try {
    const s = globalThis.localStorage;
    return s ?? null;
  } catch {
    return null;
  }
}
