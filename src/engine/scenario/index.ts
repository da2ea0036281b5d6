/**
 * The scenario loader: untrusted JSON in, a normalized `Scenario` (base units,
 * every default filled) or a list of problems out, and beside either a list
 * of warnings (legal but pointless fields). Nothing here throws.
 *
 * Stages: structure, units and bounds (schema.ts, limits.ts) → defaults
 * (defaults.ts) → cross-field rules (validate.ts) → warnings (warnings.ts).
 * Cross-field rules need a well-formed scenario, so they are reported once the
 * structure is right. Every message leaves on one line (issue-text.ts).
 */
import type { ParseResult } from './types';
import { applyDefaults } from './defaults';
import { tidyText } from './issue-text';
import { readJsonText } from './json-text';
import { parseStructure, tidyIssues } from './structure';
import { validateScenario } from './validate';
import { scenarioWarnings } from './warnings';

export type { ParseResult, Scenario, ScenarioIssue } from './types';
export { DEFAULT_DROPTAIL, DEFAULT_RED, DEFAULT_SCENARIO, DEFAULT_TCP, DEFAULT_FLOW } from './defaults';
export { parseBandwidth, parseBytes, parseTime } from './units';
export { formatIssues, formatWarnings } from './format';

/** Load a scenario from already-parsed JSON (or any value at all). */
export function parseScenario(input: unknown): ParseResult {
  try {
    const structure = parseStructure(input);
    if (!structure.ok) return { ok: false, issues: tidyText(structure.issues), warnings: [] };
    const scenario = applyDefaults(structure.data);
    const issues = tidyIssues([...structure.issues, ...validateScenario(scenario)]);
    const warnings = tidyText(tidyIssues(scenarioWarnings(scenario, input, issues.length === 0)));
    return issues.length ? { ok: false, issues: tidyText(issues), warnings } : { ok: true, scenario, warnings };
  } catch (error) {
    // Only exotic inputs get here (a throwing getter, a revoked Proxy); still an answer, not a crash.
    return {
      ok: false,
      issues: tidyText([{ path: '(scenario)', message: `could not be read: ${describeError(error)}` }]),
      warnings: [],
    };
  }
}

/**
 * Load a scenario from the text of a JSON file. A byte-order mark is skipped;
 * a syntax error is one issue at "(file)" giving its line and column.
 */
export function parseScenarioText(text: string): ParseResult {
  const json = readJsonText(text);
  if (!json.ok) return { ok: false, issues: [{ path: '(file)', message: json.message }], warnings: [] };
  return parseScenario(json.value);
}

function describeError(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error);
  } catch {
    return 'unknown error';
  }
}
