/**
 * A sweep's parameters (docs/sweep-format.md): their paths in the base
 * scenario, their values (lists or ranges), and the expansion into points,
 * every value and every combination judged by the scenario loader. Part of
 * the sweep loader (sweep.ts).
 */
import { parseScenario } from '../engine/scenario/index';
import type { ScenarioIssue } from '../engine/scenario/types';
import { describeValue } from '../engine/scenario/units';
import { checkPath, parsePath, pathsOverlap, setAt, type PathSegment } from './path';
import { MAX_VALUES, type ParsedParameter, type ParsedSweepFile } from './schema';
import type { Label, SweepParameter, SweepPoint } from './types';
import { MAX_LISTED_ISSUES, RESERVED_NAMES, refusedPath } from './sweep-rules';

type ParamsResult = { ok: true; parameters: SweepParameter[] } | { ok: false; issues: ScenarioIssue[] };

export function readParameters(file: ParsedSweepFile, baseJson: Record<string, unknown>): ParamsResult {
  const issues: ScenarioIssue[] = [];
  const parameters: SweepParameter[] = [];
  file.parameters.forEach((given, i) => {
    const at = (field?: string) => (field ? `parameters[${i}].${field}` : `parameters[${i}]`);
    const p = parsePath(given.path);
    let segments: PathSegment[] | undefined;
    if (!p.ok) issues.push({ path: at('path'), message: p.message });
    else {
      const refused = refusedPath(p.segments, 'parameter');
      const c = checkPath(baseJson, p.segments);
      if (refused) issues.push({ path: at('path'), message: refused });
      else if (!c.ok) issues.push({ path: at('path'), message: c.message });
      else segments = p.segments;
    }
    const values = parameterValues(given, at);
    if (!values.ok) issues.push(...values.issues);
    if (!segments || !values.ok) return;
    const unit = given.unit ?? null;
    parameters.push({
      name: given.name ?? (unit ? `${given.path}_${unit}` : given.path),
      path: given.path,
      segments,
      values: values.values,
      labels: values.labels,
      unit,
      given: given.range ? 'range' : 'values',
    });
  });
  if (issues.length) return { ok: false, issues };

  // Two parameters must set different fields, under different names.
  if (parameters.length === 2) {
    const [p0, p1] = parameters as [SweepParameter, SweepParameter];
    if (pathsOverlap(p0.segments, p1.segments)) {
      const same = p0.path === p1.path;
      issues.push({
        path: 'parameters[1].path',
        message: same
          ? `${describeValue(p1.path)} is also parameters[0].path: list every value in one parameter`
          : `${describeValue(p1.path)} overlaps parameters[0].path ${describeValue(p0.path)}: one would overwrite the other`,
      });
    } else if (p0.name === p1.name) {
      issues.push({
        path: 'parameters[1].name',
        message: `duplicate column name ${describeValue(p1.name)} (also parameters[0]): give the parameters different "name"s`,
      });
    }
  }
  parameters.forEach((p, i) => {
    if (RESERVED_NAMES.includes(p.name)) {
      issues.push({
        path: `parameters[${i}].name`,
        message: `${describeValue(p.name)} is the name of an output column (${RESERVED_NAMES.join(', ')}): choose another`,
      });
    }
  });
  return issues.length ? { ok: false, issues } : { ok: true, parameters };
}

type ValuesResult = { ok: true; values: unknown[]; labels: Label[] } | { ok: false; issues: ScenarioIssue[] };

/** Twelve significant digits: 0.1 + 0.2 → 0.3, so a range's steps land on the decimals a reader expects. */
function tidy(x: number): number {
  const v = Number(x.toPrecision(12));
  return v === 0 ? 0 : v;
}

function parameterValues(given: ParsedParameter, at: (field?: string) => string): ValuesResult {
  const hasValues = given.values !== undefined;
  const hasRange = given.range !== undefined;
  if (hasValues === hasRange) {
    return {
      ok: false,
      issues: [
        {
          path: at(),
          message: hasValues
            ? 'give either "values" or "range", not both'
            : 'needs "values" (a list) or "range" ({"from", "to", "step" or "count"})',
        },
      ],
    };
  }
  let numbers: number[] | undefined;
  if (given.range) {
    const r = given.range;
    const rangeAt = (f: string) => at(`range.${f}`);
    if ((r.step === undefined) === (r.count === undefined)) {
      return {
        ok: false,
        issues: [
          {
            path: at('range'),
            message: r.step === undefined ? 'needs "step" or "count"' : 'give either "step" or "count", not both',
          },
        ],
      };
    }
    if (r.to < r.from)
      return {
        ok: false,
        issues: [{ path: rangeAt('to'), message: `must be at least "from" (${r.from}) (got ${r.to})` }],
      };
    numbers = [];
    if (r.count !== undefined) {
      for (let k = 0; k < r.count; k++)
        numbers.push(k === r.count - 1 ? r.to : tidy(r.from + (k * (r.to - r.from)) / (r.count - 1)));
    } else {
      const step = r.step!;
      const n = Math.floor((r.to - r.from) / step + 1e-9) + 1;
      if (n > MAX_VALUES)
        return {
          ok: false,
          issues: [
            { path: rangeAt('step'), message: `gives ${n} values from ${r.from} to ${r.to}: at most ${MAX_VALUES}` },
          ],
        };
      for (let k = 0; k < n; k++) numbers.push(tidy(r.from + k * step));
    }
  }
  const raw = numbers ?? given.values!;
  const unit = given.unit;
  if (unit !== undefined) {
    const bad = raw.findIndex((v) => typeof v !== 'number' || !Number.isFinite(v));
    if (bad >= 0) {
      return {
        ok: false,
        issues: [
          {
            path: at(`values[${bad}]`),
            message: `must be a number, since the parameter has a unit (${describeValue(unit)}) (got ${describeValue(raw[bad])})`,
          },
        ],
      };
    }
    if (!/^[^\d\s.+-][^\s]*$/.test(unit)) {
      return {
        ok: false,
        issues: [
          { path: at('unit'), message: `must be a unit such as "kbps", "ms" or "KB" (got ${describeValue(unit)})` },
        ],
      };
    }
  }
  const values = raw.map((v) => (unit !== undefined ? `${String(v)}${unit}` : v));
  const labels = raw.map(toLabel);
  const dup = firstDuplicate(labels);
  if (dup) {
    const where = given.range ? at('range') : at(`values[${dup[1]}]`);
    return {
      ok: false,
      issues: [
        {
          path: where,
          message: `${describeLabel(labels[dup[1]]!)} is listed twice (also value ${dup[0]}): each point would be run twice under one name`,
        },
      ],
    };
  }
  return { ok: true, values, labels };
}

export function toLabel(v: unknown): Label {
  if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  return JSON.stringify(v);
}

export function describeLabel(l: Label): string {
  return typeof l === 'string' ? JSON.stringify(l) : String(l);
}

export function labelKey(l: Label): string {
  return `${typeof l}:${String(l)}`;
}

function firstDuplicate(labels: readonly Label[]): [number, number] | undefined {
  const seen = new Map<string, number>();
  for (let i = 0; i < labels.length; i++) {
    const k = labelKey(labels[i]!);
    const before = seen.get(k);
    if (before !== undefined) return [before, i];
    seen.set(k, i);
  }
  return undefined;
}

// ---------------------------------------------------------------------------
// Expansion

type PointsResult = { ok: true; points: SweepPoint[] } | { ok: false; issues: ScenarioIssue[] };

/** Where a value of a parameter is written in the sweep file, for messages. */
function valuePath(p: SweepParameter, i: number, j: number): string {
  return p.given === 'range' ? `parameters[${i}].range` : `parameters[${i}].values[${j}]`;
}

/**
 * Loads the scenario of every point (the cartesian product, first parameter
 * slowest). When some do not load, the blame goes where a reader can act on
 * it: a value that fails with every value of the other parameter and also on
 * its own is reported by itself (`parameters[0].values[2]: flows[1].rate: …`,
 * or at `parameters[i].path` when the path names no field); the other failing
 * points are reported as combinations. A value is never blamed for what only
 * the other parameter's values cause.
 */
export function expandPoints(baseJson: Record<string, unknown>, parameters: SweepParameter[]): PointsResult {
  const sizes = parameters.map((p) => p.values.length);
  const combos: number[][] = [];
  if (parameters.length === 1) for (let j = 0; j < sizes[0]!; j++) combos.push([j]);
  else for (let j = 0; j < sizes[0]!; j++) for (let k = 0; k < sizes[1]!; k++) combos.push([j, k]);

  const points: SweepPoint[] = [];
  const failed: { values: number[]; issues: ScenarioIssue[] }[] = [];
  for (const values of combos) {
    let json: unknown = baseJson;
    values.forEach((v, i) => (json = setAt(json, parameters[i]!.segments, parameters[i]!.values[v])));
    const parsed = parseScenario(json);
    if (parsed.ok) points.push({ index: points.length, values, scenario: parsed.scenario });
    else failed.push({ values, issues: parsed.issues });
  }
  if (failed.length === 0) return { ok: true, points };

  const issues: ScenarioIssue[] = [];
  let hidden = 0;
  const add = (issue: ScenarioIssue) => (issues.length < MAX_LISTED_ISSUES ? issues.push(issue) : hidden++);

  // Values that fail whatever the other parameter is, and on their own too.
  const selfBad = parameters.map(() => new Set<number>());
  parameters.forEach((p, i) => {
    const fails = new Map<number, number>();
    for (const f of failed) fails.set(f.values[i]!, (fails.get(f.values[i]!) ?? 0) + 1);
    const combosPerValue = combos.length / p.values.length;
    const unknownField = new Set<string>();
    for (const [j, count] of [...fails].sort((x, y) => x[0] - y[0])) {
      if (count < combosPerValue) continue;
      const alone = parameters.length === 1 ? failed.find((f) => f.values[0] === j)! : undefined;
      const parsed = alone
        ? { ok: false as const, issues: alone.issues }
        : parseScenario(setAt(baseJson, p.segments, p.values[j]));
      if (parsed.ok) continue;
      selfBad[i]!.add(j);
      for (const issue of parsed.issues) {
        if (issue.path === p.path && issue.message.startsWith('unknown field')) {
          // The path names no field of the scenario: say so once, at the path.
          if (!unknownField.has(issue.message))
            add({ path: `parameters[${i}].path`, message: `${p.path}: ${issue.message}` });
          unknownField.add(issue.message);
          continue;
        }
        const which = p.given === 'range' ? `the value ${describeLabel(p.labels[j]!)} gives ` : '';
        add({ path: valuePath(p, i, j), message: `${which}${issue.path}: ${issue.message}` });
      }
    }
  });

  // Points that fail only through their combination of values.
  for (const f of failed) {
    if (f.values.some((v, i) => selfBad[i]!.has(v))) continue;
    const combo = f.values
      .map((v, i) => `${valuePath(parameters[i]!, i, v)} (${describeLabel(parameters[i]!.labels[v]!)})`)
      .join(' with ');
    for (const issue of f.issues) add({ path: 'parameters', message: `${combo}: ${issue.path}: ${issue.message}` });
  }
  const listed = dedupe(issues);
  if (hidden) listed.push({ path: 'parameters', message: `… and ${hidden} more problem(s) of the same kind` });
  return { ok: false, issues: listed };
}

function dedupe(issues: ScenarioIssue[]): ScenarioIssue[] {
  const seen = new Set<string>();
  return issues.filter((i) => {
    const k = `${i.path}\u0000${i.message}`;
    return !seen.has(k) && seen.add(k);
  });
}
