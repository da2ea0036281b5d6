/**
 * Warnings: what the loader accepts but finds pointless (a flow that starts
 * after the run ends, a link no flow uses — engine/scenario/warnings.ts). They
 * never block a run; the page shows them in amber beside the field. This is
 * the one place the page reads them.
 */
import type { ParseResult, ScenarioIssue } from '../engine/scenario/types';

export function warningsOf(result: ParseResult | null | undefined): ScenarioIssue[] {
  const warnings: unknown = result?.warnings;
  if (!Array.isArray(warnings)) return [];
  // An answer from another thread is data: anything malformed is left out rather than shown wrongly.
  return warnings.filter(
    (w): w is ScenarioIssue =>
      w !== null && typeof w === 'object' && typeof w.path === 'string' && typeof w.message === 'string',
  );
}
