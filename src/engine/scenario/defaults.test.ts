/** Defaults: what a scenario gets for every field it leaves out. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_RED, DEFAULT_TCP } from './defaults';
import { parseScenario } from './index';
import type { CbrFlowSpec, FaultSpec, Scenario, TcpFlowSpec } from './types';

/** The smallest scenarios: only required fields. */
function minimal(): Record<string, any> {
  return {
    nodes: [
      { id: 'a', kind: 'host' },
      { id: 'b', kind: 'host' },
    ],
    links: [{ id: 'ab', a: 'a', b: 'b', bandwidth: 1e6, delay: 0.01 }],
    flows: [
      { id: 'T', variant: 'newreno', from: 'a', to: 'b' },
      { id: 'C', kind: 'cbr', from: 'b', to: 'a', rate: '64kbps' },
    ],
  };
}

function load(input: unknown): Scenario {
  const r = parseScenario(input);
  if (!r.ok) throw new Error(r.issues.map((i) => `${i.path}: ${i.message}`).join('\n'));
  return r.scenario;
}

describe('defaults', () => {
  const s = load(minimal());

  it('fills the scenario-level fields', () => {
    expect(s).toMatchObject({
      version: 1,
      name: 'Untitled',
      description: '',
      seed: 1,
      duration: 20,
      sampleInterval: 0.01,
      measure: { from: 0, to: 20 },
      faults: [],
    });
    expect('ui' in s).toBe(false);
    expect('lesson' in s).toBe(false);
  });

  it('gives a link a DropTail queue of 50 packets', () => {
    expect(s.links[0]).toEqual({
      id: 'ab',
      a: 'a',
      b: 'b',
      bandwidth: 1e6,
      delay: 0.01,
      queue: { type: 'droptail', limit: 50, limitBytes: null },
    });
  });

  it('reads a flow without kind as TCP, with ns-2 agent defaults', () => {
    const t = s.flows[0] as TcpFlowSpec;
    expect(t).toEqual({
      id: 'T',
      kind: 'tcp',
      variant: 'newreno',
      from: 'a',
      to: 'b',
      start: 0,
      stop: null,
      bytes: null,
      packetSize: 1000,
      tcp: {
        window: 20,
        initialCwnd: 2,
        dupAckThreshold: 3,
        initialRto: 3.0,
        minRto: 0.2,
        maxRto: 60,
        rttGain: 0.125,
        rttVarGain: 0.25,
        rtoK: 4,
        tcpTick: 0,
        tcpTickPhase: 0,
        delayedAck: false,
        delayedAckTimeout: 0.1,
        handshake: true,
        headerBytes: 40,
        ackBytes: 40,
        maxSackBlocks: 3,
        ecn: false,
        pacing: false,
        vegas: { alpha: 1, beta: 3, gamma: 1, agent: 'engine' },
        cubic: { beta: 0.7, c: 0.4, fastConvergence: true, renoFriendly: true, hystart: true },
        dctcp: { g: 1 / 16, initialAlpha: 1 },
        westwood: { filterTau: 0.5 },
      },
    });
  });

  it('fills a CBR flow', () => {
    expect(s.flows[1] as CbrFlowSpec).toEqual({
      id: 'C',
      kind: 'cbr',
      from: 'b',
      to: 'a',
      rate: 64_000,
      packetSize: 1000,
      start: 0,
      stop: null,
    });
  });

  it('omits node positions that were not given', () => {
    expect(s.nodes[0]).toEqual({ id: 'a', kind: 'host' });
    expect(Object.keys(s.nodes[0]!)).toEqual(['id', 'kind']);
  });
});

describe('overrides', () => {
  it('a per-flow tcp object overrides field by field, nested objects included', () => {
    const input = minimal();
    input.flows[0].tcp = { window: 64, handshake: false, cubic: { c: 0.8 }, vegas: { beta: 4 } };
    const t = load(input).flows[0] as TcpFlowSpec;
    expect(t.tcp).toEqual({
      ...DEFAULT_TCP,
      window: 64,
      handshake: false,
      cubic: { ...DEFAULT_TCP.cubic, c: 0.8 },
      vegas: { ...DEFAULT_TCP.vegas, beta: 4 },
      westwood: { ...DEFAULT_TCP.westwood },
    });
  });

  it('a partial RED queue gets the other RED defaults', () => {
    const input = minimal();
    input.links[0].queue = { type: 'red', maxP: 0.02, limit: 30 };
    expect(load(input).links[0]!.queue).toEqual({ ...DEFAULT_RED, maxP: 0.02, limit: 30 });
  });

  it('a queue without a type is DropTail', () => {
    const input = minimal();
    input.links[0].queue = { limit: 7 };
    expect(load(input).links[0]!.queue).toEqual({ type: 'droptail', limit: 7, limitBytes: null });
  });

  it('measure.to follows the duration unless given', () => {
    const input = minimal();
    input.duration = '90s';
    input.measure = { from: '1min' };
    expect(load(input).measure).toEqual({ from: 60, to: 90 });
  });

  it('fault fields fill in', () => {
    const input = minimal();
    input.faults = [
      { kind: 'dropBurst', link: 'ab', count: 3 },
      { kind: 'linkDown', link: 'ab', duration: '200ms' },
      { kind: 'randomLoss', link: 'ab', rate: 0.1, from: null, until: null },
      { kind: 'dropSegments', flow: 'T', seqs: [] },
    ];
    const expected: FaultSpec[] = [
      { kind: 'dropBurst', link: 'ab', from: null, at: 0, count: 3 },
      { kind: 'linkDown', link: 'ab', at: 0, duration: 0.2 },
      { kind: 'randomLoss', link: 'ab', from: null, rate: 0.1, at: 0, until: null },
      { kind: 'dropSegments', flow: 'T', seqs: [] },
    ];
    expect(load(input).faults).toEqual(expected);
  });

  it('each flow gets its own parameter objects', () => {
    const input = minimal();
    input.flows.push({ id: 'T2', variant: 'vegas', from: 'b', to: 'a' });
    const s = load(input);
    const [t1, , t2] = s.flows as TcpFlowSpec[];
    expect(t1!.tcp).not.toBe(t2!.tcp);
    expect(t1!.tcp.vegas).not.toBe(t2!.tcp.vegas);
    t1!.tcp.vegas.alpha = 99;
    expect(t2!.tcp.vegas.alpha).toBe(1);
    expect(DEFAULT_TCP.vegas.alpha).toBe(1);
  });

  it('the default objects cannot be changed by accident', () => {
    expect(Object.isFrozen(DEFAULT_TCP)).toBe(true);
    expect(Object.isFrozen(DEFAULT_TCP.cubic)).toBe(true);
    expect(Object.isFrozen(DEFAULT_RED)).toBe(true);
  });
});
