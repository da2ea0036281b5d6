/** The sim command on bad input and failed runs: exit codes, messages, no partial files. */
import { describe, expect, it } from 'vitest';
import { parseScenarioText } from '../engine/scenario/index';
import { CSV_FILE_NAMES } from '../engine/output/csv';
import { main } from './main';
import { VALID, json, harness, written } from './sim-test-harness';

describe('an invalid scenario', () => {
  const bad = {
    ...VALID,
    links: [VALID.links[0], { ...VALID.links[1], bandwidth: 'fast' }],
    flows: [{ ...VALID.flows[0], variant: 'bbr9' }, VALID.flows[1]],
  };

  it('exits 2, writes nothing, and prints one line per issue naming the field path', async () => {
    const h = harness({ 'bad.json': json(bad) });
    expect(await main(['bad.json', '--out', 'out'], h.io, h.run)).toBe(2);
    expect(h.runs).toHaveLength(0);
    expect(h.dirs).toEqual([]);
    expect(written(h, ['bad.json'])).toEqual([]);

    const parsed = parseScenarioText(json(bad));
    expect(parsed.ok).toBe(false);
    const issues = parsed.ok ? [] : parsed.issues;
    const lines = h.err().trimEnd().split('\n');
    expect(lines).toHaveLength(issues.length);
    for (const line of lines) expect(line.startsWith('bad.json: ')).toBe(true);
    expect(lines.some((l) => l.startsWith('bad.json: links[1].bandwidth'))).toBe(true);
    expect(lines.some((l) => l.startsWith('bad.json: flows[0].variant'))).toBe(true);
  });

  it('exits 2 and writes nothing for text that is not JSON', async () => {
    const h = harness({ 'x.json': '{ "version": 1,' });
    expect(await main(['x.json', '--out', 'out'], h.io, h.run)).toBe(2);
    expect(h.dirs).toEqual([]);
    expect(written(h, ['x.json'])).toEqual([]);
    expect(h.err()).toMatch(/^x\.json: /);
  });

  it.each([
    [['--seed', 'abc'], /^a\.json: seed: .*--seed abc/m],
    [['--seed', '1.5'], /^a\.json: seed: /m],
    [['--duration', '-3'], /^a\.json: duration: .*--duration -3/m],
    [['--duration', 'soon'], /^a\.json: duration: /m],
  ])('a bad override %j is reported like a bad field', async (flags, want) => {
    const h = harness({ 'a.json': json(VALID) });
    expect(await main(['a.json', '--out', 'out', ...flags], h.io, h.run)).toBe(2);
    expect(h.err()).toMatch(want);
    expect(h.dirs).toEqual([]);
  });
});

describe('failures after a valid parse', () => {
  it('a run that throws exits 1 and leaves no file, not even a partial one', async () => {
    const h = harness({ 'a.json': json(VALID) });
    const code = await main(['a.json', '--out', 'o'], h.io, (_s, sink) => {
      sink.write('timeseries.csv', 'time_s,flow\n0,A\n');
      throw new Error('no route from server to client');
    });
    expect(code).toBe(1);
    expect(h.err()).toContain('no route from server to client');
    expect(written(h, ['a.json'])).toEqual([]);
  });

  it('files appear under their names only once the run is done', async () => {
    const h = harness({ 'a.json': json(VALID), 'o/summary.csv': 'an older run\n' });
    let during: string[] = [];
    expect(
      await main(['a.json', '--out', 'o'], h.io, (_s, sink) => {
        sink.write('events.csv', 'time_s\n');
        during = [...h.files.keys()].sort();
        return {};
      }),
    ).toBe(0);
    expect(during).toEqual([...CSV_FILE_NAMES.map((n) => `o/${n}.partial`), 'a.json', 'o/summary.csv'].sort());
    expect(written(h, ['a.json']).sort()).toEqual(CSV_FILE_NAMES.map((n) => `o/${n}`).sort());
    expect(h.files.get('o/events.csv')).toBe('time_s\n');
  });

  it('an unwritable --out exits 1', async () => {
    const h = harness({ 'a.json': json(VALID) });
    h.io.mkdir = async () => {
      throw new Error('EACCES: permission denied');
    };
    expect(await main(['a.json', '--out', '/root/x'], h.io, h.run)).toBe(1);
    expect(h.err()).toContain('cannot write to /root/x: EACCES');
  });

  it('an --out that names a file says so in words', async () => {
    const h = harness({ 'a.json': json(VALID) });
    h.io.mkdir = async (path) => {
      throw Object.assign(new Error(`EEXIST: file already exists, mkdir '${path}'`), { code: 'EEXIST' });
    };
    expect(await main(['a.json', '--out', 'notes.txt'], h.io, h.run)).toBe(1);
    expect(h.err()).toBe('sim: cannot write to notes.txt: a file of that name is in the way of a folder (EEXIST)\n');
    expect(h.runs).toHaveLength(0);
  });
});
