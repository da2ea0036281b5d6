/**
 * The Experiment view's sweep form as data: which parameters a scenario
 * offers (each flow's variant, a CBR rate, a link's bandwidth, delay and queue
 * limit, a random-loss rate, a TCP window, …), what the form holds, and the
 * sweep file (docs/sweep-format.md) it builds — the same file the
 * command-line runner reads, so a sweep saved from the page reruns there with
 * identical numbers. Pure: no React, no DOM.
 */
import type { FlowSpec, Scenario, Variant } from '../../engine/scenario/types';
import { METRIC_COLUMNS, type MetricColumn } from '../../experiment/types';
import { runLengthChanges } from '../../experiment/compare';
import { columnApplies, shortVariant } from './metric-names';

export { COLUMN_LABELS, columnApplies, shortVariant } from './metric-names';

export type ParameterKind = 'number' | 'variant' | 'fixed';

/** A field of the scenario the form can sweep. */
export interface ParameterOption {
  /** path in the scenario file: `links[2].bandwidth` */
  path: string;
  /** column name in the outputs */
  name: string;
  /** what the picker shows: "Bandwidth (Mbps)" */
  label: string;
  /** what it belongs to: "Link bottleneck" */
  group: string;
  kind: ParameterKind;
  /** the sweep's `unit`: values are numbers, written into the scenario with it ("Mbps") */
  unit?: string;
  /** unit shown beside the values ("Mbps", "segments", "s") */
  unitLabel: string;
  /** the base's value, in `unitLabel` (a number) or the variant */
  current: number | string | null;
  integer?: boolean;
  /** a fixed parameter (a paper table's rows): its values and how to show them */
  fixed?: FixedParameter;
}

/** A parameter whose values a preset sweep gives as a whole (paper 004's fault lists). */
export interface FixedParameter {
  path: string;
  name: string;
  label: string;
  values: unknown[];
  labels: string[];
}

export interface SweepForm {
  /** path of the swept parameter; '' when only the variants vary */
  parameter: string;
  valuesMode: 'list' | 'range';
  /** "400, 800, 1200" */
  valuesText: string;
  rangeFrom: string;
  rangeTo: string;
  rangeKind: 'count' | 'step';
  rangeAmount: string;
  /** chosen values of a categorical parameter (another flow's variant) */
  categories: string[];
  /** flow whose variant the variants vary */
  variantFlow: string;
  /** empty: no variant parameter */
  variants: Variant[];
  repetitions: string;
  /** seconds; '' or 0: none */
  startJitter: string;
  /** seconds; '' keeps the base's */
  duration: string;
  metricFlows: string[];
  metricColumns: MetricColumn[];
  jain: boolean;
  /** t-test between these two variants ('' = none) */
  ttestA: string;
  ttestB: string;
  /** draw the parameter on a log axis */
  logX: boolean;
  /** a preset sweep's own parameter, offered beside the scenario's */
  fixed: FixedParameter | null;
}

// ---------------------------------------------------------------------------
// Parameters a scenario offers

/** Three significant digits, no float noise: 0.30000000000000004 → 0.3. */
export function tidy(x: number): number {
  if (!Number.isFinite(x) || x === 0) return x === 0 ? 0 : x;
  return Number(x.toPrecision(3));
}

function flowLabel(f: FlowSpec): string {
  return f.kind === 'tcp' ? `Flow ${f.id} (TCP ${shortVariant(f.variant)})` : `Flow ${f.id} (CBR)`;
}

/** Every parameter the form offers for this scenario, grouped by what they belong to. */
export function parameterOptions(scenario: Scenario, fixed: FixedParameter | null = null): ParameterOption[] {
  const out: ParameterOption[] = [];
  if (fixed) {
    out.push({ path: fixed.path, name: fixed.name, label: fixed.label, group: 'Preset sweep', kind: 'fixed', unitLabel: '', current: null, fixed });
  }
  scenario.flows.forEach((f, i) => {
    const group = flowLabel(f);
    const at = `flows[${i}]`;
    if (f.kind === 'tcp') {
      out.push({ path: `${at}.variant`, name: `${f.id}.variant`, label: 'Variant', group, kind: 'variant', unitLabel: '', current: f.variant });
      out.push({ path: `${at}.tcp.window`, name: `${f.id}.window`, label: 'Window (segments)', group, kind: 'number', unitLabel: 'segments', current: f.tcp.window, integer: true });
      out.push({ path: `${at}.packetSize`, name: `${f.id}.packet_size`, label: 'Segment size (bytes)', group, kind: 'number', unitLabel: 'bytes', current: f.packetSize, integer: true });
      if (f.bytes !== null) {
        out.push({ path: `${at}.bytes`, name: `${f.id}.size_KB`, label: 'File size (KB)', group, kind: 'number', unit: 'KB', unitLabel: 'KB', current: tidy(f.bytes / 1000) });
      }
      out.push({ path: `${at}.start`, name: `${f.id}.start_s`, label: 'Start (s)', group, kind: 'number', unitLabel: 's', current: f.start });
    } else if (f.kind === 'cbr') {
      out.push({ path: `${at}.rate`, name: `${f.id}.rate_kbps`, label: 'Rate (kbps)', group, kind: 'number', unit: 'kbps', unitLabel: 'kbps', current: tidy(f.rate / 1000) });
      out.push({ path: `${at}.packetSize`, name: `${f.id}.packet_size`, label: 'Packet size (bytes)', group, kind: 'number', unitLabel: 'bytes', current: f.packetSize, integer: true });
      out.push({ path: `${at}.start`, name: `${f.id}.start_s`, label: 'Start (s)', group, kind: 'number', unitLabel: 's', current: f.start });
    }
  });
  scenario.links.forEach((l, i) => {
    const group = `Link ${l.id}`;
    const at = `links[${i}]`;
    out.push({ path: `${at}.bandwidth`, name: `${l.id}.bandwidth_Mbps`, label: 'Bandwidth (Mbps)', group, kind: 'number', unit: 'Mbps', unitLabel: 'Mbps', current: tidy(l.bandwidth / 1e6) });
    out.push({ path: `${at}.delay`, name: `${l.id}.delay_ms`, label: 'Delay (ms)', group, kind: 'number', unit: 'ms', unitLabel: 'ms', current: tidy(l.delay * 1000) });
    out.push({ path: `${at}.queue.limit`, name: `${l.id}.queue_limit`, label: 'Queue limit (packets)', group, kind: 'number', unitLabel: 'packets', current: l.queue.limit, integer: true });
    if (l.queue.type === 'red') {
      out.push({ path: `${at}.queue.maxP`, name: `${l.id}.red_maxP`, label: 'RED max_p', group, kind: 'number', unitLabel: '', current: l.queue.maxP });
      out.push({ path: `${at}.queue.maxThresh`, name: `${l.id}.red_maxth`, label: 'RED max threshold (packets)', group, kind: 'number', unitLabel: 'packets', current: l.queue.maxThresh });
    }
  });
  const lossFaults = scenario.faults.filter((f) => f.kind === 'randomLoss').length;
  scenario.faults.forEach((f, i) => {
    const at = `faults[${i}]`;
    if (f.kind === 'randomLoss') {
      const name = lossFaults === 1 ? 'loss_rate' : `fault${i}.loss_rate`;
      out.push({ path: `${at}.rate`, name, label: 'Loss probability', group: `Fault ${i + 1}: random loss on ${f.link}`, kind: 'number', unitLabel: '', current: f.rate });
    } else if (f.kind === 'dropBurst') {
      out.push({ path: `${at}.count`, name: `fault${i}.burst`, label: 'Packets lost', group: `Fault ${i + 1}: burst loss on ${f.link}`, kind: 'number', unitLabel: 'packets', current: f.count, integer: true });
    } else if (f.kind === 'linkDown') {
      out.push({ path: `${at}.duration`, name: `fault${i}.outage_s`, label: 'Outage length (s)', group: `Fault ${i + 1}: ${f.link} down`, kind: 'number', unitLabel: 's', current: f.duration });
    }
  });
  return out;
}

/** Values to start from: around the current one (half, same, double), whole numbers where the field needs them. */
export function suggestedValues(option: ParameterOption): number[] {
  const c = typeof option.current === 'number' ? option.current : null;
  if (c === null || c <= 0) return option.integer ? [1, 2, 4] : [0.5, 1, 2];
  if (option.path.endsWith('.rate') && option.unitLabel === '' && c <= 1) {
    // A probability: a decade each way, at most 1.
    const vals = [tidy(c / 10), tidy(c), tidy(Math.min(1, c * 5))];
    return [...new Set(vals)];
  }
  let vals = [c / 2, c, c * 2].map((v) => (option.integer ? Math.max(1, Math.round(v)) : tidy(v)));
  vals = [...new Set(vals)];
  return vals;
}

/** Whether a run of this scenario is the same whatever the seed: no random loss, no RED, no start jitter. */
export function isDeterministic(scenario: Scenario): boolean {
  return scenario.startJitter === 0 && !scenario.faults.some((f) => f.kind === 'randomLoss') && !scenario.links.some((l) => l.queue.type === 'red');
}

/** The first parameter worth sweeping: a CBR rate, else a random-loss rate, else the narrowest link's bandwidth, else a window. */
function defaultParameter(options: readonly ParameterOption[], scenario: Scenario): ParameterOption | undefined {
  const byPath = (re: RegExp) => options.find((o) => re.test(o.path));
  const narrowest = scenario.links.reduce<number>((best, l, i) => (best < 0 || l.bandwidth < scenario.links[best]!.bandwidth ? i : best), -1);
  return (
    byPath(/^flows\[\d+\]\.rate$/) ??
    byPath(/^faults\[\d+\]\.rate$/) ??
    (narrowest >= 0 ? options.find((o) => o.path === `links[${narrowest}].bandwidth`) : undefined) ??
    byPath(/\.tcp\.window$/)
  );
}

function tcpFlows(scenario: Scenario): FlowSpec[] {
  return scenario.flows.filter((f) => f.kind === 'tcp');
}

function valuesText(values: readonly number[]): string {
  return values.join(', ');
}

/** The form for a scenario: a sensible parameter with values around its current one, Reno against NewReno, throughput of every flow. */
export function defaultForm(scenario: Scenario): SweepForm {
  const options = parameterOptions(scenario);
  const param = defaultParameter(options, scenario);
  const suggested = param ? suggestedValues(param) : [];
  const tcp = tcpFlows(scenario);
  const current = tcp[0]?.kind === 'tcp' ? tcp[0].variant : 'reno';
  const variants: Variant[] = tcp.length ? (current === 'newreno' ? ['reno', 'newreno'] : current === 'reno' ? ['reno', 'newreno'] : [current, 'reno']) : [];
  const hasFile = scenario.flows.some((f) => f.kind === 'tcp' && f.bytes !== null);
  return {
    parameter: param?.path ?? '',
    valuesMode: 'list',
    valuesText: valuesText(suggested),
    rangeFrom: String(suggested[0] ?? ''),
    rangeTo: String(suggested[suggested.length - 1] ?? ''),
    rangeKind: 'count',
    rangeAmount: '5',
    categories: [],
    variantFlow: tcp[0]?.id ?? '',
    variants,
    repetitions: isDeterministic(scenario) ? '1' : '5',
    startJitter: '',
    duration: '',
    metricFlows: scenario.flows.map((f) => f.id),
    metricColumns: hasFile ? ['throughput_kbps', 'completion_s'] : ['throughput_kbps'],
    jain: false,
    ttestA: variants[0] ?? '',
    ttestB: variants[1] ?? '',
    logX: false,
    fixed: null,
  };
}

/** The form with a new parameter: values suggested around its current value. */
export function withParameter(form: SweepForm, option: ParameterOption | undefined): SweepForm {
  if (!option) return { ...form, parameter: '' };
  if (option.kind === 'variant') {
    return { ...form, parameter: option.path, categories: form.categories.length ? form.categories : ['reno', 'newreno'], logX: false };
  }
  if (option.kind === 'fixed') return { ...form, parameter: option.path, logX: false };
  const s = suggestedValues(option);
  return {
    ...form,
    parameter: option.path,
    valuesText: valuesText(s),
    rangeFrom: String(s[0]),
    rangeTo: String(s[s.length - 1]),
    logX: false,
  };
}

/**
 * Keep what of a form still fits a (changed) scenario: a parameter that no
 * longer exists, a flow that was deleted, are replaced by the defaults.
 */
export function reconcileForm(form: SweepForm, scenario: Scenario): SweepForm {
  const options = parameterOptions(scenario, form.fixed);
  const defaults = defaultForm(scenario);
  let out = form;
  if (form.parameter && !options.some((o) => o.path === form.parameter)) out = withParameter(out, options.find((o) => o.path === defaults.parameter));
  const tcpIds = tcpFlows(scenario).map((f) => f.id);
  if (!tcpIds.includes(out.variantFlow)) out = { ...out, variantFlow: tcpIds[0] ?? '', variants: tcpIds.length ? out.variants : [] };
  const ids = scenario.flows.map((f) => f.id);
  const kept = out.metricFlows.filter((f) => ids.includes(f));
  if (kept.length !== out.metricFlows.length) out = { ...out, metricFlows: kept.length ? kept : ids };
  return out;
}

// ---------------------------------------------------------------------------
// From the form to a sweep file

/** A problem with the form, by field: shown beside that field. */
export interface FormIssue {
  field: 'parameter' | 'values' | 'variants' | 'repetitions' | 'startJitter' | 'duration' | 'metrics' | 'ttest';
  message: string;
}

export type BuildResult = { ok: true; file: SweepFile; runs: number } | { ok: false; issues: FormIssue[] };

/** The sweep file the form builds (docs/sweep-format.md), base inline. */
export interface SweepFile {
  version: 1;
  name: string;
  description?: string;
  base: unknown;
  set?: Record<string, unknown>;
  parameters: Record<string, unknown>[];
  repetitions: number;
  metrics: unknown[];
  comparisons?: Record<string, unknown>[];
  ui?: unknown;
}

export interface SweepBase {
  /** the scenario as written (what the sweep's paths address) */
  json: unknown;
  /** the same, loaded */
  scenario: Scenario;
}

function parseNumber(text: string): number | null {
  const t = text.trim();
  if (t === '') return null;
  const v = Number(t);
  return Number.isFinite(v) ? v : null;
}

/** "400, 800 1200; 1600" → numbers, or the first word that is not one. */
export function parseValueList(text: string): { ok: true; values: number[] } | { ok: false; message: string } {
  const words = text.split(/[\s,;]+/).filter((w) => w !== '');
  if (words.length === 0) return { ok: false, message: 'give at least one value' };
  const values: number[] = [];
  for (const w of words) {
    const v = Number(w);
    if (!Number.isFinite(v)) return { ok: false, message: `"${w}" is not a number` };
    values.push(v);
  }
  return { ok: true, values };
}

/** How many values a numeric range gives (for the run count before the sweep is parsed). */
function rangeLength(from: number, to: number, kind: 'count' | 'step', amount: number): number {
  if (kind === 'count') return Math.max(0, Math.floor(amount));
  if (amount <= 0 || to < from) return 0;
  return Math.floor((to - from) / amount + 1e-9) + 1;
}

export function buildSweepFile(form: SweepForm, base: SweepBase, name?: string): BuildResult {
  const issues: FormIssue[] = [];
  const scenario = base.scenario;
  const options = parameterOptions(scenario, form.fixed);
  const parameters: Record<string, unknown>[] = [];
  let points = 1;

  // The variants: the first parameter (it varies slowest), so the table reads one variant at a time.
  let variantName = 'variant';
  const option = form.parameter ? options.find((o) => o.path === form.parameter) : undefined;
  if (form.parameter && !option) issues.push({ field: 'parameter', message: `${form.parameter} is not a field of this scenario` });
  if (option?.name === variantName) variantName = `${form.variantFlow}.variant`;
  if (form.variants.length) {
    const fi = scenario.flows.findIndex((f) => f.id === form.variantFlow && f.kind === 'tcp');
    if (fi < 0) issues.push({ field: 'variants', message: 'choose the TCP flow whose variant changes' });
    else if (option && option.path === `flows[${fi}].variant`) {
      issues.push({ field: 'parameter', message: `the variants already change flow ${form.variantFlow}'s variant: choose another parameter` });
    } else {
      parameters.push({ path: `flows[${fi}].variant`, name: variantName, values: [...form.variants] });
      points *= form.variants.length;
    }
  }

  if (option) {
    const p: Record<string, unknown> = { path: option.path, name: option.name };
    if (option.kind === 'fixed') {
      p.values = option.fixed!.values;
      points *= option.fixed!.values.length;
    } else if (option.kind === 'variant') {
      if (form.categories.length === 0) issues.push({ field: 'values', message: 'choose at least one variant' });
      p.values = [...form.categories];
      points *= form.categories.length;
    } else if (form.valuesMode === 'list') {
      const list = parseValueList(form.valuesText);
      if (!list.ok) issues.push({ field: 'values', message: list.message });
      else {
        p.values = list.values;
        points *= list.values.length;
      }
    } else {
      const from = parseNumber(form.rangeFrom);
      const to = parseNumber(form.rangeTo);
      const amount = parseNumber(form.rangeAmount);
      if (from === null || to === null || amount === null) {
        issues.push({ field: 'values', message: 'the range needs numbers: from, to, and a count or a step' });
      } else {
        p.range = form.rangeKind === 'count' ? { from, to, count: amount } : { from, to, step: amount };
        points *= rangeLength(from, to, form.rangeKind, amount);
      }
    }
    if (option.unit) p.unit = option.unit;
    parameters.push(p);
  }
  if (!option && form.variants.length === 0 && !issues.some((i) => i.field === 'parameter')) {
    issues.push({ field: 'parameter', message: 'choose a parameter to sweep, or at least one variant' });
  }

  const reps = Number(form.repetitions.trim() || '1');
  if (!Number.isInteger(reps) || reps < 1 || reps > 10_000) issues.push({ field: 'repetitions', message: 'must be a whole number from 1 to 10000' });

  const set: Record<string, unknown> = {};
  const jitter = form.startJitter.trim() === '' ? 0 : Number(form.startJitter);
  if (!Number.isFinite(jitter) || jitter < 0) issues.push({ field: 'startJitter', message: 'must be a number of seconds, 0 or more' });
  else if (jitter > 0) set.startJitter = jitter;

  if (form.duration.trim() !== '') {
    const d = Number(form.duration);
    if (!Number.isFinite(d) || d <= 0) issues.push({ field: 'duration', message: 'must be a number of seconds above 0' });
    else Object.assign(set, runLengthChanges(scenario, d));
  }

  const metrics: unknown[] = [];
  const chosen = scenario.flows.filter((f) => form.metricFlows.includes(f.id));
  for (const f of chosen) for (const c of METRIC_COLUMNS) if (form.metricColumns.includes(c) && columnApplies(f, c)) metrics.push(`${f.id}.${c}`);
  if (form.jain && chosen.length >= 2) metrics.push({ jain: chosen.map((f) => f.id) });
  if (metrics.length === 0) issues.push({ field: 'metrics', message: 'choose at least one flow and one column (or Jain\u2019s index over two flows)' });

  const comparisons: Record<string, unknown>[] = [];
  if (form.ttestA && form.ttestB && form.variants.length >= 2) {
    if (form.ttestA === form.ttestB) issues.push({ field: 'ttest', message: 'compare two different variants' });
    else if (!form.variants.includes(form.ttestA as Variant) || !form.variants.includes(form.ttestB as Variant)) {
      issues.push({ field: 'ttest', message: 'both variants of the t-test must be among the chosen variants' });
    } else if (reps >= 2) comparisons.push({ parameter: variantName, a: form.ttestA, b: form.ttestB });
  }

  if (issues.length) return { ok: false, issues };
  const paramText = [form.variants.length ? 'variant' : '', option ? `${option.group.toLowerCase()} ${option.label.replace(/\s*\(.*\)$/, '').toLowerCase()}` : '']
    .filter(Boolean)
    .join(' × ');
  const file: SweepFile = {
    version: 1,
    name: name ?? `${scenario.name}: ${paramText}`,
    base: base.json,
    ...(Object.keys(set).length ? { set } : {}),
    parameters,
    repetitions: reps,
    metrics,
    ...(comparisons.length ? { comparisons } : {}),
    // The page's own settings, carried through by the loader: how to show a fixed parameter's values.
    ...(option?.kind === 'fixed' ? { ui: { fixedLabels: { [option.path]: option.fixed!.labels } } } : {}),
  };
  return { ok: true, file, runs: points * reps };
}

/** How the view titles each parameter of a sweep built from this form: "Variant of flow tcp", "Flow udp (CBR): Rate (kbps)". */
export function parameterTitles(file: SweepFile, scenario: Scenario, fixed: FixedParameter | null): string[] {
  const options = parameterOptions(scenario, fixed);
  return file.parameters.map((p) => {
    const path = String(p.path);
    const m = /^flows\[(\d+)\]\.variant$/.exec(path);
    const o = options.find((x) => x.path === path);
    if (m && p.name !== o?.name) return `Variant of flow ${scenario.flows[Number(m[1])]?.id ?? m[1]}`;
    if (!o) return String(p.name ?? path);
    return o.kind === 'fixed' ? o.label : `${o.group}: ${o.label}`;
  });
}
