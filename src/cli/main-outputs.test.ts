/** The sim command on a valid scenario: the files it writes, what it prints. */
import { describe, expect, it } from 'vitest';
import { main, textTable } from './main';
import { VALID, json, fakeRunData, harness, OUTPUTS, written } from './sim-test-harness';

describe('a valid scenario', () => {
  it('runs, writes the five files into --out and says so on stderr', async () => {
    const h = harness({ 'a.json': json(VALID) });
    expect(await main(['a.json', '--out', 'out'], h.io, h.run)).toBe(0);
    expect(h.runs).toHaveLength(1);
    expect(h.runs[0].flows.map((f) => f.id)).toEqual(['A', 'U']);
    expect(h.dirs).toEqual(['out']);
    expect(written(h, ['a.json']).sort()).toEqual(OUTPUTS.map((f) => `out/${f}`).sort());
    expect(h.files.get('out/summary.csv')).toMatch(/^flow,kind,variant,from,to,throughput_kbps,/);
    expect(h.files.get('out/summary.csv')!.split('\n')[1]).toMatch(/^A,tcp,reno,server,client,1398.123,3500,/);
    expect(h.err()).toBe('wrote 5 files to out/ (20 s simulated)\n');
    expect(h.out()).toBe('');
  });

  it('reports the event count when RunData carries it', async () => {
    const h = harness({ 'a.json': json(VALID) }, fakeRunData({ eventsProcessed: 1_234_567 }));
    expect(await main(['a.json', '--out=res/'], h.io, h.run)).toBe(0);
    expect(h.files.has('res/events.csv')).toBe(true);
    expect(h.err()).toBe('wrote 5 files to res/ (20 s simulated, 1.2 M events)\n');
  });

  it('--summary prints summary.csv as an aligned table on stdout', async () => {
    const h = harness({ 'a.json': json(VALID) });
    expect(await main(['a.json', '--summary', '--out', 'out'], h.io, h.run)).toBe(0);
    const lines = h.out().trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^flow\s+kind\s+variant\s+from\s+to\s+throughput_kbps/);
    expect(lines[1]).toMatch(/^A\s+tcp\s+reno\s+server\s+client\s+1398\.123/);
    expect(lines[2]).toMatch(/^U\s+cbr\s+server\s+client\s+800\b/);
    // Numbers are right-aligned: the throughput column ends at the same place in every row.
    const end = (line: string, s: string) => line.indexOf(s) + s.length;
    expect(end(lines[1], '1398.123')).toBe(end(lines[2], '  800'));
    expect(end(lines[0], 'throughput_kbps')).toBe(end(lines[1], '1398.123'));
  });

  it('--seed and --duration override the file', async () => {
    const h = harness({ 'a.json': json(VALID) });
    expect(await main(['a.json', '--out', 'o', '--seed', '7', '--duration=5'], h.io, h.run)).toBe(0);
    expect(h.runs[0].seed).toBe(7);
    expect(h.runs[0].duration).toBe(5);
    expect(h.err()).toContain('(5 s simulated)');
  });
});

describe('textTable', () => {
  it('aligns text left and numbers right', () => {
    expect(
      textTable([
        ['id', 'n'],
        ['a', '5'],
        ['long', '-12.5'],
      ]),
    ).toBe('id        n\na         5\nlong  -12.5\n');
  });
});
