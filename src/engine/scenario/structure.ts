/**
 * Running the scenario schema (schema.ts) over a file: zod's verdict turned
 * into issues in the contract's words, one per field path, unknown keys with
 * their nearest known name, in the order the fields are written.
 */
import type { z } from 'zod';
import { ScenarioSchema, type ParsedScenario } from './schema';
import { formatPath } from './path';
import { suggest } from './suggest';
import type { ScenarioIssue } from './types';
import { describeValue } from './units';
import { walkKeys, type KeyIssue } from './unknown-keys';
import { firstPerPath, sizeMessage, typeMessage } from './zod-messages';

type Path = readonly PropertyKey[];

export type StructureResult =
  { ok: true; data: ParsedScenario; issues: ScenarioIssue[] } | { ok: false; issues: ScenarioIssue[] };

/**
 * Check `input` against the schema. `issues` also holds unknown-field problems;
 * `ok` means zod accepted the structure (strict objects make unknown fields fail it).
 */
export function parseStructure(input: unknown): StructureResult {
  const keyIssues: KeyIssue[] = [];
  walkKeys(ScenarioSchema, input, [], keyIssues);
  const result = ScenarioSchema.safeParse(input, { reportInput: true });
  // A field reported as a likely typo ("bandwith" → "bandwidth") is not also reported missing.
  const typoTargets = new Set(keyIssues.flatMap((k) => (k.suggests ? [k.suggests] : [])));
  const zodIssues = result.success
    ? []
    : result.error.issues
        .filter((i) => !(typoTargets.has(formatPath(i.path)) && valueAt(input, i.path) === undefined))
        .flatMap(convertIssue);
  const issues = tidyIssues([...keyIssues.map(({ path, message }) => ({ path, message })), ...zodIssues]);
  return result.success ? { ok: true, data: result.data, issues } : { ok: false, issues };
}

function valueAt(input: unknown, path: Path): unknown {
  let v = input;
  for (const seg of path) {
    if (v === null || typeof v !== 'object' || !Object.hasOwn(v, seg)) return undefined;
    v = (v as Record<PropertyKey, unknown>)[seg];
  }
  return v;
}

// ---------------------------------------------------------------------------
// zod issues → ScenarioIssues

type ZodIssue = z.core.$ZodIssue;

function convertIssue(issue: ZodIssue): ScenarioIssue[] {
  const path = formatPath(issue.path);
  const input = issue.input;
  const got = describeValue(input);
  switch (issue.code) {
    case 'invalid_type':
      return [{ path, message: typeMessage(issue, got) }];
    case 'invalid_value': {
      const values = issue.values.map((v) => JSON.stringify(v));
      return [{ path, message: choiceMessage(issue.path, input, issue.values.map(String), values) }];
    }
    case 'invalid_union': {
      const disc = (issue as { discriminator?: string }).discriminator;
      const options = (issue as { options?: unknown[] }).options;
      if (disc !== undefined && options) {
        // zod points the path at the discriminator but gives the whole object as input.
        const value = input !== null && typeof input === 'object' ? (input as Record<string, unknown>)[disc] : input;
        const names = options.filter((o): o is string => typeof o === 'string');
        return [
          {
            path,
            message: choiceMessage(
              issue.path,
              value,
              names,
              names.map((n) => JSON.stringify(n)),
            ),
          },
        ];
      }
      return [{ path, message: `does not match any accepted form (got ${got})` }];
    }
    case 'too_small':
    case 'too_big':
      return [{ path, message: sizeMessage(issue, got) }];
    case 'unrecognized_keys':
      // Normally already reported, with a suggestion, by walkKeys (which comes first, so wins).
      return issue.keys.map((key) => ({ path: formatPath([...issue.path, key]), message: 'unknown field' }));
    case 'custom':
      return [{ path, message: issue.message }];
    default:
      return [{ path, message: `${issue.message} (got ${got})` }];
  }
}

/** "unknown variant "rneo"; known variants: …; did you mean "reno"?" */
function choiceMessage(path: Path, value: unknown, names: string[], shown: string[]): string {
  const field = path.length ? String(path[path.length - 1]) : 'value';
  if (value === undefined) return `is required: one of ${shown.join(', ')}`;
  if (typeof value !== 'string') return `must be one of ${shown.join(', ')} (got ${describeValue(value)})`;
  const hint = suggest(value, names);
  return (
    `unknown ${field} ${describeValue(value)}; known ${field === 'kind' || field === 'type' ? `${field}s` : plural(field)}: ` +
    `${names.join(', ')}${hint ? `; did you mean "${hint}"?` : ''}`
  );
}

function plural(word: string): string {
  return word.endsWith('s') ? word : `${word}s`;
}

/** Final form of an issue list: one per field, grouped by item (see orderIssues). */
export function tidyIssues(issues: ScenarioIssue[]): ScenarioIssue[] {
  return orderIssues(firstPerPath(issues));
}

const TOP_ORDER = Object.keys(ScenarioSchema.shape);

/** Group issues by top-level field, then by item index, keeping the order found within a group. */
function orderIssues(issues: ScenarioIssue[]): ScenarioIssue[] {
  const rank = (path: string): [number, number] => {
    const m = /^([A-Za-z_$][\w$]*)(?:\[(\d+)\])?/.exec(path);
    const top = m ? TOP_ORDER.indexOf(m[1]!) : -1;
    // The root, and unknown top-level fields (often a misspelt known one), come first.
    return [top, m?.[2] ? Number(m[2]) : -1];
  };
  return issues
    .map((issue, i) => ({ issue, i, r: rank(issue.path) }))
    .sort((x, y) => x.r[0] - y.r[0] || x.r[1] - y.r[1] || x.i - y.i)
    .map((x) => x.issue);
}
