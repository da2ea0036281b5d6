import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../engine/scenario';
import type { Scenario } from '../../engine/scenario/types';
import { parseSweep } from '../../experiment/sweep';
import { smallBase } from '../../experiment/test-fixtures';
import { buildSweepFile, defaultForm, isDeterministic, parameterOptions, parameterTitles, parseValueList, reconcileForm, suggestedValues, withParameter, type SweepBase } from './sweep-form';

function base(json: Record<string, unknown>): SweepBase {
  const p = parseScenario(json);
  if (!p.ok) throw new Error(p.issues.map((i) => `${i.path}: ${i.message}`).join('\n'));
  return { json, scenario: p.scenario };
}

const file = (name: string) => JSON.parse(readFileSync(new URL(`../../../scenarios/${name}`, import.meta.url), 'utf8')) as Record<string, unknown>;

describe('parameter options', () => {
  it('offer each flow’s variant and window, a CBR rate, each link’s bandwidth, delay and queue limit, the random-loss rate', () => {
    const opts = parameterOptions(base(smallBase()).scenario);
    const byPath = Object.fromEntries(opts.map((o) => [o.path, o]));
    expect(byPath['flows[0].variant']).toMatchObject({ kind: 'variant', current: 'reno', name: 'A.variant' });
    expect(byPath['flows[0].tcp.window']).toMatchObject({ kind: 'number', integer: true, current: 20 });
    expect(byPath['flows[1].rate']).toMatchObject({ unit: 'kbps', current: 500, name: 'U.rate_kbps' });
    expect(byPath['links[1].bandwidth']).toMatchObject({ unit: 'Mbps', current: 1.5 });
    expect(byPath['links[1].delay']).toMatchObject({ unit: 'ms', current: 10 });
    expect(byPath['links[1].queue.limit']).toMatchObject({ current: 20, integer: true });
    expect(byPath['faults[0].rate']).toMatchObject({ name: 'loss_rate', current: 0.02 });
  });

  it('suggest values around the current one', () => {
    const opts = parameterOptions(base(smallBase()).scenario);
    const get = (p: string) => opts.find((o) => o.path === p)!;
    expect(suggestedValues(get('flows[1].rate'))).toEqual([250, 500, 1000]);
    expect(suggestedValues(get('links[1].queue.limit'))).toEqual([10, 20, 40]);
    expect(suggestedValues(get('faults[0].rate'))).toEqual([0.002, 0.02, 0.1]);
  });

  it('know which networks repeat themselves whatever the seed', () => {
    expect(isDeterministic(base(smallBase()).scenario)).toBe(false);
    expect(isDeterministic(base(file('single-drop-reno.json')).scenario)).toBe(true);
    expect(isDeterministic(base({ ...file('single-drop-reno.json'), startJitter: 0.5 }).scenario)).toBe(false);
  });
});

describe('buildSweepFile', () => {
  it('builds the sweep the CLI would read: variants first, then the parameter, metrics, t-test', () => {
    const b = base(smallBase());
    const form = { ...defaultForm(b.scenario), repetitions: '3' };
    expect(form.parameter).toBe('flows[1].rate');
    const built = buildSweepFile(form, b);
    if (!built.ok) throw new Error(JSON.stringify(built.issues));
    expect(built.runs).toBe(2 * 3 * 3);
    expect(built.file).toMatchObject({
      version: 1,
      base: b.json,
      parameters: [
        { path: 'flows[0].variant', name: 'variant', values: ['reno', 'newreno'] },
        { path: 'flows[1].rate', name: 'U.rate_kbps', values: [250, 500, 1000], unit: 'kbps' },
      ],
      repetitions: 3,
      metrics: ['A.throughput_kbps', 'U.throughput_kbps'],
      comparisons: [{ parameter: 'variant', a: 'reno', b: 'newreno' }],
    });
    expect(built.file.set).toBeUndefined();
    const parsed = parseSweep(built.file);
    expect(parsed.ok ? [] : parsed.issues).toEqual([]);
  });

  it('sets start jitter and the run length (measuring to the new end)', () => {
    const b = base(file('single-drop-reno.json'));
    const built = buildSweepFile({ ...defaultForm(b.scenario), startJitter: '0.5', duration: '5', repetitions: '2' }, b);
    if (!built.ok) throw new Error(JSON.stringify(built.issues));
    expect(built.file.set).toEqual({ startJitter: 0.5, duration: 5, 'measure.to': 5 });
    const parsed = parseSweep(built.file);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    expect(parsed.sweep.points[0]!.scenario).toMatchObject({ startJitter: 0.5, duration: 5, measure: { from: 0, to: 5 } });
  });

  it('takes a range, with a count or a step', () => {
    const b = base(smallBase());
    const form = withParameter({ ...defaultForm(b.scenario), repetitions: '1' }, parameterOptions(b.scenario).find((o) => o.path === 'links[1].queue.limit'));
    const byCount = buildSweepFile({ ...form, variants: [], valuesMode: 'range', rangeFrom: '10', rangeTo: '50', rangeKind: 'count', rangeAmount: '5' }, b);
    if (!byCount.ok) throw new Error(JSON.stringify(byCount.issues));
    expect(byCount.file.parameters).toEqual([{ path: 'links[1].queue.limit', name: 'l2.queue_limit', range: { from: 10, to: 50, count: 5 } }]);
    expect(byCount.runs).toBe(5);
    const byStep = buildSweepFile({ ...form, variants: [], valuesMode: 'range', rangeFrom: '10', rangeTo: '50', rangeKind: 'step', rangeAmount: '20' }, b);
    expect(byStep.ok && byStep.runs).toBe(3);
  });

  it('says what is wrong, by field', () => {
    const b = base(smallBase());
    const form = defaultForm(b.scenario);
    const bad = buildSweepFile({ ...form, valuesText: '1, fast', repetitions: '0', startJitter: '-1', metricFlows: [] }, b);
    expect(bad.ok ? [] : bad.issues).toEqual([
      { field: 'values', message: '"fast" is not a number' },
      { field: 'repetitions', message: 'must be a whole number from 1 to 10000' },
      { field: 'startJitter', message: 'must be a number of seconds, 0 or more' },
      { field: 'metrics', message: 'choose at least one flow and one column (or Jain’s index over two flows)' },
    ]);
    const none = buildSweepFile({ ...form, parameter: '', variants: [] }, b);
    expect(none.ok ? [] : none.issues).toEqual([{ field: 'parameter', message: 'choose a parameter to sweep, or at least one variant' }]);
    const twice = buildSweepFile({ ...form, parameter: 'flows[0].variant', categories: ['reno'] }, b);
    expect(twice.ok ? [] : twice.issues.map((i) => i.field)).toEqual(['parameter']);
  });

  it('leaves the t-test out below 2 repetitions, and adds Jain’s index across the chosen flows', () => {
    const b = base(smallBase());
    const built = buildSweepFile({ ...defaultForm(b.scenario), repetitions: '1', jain: true }, b);
    if (!built.ok) throw new Error(JSON.stringify(built.issues));
    expect(built.file.comparisons).toBeUndefined();
    expect(built.file.metrics).toEqual(['A.throughput_kbps', 'U.throughput_kbps', { jain: ['A', 'U'] }]);
  });

  it('a value the scenario refuses is reported by the sweep loader, where the form wrote it', () => {
    const b = base(smallBase());
    const built = buildSweepFile({ ...defaultForm(b.scenario), parameter: 'faults[0].rate', valuesText: '0.1, 1.5' }, b);
    if (!built.ok) throw new Error(JSON.stringify(built.issues));
    const parsed = parseSweep(built.file);
    expect(parsed.ok ? [] : parsed.issues).toEqual([{ path: 'parameters[1].values[1]', message: 'faults[0].rate: must be at most 1 (got 1.5)' }]);
  });

  it('titles its parameters for the view', () => {
    const b = base(smallBase());
    const built = buildSweepFile(defaultForm(b.scenario), b);
    if (!built.ok) throw new Error('no');
    expect(parameterTitles(built.file, b.scenario, null)).toEqual(['Variant of flow A', 'Flow U (CBR): Rate (kbps)']);
  });
});

describe('forms and scenarios', () => {
  it('parses value lists', () => {
    expect(parseValueList('400, 800 1200;1600')).toEqual({ ok: true, values: [400, 800, 1200, 1600] });
    expect(parseValueList(' ')).toEqual({ ok: false, message: 'give at least one value' });
  });

  it('keeps what still fits when the scenario changes, replaces what does not', () => {
    const small = base(smallBase()).scenario;
    const form = { ...defaultForm(small), metricFlows: ['A', 'U'] };
    expect(reconcileForm(form, small)).toBe(form);
    const oneFlow: Scenario = { ...small, flows: small.flows.slice(0, 1) };
    const next = reconcileForm(form, oneFlow);
    expect(next.metricFlows).toEqual(['A']);
    expect(next.parameter).not.toBe('flows[1].rate');
    expect(parameterOptions(oneFlow).some((o) => o.path === next.parameter)).toBe(true);
  });
});
