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
import { readJsonText } from '../engine/scenario/json-text';
import type { Scenario, ScenarioIssue } from '../engine/scenario/types';
import { describeValue } from '../engine/scenario/units';
import { checkPath, parsePath, pathText, setAt, type PathSegment } from './path';
import { checkShape, MAX_POINTS, MAX_RUNS, SweepSchema, type ParsedSweepFile } from './schema';
import { type Sweep, type SweepParseResult } from './types';
import { readComparisons, readMetrics } from './sweep-metrics';
import { expandPoints, readParameters } from './sweep-parameters';
import { isRecord, refusedPath } from './sweep-rules';

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

/** Load a sweep from already-parsed JSON. */
export function parseSweep(input: unknown, options: ParseSweepOptions = {}): SweepParseResult {
  try {
    return parseSweepInner(input, options);
  } catch (error) {
    return { ok: false, issues: [{ path: '(sweep)', message: `could not be read: ${errorText(error)}` }] };
  }
}

/** Load a sweep from the text of a JSON file; a syntax error is one issue at "(file)", with its line and column. */
export function parseSweepText(text: string, options: ParseSweepOptions = {}): SweepParseResult {
  const json = readJsonText(text);
  if (!json.ok) return { ok: false, issues: [{ path: '(file)', message: json.message }] };
  return parseSweep(json.value, options);
}

function errorText(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error);
  } catch {
    return 'unknown error';
  }
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

type BaseResult =
  { ok: true; json: Record<string, unknown>; source: string | undefined } | { ok: false; issues: ScenarioIssue[] };

function loadBaseJson(file: ParsedSweepFile, options: ParseSweepOptions): BaseResult {
  const given = file.base;
  if (isRecord(given)) return { ok: true, json: given, source: undefined };
  if (typeof given === 'string' && given.trim() !== '') {
    if (!options.loadBase) {
      return {
        ok: false,
        issues: [
          {
            path: 'base',
            message: `must be a scenario object here (a file path such as ${describeValue(given)} is read only by the command-line runner)`,
          },
        ],
      };
    }
    const loaded = options.loadBase(given);
    if (!loaded.ok) return { ok: false, issues: [{ path: 'base', message: loaded.message }] };
    if (!isRecord(loaded.json)) {
      return {
        ok: false,
        issues: [
          {
            path: 'base',
            message: `${describeValue(given)} does not hold a scenario object (got ${describeValue(loaded.json)})`,
          },
        ],
      };
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
  { ok: true; json: Record<string, unknown>; scenario: Scenario } | { ok: false; issues: ScenarioIssue[] };

function applySet(file: ParsedSweepFile, json: Record<string, unknown>, source: string | undefined): SetResult {
  const inFile = source ? ` (in ${source})` : '';
  const parsedBase = parseScenario(json);
  if (!parsedBase.ok) {
    return {
      ok: false,
      issues: parsedBase.issues.map((i) => ({ path: underBase(i.path), message: `${i.message}${inFile}` })),
    };
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
        const owner = applied.find(
          (a) =>
            i.path === pathText(a.segments) ||
            i.path.startsWith(`${pathText(a.segments)}.`) ||
            i.path.startsWith(`${pathText(a.segments)}[`),
        );
        return { path: owner ? pathOf(['set', owner.key]) : 'set', message: `${i.path}: ${i.message}` };
      }),
    };
  }
  return { ok: true, json: out as Record<string, unknown>, scenario: parsed.scenario };
}

function pathOf(path: PropertyKey[]): string {
  return pathText(path as PathSegment[]);
}
