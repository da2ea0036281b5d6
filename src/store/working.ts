/**
 * Where the work on the open scenario is kept, in memory: a preset or an
 * imported file never changes (its edits are a draft beside it, restored when
 * it is opened again), while a scenario of the user's own takes its edits as
 * they are made. autosave.ts mirrors both into the browser's storage.
 */
import type { PendingField } from './field-ops';
import type { Draft, LabData, ScenarioEntry } from './lab-types';

/** Two scenarios as written are the same (the store's documents are plain JSON). */
export function sameScenario(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** Does `draft` hold anything the entry does not? */
export function hasEdits(entry: ScenarioEntry, draft: Draft | undefined): boolean {
  return !!draft && (draft.pending.length > 0 || !sameScenario(draft.input, entry.input));
}

/** Fields the engine never reads: changing only these does not change the run. */
const NOT_RUN = new Set(['name', 'description', 'ui', 'lesson']);

/** The scenario as the engine sees it: without positions, names and page data. */
function runPart(doc: unknown): string {
  if (typeof doc !== 'object' || doc === null) return JSON.stringify(doc);
  const o = doc as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (!NOT_RUN.has(k)) out[k] = v;
  if (Array.isArray(o.nodes)) {
    out.nodes = o.nodes.map((n: unknown) => {
      if (typeof n !== 'object' || n === null) return n;
      const { x: _x, y: _y, ...rest } = n as Record<string, unknown>;
      return rest;
    });
  }
  return JSON.stringify(out);
}

/** Only positions, names or page data differ: the run would be the same. */
export function sameRun(a: unknown, b: unknown): boolean {
  return a === b || runPart(a) === runPart(b);
}

/**
 * The entries and drafts once the open scenario (`key`) is `input` with the
 * values `pending`. Unchanged objects are kept (autosave writes only what
 * changed).
 */
export function keepWork(
  s: Pick<LabData, 'entries' | 'drafts'>,
  key: string | null,
  input: unknown,
  pending: PendingField[],
  now: number,
): Pick<LabData, 'entries' | 'drafts'> {
  const entry = key === null ? undefined : s.entries.find((e) => e.key === key);
  if (!entry || key === null) return { entries: s.entries, drafts: s.drafts };
  let entries = s.entries;
  let keep: boolean;
  if (entry.origin === 'mine') {
    if (!sameScenario(entry.input, input))
      entries = entries.map((e) => (e === entry ? { ...e, input, savedAt: now } : e));
    keep = pending.length > 0;
  } else {
    keep = pending.length > 0 || !sameScenario(input, entry.input);
  }
  const old = s.drafts[key];
  if (!keep) {
    if (!old) return { entries, drafts: s.drafts };
    const { [key]: _gone, ...drafts } = s.drafts;
    return { entries, drafts };
  }
  if (old && old.input === input && old.pending === pending) return { entries, drafts: s.drafts };
  return { entries, drafts: { ...s.drafts, [key]: { input, pending, savedAt: now } } };
}
