/**
 * The sweep loader: a sweep file (docs/sweep-format.md) in, a normalized
 * `Sweep` out — every point expanded and its scenario loaded — or a list of
 * `path: message` issues. Nothing here throws, whatever the input; nothing
 * here touches the file system (a `base` given as a file path is read by the
 * caller, through `loadBase`). Pure and browser-safe.
 *
 * Stages: structure (schema.ts) → base scenario and `set` → parameters
 * (paths exist, values expand) → every value, then every combination, through
 * the scenario loader → metrics → comparisons.
 */
import { parseScenario } from '../engine/scenario/index';
import { suggest } from '../engine/scenario/suggest';
import type { Scenario, ScenarioIssue } from '../engine/scenario/types';
import { describeValue } from '../engine/scenario/units';
import { checkPath, parsePath, pathsOverlap, pathText, setAt, type PathSegment } from './path';
import {
  checkShape,
  ComparisonSchema,
  FlowMetricSchema,
  JainMetricSchema,
  MAX_POINTS,
  MAX_RUNS,
  MAX_VALUES,
  SweepSchema,
  type ParsedParameter,
  type ParsedSweepFile,
} from './schema';
import {
  METRIC_COLUMNS,
  type Comparison,
  type Label,
  type Metric,
  type MetricColumn,
  type Sweep,
  type SweepParameter,
  type SweepParseResult,
  type SweepPoint,
} from './types';

export type LoadedBase = { ok: true; json: unknown; source?: string } | { ok: false; message: string };

export interface ParseSweepOptions {
  /**
   * Resolves a `base` given as a string (the command-line runner reads it as
   * a file path relative to the sweep file; the page may map preset names).
   * `source` names where it came from in messages. Without a loader only an
   * inline scenario object is accepted.
   */
  loadBase?: (ref: string) => LoadedBase;
}

/** Column names the outputs use for their own columns. */
export const RESERVED_NAMES = ['run', 'point', 'repetition', 'seed'];

/** How many issues about parameter values are listed before "… and N more". */
const MAX_LISTED_ISSUES = 20;

/** Load a sweep from already-parsed JSON. */
export function parseSweep(input: unknown, options: ParseSweepOptions = {}): SweepParseResult {
  try {
    return parseSweepInner(input, options);
  } catch (error) {
    return { ok: false, issues: [{ path: '(sweep)', message: `could not be read: ${errorText(error)}` }] };
  }
}

/** Load a sweep from the text of a JSON file; a syntax error is one issue at "(file)". */
export function parseSweepText(text: string, options: ParseSweepOptions = {}): SweepParseResult {
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (error) {
    return { ok: false, issues: [{ path: '(file)', message: `is not valid JSON: ${errorText(error)}` }] };
  }
  return parseSweep(input, options);
}

function errorText(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error);
  } catch {
    return 'unknown error';
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function fail(issues: ScenarioIssue[]): SweepParseResult {
  return { ok: false, issues };
}

function parseSweepInner(input: unknown, options: ParseSweepOptions): SweepParseResult {
  const shape = checkShape(SweepSchema, input, []);
  if (!shape.ok) return fail(shape.issues);
  const file = shape.data;

  // ---- base scenario, then `set`
  const base = loadBaseJson(file, options);
  if (!base.ok) return fail(base.issues);
  const set = applySet(file, base.json, base.source);
  if (!set.ok) return fail(set.issues);
  const baseJson = set.json;
  const baseScenario = set.scenario;

  // ---- parameters
  const params = readParameters(file, baseJson);
  if (!params.ok) return fail(params.issues);
  const parameters = params.parameters;
  const repetitions = file.repetitions ?? 1;
  const pointCount = parameters.reduce((n, p) => n * p.values.length, 1);
  if (pointCount > MAX_POINTS) {
    return fail([
      {
        path: 'parameters',
        message: `${parameters.map((p) => p.values.length).join(' × ')} = ${pointCount} points is too many: at most ${MAX_POINTS}`,
      },
    ]);
  }
  if (pointCount * repetitions > MAX_RUNS) {
    return fail([
      {
        path: 'repetitions',
        message: `${pointCount} points × ${repetitions} repetitions = ${pointCount * repetitions} runs is too many: at most ${MAX_RUNS}`,
      },
    ]);
  }

  // ---- every value, then every combination, through the scenario loader
  const expanded = expandPoints(baseJson, parameters);
  if (!expanded.ok) return fail(expanded.issues);

  // ---- metrics and comparisons
  const metrics = readMetrics(file.metrics, baseScenario, parameters);
  if (!metrics.ok) return fail(metrics.issues);
  const comparisons = readComparisons(file.comparisons ?? [], parameters, metrics.metrics, repetitions);
  if (!comparisons.ok) return fail(comparisons.issues);

  const sweep: Sweep = {
    version: 1,
    name: file.name ?? baseScenario.name,
    description: file.description ?? '',
    parameters,
    repetitions,
    seed: file.seed ?? baseScenario.seed,
    metrics: metrics.metrics,
    comparisons: comparisons.comparisons,
    points: expanded.points,
  };
  if (file.ui !== undefined) sweep.ui = file.ui;
  return { ok: true, sweep };
}

// ---------------------------------------------------------------------------
// Base and set

type BaseResult = { ok: true; json: Record<string, unknown>; source: string | undefined } | { ok: false; issues: ScenarioIssue[] };

function loadBaseJson(file: ParsedSweepFile, options: ParseSweepOptions): BaseResult {
  const given = file.base;
  if (isRecord(given)) return { ok: true, json: given, source: undefined };
  if (typeof given === 'string' && given.trim() !== '') {
    if (!options.loadBase) {
      return { ok: false, issues: [{ path: 'base', message: `must be a scenario object here (a file path such as ${describeValue(given)} is read only by the command-line runner)` }] };
    }
    const loaded = options.loadBase(given);
    if (!loaded.ok) return { ok: false, issues: [{ path: 'base', message: loaded.message }] };
    if (!isRecord(loaded.json)) {
      return { ok: false, issues: [{ path: 'base', message: `${describeValue(given)} does not hold a scenario object (got ${describeValue(loaded.json)})` }] };
    }
    return { ok: true, json: loaded.json, source: loaded.source ?? given };
  }
  return {
    ok: false,
    issues: [
      {
        path: 'base',
        message:
          given === undefined
            ? 'is required: a scenario object, or the path of a scenario file'
            : `must be a scenario object, or the path of a scenario file (got ${describeValue(given)})`,
      },
    ],
  };
}

/** `links[1].bandwidth` → `base.links[1].bandwidth`; the whole scenario → `base`. */
function underBase(path: string): string {
  if (path === '(scenario)' || path === '(file)') return 'base';
  return path.startsWith('[') ? `base${path}` : `base.${path}`;
}

type SetResult =
  | { ok: true; json: Record<string, unknown>; scenario: Scenario }
  | { ok: false; issues: ScenarioIssue[] };

function applySet(file: ParsedSweepFile, json: Record<string, unknown>, source: string | undefined): SetResult {
  const inFile = source ? ` (in ${source})` : '';
  const parsedBase = parseScenario(json);
  if (!parsedBase.ok) {
    return { ok: false, issues: parsedBase.issues.map((i) => ({ path: underBase(i.path), message: `${i.message}${inFile}` })) };
  }
  const entries = Object.entries(file.set ?? {});
  if (entries.length === 0) return { ok: true, json, scenario: parsedBase.scenario };

  const issues: ScenarioIssue[] = [];
  let out: unknown = json;
  const applied: { key: string; segments: PathSegment[] }[] = [];
  for (const [key, value] of entries) {
    const where = pathOf(['set', key]);
    const p = parsePath(key);
    if (!p.ok) {
      issues.push({ path: where, message: p.message });
      continue;
    }
    const refused = refusedPath(p.segments, 'set');
    if (refused) {
      issues.push({ path: where, message: refused });
      continue;
    }
    const c = checkPath(out, p.segments);
    if (!c.ok) {
      issues.push({ path: where, message: c.message });
      continue;
    }
    out = setAt(out, p.segments, value);
    applied.push({ key, segments: p.segments });
  }
  if (issues.length) return { ok: false, issues };
  const parsed = parseScenario(out);
  if (!parsed.ok) {
    return {
      ok: false,
      issues: parsed.issues.map((i) => {
        const owner = applied.find((a) => i.path === pathText(a.segments) || i.path.startsWith(`${pathText(a.segments)}.`) || i.path.startsWith(`${pathText(a.segments)}[`));
        return { path: owner ? pathOf(['set', owner.key]) : 'set', message: `${i.path}: ${i.message}` };
      }),
    };
  }
  return { ok: true, json: out as Record<string, unknown>, scenario: parsed.scenario };
}

function pathOf(path: PropertyKey[]): string {
  return pathText(path as PathSegment[]);
}

/** Fields a sweep must not vary: the seed belongs to `seed` and `repetitions`. */
function refusedPath(segments: readonly PathSegment[], where: 'set' | 'parameter'): string | undefined {
  if (segments[0] === 'seed') {
    return where === 'set'
      ? 'the seed of a sweep is set by its "seed" field (runs use seed, seed + 1, … per repetition)'
      : 'a sweep varies the seed by its "repetitions" (runs use seed, seed + 1, …): not as a parameter';
  }
  return undefined;
}

// ---------------------------------------------------------------------------
// Parameters

type ParamsResult = { ok: true; parameters: SweepParameter[] } | { ok: false; issues: ScenarioIssue[] };

function readParameters(file: ParsedSweepFile, baseJson: Record<string, unknown>): ParamsResult {
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
      issues.push({ path: 'parameters[1].name', message: `duplicate column name ${describeValue(p1.name)} (also parameters[0]): give the parameters different "name"s` });
    }
  }
  parameters.forEach((p, i) => {
    if (RESERVED_NAMES.includes(p.name)) {
      issues.push({ path: `parameters[${i}].name`, message: `${describeValue(p.name)} is the name of an output column (${RESERVED_NAMES.join(', ')}): choose another` });
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
      issues: [{ path: at(), message: hasValues ? 'give either "values" or "range", not both' : 'needs "values" (a list) or "range" ({"from", "to", "step" or "count"})' }],
    };
  }
  let numbers: number[] | undefined;
  if (given.range) {
    const r = given.range;
    const rangeAt = (f: string) => at(`range.${f}`);
    if ((r.step === undefined) === (r.count === undefined)) {
      return { ok: false, issues: [{ path: at('range'), message: r.step === undefined ? 'needs "step" or "count"' : 'give either "step" or "count", not both' }] };
    }
    if (r.to < r.from) return { ok: false, issues: [{ path: rangeAt('to'), message: `must be at least "from" (${r.from}) (got ${r.to})` }] };
    numbers = [];
    if (r.count !== undefined) {
      for (let k = 0; k < r.count; k++) numbers.push(k === r.count - 1 ? r.to : tidy(r.from + (k * (r.to - r.from)) / (r.count - 1)));
    } else {
      const step = r.step!;
      const n = Math.floor((r.to - r.from) / step + 1e-9) + 1;
      if (n > MAX_VALUES) return { ok: false, issues: [{ path: rangeAt('step'), message: `gives ${n} values from ${r.from} to ${r.to}: at most ${MAX_VALUES}` }] };
      for (let k = 0; k < n; k++) numbers.push(tidy(r.from + k * step));
    }
  }
  const raw = numbers ?? given.values!;
  const unit = given.unit;
  if (unit !== undefined) {
    const bad = raw.findIndex((v) => typeof v !== 'number' || !Number.isFinite(v));
    if (bad >= 0) {
      return { ok: false, issues: [{ path: at(`values[${bad}]`), message: `must be a number, since the parameter has a unit (${describeValue(unit)}) (got ${describeValue(raw[bad])})` }] };
    }
    if (!/^[^\d\s.+-][^\s]*$/.test(unit)) {
      return { ok: false, issues: [{ path: at('unit'), message: `must be a unit such as "kbps", "ms" or "KB" (got ${describeValue(unit)})` }] };
    }
  }
  const values = raw.map((v) => (unit !== undefined ? `${String(v)}${unit}` : v));
  const labels = raw.map(toLabel);
  const dup = firstDuplicate(labels);
  if (dup) {
    const where = given.range ? at('range') : at(`values[${dup[1]}]`);
    return { ok: false, issues: [{ path: where, message: `${describeLabel(labels[dup[1]]!)} is listed twice (also value ${dup[0]}): each point would be run twice under one name` }] };
  }
  return { ok: true, values, labels };
}

function toLabel(v: unknown): Label {
  if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  return JSON.stringify(v);
}

export function describeLabel(l: Label): string {
  return typeof l === 'string' ? JSON.stringify(l) : String(l);
}

function labelKey(l: Label): string {
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
function expandPoints(baseJson: Record<string, unknown>, parameters: SweepParameter[]): PointsResult {
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
      const parsed = alone ? { ok: false as const, issues: alone.issues } : parseScenario(setAt(baseJson, p.segments, p.values[j]));
      if (parsed.ok) continue;
      selfBad[i]!.add(j);
      for (const issue of parsed.issues) {
        if (issue.path === p.path && issue.message.startsWith('unknown field')) {
          // The path names no field of the scenario: say so once, at the path.
          if (!unknownField.has(issue.message)) add({ path: `parameters[${i}].path`, message: `${p.path}: ${issue.message}` });
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

// ---------------------------------------------------------------------------
// Metrics

type MetricsResult = { ok: true; metrics: Metric[] } | { ok: false; issues: ScenarioIssue[] };

const TEXT_COLUMNS = ['flow', 'kind', 'variant', 'from', 'to'];

function readColumn(value: string, path: string): { ok: true; column: MetricColumn } | { ok: false; issue: ScenarioIssue } {
  if ((METRIC_COLUMNS as readonly string[]).includes(value)) return { ok: true, column: value as MetricColumn };
  if (TEXT_COLUMNS.includes(value)) {
    return { ok: false, issue: { path, message: `${describeValue(value)} is a text column of summary.csv: a metric collects a number (${METRIC_COLUMNS.join(', ')})` } };
  }
  const hint = suggest(value, METRIC_COLUMNS) ?? METRIC_COLUMNS.find((c) => value.length >= 3 && c.startsWith(value));
  return {
    ok: false,
    issue: { path, message: `unknown column ${describeValue(value)}; known columns: ${METRIC_COLUMNS.join(', ')}${hint ? `; did you mean "${hint}"?` : ''}` },
  };
}

function checkFlow(flow: string, flows: readonly string[], path: string): ScenarioIssue | undefined {
  if (flows.includes(flow)) return undefined;
  const hint = suggest(flow, flows);
  const known = flows.length ? `flows are ${flows.map((f) => JSON.stringify(f)).join(', ')}` : 'the base scenario has no flows';
  return { path, message: `unknown flow ${describeValue(flow)} (${known})${hint ? `; did you mean "${hint}"?` : ''}` };
}

function readMetrics(given: unknown[], base: Scenario, parameters: SweepParameter[]): MetricsResult {
  const flows = base.flows.map((f) => f.id);
  const issues: ScenarioIssue[] = [];
  const metrics: Metric[] = [];
  given.forEach((m, i) => {
    const at = (field?: string) => (field ? `metrics[${i}].${field}` : `metrics[${i}]`);
    if (typeof m === 'string') {
      // "A.throughput_kbps": the column after the last dot (columns have none; flow ids may).
      const dot = m.lastIndexOf('.');
      if (dot <= 0 || dot === m.length - 1) {
        issues.push({ path: at(), message: `${describeValue(m)} is not a metric: write "<flow>.<column>" (as "A.throughput_kbps") or an object` });
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
        else if (c.data.jain.indexOf(f) !== k) issues.push({ path: at(`jain[${k}]`), message: `flow ${describeValue(f)} is listed twice` });
      });
      if (issues.length > before) return;
      const suffix = col.column === 'throughput_kbps' ? '' : `_${col.column}`;
      metrics.push({ kind: 'jain', name: c.data.name ?? `jain_${c.data.jain.join('_')}${suffix}`, flows: c.data.jain, column: col.column });
      return;
    }
    if (!isRecord(m)) {
      issues.push({ path: at(), message: `must be "<flow>.<column>" (as "A.throughput_kbps"), {"flow", "column"} or {"jain": [flows]} (got ${describeValue(m)})` });
      return;
    }
    const c = checkShape(FlowMetricSchema, m, ['metrics', i]);
    if (!c.ok) return void issues.push(...c.issues);
    const col = readColumn(c.data.column, at('column'));
    const flowIssue = checkFlow(c.data.flow, flows, at('flow'));
    if (flowIssue) issues.push(flowIssue);
    if (!col.ok) issues.push(col.issue);
    if (flowIssue || !col.ok) return;
    metrics.push({ kind: 'flow', name: c.data.name ?? `${c.data.flow}.${col.column}`, flow: c.data.flow, column: col.column });
  });
  if (issues.length) return { ok: false, issues };

  const taken = new Map<string, string>();
  parameters.forEach((p, i) => taken.set(p.name, `parameters[${i}]`));
  for (const r of RESERVED_NAMES) taken.set(r, 'an output column');
  metrics.forEach((m, i) => {
    const other = taken.get(m.name);
    if (other) issues.push({ path: `metrics[${i}]`, message: `duplicate column name ${describeValue(m.name)} (also ${other}): give it a different "name"` });
    else taken.set(m.name, `metrics[${i}]`);
  });
  return issues.length ? { ok: false, issues } : { ok: true, metrics };
}

// ---------------------------------------------------------------------------
// Comparisons

type ComparisonsResult = { ok: true; comparisons: Comparison[] } | { ok: false; issues: ScenarioIssue[] };

function readComparisons(given: unknown[], parameters: SweepParameter[], metrics: Metric[], repetitions: number): ComparisonsResult {
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
        return void issues.push({ path: at('parameter'), message: `is required when the sweep has two parameters: one of ${parameters.map((p) => JSON.stringify(p.name)).join(', ')}` });
      }
      pi = 0;
    } else if (typeof cmp.parameter === 'number') {
      if (cmp.parameter >= parameters.length) {
        return void issues.push({ path: at('parameter'), message: `the sweep has ${parameters.length} parameter(s): use 0${parameters.length > 1 ? ' or 1' : ''}, or a name (got ${cmp.parameter})` });
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
    if (a.index === b.index) return void issues.push({ path: at('b'), message: `is the same value as "a" (${describeLabel(p.labels[a.index]!)}): compare two different values` });

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
      return void issues.push({ path: at(), message: `a t-test needs at least 2 repetitions per point (the sweep has "repetitions": ${repetitions})` });
    }
    comparisons.push({ parameter: pi, a: a.index, b: b.index, metrics: metricIndexes });
  });
  return issues.length ? { ok: false, issues } : { ok: true, comparisons };
}

function findValue(p: SweepParameter, given: unknown, path: string): { ok: true; index: number } | { ok: false; issue: ScenarioIssue } {
  if (given === undefined) return { ok: false, issue: { path, message: `is required: a value of parameter ${describeValue(p.name)}` } };
  const want = toLabel(given);
  const index = p.labels.findIndex((l) => labelKey(l) === labelKey(want));
  if (index >= 0) return { ok: true, index };
  const shown = p.labels.map(describeLabel);
  const hint = typeof want === 'string' ? suggest(want, p.labels.filter((l): l is string => typeof l === 'string')) : undefined;
  return {
    ok: false,
    issue: {
      path,
      message: `${describeLabel(want)} is not a value of parameter ${describeValue(p.name)} (values: ${shown.join(', ')})${hint ? `; did you mean "${hint}"?` : ''}`,
    },
  };
}
