/**
 * The wording of zod's issues that the scenario loader and the sweep loader
 * share: a missing or mistyped value, a size or bound, and one issue per
 * field. Each loader words the rest (choices, unions, versions) itself.
 */
import type { z } from 'zod';
import type { ScenarioIssue } from './types';

const EXPECTED: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  record: 'an object',
  null: 'null',
};

type ZodIssue = z.core.$ZodIssue;

/** A value that is missing or of the wrong type. */
export function typeMessage(issue: Extract<ZodIssue, { code: 'invalid_type' }>, got: string): string {
  const want = EXPECTED[issue.expected] ?? issue.expected;
  return issue.input === undefined ? `is required (${want})` : `must be ${want} (got ${got})`;
}

/** A string, list or number outside its bounds. */
export function sizeMessage(issue: Extract<ZodIssue, { code: 'too_small' | 'too_big' }>, got: string): string {
  if (issue.code === 'too_small') {
    if (issue.origin === 'string') return 'must not be empty';
    if (issue.origin === 'array') return `must list at least ${issue.minimum} item(s)`;
    if (issue.inclusive === false) return `must be greater than ${issue.minimum} (got ${got})`;
    return `must be at least ${issue.minimum} (got ${got})`;
  }
  if (issue.origin === 'string') return `is too long: at most ${issue.maximum} characters`;
  if (issue.origin === 'array') return `has too many items: at most ${issue.maximum}`;
  return `must be at most ${issue.maximum} (got ${got})`;
}

/**
 * One issue per field: a reference error can make a second rule fail at the
 * same field; the first message is the one that names the real problem.
 */
export function firstPerPath(issues: ScenarioIssue[]): ScenarioIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => !seen.has(issue.path) && seen.add(issue.path));
}
