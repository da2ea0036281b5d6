import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../engine/scenario';
import { estimateSampleMemory, formatMemory } from './run-memory';

const reno = () => {
  const r = parseScenario(JSON.parse(readFileSync('scenarios/single-drop-reno.json', 'utf8')));
  if (!r.ok) throw new Error('fixture');
  return r.scenario;
};

describe('the memory a sample interval implies', () => {
  it('counts samples × values of 8 bytes: time, per flow its bytes and columns, per link direction six queue values', () => {
    const s = { ...reno(), duration: 10, sampleInterval: 0.01 };
    const m = estimateSampleMemory(s);
    expect(m.samples).toBe(1001);
    // one Reno flow: 6 contract columns + inflation, + cumulative bytes; two links, two directions, 6 values each
    expect(m.valuesPerSample).toBe(1 + 1 * (1 + 7) + 2 * 2 * 6);
    expect(m.bytes).toBe(1001 * 33 * 8);
  });

  it('a 2-day run sampled every second keeps about 46 MB of samples', () => {
    const day2 = estimateSampleMemory({ ...reno(), duration: 172_800, sampleInterval: 1 });
    expect(day2.samples).toBe(172_801);
    expect(formatMemory(day2.bytes)).toBe('46 MB');
  });

  it('writes sizes as a person reads them', () => {
    expect(formatMemory(512)).toBe('512 B');
    expect(formatMemory(64_000)).toBe('64 kB');
    expect(formatMemory(2_100_000)).toBe('2.1 MB');
    expect(formatMemory(3.2e9)).toBe('3.2 GB');
  });
});
