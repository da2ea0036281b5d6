/**
 * One form field's edit as data: which field (by the id of its node, link or
 * flow, so it survives other edits that reorder the lists) and the value
 * typed. Being data, a value the loader refuses can be kept — shown in its
 * field, saved with the draft, restored after a reload — until the user fixes
 * it, instead of being thrown away.
 *
 * The store keeps the last scenario the loader accepted (the base) and, on
 * top of it, the values not yet accepted (pending). `settle` decides which
 * pending values the base can take now: a value refused alone may be
 * accepted once another field changes (a 2-day duration once the sample
 * interval is coarse enough), so every change re-tries them all.
 */
import type { ParseResult, ScenarioIssue } from '../engine/scenario/types';
import {
  renameNode,
  setDuration,
  setNodeKind,
  setTcpParam,
  updateFault,
  updateFlow,
  updateLink,
  updateQueue,
  updateScenario,
  type NodeKind,
  type ScenarioDoc,
} from './edit-ops';

export type FieldTarget =
  | { on: 'run' }
  | { on: 'node'; id: string }
  | { on: 'link'; id: string }
  | { on: 'flow'; id: string }
  | { on: 'fault'; index: number };

/** A field: its item and its path within the item (`['queue', 'limit']`, `['tcp', 'vegas', 'alpha']`). */
export interface FieldRef {
  target: FieldTarget;
  field: readonly string[];
}

/** A value typed into a field that the scenario has not taken (yet). */
export interface PendingField {
  ref: FieldRef;
  /** fieldKey(ref) */
  key: string;
  /** the edit in the page's words ("Bandwidth of l2"), for Undo */
  what: string;
  /** what the user typed, shown back in the field */
  text: string;
  /** the value it gives the scenario (undefined: remove the field, the default applies) */
  value: unknown;
  /** why the loader refuses it, against the current base */
  issues: ScenarioIssue[];
}

/** A stable name for a field: the same field, whatever else changes, has the same key. */
export function fieldKey(ref: FieldRef): string {
  const t = ref.target;
  const item = t.on === 'run' ? 'run' : t.on === 'fault' ? `fault:${t.index}` : `${t.on}:${t.id}`;
  return `${item}/${ref.field.join('.')}`;
}

const LISTS = { node: 'nodes', link: 'links', flow: 'flows' } as const;

/** The field's path in the loader's terms (`links[1].bandwidth`), or null if its item is gone. */
export function fieldPath(doc: ScenarioDoc, ref: FieldRef): string | null {
  const t = ref.target;
  const rest = ref.field.length ? `.${ref.field.join('.')}` : '';
  if (t.on === 'run') return ref.field.join('.');
  if (t.on === 'fault') return t.index < (doc.faults?.length ?? 0) ? `faults[${t.index}]${rest}` : null;
  const list = LISTS[t.on];
  const i = (doc[list] as { id: string }[]).findIndex((x) => x.id === t.id);
  return i < 0 ? null : `${list}[${i}]${rest}`;
}

/**
 * Set the field to `value` in `doc`, with the edit-op that keeps the file
 * tidy (a duration moves a measurement window that ran to the end; an empty
 * TCP object goes). Throws if the item is gone.
 */
export function applyField(doc: ScenarioDoc, ref: FieldRef, value: unknown): ScenarioDoc {
  const t = ref.target;
  const [head, ...rest] = ref.field;
  if (head === undefined) throw new Error('a field needs a name');
  switch (t.on) {
    case 'run':
      if (head === 'duration' && rest.length === 0) return setDuration(doc, value);
      if (rest.length === 0) return updateScenario(doc, { [head]: value });
      return updateScenario(doc, { [head]: withNested(doc[head], rest, value) });
    case 'node':
      if (head === 'id') return renameNode(doc, t.id, String(value ?? ''));
      if (head === 'kind') return setNodeKind(doc, t.id, value as NodeKind);
      throw new Error(`nodes have no field "${head}" to edit here`);
    case 'link':
      if (head === 'queue' && rest.length === 1) return updateQueue(doc, t.id, { [rest[0]!]: value });
      return updateLink(doc, t.id, { [head]: rest.length ? withNested(undefined, rest, value) : value });
    case 'flow':
      if (head === 'tcp' && (rest.length === 1 || rest.length === 2))
        return setTcpParam(doc, t.id, rest as [string] | [string, string], value);
      if (rest.length) {
        // A nested field of a flow (a request/response flow's thinkTime.mean): the rest of the object stays.
        const flow = doc.flows.find((f) => f.id === t.id) as Record<string, unknown> | undefined;
        return updateFlow(doc, t.id, { [head]: withNested(flow?.[head], rest, value) });
      }
      return updateFlow(doc, t.id, { [head]: value });
    case 'fault':
      return updateFault(doc, t.index, { [head]: value });
  }
}

/** `obj` with `path` set to `value` (removed when undefined; an object left empty is removed too). */
function withNested(obj: unknown, path: readonly string[], value: unknown): unknown {
  const base =
    typeof obj === 'object' && obj !== null && !Array.isArray(obj) ? { ...(obj as Record<string, unknown>) } : {};
  const [k, ...rest] = path;
  const next = rest.length ? withNested(base[k!], rest, value) : value;
  if (next === undefined) delete base[k!];
  else base[k!] = next;
  return Object.keys(base).length ? base : undefined;
}

/** The value the field has in `doc` as written (undefined when absent or the item is gone). */
export function fieldValueIn(doc: ScenarioDoc, ref: FieldRef): unknown {
  const t = ref.target;
  let item: unknown;
  if (t.on === 'run') item = doc;
  else if (t.on === 'fault') item = doc.faults?.[t.index];
  else item = (doc[LISTS[t.on]] as { id: string }[]).find((x) => x.id === t.id);
  for (const k of ref.field) {
    if (typeof item !== 'object' || item === null) return undefined;
    item = (item as Record<string, unknown>)[k];
  }
  return item;
}

type Parse = (input: unknown) => ParseResult;

export interface Settled {
  /** the base after taking every pending value it can */
  base: ScenarioDoc;
  /** the loader's verdict on `base` (ok when base is the input it was given, which the store only holds when valid) */
  result: ParseResult;
  /** the values still refused, each with its own reasons */
  pending: PendingField[];
}

function tryApply(doc: ScenarioDoc, list: readonly PendingField[]): ScenarioDoc | null {
  try {
    return list.reduce((d, p) => applyField(d, p.ref, p.value), doc);
  } catch {
    return null;
  }
}

/**
 * Take into `base` (valid, with its verdict `result`) every pending value it
 * can: all of them together if the loader accepts that (values that only make
 * sense together, such as RED's two thresholds), else one at a time, again
 * while any is taken. A value whose field is gone is dropped. The rest stay
 * pending, each with the loader's reasons for refusing it alone.
 */
export function settle(
  base: ScenarioDoc,
  result: ParseResult,
  pending: readonly PendingField[],
  parse: Parse,
): Settled {
  let doc = base;
  let verdict = result;
  let left = pending.filter((p) => fieldPath(doc, p.ref) !== null);
  if (left.length > 1) {
    const all = tryApply(doc, left);
    const r = all && parse(all);
    if (all && r?.ok) return { base: all, result: r, pending: [] };
  }
  for (let progress = true; progress && left.length;) {
    progress = false;
    for (const p of left) {
      const next = tryApply(doc, [p]);
      if (!next) continue;
      const r = parse(next);
      if (r.ok) {
        doc = next;
        verdict = r;
        left = left.filter((q) => q !== p && fieldPath(doc, q.ref) !== null);
        progress = true;
        break;
      }
    }
  }
  const judged = left.flatMap((p) => {
    const next = tryApply(doc, [p]);
    if (!next) return [];
    const r = parse(next);
    return [{ ...p, issues: r.ok ? [] : r.issues }];
  });
  return { base: doc, result: verdict, pending: judged };
}
