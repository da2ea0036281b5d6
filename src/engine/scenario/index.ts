/**
 * The scenario loader: untrusted JSON in, a normalized `Scenario` (base units,
 * every default filled) or a list of problems out. Nothing here throws.
 *
 * Stages: structure and units (schema.ts) → defaults (defaults.ts) →
 * cross-field rules (validate.ts). Cross-field rules need a well-formed
 * scenario, so they are reported once the structure is right.
 */
import type { ParseResult, ScenarioIssue } from './types';
import { applyDefaults } from './defaults';
import { parseStructure, tidyIssues } from './schema';
import { validateScenario } from './validate';

export type { ParseResult, Scenario, ScenarioIssue } from './types';
export { DEFAULT_DROPTAIL, DEFAULT_RED, DEFAULT_SCENARIO, DEFAULT_TCP, DEFAULT_FLOW } from './defaults';
export { parseBandwidth, parseBytes, parseTime } from './units';

/** Load a scenario from already-parsed JSON (or any value at all). */
export function parseScenario(input: unknown): ParseResult {
  try {
    const structure = parseStructure(input);
    if (!structure.ok) return { ok: false, issues: structure.issues };
    const scenario = applyDefaults(structure.data);
    const issues = tidyIssues([...structure.issues, ...validateScenario(scenario)]);
    return issues.length ? { ok: false, issues } : { ok: true, scenario };
  } catch (error) {
    // Only exotic inputs get here (a throwing getter, a revoked Proxy); still an answer, not a crash.
    return { ok: false, issues: [{ path: '(scenario)', message: `could not be read: ${describeError(error)}` }] };
  }
}

/** Load a scenario from the text of a JSON file; a syntax error is one issue at "(file)". */
export function parseScenarioText(text: string): ParseResult {
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (error) {
    return { ok: false, issues: [{ path: '(file)', message: `is not valid JSON: ${describeError(error)}` }] };
  }
  return parseScenario(input);
}

/** One line per issue, `path: message`, as the runner prints them. */
export function formatIssues(issues: readonly ScenarioIssue[]): string[] {
  return issues.map((issue) => `${issue.path}: ${issue.message}`);
}

function describeError(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error);
  } catch {
    return 'unknown error';
  }
}
