/** The sweep files the project ships load, with their base scenarios, and expand as their descriptions say. */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { planRuns } from './expand';
import { parseSweepText, type LoadedBase } from './sweep';

function load(file: string) {
  const loadBase = (ref: string): LoadedBase => {
    try {
      return { ok: true, json: JSON.parse(readFileSync(join(dirname(file), ref), 'utf8')) };
    } catch (e) {
      return { ok: false, message: String(e) };
    }
  };
  const r = parseSweepText(readFileSync(file, 'utf8'), { loadBase });
  if (!r.ok) throw new Error(`${file}:\n${r.issues.map((i) => `${i.path}: ${i.message}`).join('\n')}`);
  return r.sweep;
}

describe('shipped sweeps', () => {
  const files = [...readdirSync('sweeps').map((f) => join('sweeps', f)), 'bench/sweep/paper-000-dumbbell.json'].filter(
    (f) => f.endsWith('.json'),
  );

  it('all load', () => {
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const f of files) expect(load(f).points.length).toBeGreaterThan(0);
  });

  it('the benchmark is 5 variants × 5 UDP rates × 60 s, 25 runs', () => {
    const s = load('bench/sweep/paper-000-dumbbell.json');
    expect(s.parameters.map((p) => p.labels)).toEqual([
      ['tahoe', 'reno', 'newreno', 'sack', 'vegas'],
      [400, 800, 1200, 1600, 1800],
    ]);
    expect(planRuns(s)).toHaveLength(25);
    expect(s.points.every((p) => p.scenario.duration === 60)).toBe(true);
  });

  it('the random-loss sweep repeats 10 seeds and compares reno with newreno', () => {
    const s = load('sweeps/random-loss-reno-vs-newreno.json');
    expect(s.repetitions).toBe(10);
    expect(s.comparisons).toHaveLength(1);
    expect(s.parameters[s.comparisons[0]!.parameter]!.labels).toEqual(['reno', 'newreno']);
  });
});
