/**
 * Side-by-side comparison: one scenario, several TCP variants, the same seed.
 * Builds the per-variant scenarios the page runs and overlays (cwnd and
 * throughput of each variant on one chart). Pure and browser-safe.
 */
import { suggest } from '../engine/scenario/suggest';
import { VARIANTS, type Scenario, type ScenarioIssue, type Variant } from '../engine/scenario/types';
import { describeValue } from '../engine/scenario/units';

export interface VariantScenario {
  variant: Variant;
  scenario: Scenario;
}

export interface VariantScenarioOptions {
  /** TCP flows whose variant changes (ids); default every TCP flow of the scenario. */
  flows?: readonly string[];
}

export type VariantScenariosResult =
  { ok: true; scenarios: VariantScenario[] } | { ok: false; issues: ScenarioIssue[] };

/**
 * One copy of `base` per variant, in the order given, with the chosen TCP
 * flows switched to that variant and everything else — seed included —
 * unchanged; each copy's name says its variant. `base` is a loaded
 * (normalized) scenario and is not modified. The per-variant parameters
 * (`tcp.vegas`, `tcp.cubic`, …) are already filled in by the loader, so a
 * switched flow uses its defaults unless the base set them.
 */
export function variantScenarios(
  base: Scenario,
  variants: readonly string[],
  options: VariantScenarioOptions = {},
): VariantScenariosResult {
  const issues: ScenarioIssue[] = [];
  const chosen: Variant[] = [];
  if (variants.length === 0) issues.push({ path: 'variants', message: 'must list at least one variant' });
  variants.forEach((v, i) => {
    if (!(VARIANTS as readonly string[]).includes(v)) {
      const hint = suggest(v, VARIANTS);
      issues.push({
        path: `variants[${i}]`,
        message: `unknown variant ${describeValue(v)}; known variants: ${VARIANTS.join(', ')}${hint ? `; did you mean "${hint}"?` : ''}`,
      });
    } else if (chosen.includes(v as Variant)) {
      issues.push({ path: `variants[${i}]`, message: `variant ${describeValue(v)} is listed twice` });
    } else chosen.push(v as Variant);
  });
  const tcpFlows = base.flows.filter((f) => f.kind === 'tcp').map((f) => f.id);
  const flows = options.flows ?? tcpFlows;
  if (flows.length === 0) {
    issues.push({
      path: options.flows ? 'flows' : '(scenario)',
      message: options.flows ? 'must list at least one TCP flow' : 'has no TCP flow whose variant could change',
    });
  }
  flows.forEach((id, i) => {
    if (tcpFlows.includes(id)) return;
    const exists = base.flows.some((f) => f.id === id);
    const hint = suggest(id, tcpFlows);
    issues.push({
      path: `flows[${i}]`,
      message: exists
        ? `flow ${describeValue(id)} is not a TCP flow: it has no variant`
        : `unknown flow ${describeValue(id)} (TCP flows are ${tcpFlows.map((f) => JSON.stringify(f)).join(', ') || 'none'})${hint ? `; did you mean "${hint}"?` : ''}`,
    });
  });
  if (issues.length) return { ok: false, issues };
  const switched = new Set(flows);
  return {
    ok: true,
    scenarios: chosen.map((variant) => ({
      variant,
      scenario: {
        ...base,
        name: `${base.name} (${variant})`,
        flows: base.flows.map((f) => (f.kind === 'tcp' && switched.has(f.id) ? { ...f, variant } : f)),
      },
    })),
  };
}

/**
 * What changes when a run is made `duration` seconds long: the duration, and
 * the measuring window — to the new end when it measured to the old end,
 * never past the end, from 0 if it would start after it ends. As `set`
 * entries of a sweep (path → value); empty when nothing changes.
 */
export function runLengthChanges(base: Scenario, duration: number): Record<string, number> {
  const set: Record<string, number> = {};
  if (duration === base.duration) return set;
  set.duration = duration;
  const to = base.measure.to >= base.duration ? duration : Math.min(base.measure.to, duration);
  if (to !== base.measure.to) set['measure.to'] = to;
  if (base.measure.from >= to) set['measure.from'] = 0;
  return set;
}

/** The scenario made `duration` seconds long (runLengthChanges applied); the same object when nothing changes. */
export function withRunLength(base: Scenario, duration: number): Scenario {
  const set = runLengthChanges(base, duration);
  if (Object.keys(set).length === 0) return base;
  return {
    ...base,
    duration,
    measure: { from: set['measure.from'] ?? base.measure.from, to: set['measure.to'] ?? base.measure.to },
  };
}
