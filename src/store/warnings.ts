/**
 * Warnings: what the loader accepts but finds pointless (a flow that starts
 * after the run ends, a link no flow uses). They never block a run; the page
 * shows them in amber beside the field.
 *
 * The loader's answer carries them as `warnings` beside the scenario or the
 * issues; a loader that has none (an older one) gives none. This is the one
 * place the page reads them.
 */
import type { ParseResult, ScenarioIssue } from '../engine/scenario/types';

export function warningsOf(result: ParseResult | null | undefined): ScenarioIssue[] {
  const w = (result as { warnings?: unknown } | null | undefined)?.warnings;
  return Array.isArray(w)
    ? (w as ScenarioIssue[]).filter((x) => typeof x?.path === 'string' && typeof x?.message === 'string')
    : [];
}
