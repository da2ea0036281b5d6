/**
 * A sweep run in shards and merged gives the files of the whole run, byte
 * for byte, whatever the number of shards and the order they are merged
 * in; shards that do not make up the sweep are refused.
 */
import { describe, expect, it } from 'vitest';
import { runSerial } from '../experiment/pool';
import { smallSweep } from '../experiment/test-fixtures';
import type { CliIo } from './main';
import { mergeMain, type MergeIo } from './sweep-merge';
import { main, parseArgs, type SweepDeps } from './sweep-main';
import { inShard, parseShard } from './sweep-shard';

function machine(files: Map<string, string>) {
  let err = '';
  const io: MergeIo = {
    stdout: () => {},
    stderr: (t) => void (err += t),
    readFile: async (p) => {
      const t = files.get(p);
      if (t === undefined) throw new Error(`ENOENT: ${p}`);
      return t;
    },
    writeFile: async (p, t) => void files.set(p, t),
    mkdir: async () => {},
    readDir: async (p) => {
      const inside = [...files.keys()].filter((k) => k.startsWith(`${p}/`)).map((k) => k.slice(p.length + 1));
      return inside.length ? inside : null;
    },
  };
  const deps: SweepDeps = { runTasks: (t, _w, p) => runSerial(t, p), cores: 1, now: () => 0, stderrIsTTY: false };
  return { io: io as CliIo & MergeIo, deps, err: () => err };
}

const SWEEP = JSON.stringify(smallSweep());
const NAMES = ['runs.csv', 'table.csv', 'ttest.csv'];

describe('--shard k/n and sweep merge', () => {
  it('merging the shards gives the whole run’s files, byte for byte (1, 5 and 12 shards, any order)', async () => {
    const files = new Map([['s.json', SWEEP]]);
    const m = machine(files);
    expect(await main(['s.json', '--out', 'whole'], m.io, m.deps)).toBe(0);
    for (const n of [1, 5, 12]) {
      for (let k = n; k >= 1; k--)
        expect(await main(['s.json', '--out', `shards${n}`, '--shard', `${k}/${n}`], m.io, m.deps), m.err()).toBe(0);
      expect(await mergeMain(['s.json', `shards${n}`, '--out', `merged${n}`], m.io), m.err()).toBe(0);
      for (const name of NAMES)
        expect(files.get(`merged${n}/${name}`), `${n} shards: ${name}`).toBe(files.get(`whole/${name}`));
    }
    // A shard holds its runs only: round robin over the run indexes.
    const shard = JSON.parse(files.get('shards5/shard-2-of-5.json')!) as { values: [number, unknown[]][] };
    expect(shard.values.map(([i]) => i)).toEqual([1, 6, 11]);
  });

  it('refuses a missing shard, a shard given twice and a shard of another sweep, writing nothing', async () => {
    const files = new Map([['s.json', SWEEP]]);
    const other = smallSweep();
    (other.base as { seed: number }).seed = 8;
    files.set('t.json', JSON.stringify(other));
    const m = machine(files);
    for (const k of [1, 2, 3]) await main(['s.json', '--out', 'a', '--shard', `${k}/3`], m.io, m.deps);
    await main(['t.json', '--out', 'b', '--shard', '2/3'], m.io, m.deps);
    const cases: [string[], RegExp][] = [
      [['a/shard-1-of-3.json', 'a/shard-2-of-3.json'], /missing shard 3\/3/],
      [['a', 'a/shard-1-of-3.json'], /shard 1\/3 is also in a\/shard-1-of-3.json/],
      [
        ['a/shard-1-of-3.json', 'b/shard-2-of-3.json', 'a/shard-3-of-3.json'],
        /b\/shard-2-of-3.json: is a shard of another sweep/,
      ],
      [['s.json'], /s.json: not a shard file/],
    ];
    for (const [inputs, want] of cases) {
      const before = files.size;
      const code = await mergeMain(['s.json', ...inputs, '--out', 'm'], m.io);
      expect(code).toBe(2);
      expect(m.err()).toMatch(want);
      expect(files.size).toBe(before);
    }
  });

  it('reads k/n and says what is wrong with it', () => {
    expect(parseShard('3/8')).toEqual({ k: 3, of: 8 });
    for (const bad of ['0/4', '5/4', '1/0', 'two/4', '1-4', '']) expect(parseShard(bad)).toHaveProperty('error');
    expect(parseArgs(['s.json', '--out', 'o', '--shard', '2/2'])).toMatchObject({
      options: { shard: { k: 2, of: 2 } },
    });
    expect(parseArgs(['s.json', '--out', 'o', '--shard', '2/2', '--summary'])).toHaveProperty('error');
    // Every run is in exactly one shard.
    const owners = Array.from({ length: 50 }, (_, i) => [1, 2, 3, 4, 5, 6, 7].filter((k) => inShard(i, { k, of: 7 })));
    expect(owners.every((o) => o.length === 1)).toBe(true);
  });
});
