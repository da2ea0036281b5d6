/** The sim command reading a link's Mahimahi trace file beside the scenario. */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenarioText } from '../engine/scenario/index';
import { main } from './main';
import { VALID, json, harness } from './sim-test-harness';

describe('links[].trace.file: a Mahimahi file beside the scenario', () => {
  const withTrace = (trace: unknown) => ({
    ...VALID,
    links: [VALID.links[0], { ...VALID.links[1], trace }],
  });
  const mahi = '0\n0\n3\n7\n10\n';

  it('reads the file relative to the scenario file into the trace’s timestamps', async () => {
    const h = harness({
      'lab/a.json': json(withTrace({ file: 'traces/ride.mahi', from: 'r1' })),
      [resolve('lab/traces/ride.mahi')]: mahi,
    });
    expect(await main(['lab/a.json', '--out', 'o'], h.io, h.run)).toBe(0);
    const trace = h.runs[0].links[1].trace!;
    expect(trace).toEqual([{ from: 'r1', sample: null, ms: [0, 0, 3, 7, 10], mtu: 1500 }]);
  });

  it('a missing or bad file exits 2 with a line naming the field', async () => {
    const missing = harness({ 'a.json': json(withTrace([{ file: 'nope.mahi', from: 'r1' }])) });
    expect(await main(['a.json', '--out', 'o'], missing.io, missing.run)).toBe(2);
    expect(missing.runs).toHaveLength(0);
    expect(missing.err()).toMatch(
      /^a\.json: links\[1\]\.trace\[0\]\.file: cannot read the trace "nope\.mahi" \(.*nope\.mahi\): .*no such file/m,
    );

    const bad = harness({ 'a.json': json(withTrace({ file: 'bad.mahi' })), [resolve('bad.mahi')]: '0\n12ms\n' });
    expect(await main(['a.json', '--out', 'o'], bad.io, bad.run)).toBe(2);
    expect(bad.err()).toContain('a.json: links[1].trace.file: "bad.mahi"');
    expect(bad.err()).toContain('line 2: not a whole number of milliseconds: "12ms"');

    const back = harness({ 'a.json': json(withTrace({ file: 'back.mahi' })), [resolve('back.mahi')]: '5\n3\n' });
    expect(await main(['a.json', '--out', 'o'], back.io, back.run)).toBe(2);
    expect(back.err()).toContain('links[1].trace.file: "back.mahi"');
    expect(back.err()).toContain('timestamps must not go back (3 after 5)');

    const both = harness({ 'a.json': json(withTrace({ file: 'x.mahi', sample: 'wifi-fading' })) });
    expect(await main(['a.json', '--out', 'o'], both.io, both.run)).toBe(2);
    expect(both.err()).toContain('links[1].trace.file: give one of `file`, `ms` and `sample`');
  });

  it('the loader alone (the page) names the field it cannot read', () => {
    const parsed = parseScenarioText(json(withTrace({ file: 'ride.mahi' })));
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? [] : parsed.issues.map((i) => i.path)).toEqual(['links[1].trace.file']);
  });
});
