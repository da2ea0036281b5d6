/** The sim command's arguments: usage lines and exit codes, parseArgs. */
import { describe, expect, it } from 'vitest';
import { main, parseArgs, USAGE } from './main';
import { VALID, json, harness } from './sim-test-harness';

describe('usage', () => {
  it.each([
    [[], /no scenario file/],
    [['a.json'], /--out <dir> is required/],
    [['a.json', '--out'], /--out needs a value/],
    [['a.json', '--out', 'o', '--frobnicate'], /unknown option --frobnicate/],
    [['a.json', 'b.json', '--out', 'o'], /one scenario file expected/],
    [['missing.json', '--out', 'o'], /cannot read missing\.json: ENOENT/],
  ])('%j exits 2 with a usage line and writes nothing', async (argv, want) => {
    const h = harness({ 'a.json': json(VALID) });
    expect(await main(argv, h.io, h.run)).toBe(2);
    expect(h.err()).toMatch(want);
    expect(h.err()).toContain(USAGE);
    expect(h.dirs).toEqual([]);
    expect(h.runs).toHaveLength(0);
  });

  it('--help prints usage on stdout and exits 0', async () => {
    const h = harness();
    expect(await main(['--help'], h.io, h.run)).toBe(0);
    expect(h.out()).toContain(USAGE);
    expect(h.err()).toBe('');
  });

  it('parseArgs takes both --flag value and --flag=value', () => {
    expect(parseArgs(['s.json', '--out=o', '--seed=3', '--duration', '2s', '--summary'])).toEqual({
      help: false,
      options: { file: 's.json', out: 'o', summary: true, seed: '3', duration: '2s' },
    });
  });

  it('takes --single-thread or --writer-thread, not both', () => {
    expect(parseArgs(['s.json', '--out=o', '--writer-thread'])).toEqual({
      help: false,
      options: { file: 's.json', out: 'o', summary: false, writerThread: true },
    });
    expect(parseArgs(['s.json', '--out=o', '--single-thread'])).toEqual({
      help: false,
      options: { file: 's.json', out: 'o', summary: false, singleThread: true },
    });
    expect(parseArgs(['s.json', '--out=o', '--single-thread', '--writer-thread'])).toEqual({
      error: '--single-thread and --writer-thread: give one or the other',
    });
  });
});
