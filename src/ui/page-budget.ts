/**
 * The page's loader: the scenario loader, then the page's memory budget
 * (engine/scenario/memory.ts, "page": the worker keeps a bounded window of
 * samples and events). A scenario estimated over the budget is refused like an
 * invalid field, with the field to change, before the worker is given it —
 * wherever it comes from: the picker, an import, an edit or a share link.
 *
 * This module, with the loader and zod behind it, is fetched on demand
 * (./loader-on-demand.ts): it is not part of the page's first load.
 */
import { parseScenario, parseScenarioText } from '../engine/scenario';
import { memoryIssues, PAGE_MEMORY_BUDGET } from '../engine/scenario/memory';
import type { ParseResult } from '../engine/scenario/types';

const RAISE = 'the command-line runner, npm run sim, allows more';

export function withPageBudget(result: ParseResult): ParseResult {
  if (!result.ok) return result;
  const issues = memoryIssues(result.scenario, 'page', PAGE_MEMORY_BUDGET, RAISE);
  return issues.length ? { ok: false, issues, warnings: result.warnings } : result;
}

export const parsePageScenario = (input: unknown): ParseResult => withPageBudget(parseScenario(input));
export const parsePageScenarioText = (text: string): ParseResult => withPageBudget(parseScenarioText(text));
