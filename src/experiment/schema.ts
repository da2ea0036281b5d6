/**
 * The structure of a sweep file (zod 4) and the translation of zod's findings
 * into `path: message` issues in the scenario loader's style
 * (`parameters[0].range.step: must be greater than 0 (got 0)`).
 *
 * Only shapes, types and single-field ranges are checked here; what the
 * fields mean (paths that exist, values the scenario accepts, flows that
 * exist) is checked in sweep.ts. Metrics and comparisons take several forms
 * and are read there too, each with the schema of its form.
 */
import '../engine/scenario/zod-jitless'; // first: no compiled parsers in the page
import * as z from 'zod';
import { formatPath } from '../engine/scenario/path';
import { suggest } from '../engine/scenario/suggest';
import type { ScenarioIssue } from '../engine/scenario/types';
import { describeValue } from '../engine/scenario/units';
import { walkKeys, type KeyIssue } from '../engine/scenario/unknown-keys';
import { firstPerPath, sizeMessage, typeMessage } from '../engine/scenario/zod-messages';

/** Values one parameter may take (a list or a range). */
export const MAX_VALUES = 1000;
/** Points (combinations of parameter values) of one sweep. */
export const MAX_POINTS = 10_000;
/** Runs (points × repetitions) of one sweep. */
export const MAX_RUNS = 100_000;
export const MAX_REPETITIONS = 10_000;
export const MAX_METRICS = 100;
/** Seeds are 32-bit (the scenario loader's limit). */
export const MAX_SEED = 0xffff_ffff;

const name = z.string().min(1).max(200);

export const RangeSchema = z.strictObject({
  from: z.number(),
  to: z.number(),
  step: z.number().positive().optional(),
  count: z.number().int().min(2).max(MAX_VALUES).optional(),
});

export const ParameterSchema = z.strictObject({
  path: z.string().min(1).max(500),
  name: name.optional(),
  values: z.array(z.unknown()).min(1).max(MAX_VALUES).optional(),
  range: RangeSchema.optional(),
  unit: z.string().min(1).max(20).optional(),
});

export const FlowMetricSchema = z.strictObject({
  flow: z.string().min(1),
  column: z.string().min(1),
  name: name.optional(),
});

export const JainMetricSchema = z.strictObject({
  jain: z.array(z.string().min(1)).min(2),
  column: z.string().min(1).optional(),
  name: name.optional(),
});

export const ComparisonSchema = z.strictObject({
  parameter: z.union([z.string().min(1), z.number().int().min(0)]).optional(),
  a: z.unknown(),
  b: z.unknown(),
  metrics: z.array(z.string().min(1)).min(1).optional(),
});

export const SweepSchema = z.strictObject({
  version: z.literal(1).optional(),
  name: z.string().max(500).optional(),
  description: z.string().optional(),
  // A scenario object, or a reference (a file path) the caller resolves: checked in sweep.ts.
  base: z.unknown().optional(),
  set: z.record(z.string(), z.unknown()).optional(),
  parameters: z.array(ParameterSchema).min(1).max(2),
  repetitions: z.number().int().min(1).max(MAX_REPETITIONS).optional(),
  seed: z.number().int().min(0).max(MAX_SEED).optional(),
  metrics: z.array(z.unknown()).min(1).max(MAX_METRICS),
  comparisons: z.array(z.unknown()).optional(),
  // Opaque data for the page (view settings): carried through, never checked.
  ui: z.unknown().optional(),
});

export type ParsedSweepFile = z.output<typeof SweepSchema>;
export type ParsedParameter = z.output<typeof ParameterSchema>;

export type Checked<T> = { ok: true; data: T; issues: ScenarioIssue[] } | { ok: false; issues: ScenarioIssue[] };

/** The path of a sweep issue; the whole document is `(sweep)`. */
export function sweepPath(path: readonly PropertyKey[]): string {
  return path.length === 0 ? '(sweep)' : formatPath(path);
}

/**
 * `value` checked against `schema`, issues at `path` and below: unknown
 * fields with a "did you mean" suggestion (as in the scenario loader), then
 * zod's findings, one per field.
 */
export function checkShape<T extends z.ZodType>(
  schema: T,
  value: unknown,
  path: readonly PropertyKey[],
): Checked<z.output<T>> {
  const keyIssues: KeyIssue[] = [];
  walkKeys(schema, value, [...path], keyIssues);
  const typoTargets = new Set(keyIssues.flatMap((k) => (k.suggests ? [k.suggests] : [])));
  const result = schema.safeParse(value, { reportInput: true });
  const zodIssues = result.success
    ? []
    : result.error.issues
        .filter((i) => i.code !== 'unrecognized_keys' || keyIssues.length === 0)
        .map((i) => ({ ...i, path: [...path, ...i.path] }))
        .filter((i) => !(typoTargets.has(formatPath(i.path)) && i.input === undefined))
        .flatMap(convertIssue);
  const issues = firstPerPath([
    ...keyIssues.map(({ path: p, message }) => ({ path: p === '(scenario)' ? '(sweep)' : p, message })),
    ...zodIssues,
  ]);
  return result.success && issues.length === 0 ? { ok: true, data: result.data, issues } : { ok: false, issues };
}

function convertIssue(issue: z.core.$ZodIssue): ScenarioIssue[] {
  const path = sweepPath(issue.path);
  const input = issue.input;
  const got = describeValue(input);
  switch (issue.code) {
    case 'invalid_type':
      return [{ path, message: typeMessage(issue, got) }];
    case 'invalid_value': {
      const shown = issue.values.map((v) => JSON.stringify(v));
      if (issue.path[issue.path.length - 1] === 'version') {
        return [{ path, message: `this runner reads version 1 sweeps (got ${got})` }];
      }
      const hint = typeof input === 'string' ? suggest(input, issue.values.map(String)) : undefined;
      return [
        { path, message: `must be one of ${shown.join(', ')} (got ${got})${hint ? `; did you mean "${hint}"?` : ''}` },
      ];
    }
    case 'invalid_union':
      return [{ path, message: `does not match any accepted form (got ${got})` }];
    case 'too_small':
    case 'too_big':
      return [{ path, message: sizeMessage(issue, got) }];
    case 'unrecognized_keys':
      return issue.keys.map((key) => ({ path: sweepPath([...issue.path, key]), message: 'unknown field' }));
    case 'custom':
      return [{ path, message: issue.message }];
    default:
      return [{ path, message: `${issue.message} (got ${got})` }];
  }
}
