/**
 * Malformed scenarios: one mutation of a random valid scenario at a random
 * place — a deleted field, a value of the wrong type, a huge, negative, NaN
 * or infinite number, a value nested 2000 deep, a 10 MB string, an unknown
 * field, a `__proto__` key — and what the loader must then say.
 *
 * `expect` is "invalid" when no field of the format accepts the new value
 * (the loader must refuse it, with an issue at that place or around it), and
 * "either" when it may be fine (a deleted optional field, an empty name).
 */
import fc from 'fast-check';
import { formatPath } from '../../src/engine/scenario/path';
import { scenarioArb } from './arbitraries';

type Json = Record<string, unknown> | unknown[];
type Key = string | number;

export interface Mutated {
  /** the mutated scenario, as a value (NaN and Infinity stay) */
  input: unknown;
  /** the same as file text (NaN and Infinity become null there, as JSON has neither) */
  text: string;
  kind: MutationKind;
  /** where, as the loader writes paths */
  path: string;
  expect: 'invalid' | 'either';
}

export type MutationKind =
  | 'delete'
  | 'wrong-type'
  | 'huge'
  | 'huge-negative'
  | 'nan'
  | 'infinity'
  | 'deep'
  | 'long-string'
  | 'empty-string'
  | 'unknown-field'
  | 'proto-key';

const DEEP = 2000;
const LONG = 10_000_000;

const isContainer = (v: unknown): v is Json => v !== null && typeof v === 'object';

function places(v: unknown, path: Key[] = [], out: { parent: Json; key: Key; path: Key[] }[] = []) {
  if (!isContainer(v)) return out;
  const keys: Key[] = Array.isArray(v) ? v.map((_, i) => i) : Object.keys(v);
  for (const k of keys) {
    out.push({ parent: v, key: k, path: [...path, k] });
    places((v as Record<Key, unknown>)[k], [...path, k], out);
  }
  return out;
}

function deep(): unknown {
  let v: unknown = 0;
  for (let i = 0; i < DEEP; i++) v = [v];
  return v;
}

/** A value of a JSON type no field holding `was` accepts. */
function wrongType(was: unknown): unknown {
  if (typeof was === 'number') return true;
  if (typeof was === 'string') return { text: was };
  if (typeof was === 'boolean') return 'yes';
  if (was === null) return true;
  if (Array.isArray(was)) return 'a list was here';
  return 7;
}

export const mutatedArb: fc.Arbitrary<Mutated> = fc.tuple(scenarioArb, fc.gen()).map(([scenario, g]) => {
  const s = structuredClone(scenario) as Json;
  const all = places(s);
  const place = all[g(fc.integer, { min: 0, max: all.length - 1 })]!;
  const { parent, key } = place;
  const target = parent as Record<Key, unknown>;
  const was = target[key];
  let path = place.path;
  let expect: Mutated['expect'] = 'invalid';
  // 10 MB strings are slow to copy around: one case in twenty.
  const kind: MutationKind = g(
    fc.constantFrom,
    ...([
      'delete',
      'wrong-type',
      'huge',
      'huge-negative',
      'nan',
      'infinity',
      'deep',
      'empty-string',
      'unknown-field',
      'proto-key',
    ] as const),
    ...(['wrong-type', 'huge', 'unknown-field', 'deep'] as const),
  );
  const longString = g(fc.integer, { min: 0, max: 19 }) === 0;
  const mutation: MutationKind = longString ? 'long-string' : kind;
  let proto = false;
  switch (mutation) {
    case 'delete':
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete target[key];
      expect = 'either';
      break;
    case 'wrong-type':
      target[key] = wrongType(was);
      break;
    case 'huge':
    case 'huge-negative':
    case 'nan':
    case 'infinity':
      if (typeof was !== 'number') {
        target[key] = wrongType(was);
        break;
      }
      target[key] = { huge: 1e308, 'huge-negative': -1e308, nan: Number.NaN, infinity: Number.POSITIVE_INFINITY }[
        mutation
      ];
      break;
    case 'deep':
      target[key] = deep();
      break;
    case 'long-string':
      target[key] = 'x'.repeat(LONG);
      // A long name or description is too long; a long id or unit string is wrong too.
      break;
    case 'empty-string':
      if (typeof was !== 'string') {
        target[key] = wrongType(was);
        break;
      }
      target[key] = '';
      expect = 'either';
      break;
    case 'unknown-field':
    case 'proto-key': {
      // Into the nearest object (the place itself if it is one, else its parent).
      const obj =
        isContainer(was) && !Array.isArray(was)
          ? (was as Record<string, unknown>)
          : !Array.isArray(parent)
            ? target
            : null;
      if (!obj) {
        target[key] = wrongType(was);
        break;
      }
      const base = obj === was ? place.path : place.path.slice(0, -1);
      const name = mutation === 'proto-key' ? '__proto__' : `${String(key)}Extra`;
      Object.defineProperty(obj, name, {
        value: { polluted: true },
        enumerable: true,
        configurable: true,
        writable: true,
      });
      path = [...base, name];
      proto = mutation === 'proto-key';
      break;
    }
  }
  // JSON text as a file would hold it; a "__proto__" key read from text is an own key, as a user's file gives it.
  const text = JSON.stringify(s);
  return { input: proto ? JSON.parse(text) : s, text, kind: mutation, path: formatPath(path), expect };
});

/**
 * Whether an issue at `issue` speaks of the mutated place `at`: the same
 * field, a field inside it, or an object enclosing it (the root excepted).
 */
export function related(issue: string, at: string): boolean {
  if (issue === '(scenario)' || issue === '(file)') return at.split(/[.[]/).length === 1;
  const boundary = (long: string, short: string) =>
    long.startsWith(short) &&
    (long.length === short.length || long[short.length] === '.' || long[short.length] === '[');
  return boundary(at, issue) || boundary(issue, at);
}
