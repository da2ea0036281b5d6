/**
 * The loader's issues and warnings as lines of text, in a module of their own:
 * the page formats issues without holding the loader itself (it is fetched on
 * demand, src/ui/loader-on-demand.ts).
 */
import type { ScenarioIssue } from './types';

/** One line per issue, `path: message`, as the runner prints them. */
export function formatIssues(issues: readonly ScenarioIssue[]): string[] {
  return issues.map((issue) => `${issue.path}: ${issue.message}`);
}

/** One line per warning, `warning: path: message`, as the runner prints them (contract, round 2). */
export function formatWarnings(warnings: readonly ScenarioIssue[]): string[] {
  return warnings.map((w) => `warning: ${w.path}: ${w.message}`);
}
