/**
 * Warnings: what the loader accepts but finds pointless (a flow that starts
 * after the run ends, a link no flow uses — engine/scenario/warnings.ts). They
 * never block a run; the page shows them in amber beside the field. This is
 * the one place the page reads them.
 */
import type { ParseResult, ScenarioIssue } from '../engine/scenario/types';

export function warningsOf(result: ParseResult | null | undefined): ScenarioIssue[] {
  // A parser handed to the store may be any function (tests, older loaders): what is
  // not a well-formed issue is left out rather than shown wrongly.
  const w: unknown = result?.warnings;
  return Array.isArray(w)
    ? (w as ScenarioIssue[]).filter((x) => typeof x?.path === 'string' && typeof x?.message === 'string')
    : [];
}
