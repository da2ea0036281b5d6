/**
 * A sweep's metrics (columns of summary.csv per flow, Jain's index) and
 * comparisons (two-sample t-tests between points), checked against the base
 * scenario and the parameters. Part of the sweep loader (sweep.ts).
 */
import { suggest } from '../engine/scenario/suggest';
import type { Scenario, ScenarioIssue } from '../engine/scenario/types';
import { describeValue } from '../engine/scenario/units';
import { checkShape, ComparisonSchema, FlowMetricSchema, JainMetricSchema } from './schema';
import { METRIC_COLUMNS, type Comparison, type Metric, type MetricColumn, type SweepParameter } from './types';
import { isRecord, RESERVED_NAMES } from './sweep-rules';
import { describeLabel, labelKey, toLabel } from './sweep-parameters';

type MetricsResult = { ok: true; metrics: Metric[] } | { ok: false; issues: ScenarioIssue[] };

const TEXT_COLUMNS = ['flow', 'kind', 'variant', 'from', 'to'];

function readColumn(
  value: string,
  path: string,
): { ok: true; column: MetricColumn } | { ok: false; issue: ScenarioIssue } {
  if ((METRIC_COLUMNS as readonly string[]).includes(value)) return { ok: true, column: value as MetricColumn };
  if (TEXT_COLUMNS.includes(value)) {
    return {
      ok: false,
      issue: {
        path,
        message: `${describeValue(value)} is a text column of summary.csv: a metric collects a number (${METRIC_COLUMNS.join(', ')})`,
      },
    };
  }
  const hint = suggest(value, METRIC_COLUMNS) ?? METRIC_COLUMNS.find((c) => value.length >= 3 && c.startsWith(value));
  return {
    ok: false,
    issue: {
      path,
      message: `unknown column ${describeValue(value)}; known columns: ${METRIC_COLUMNS.join(', ')}${hint ? `; did you mean "${hint}"?` : ''}`,
    },
  };
}

function checkFlow(flow: string, flows: readonly string[], path: string): ScenarioIssue | undefined {
  if (flows.includes(flow)) return undefined;
  const hint = suggest(flow, flows);
  const known = flows.length
    ? `flows are ${flows.map((f) => JSON.stringify(f)).join(', ')}`
    : 'the base scenario has no flows';
  return { path, message: `unknown flow ${describeValue(flow)} (${known})${hint ? `; did you mean "${hint}"?` : ''}` };
}

export function readMetrics(given: unknown[], base: Scenario, parameters: SweepParameter[]): MetricsResult {
  const flows = base.flows.map((f) => f.id);
  const issues: ScenarioIssue[] = [];
  const metrics: Metric[] = [];
  given.forEach((m, i) => {
    const at = (field?: string) => (field ? `metrics[${i}].${field}` : `metrics[${i}]`);
    if (typeof m === 'string') {
      // "A.throughput_kbps": the column after the last dot (columns have none; flow ids may).
      const dot = m.lastIndexOf('.');
      if (dot <= 0 || dot === m.length - 1) {
        issues.push({
          path: at(),
          message: `${describeValue(m)} is not a metric: write "<flow>.<column>" (as "A.throughput_kbps") or an object`,
        });
        return;
      }
      const flow = m.slice(0, dot);
      const col = readColumn(m.slice(dot + 1), at());
      const flowIssue = checkFlow(flow, flows, at());
      if (!col.ok) issues.push(col.issue);
      else if (flowIssue) issues.push(flowIssue);
      else metrics.push({ kind: 'flow', name: m, flow, column: col.column });
      return;
    }
    if (isRecord(m) && 'jain' in m) {
      const c = checkShape(JainMetricSchema, m, ['metrics', i]);
      if (!c.ok) return void issues.push(...c.issues);
      const col = readColumn(c.data.column ?? 'throughput_kbps', at('column'));
      if (!col.ok) return void issues.push(col.issue);
      const before = issues.length;
      c.data.jain.forEach((f, k) => {
        const bad = checkFlow(f, flows, at(`jain[${k}]`));
        if (bad) issues.push(bad);
        else if (c.data.jain.indexOf(f) !== k)
          issues.push({ path: at(`jain[${k}]`), message: `flow ${describeValue(f)} is listed twice` });
      });
      if (issues.length > before) return;
      const suffix = col.column === 'throughput_kbps' ? '' : `_${col.column}`;
      metrics.push({
        kind: 'jain',
        name: c.data.name ?? `jain_${c.data.jain.join('_')}${suffix}`,
        flows: c.data.jain,
        column: col.column,
      });
      return;
    }
    if (!isRecord(m)) {
      issues.push({
        path: at(),
        message: `must be "<flow>.<column>" (as "A.throughput_kbps"), {"flow", "column"} or {"jain": [flows]} (got ${describeValue(m)})`,
      });
      return;
    }
    const c = checkShape(FlowMetricSchema, m, ['metrics', i]);
    if (!c.ok) return void issues.push(...c.issues);
    const col = readColumn(c.data.column, at('column'));
    const flowIssue = checkFlow(c.data.flow, flows, at('flow'));
    if (flowIssue) issues.push(flowIssue);
    if (!col.ok) issues.push(col.issue);
    if (flowIssue || !col.ok) return;
    metrics.push({
      kind: 'flow',
      name: c.data.name ?? `${c.data.flow}.${col.column}`,
      flow: c.data.flow,
      column: col.column,
    });
  });
  if (issues.length) return { ok: false, issues };

  const taken = new Map<string, string>();
  parameters.forEach((p, i) => taken.set(p.name, `parameters[${i}]`));
  for (const r of RESERVED_NAMES) taken.set(r, 'an output column');
  metrics.forEach((m, i) => {
    const other = taken.get(m.name);
    if (other)
      issues.push({
        path: `metrics[${i}]`,
        message: `duplicate column name ${describeValue(m.name)} (also ${other}): give it a different "name"`,
      });
    else taken.set(m.name, `metrics[${i}]`);
  });
  return issues.length ? { ok: false, issues } : { ok: true, metrics };
}

// ---------------------------------------------------------------------------
// Comparisons

type ComparisonsResult = { ok: true; comparisons: Comparison[] } | { ok: false; issues: ScenarioIssue[] };

export function readComparisons(
  given: unknown[],
  parameters: SweepParameter[],
  metrics: Metric[],
  repetitions: number,
): ComparisonsResult {
  const issues: ScenarioIssue[] = [];
  const comparisons: Comparison[] = [];
  given.forEach((g, i) => {
    const at = (field?: string) => (field ? `comparisons[${i}].${field}` : `comparisons[${i}]`);
    const c = checkShape(ComparisonSchema, g, ['comparisons', i]);
    if (!c.ok) return void issues.push(...c.issues);
    const cmp = c.data;
    // Which parameter: its name, its path or its index; may be left out when there is one.
    let pi: number;
    if (cmp.parameter === undefined) {
      if (parameters.length > 1) {
        return void issues.push({
          path: at('parameter'),
          message: `is required when the sweep has two parameters: one of ${parameters.map((p) => JSON.stringify(p.name)).join(', ')}`,
        });
      }
      pi = 0;
    } else if (typeof cmp.parameter === 'number') {
      if (cmp.parameter >= parameters.length) {
        return void issues.push({
          path: at('parameter'),
          message: `the sweep has ${parameters.length} parameter(s): use 0${parameters.length > 1 ? ' or 1' : ''}, or a name (got ${cmp.parameter})`,
        });
      }
      pi = cmp.parameter;
    } else {
      const ref = cmp.parameter;
      pi = parameters.findIndex((p) => p.name === ref);
      if (pi < 0) pi = parameters.findIndex((p) => p.path === ref);
      if (pi < 0) {
        const names = parameters.map((p) => p.name);
        const hint = suggest(ref, names);
        return void issues.push({
          path: at('parameter'),
          message: `unknown parameter ${describeValue(ref)}; parameters are ${names.map((n) => JSON.stringify(n)).join(', ')}${hint ? `; did you mean "${hint}"?` : ''}`,
        });
      }
    }
    const p = parameters[pi]!;
    const a = findValue(p, cmp.a, at('a'));
    const b = findValue(p, cmp.b, at('b'));
    if (!a.ok) issues.push(a.issue);
    if (!b.ok) issues.push(b.issue);
    if (!a.ok || !b.ok) return;
    if (a.index === b.index)
      return void issues.push({
        path: at('b'),
        message: `is the same value as "a" (${describeLabel(p.labels[a.index]!)}): compare two different values`,
      });

    let metricIndexes: number[] = metrics.map((_, k) => k);
    if (cmp.metrics) {
      const names = metrics.map((m) => m.name);
      const chosen: number[] = [];
      cmp.metrics.forEach((name, k) => {
        const idx = names.indexOf(name);
        if (idx >= 0) return void chosen.push(idx);
        const hint = suggest(name, names);
        issues.push({
          path: at(`metrics[${k}]`),
          message: `unknown metric ${describeValue(name)}; the sweep's metrics are ${names.map((n) => JSON.stringify(n)).join(', ')}${hint ? `; did you mean "${hint}"?` : ''}`,
        });
      });
      metricIndexes = chosen;
    }
    if (repetitions < 2) {
      return void issues.push({
        path: at(),
        message: `a t-test needs at least 2 repetitions per point (the sweep has "repetitions": ${repetitions})`,
      });
    }
    comparisons.push({ parameter: pi, a: a.index, b: b.index, metrics: metricIndexes });
  });
  return issues.length ? { ok: false, issues } : { ok: true, comparisons };
}

function findValue(
  p: SweepParameter,
  given: unknown,
  path: string,
): { ok: true; index: number } | { ok: false; issue: ScenarioIssue } {
  if (given === undefined)
    return { ok: false, issue: { path, message: `is required: a value of parameter ${describeValue(p.name)}` } };
  const want = toLabel(given);
  const index = p.labels.findIndex((l) => labelKey(l) === labelKey(want));
  if (index >= 0) return { ok: true, index };
  const shown = p.labels.map(describeLabel);
  const hint =
    typeof want === 'string'
      ? suggest(
          want,
          p.labels.filter((l): l is string => typeof l === 'string'),
        )
      : undefined;
  return {
    ok: false,
    issue: {
      path,
      message: `${describeLabel(want)} is not a value of parameter ${describeValue(p.name)} (values: ${shown.join(', ')})${hint ? `; did you mean "${hint}"?` : ''}`,
    },
  };
}
