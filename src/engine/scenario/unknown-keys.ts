/**
 * Unknown fields in a scenario file: every key the schema does not know,
 * with a suggestion when it looks like a typo of a known one.
 */
import './zod-jitless'; // first: no compiled parsers in the page (zod-jitless.ts)
import { z } from 'zod';
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

function unwrap(schema: z.ZodType): z.ZodType {
  let s = schema;
  while (s instanceof z.ZodOptional || s instanceof z.ZodNullable) s = s.unwrap() as z.ZodType;
  return s;
}

/**
 * Report every key the schema does not know, walking the input alongside the
 * schema. Done here rather than read from zod's `unrecognized_keys` because
 * the suggestion needs the object's known keys, which only the schema has.
 */
export function walkKeys(schema: z.ZodType, value: unknown, path: PropertyKey[], out: KeyIssue[]): void {
  const s = unwrap(schema);
  if (s instanceof z.ZodArray) {
    if (Array.isArray(value)) value.forEach((item, i) => walkKeys(s.element as z.ZodType, item, [...path, i], out));
  } else if (s instanceof z.ZodObject) {
    if (isRecord(value)) checkObject(s, value, path, out);
  } else if (s instanceof z.ZodDiscriminatedUnion) {
    if (!isRecord(value)) return;
    const disc = (s._zod.def as { discriminator: string }).discriminator;
    const options = s.options as unknown as z.ZodObject[];
    const chosen = options.find((o) => (o.shape[disc] as z.ZodType).safeParse(value[disc]).success);
    // Without a matching discriminator zod reports that; which keys belong is then unknowable.
    if (chosen) checkObject(chosen, value, path, out, { disc, options });
  }
}

function checkObject(
  schema: z.ZodObject,
  value: Record<string, unknown>,
  path: PropertyKey[],
  out: KeyIssue[],
  union?: { disc: string; options: z.ZodObject[] },
): void {
  const shape = schema.shape as Record<string, z.ZodType>;
  const known = Object.keys(shape);
  for (const key of Object.keys(value)) {
    if (Object.hasOwn(shape, key)) {
      walkKeys(shape[key]!, value[key], [...path, key], out);
      continue;
    }
    const where = formatPath([...path, key]);
    const owner = union?.options.find((o) => Object.hasOwn(o.shape, key));
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

function literalOf(option: z.ZodObject, disc: string): string {
  const s = unwrap(option.shape[disc] as z.ZodType);
  return s instanceof z.ZodLiteral ? String(s.value) : '?';
}
