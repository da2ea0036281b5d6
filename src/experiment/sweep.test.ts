import { describe, expect, it } from 'vitest';
import { VARIANTS } from '../engine/scenario/types';
import { planRuns, runId, runScenarioOf, seedOf } from './expand';
import { parseSweep, parseSweepText, type LoadedBase } from './sweep';
import { smallBase, smallSweep } from './test-fixtures';
import type { Sweep } from './types';

function ok(input: unknown, loadBase?: (ref: string) => LoadedBase): Sweep {
  const r = parseSweep(input, loadBase ? { loadBase } : {});
  if (!r.ok) throw new Error(r.issues.map((i) => `${i.path}: ${i.message}`).join('\n'));
  return r.sweep;
}

function issues(input: unknown, loadBase?: (ref: string) => LoadedBase): string[] {
  const r = parseSweep(input, loadBase ? { loadBase } : {});
  if (r.ok) throw new Error('expected the sweep to be refused');
  return r.issues.map((i) => `${i.path}: ${i.message}`);
}

function withSweep(change: (s: Record<string, any>) => void): Record<string, unknown> {
  const s = smallSweep() as Record<string, any>;
  change(s);
  return s;
}

describe('expansion', () => {
  it('is the cartesian product, first parameter slowest, each point a loaded scenario', () => {
    const sweep = ok(smallSweep());
    expect(sweep.points.map((p) => p.values)).toEqual([
      [0, 0],
      [0, 1],
      [1, 0],
      [1, 1],
    ]);
    const described = sweep.points.map((p) => {
      const a = p.scenario.flows[0]!;
      const u = p.scenario.flows[1]!;
      return `${a.kind === 'tcp' ? a.variant : ''}/${u.kind === 'cbr' ? u.rate : ''}`;
    });
    expect(described).toEqual(['reno/300000', 'reno/600000', 'newreno/300000', 'newreno/600000']);
    expect(sweep.parameters.map((p) => p.labels)).toEqual([
      ['reno', 'newreno'],
      [300, 600],
    ]);
    expect(sweep.parameters.map((p) => p.name)).toEqual(['variant', 'cbr_kbps']);
  });

  it('numbers the runs point-major with sortable ids, and derives seeds from the base seed', () => {
    const sweep = ok(smallSweep());
    const runs = planRuns(sweep);
    expect(runs).toHaveLength(12);
    expect(runs.slice(0, 4).map((r) => [r.id, r.point, r.repetition, r.seed])).toEqual([
      ['p0-r0', 0, 0, 7],
      ['p0-r1', 0, 1, 8],
      ['p0-r2', 0, 2, 9],
      ['p1-r0', 1, 0, 7],
    ]);
    expect(runs.map((r) => r.index)).toEqual(runs.map((_, i) => i));
    expect([...runs.map((r) => r.id)].sort()).toEqual(runs.map((r) => r.id));
    expect(runScenarioOf(sweep, runs[2]!).seed).toBe(9);
    // The point's scenario itself keeps the base seed (repetition 0).
    expect(sweep.points[0]!.scenario.seed).toBe(7);
  });

  it('pads run ids to the widest index', () => {
    expect(runId(3, 7, 25, 10)).toBe('p03-r7');
    expect(runId(3, 7, 250, 100)).toBe('p003-r07');
    expect(runId(0, 0, 1, 1)).toBe('p0-r0');
  });

  it('takes the first seed from the sweep when given, and wraps at 2³²', () => {
    expect(ok(withSweep((s) => (s.seed = 100))).seed).toBe(100);
    expect(seedOf({ seed: 0xffff_ffff }, 2)).toBe(1);
  });

  it('expands ranges by step and by count, on the decimals a reader expects', () => {
    const one = (p: unknown) => withSweep((s) => ((s.parameters = [p]), (s.comparisons = [])));
    const step = ok(one({ path: 'faults[0].rate', range: { from: 0.01, to: 0.05, step: 0.01 } }));
    expect(step.parameters[0]!.values).toEqual([0.01, 0.02, 0.03, 0.04, 0.05]);
    const count = ok(one({ path: 'flows[1].rate', range: { from: 100, to: 200, count: 3 }, unit: 'kbps' }));
    expect(count.parameters[0]!.values).toEqual(['100kbps', '150kbps', '200kbps']);
    expect(count.parameters[0]!.labels).toEqual([100, 150, 200]);
    expect(count.parameters[0]!.name).toBe('flows[1].rate_kbps');
  });

  it('applies "set" before the parameters', () => {
    const sweep = ok(withSweep((s) => (s.set = { duration: 5, 'measure.to': 4, 'flows[0].tcp.window': 40 })));
    const sc = sweep.points[0]!.scenario;
    expect(sc.duration).toBe(5);
    expect(sc.measure).toEqual({ from: 0, to: 4 });
    expect(sc.flows[0]!.kind === 'tcp' && sc.flows[0]!.tcp.window).toBe(40);
  });

  it('reads a base given by reference through the loader', () => {
    const seen: string[] = [];
    const sweep = ok(
      withSweep((s) => (s.base = 'scenarios/small.json')),
      (ref) => (seen.push(ref), { ok: true, json: smallBase(), source: ref }),
    );
    expect(seen).toEqual(['scenarios/small.json']);
    expect(sweep.points).toHaveLength(4);
  });

  it('names metrics and defaults the sweep name to the base scenario name', () => {
    const sweep = ok(withSweep((s) => delete s.name));
    expect(sweep.name).toBe('Small lossy path');
    expect(sweep.metrics.map((m) => m.name)).toEqual(['A.throughput_kbps', 'A.timeouts', 'jain_A_U']);
    expect(sweep.comparisons).toEqual([{ parameter: 0, a: 0, b: 1, metrics: [0, 1, 2] }]);
  });

  it('accepts JSON text and reports bad JSON at (file)', () => {
    expect(parseSweepText(JSON.stringify(smallSweep())).ok).toBe(true);
    const r = parseSweepText('{ "base": ');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]!.path).toBe('(file)');
  });
});

describe('validation messages', () => {
  it('names the value the scenario loader refuses, with its path in the scenario', () => {
    expect(
      issues(withSweep((s) => (s.parameters[1] = { path: 'flows[1].rate', values: ['300kbps', '600kbps', 'fast'] }))),
    ).toEqual([
      'parameters[1].values[2]: flows[1].rate: must be a bandwidth such as "10Mbps" or a number of bit/s (got "fast")',
    ]);
    expect(issues(withSweep((s) => (s.parameters[0].values = ['reno', 'rneo'])))).toEqual([
      `parameters[0].values[1]: flows[0].variant: unknown variant "rneo"; known variants: ${VARIANTS.join(', ')}; did you mean "reno"?`,
    ]);
  });

  it('names a range value by its value', () => {
    expect(
      issues(withSweep((s) => (s.parameters = [{ path: 'faults[0].rate', range: { from: 0.5, to: 1.5, step: 0.5 } }]))),
    ).toEqual(['parameters[0].range: the value 1.5 gives faults[0].rate: must be at most 1 (got 1.5)']);
  });

  it('checks that each path exists in the base scenario', () => {
    expect(issues(withSweep((s) => (s.parameters[0].path = 'flows[2].variant')))).toEqual([
      'parameters[0].path: flows[2] does not exist: the base scenario has flows[0] … flows[1]',
    ]);
    expect(issues(withSweep((s) => (s.parameters[0].path = 'flows[0].varaint')))).toEqual([
      'parameters[0].path: flows[0].varaint: unknown field; did you mean "variant"?',
    ]);
    expect(issues(withSweep((s) => (s.parameters[0].path = 'flows[0]variant')))[0]).toMatch(
      /^parameters\[0\]\.path: "flows\[0\]variant" is not a field path/,
    );
    expect(issues(withSweep((s) => (s.parameters[0].path = 'seed')))[0]).toMatch(
      /^parameters\[0\]\.path: a sweep varies the seed by its "repetitions"/,
    );
  });

  it('refuses two parameters on one field, and clashing column names', () => {
    expect(issues(withSweep((s) => (s.parameters[1] = { path: 'flows[0]', values: [{}] })))).toEqual([
      'parameters[1].path: "flows[0]" overlaps parameters[0].path "flows[0].variant": one would overwrite the other',
    ]);
    expect(issues(withSweep((s) => (s.parameters[1].name = 'variant')))[0]).toMatch(
      /^parameters\[1\]\.name: duplicate column name "variant"/,
    );
    expect(issues(withSweep((s) => (s.parameters[1].name = 'seed')))[0]).toMatch(
      /^parameters\[1\]\.name: "seed" is the name of an output column/,
    );
    expect(issues(withSweep((s) => (s.metrics = [{ flow: 'A', column: 'drops', name: 'variant' }]))).join()).toMatch(
      /metrics\[0\]: duplicate column name "variant" \(also parameters\[0\]\)/,
    );
  });

  it('checks the shape of parameters and ranges', () => {
    expect(issues(withSweep((s) => (s.parameters = [{ path: 'duration' }])))).toEqual([
      'parameters[0]: needs "values" (a list) or "range" ({"from", "to", "step" or "count"})',
    ]);
    expect(issues(withSweep((s) => (s.parameters = [{ path: 'duration', range: { from: 1, to: 2 } }])))).toEqual([
      'parameters[0].range: needs "step" or "count"',
    ]);
    expect(
      issues(withSweep((s) => (s.parameters = [{ path: 'duration', range: { from: 1, to: 2, step: 0 } }]))),
    ).toEqual(['parameters[0].range.step: must be greater than 0 (got 0)']);
    expect(
      issues(withSweep((s) => (s.parameters = [{ path: 'duration', range: { from: 3, to: 2, step: 1 } }]))),
    ).toEqual(['parameters[0].range.to: must be at least "from" (3) (got 2)']);
    expect(issues(withSweep((s) => (s.parameters = [{ path: 'duration', values: [1, 2, 1] }])))).toEqual([
      'parameters[0].values[2]: 1 is listed twice (also value 0): each point would be run twice under one name',
    ]);
    expect(
      issues(withSweep((s) => (s.parameters = [{ path: 'flows[1].rate', values: [100, '200'], unit: 'kbps' }]))),
    ).toEqual(['parameters[0].values[1]: must be a number, since the parameter has a unit ("kbps") (got "200")']);
    expect(issues(withSweep((s) => (s.parameters = [])))).toEqual(['parameters: must list at least 1 item(s)']);
    expect(issues(withSweep((s) => s.parameters.push({ path: 'duration', values: [1] })))).toEqual([
      'parameters: has too many items: at most 2',
    ]);
  });

  it('names a combination of values that only fails together', () => {
    const bad = withSweep((s) => {
      s.base.measure = { from: 0, to: 3 };
      s.parameters = [
        { path: 'duration', values: [3, 2] },
        { path: 'measure.from', values: [0, 2.5] },
      ];
      s.comparisons = [];
    });
    const found = issues(bad);
    // duration 2 alone breaks measure.to (3), so that value is named alone.
    expect(found[0]).toMatch(/^parameters\[0\]\.values\[1\]: measure\.to: /);
    const combo = withSweep((s) => {
      s.parameters = [
        { path: 'duration', values: [3, 2] },
        { path: 'measure.from', values: [0, 2.5] },
      ];
      s.comparisons = [];
    });
    expect(issues(combo)).toEqual([
      'parameters: parameters[0].values[1] (2) with parameters[1].values[1] (2.5): measure.from: must be earlier than the end of the run (duration 2 s) (got 2.5 s)',
    ]);
  });

  it('does not blame a value for what only the other parameter causes', () => {
    // measure.to 8 is too long for the base's 3 s, but every duration of the sweep is long enough.
    const fine = ok(
      withSweep((s) => {
        s.parameters = [
          { path: 'duration', values: [10, 20] },
          { path: 'measure.to', values: [8] },
        ];
        s.comparisons = [];
      }),
    );
    expect(fine.points.map((p) => [p.scenario.duration, p.scenario.measure.to])).toEqual([
      [10, 8],
      [20, 8],
    ]);
    // A path that names no field is reported once, at the path, and the other parameter's values are not blamed.
    expect(issues(withSweep((s) => (s.parameters[1].path = 'flows[1].rat')))).toEqual([
      'parameters[1].path: flows[1].rat: unknown field; did you mean "rate"?',
    ]);
  });

  it('lists at most 20 problems of parameter values', () => {
    const found = issues(
      withSweep(
        (s) => (
          (s.parameters = [{ path: 'faults[0].rate', range: { from: 2, to: 31, step: 1 } }]),
          (s.comparisons = [])
        ),
      ),
    );
    expect(found).toHaveLength(21);
    expect(found[20]).toBe('parameters: … and 10 more problem(s) of the same kind');
  });

  it('reports problems of the base scenario under base, and of "set" under set', () => {
    expect(issues(withSweep((s) => (s.base.links[1].bandwidth = '10 furlongs')))).toEqual([
      'base.links[1].bandwidth: must be a bandwidth such as "10Mbps" or a number of bit/s (got "10 furlongs"); known units: bps, kbps, Mbps, Gbps (also kb, Mb, Gb, Mbit/s)',
    ]);
    expect(issues(withSweep((s) => (s.set = { duration: 0 })))).toEqual([
      'set.duration: duration: must be greater than 0 (got 0)',
    ]);
    expect(issues(withSweep((s) => (s.set = { 'flows[9].rate': 1 })))).toEqual([
      'set["flows[9].rate"]: flows[9] does not exist: the base scenario has flows[0] … flows[1]',
    ]);
    expect(issues(withSweep((s) => (s.base = 'x.json')))).toEqual([
      'base: must be a scenario object here (a file path such as "x.json" is read only by the command-line runner)',
    ]);
    expect(
      issues(
        withSweep((s) => (s.base = 'x.json')),
        () => ({ ok: false, message: 'cannot read x.json' }),
      ),
    ).toEqual(['base: cannot read x.json']);
    expect(issues(withSweep((s) => delete s.base))).toEqual([
      'base: is required: a scenario object, or the path of a scenario file',
    ]);
  });

  it('checks metrics: flows, columns, forms', () => {
    expect(issues(withSweep((s) => (s.metrics = ['A.throughput'])))).toEqual([
      'metrics[0]: unknown column "throughput"; known columns: throughput_kbps, packets_sent, packets_delivered, retransmissions, timeouts, fast_retransmits, drops, drop_rate, avg_latency_ms, avg_cwnd, avg_ssthresh, completion_s, ack_drops; did you mean "throughput_kbps"?',
    ]);
    expect(issues(withSweep((s) => (s.metrics = ['B.drops'])))).toEqual([
      'metrics[0]: unknown flow "B" (flows are "A", "U")',
    ]);
    expect(issues(withSweep((s) => (s.metrics = [{ flow: 'A', column: 'variant' }])))).toEqual([
      'metrics[0].column: "variant" is a text column of summary.csv: a metric collects a number (throughput_kbps, packets_sent, packets_delivered, retransmissions, timeouts, fast_retransmits, drops, drop_rate, avg_latency_ms, avg_cwnd, avg_ssthresh, completion_s, ack_drops)',
    ]);
    expect(issues(withSweep((s) => (s.metrics = [{ flow: 'A', colum: 'drops' }])))).toEqual([
      'metrics[0].colum: unknown field; did you mean "column"?',
    ]);
    expect(issues(withSweep((s) => (s.metrics = [{ jain: ['A'] }])))).toEqual([
      'metrics[0].jain: must list at least 2 item(s)',
    ]);
    expect(issues(withSweep((s) => (s.metrics = [{ jain: ['A', 'X'] }])))).toEqual([
      'metrics[0].jain[1]: unknown flow "X" (flows are "A", "U")',
    ]);
    expect(issues(withSweep((s) => (s.metrics = ['drops'])))[0]).toMatch(/^metrics\[0\]: "drops" is not a metric/);
    expect(issues(withSweep((s) => (s.metrics = [])))).toEqual(['metrics: must list at least 1 item(s)']);
  });

  it('checks comparisons: parameter, values, metrics, repetitions', () => {
    const cmp = (c: unknown, reps = 3) => issues(withSweep((s) => ((s.comparisons = [c]), (s.repetitions = reps))));
    expect(cmp({ a: 'reno', b: 'newreno' })).toEqual([
      'comparisons[0].parameter: is required when the sweep has two parameters: one of "variant", "cbr_kbps"',
    ]);
    expect(cmp({ parameter: 'varient', a: 'reno', b: 'newreno' })).toEqual([
      'comparisons[0].parameter: unknown parameter "varient"; parameters are "variant", "cbr_kbps"; did you mean "variant"?',
    ]);
    expect(cmp({ parameter: 'variant', a: 'reno', b: 'vegas' })).toEqual([
      'comparisons[0].b: "vegas" is not a value of parameter "variant" (values: "reno", "newreno")',
    ]);
    expect(cmp({ parameter: 'variant', a: 'reno', b: 'reno' })).toEqual([
      'comparisons[0].b: is the same value as "a" ("reno"): compare two different values',
    ]);
    expect(cmp({ parameter: 'variant', a: 'reno', b: 'newreno', metrics: ['A.timeout'] })).toEqual([
      'comparisons[0].metrics[0]: unknown metric "A.timeout"; the sweep\'s metrics are "A.throughput_kbps", "A.timeouts", "jain_A_U"; did you mean "A.timeouts"?',
    ]);
    expect(cmp({ parameter: 'variant', a: 'reno', b: 'newreno' }, 1)).toEqual([
      'comparisons[0]: a t-test needs at least 2 repetitions per point (the sweep has "repetitions": 1)',
    ]);
    // By path, by index, by number value
    expect(
      ok(withSweep((s) => (s.comparisons = [{ parameter: 'flows[1].rate', a: 300, b: 600 }]))).comparisons[0],
    ).toMatchObject({ parameter: 1, a: 0, b: 1 });
    expect(ok(withSweep((s) => (s.comparisons = [{ parameter: 1, a: 600, b: 300 }]))).comparisons[0]).toMatchObject({
      parameter: 1,
      a: 1,
      b: 0,
    });
  });

  it('checks the top level like the scenario loader does', () => {
    expect(issues(withSweep((s) => ((s.repetitons = 3), delete s.repetitions)))).toEqual([
      'repetitons: unknown field; did you mean "repetitions"?',
    ]);
    expect(issues(withSweep((s) => (s.repetitions = 0)))).toEqual(['repetitions: must be at least 1 (got 0)']);
    expect(issues(withSweep((s) => (s.repetitions = 1.5)))).toEqual(['repetitions: must be a whole number (got 1.5)']);
    expect(issues(withSweep((s) => (s.version = 2)))).toEqual(['version: this runner reads version 1 sweeps (got 2)']);
    expect(
      issues(
        withSweep(
          (s) => (
            (s.parameters[1].range = { from: 1, to: 1000, step: 1 }),
            delete s.parameters[1].values,
            (s.repetitions = 100)
          ),
        ),
      ),
    ).toEqual(['repetitions: 2000 points × 100 repetitions = 200000 runs is too many: at most 100000']);
    expect(issues(42)).toEqual(['(sweep): must be an object (got 42)']);
  });

  it('never throws, whatever the input', () => {
    const junk: unknown[] = [
      null,
      undefined,
      [],
      'x',
      { base: null },
      { base: {}, parameters: [{}], metrics: [1] },
      { parameters: 'x' },
    ];
    const throwing = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('boom');
        },
      },
    );
    for (const j of [...junk, throwing]) {
      const r = parseSweep(j);
      expect(r.ok).toBe(false);
    }
  });
});
