/**
 * Unknown fields in a scenario file: every key the schema does not know,
 * with a suggestion when it looks like a typo of a known one.
 *
 * Reads schemas through zod's core (each schema's `_zod.def`), so that it
 * walks the scenario schema (zod/mini, schema.ts) and the sweep schema
 * (zod, experiment/schema.ts) alike.
 */
import './zod-jitless'; // first: no compiled parsers in the page (zod-jitless.ts)
import { safeParse, type $ZodType } from 'zod/v4/core';
import { formatPath } from './path';
import { suggest } from './suggest';
import type { ScenarioIssue } from './types';

export interface KeyIssue extends ScenarioIssue {
  /** path of the known field this key probably meant */
  suggests?: string;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

type Def = {
  type: string;
  innerType?: $ZodType;
  element?: $ZodType;
  options?: $ZodType[];
  discriminator?: string;
  values?: unknown[];
};

const defOf = (schema: $ZodType) => schema._zod.def as unknown as Def;

/** An object schema: its fields. */
type ObjectSchema = $ZodType & { _zod: { def: { shape: Record<string, $ZodType> } } };

const shapeOf = (schema: ObjectSchema): Record<string, $ZodType> => schema._zod.def.shape;

function unwrap(schema: $ZodType): $ZodType {
  let s = schema;
  for (let d = defOf(s); (d.type === 'optional' || d.type === 'nullable') && d.innerType; d = defOf(s)) s = d.innerType;
  return s;
}

/**
 * Report every key the schema does not know, walking the input alongside the
 * schema. Done here rather than read from zod's `unrecognized_keys` because
 * the suggestion needs the object's known keys, which only the schema has.
 */
export function walkKeys(schema: $ZodType, value: unknown, path: PropertyKey[], out: KeyIssue[]): void {
  const s = unwrap(schema);
  const def = defOf(s);
  if (def.type === 'array' && def.element) {
    const element = def.element;
    if (Array.isArray(value)) value.forEach((item, i) => walkKeys(element, item, [...path, i], out));
  } else if (def.type === 'object') {
    if (isRecord(value)) checkObject(s as ObjectSchema, value, path, out);
  } else if (def.type === 'union' && def.discriminator !== undefined && def.options) {
    if (!isRecord(value)) return;
    const disc = def.discriminator;
    const options = def.options as ObjectSchema[];
    const chosen = options.find((o) => safeParse(shapeOf(o)[disc]!, value[disc]).success);
    // Without a matching discriminator zod reports that; which keys belong is then unknowable.
    if (chosen) checkObject(chosen, value, path, out, { disc, options });
  }
}

function checkObject(
  schema: ObjectSchema,
  value: Record<string, unknown>,
  path: PropertyKey[],
  out: KeyIssue[],
  union?: { disc: string; options: ObjectSchema[] },
): void {
  const shape = shapeOf(schema);
  const known = Object.keys(shape);
  for (const key of Object.keys(value)) {
    if (Object.hasOwn(shape, key)) {
      walkKeys(shape[key]!, value[key], [...path, key], out);
      continue;
    }
    const where = formatPath([...path, key]);
    const owner = union?.options.find((o) => Object.hasOwn(shapeOf(o), key));
    if (union && owner) {
      const mine = literalOf(schema, union.disc);
      out.push({
        path: where,
        message: `unknown field for ${union.disc} "${mine}" (only ${union.disc} "${literalOf(owner, union.disc)}" has it)`,
      });
      continue;
    }
    const hint = suggest(key, known);
    out.push(
      hint
        ? { path: where, message: `unknown field; did you mean "${hint}"?`, suggests: formatPath([...path, hint]) }
        : { path: where, message: `unknown field; known fields: ${known.join(', ')}` },
    );
  }
}

function literalOf(option: ObjectSchema, disc: string): string {
  const def = defOf(unwrap(shapeOf(option)[disc]!));
  return def.type === 'literal' && def.values ? String(def.values[0]) : '?';
}
