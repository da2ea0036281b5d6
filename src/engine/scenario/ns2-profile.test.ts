import { readFileSync } from 'node:fs';
import { csvParse } from 'd3-dsv';
import { describe, expect, it } from 'vitest';
import { Mrg32k3a } from '../core/mrg32k3a';
import { parseScenarioText } from './index';
import type { Scenario, TcpFlowSpec } from './types';

const BASE = {
  version: 1,
  seed: 1,
  duration: 5,
  nodes: [
    { id: 's', kind: 'host' },
    { id: 'r', kind: 'router' },
    { id: 'd', kind: 'host' },
  ],
  links: [
    { id: 'a', a: 's', b: 'r', bandwidth: '10Mbps', delay: '1ms' },
    { id: 'b', a: 'r', b: 'd', bandwidth: '1.5Mbps', delay: '10ms' },
  ],
  flows: [
    { id: 'R', kind: 'tcp', variant: 'reno', from: 's', to: 'd' },
    { id: 'V', kind: 'tcp', variant: 'vegas', from: 's', to: 'd' },
  ],
};

function load(o: object): Scenario {
  const r = parseScenarioText(JSON.stringify(o));
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.scenario;
}
const tcp = (s: Scenario, id: string) => s.flows.find((f) => f.id === id) as TcpFlowSpec;

describe('the ns2 profile', () => {
  it("fills ns-2's conventions where the scenario is silent, and only then", () => {
    const plain = load(BASE);
    const ns2 = load({ ...BASE, profile: 'ns2' });
    expect(plain.profile).toBeUndefined();
    expect(ns2.profile).toBe('ns2');
    expect(tcp(plain, 'R').tcp).toMatchObject({ tcpTick: 0, tcpTickPhase: 0, handshake: true, headerBytes: 40 });
    expect(tcp(ns2, 'R').tcp).toMatchObject({ tcpTick: 0.01, handshake: true, headerBytes: 40 });
    expect(tcp(ns2, 'V').tcp).toMatchObject({ tcpTick: 0.01, handshake: false, headerBytes: 0 });
    for (const id of ['R', 'V']) {
      expect(tcp(ns2, id).tcp.tcpTickPhase).toBeGreaterThan(0);
      expect(tcp(ns2, id).tcp.tcpTickPhase).toBeLessThan(0.01);
    }
    // A field the scenario sets wins over the profile.
    const set = load({
      ...BASE,
      profile: 'ns2',
      flows: [
        { ...BASE.flows[0], tcp: { tcpTick: 0.5, tcpTickPhase: 0.25 } },
        { ...BASE.flows[1], tcp: { handshake: true, headerBytes: 40 } },
      ],
    });
    expect(tcp(set, 'R').tcp).toMatchObject({ tcpTick: 0.5, tcpTickPhase: 0.25 });
    expect(tcp(set, 'V').tcp).toMatchObject({ handshake: true, headerBytes: 40 });
    // ns-2 draws for every agent in order, so V's phase is the same whether R's was set or not.
    expect(tcp(set, 'V').tcp.tcpTickPhase).toBe(tcp(ns2, 'V').tcp.tcpTickPhase);
  });

  it('runs CUBIC without HyStart++ (ns-2.35 has none) unless the scenario asks for it', () => {
    const cubic = { ...BASE, flows: [{ ...BASE.flows[0], id: 'C', variant: 'cubic' }] };
    expect(tcp(load(cubic), 'C').tcp.cubic).toMatchObject({ hystart: true, beta: 0.7 });
    expect(tcp(load({ ...cubic, profile: 'ns2' }), 'C').tcp.cubic).toMatchObject({ hystart: false, beta: 0.7, c: 0.4 });
    const asked = {
      ...cubic,
      profile: 'ns2',
      flows: [{ ...cubic.flows[0], tcp: { cubic: { hystart: true, c: 0.5 } } }],
    };
    expect(tcp(load(asked), 'C').tcp.cubic).toMatchObject({ hystart: true, c: 0.5, beta: 0.7 });
  });

  it('draws the phases from the seed, for any seed the format allows', () => {
    const a = load({ ...BASE, profile: 'ns2', seed: 1 });
    const b = load({ ...BASE, profile: 'ns2', seed: 2 });
    expect(tcp(a, 'R').tcp.tcpTickPhase).not.toBe(tcp(b, 'R').tcp.tcpTickPhase);
    expect(() => load({ ...BASE, profile: 'ns2', seed: 0xffff_ffff })).not.toThrow();
    expect(() => load({ ...BASE, profile: 'ns2', seed: 0 })).not.toThrow();
  });

  it('refuses an unknown profile, naming the field', () => {
    const r = parseScenarioText(JSON.stringify({ ...BASE, profile: 'ns3' }));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0].path).toBe('profile');
  });

  it("gives each validation case's agents the boot_time_ ns-2.35 drew (reference/ticks.csv)", () => {
    const rows = csvParse(readFileSync('validation/reference/ticks.csv', 'utf8'));
    expect(rows.length).toBeGreaterThan(100);
    let worst = 0;
    for (const r of rows) {
      const json = JSON.parse(readFileSync(`validation/scenarios/${r.case}.json`, 'utf8'));
      const s = load({ ...json, seed: Number(r.seed), profile: 'ns2' });
      worst = Math.max(worst, Math.abs(tcp(s, r.flow!).tcp.tcpTickPhase - Number(r.boot_time_s)));
    }
    // ticks.csv holds the draws as Tcl's uniform command replays them: to 2^-31 of a tick.
    expect(worst).toBeLessThan(0.01 * 2 ** -31);
  });
});

describe('MRG32k3a', () => {
  it('draws uniforms in (0, 1), a fixed stream per seed', () => {
    const a = new Mrg32k3a(12345);
    const b = new Mrg32k3a(12345);
    const xs = Array.from({ length: 1000 }, () => a.next());
    expect(xs.every((x) => x > 0 && x < 1)).toBe(true);
    expect(Array.from({ length: 1000 }, () => b.next())).toEqual(xs);
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(Math.abs(mean - 0.5)).toBeLessThan(0.05);
    // RngStreams' first U01 from the seed 12345 in all six words (the first number of L'Ecuyer's MRG32k3a.c).
    expect(new Mrg32k3a(12345).next()).toBeCloseTo(0.127011122046577, 12);
    expect(() => new Mrg32k3a(0)).toThrow(RangeError);
  });
});
