/**
 * Field paths into scenario JSON (`flows[1].rate`, `links[0].queue.limit`,
 * `measure.to`): parsing, reading and copy-on-write setting.
 *
 * Paths address the scenario *file* (what a user writes, before defaults and
 * units are applied), so a value set here is checked by the scenario loader
 * exactly as if it had been typed into the file. Pure and browser-safe.
 */
import { formatPath } from '../engine/scenario/path';
import { describeValue } from '../engine/scenario/units';

export type PathSegment = string | number;

export type PathParse = { ok: true; segments: PathSegment[] } | { ok: false; message: string };

const IDENT = /^[A-Za-z_$][\w$]*/;

/**
 * `"flows[1].rate"` → `["flows", 1, "rate"]`. A path starts with a field name;
 * then `.name` for a field and `[i]` for an item of a list (i a whole number).
 */
export function parsePath(text: string): PathParse {
  const segments: PathSegment[] = [];
  let rest = text;
  const first = IDENT.exec(rest);
  if (!first) {
    return {
      ok: false,
      message: `${describeValue(text)} is not a field path: it must start with a field name, as in "flows[1].rate"`,
    };
  }
  segments.push(first[0]);
  rest = rest.slice(first[0].length);
  while (rest.length > 0) {
    if (rest.startsWith('.')) {
      const m = IDENT.exec(rest.slice(1));
      if (!m)
        return {
          ok: false,
          message: `${describeValue(text)} is not a field path: a field name must follow "." (as in "flows[1].rate")`,
        };
      segments.push(m[0]);
      rest = rest.slice(1 + m[0].length);
      continue;
    }
    const m = /^\[(\d{1,9})\]/.exec(rest);
    if (m) {
      segments.push(Number(m[1]));
      rest = rest.slice(m[0].length);
      continue;
    }
    return {
      ok: false,
      message: `${describeValue(text)} is not a field path: ${describeValue(rest)} is neither ".field" nor "[index]" (as in "flows[1].rate")`,
    };
  }
  return { ok: true, segments };
}

/** `["flows", 1, "rate"]` → `flows[1].rate`. */
export function pathText(segments: readonly PathSegment[]): string {
  return formatPath(segments);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function kindOf(v: unknown): string {
  if (Array.isArray(v)) return 'a list';
  if (isRecord(v)) return 'an object';
  if (v === null) return 'null';
  return `a ${typeof v}`;
}

export type PathCheck = { ok: true; exists: boolean } | { ok: false; message: string };

/**
 * Whether `segments` can be set in `root`: every list item on the way must
 * exist (a sweep does not invent flows or links), and everything on the way
 * must be an object or a list of the right kind. Fields of objects may be
 * missing (an optional field left at its default, such as `flows[0].tcp.window`
 * when the flow has no `tcp`): `exists` says whether the last one is there.
 * The scenario loader then judges the value, and refuses an unknown field.
 */
export function checkPath(root: unknown, segments: readonly PathSegment[], noun = 'the base scenario'): PathCheck {
  let v: unknown = root;
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i]!;
    const here = pathText(segments.slice(0, i));
    const upto = pathText(segments.slice(0, i + 1));
    const last = i === segments.length - 1;
    if (typeof seg === 'number') {
      if (!Array.isArray(v)) {
        if (v === undefined) return { ok: false, message: `${upto} does not exist: ${noun} has no ${here}` };
        return { ok: false, message: `${here} is ${kindOf(v)}, not a list: ${upto} does not exist` };
      }
      if (seg >= v.length) {
        const has =
          v.length === 0
            ? `${here} is empty in ${noun}`
            : v.length === 1
              ? `${noun} has only ${here}[0]`
              : `${noun} has ${here}[0] … ${here}[${v.length - 1}]`;
        return { ok: false, message: `${upto} does not exist: ${has}` };
      }
      v = v[seg];
      continue;
    }
    if (v === undefined) {
      // A missing optional object on the way (flows[0].tcp): created when set.
    } else if (!isRecord(v)) {
      return { ok: false, message: `${here || 'the scenario'} is ${kindOf(v)}, not an object: ${upto} cannot be set` };
    }
    const next = v === undefined || !Object.hasOwn(v, seg) ? undefined : v[seg];
    if (last) return { ok: true, exists: next !== undefined };
    v = next;
  }
  return { ok: true, exists: true };
}

/** The value at `segments`, or undefined when any part is missing. */
export function getAt(root: unknown, segments: readonly PathSegment[]): unknown {
  let v: unknown = root;
  for (const seg of segments) {
    if (typeof seg === 'number') {
      if (!Array.isArray(v) || seg >= v.length) return undefined;
      v = v[seg];
    } else {
      if (!isRecord(v) || !Object.hasOwn(v, seg)) return undefined;
      v = v[seg];
    }
  }
  return v;
}

/**
 * A copy of `root` with `value` at `segments`; `root` is not changed (only the
 * objects and lists along the path are copied, the rest is shared). Missing
 * object fields on the way are created as `{}`. Throws on a path that
 * `checkPath` refuses, which callers check first.
 */
export function setAt(root: unknown, segments: readonly PathSegment[], value: unknown): unknown {
  if (segments.length === 0) return value;
  const [seg, ...rest] = segments as [PathSegment, ...PathSegment[]];
  if (typeof seg === 'number') {
    if (!Array.isArray(root) || seg >= root.length) throw new Error(`cannot set item ${seg}: no such item`);
    const copy = root.slice();
    copy[seg] = setAt(root[seg], rest, value);
    return copy;
  }
  if (root !== undefined && !isRecord(root)) throw new Error(`cannot set field ${seg} of ${kindOf(root)}`);
  const base = root ?? {};
  const child = Object.hasOwn(base, seg) ? base[seg] : undefined;
  return { ...base, [seg]: setAt(child, rest, value) };
}

/** Whether path `a` equals `b` or one contains the other (`flows[0]` and `flows[0].rate`). */
export function pathsOverlap(a: readonly PathSegment[], b: readonly PathSegment[]): boolean {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return false;
  return true;
}
