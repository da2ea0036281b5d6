import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseScenario } from '../../engine/scenario';
import { pathInfo } from './path-bdp';

function scenario(file: string) {
  const r = parseScenario(JSON.parse(readFileSync(file, 'utf8')));
  if (!r.ok) throw new Error('bad scenario');
  return r.scenario;
}

describe('pathInfo', () => {
  it('finds the bottleneck and base RTT of the single-drop scenario by hand', () => {
    const s = scenario('scenarios/single-drop-reno.json');
    const p = pathInfo(s, 0)!;
    expect(p.bottleneck).toBe(1.5e6);
    // out: 1 ms + 1040 B at 10 Mb/s, 10 ms + 1040 B at 1.5 Mb/s; back: 10 ms + 40 B at 1.5 Mb/s, 1 ms + 40 B at 10 Mb/s
    const rtt = 0.001 + 8320 / 10e6 + 0.01 + 8320 / 1.5e6 + 0.01 + 320 / 1.5e6 + 0.001 + 320 / 10e6;
    expect(p.baseRtt).toBeCloseTo(rtt, 12);
    expect(p.bdpPackets).toBeCloseTo((1.5e6 * rtt) / 8320, 9);
  });

  it('has no BDP for a CBR flow or an unknown flow', () => {
    const s = scenario('scenarios/dumbbell-udp.json');
    const cbr = s.flows.findIndex((f) => f.kind === 'cbr');
    expect(cbr).toBeGreaterThanOrEqual(0);
    expect(pathInfo(s, cbr)).toBeNull();
    expect(pathInfo(s, 99)).toBeNull();
  });
});
