/** Legal nonsense gives warnings at the field, beside a scenario that still loads. */
import { describe, expect, it } from 'vitest';
import { formatWarnings, parseScenario } from './index';

function base(): Record<string, any> {
  return {
    duration: 10,
    nodes: [
      { id: 'server', kind: 'host' },
      { id: 'r1', kind: 'router' },
      { id: 'client', kind: 'host' },
      { id: 'spare', kind: 'host' },
    ],
    links: [
      { id: 'l1', a: 'server', b: 'r1', bandwidth: '10Mbps', delay: '1ms' },
      { id: 'l2', a: 'r1', b: 'client', bandwidth: '1.5Mbps', delay: '10ms' },
      { id: 'side', a: 'r1', b: 'spare', bandwidth: '1.5Mbps', delay: '10ms' },
    ],
    flows: [
      { id: 'A', variant: 'reno', from: 'server', to: 'client', bytes: 100_000 },
      { id: 'U', kind: 'cbr', from: 'server', to: 'spare', rate: '800kbps' },
    ],
    faults: [],
  };
}

function warningsOf(s: unknown) {
  const r = parseScenario(s);
  expect(r.ok, JSON.stringify(r)).toBe(true);
  return r.warnings;
}

it('a sensible scenario has none', () => {
  expect(warningsOf(base())).toEqual([]);
});

describe('each rule', () => {
  it.each([
    [
      'a flow that starts after the end',
      (s: any) => (s.flows[0].start = 12),
      'flows[0].start',
      /after the end of the run \(10 s\): this flow sends nothing/,
    ],
    [
      'a fault after the end',
      (s: any) => s.faults.push({ kind: 'linkDown', link: 'l2', at: 10, duration: 1 }),
      'faults[0].at',
      /this fault changes nothing/,
    ],
    [
      'a random loss of 0',
      (s: any) => s.faults.push({ kind: 'randomLoss', link: 'l2', rate: 0 }),
      'faults[0].rate',
      /loses nothing/,
    ],
    [
      'a segment past the file',
      (s: any) => s.faults.push({ kind: 'dropSegments', flow: 'A', seqs: [5, 100] }),
      'faults[0].seqs[1]',
      /past the file's last segment \(99\)/,
    ],
    ['a link no flow crosses', (s: any) => (s.flows = [s.flows[0]]), 'links[2]', /no flow crosses this link/],
    [
      "a rate the nanosecond clock rounds far for a flow's packets",
      (s: any) => (s.links[1].bandwidth = '1000Gbps'),
      'links[1].bandwidth',
      /sends a 1040-byte packet in 8\.32 ns, which the engine's nanosecond clock makes 8 ns: such packets cross this link 4 % faster than its bandwidth/,
    ],
    [
      'a rate at which packets would take no time',
      (s: any) => {
        s.links[2].bandwidth = '1000Gbps';
        s.flows[1].packetSize = 40;
      },
      'links[2].bandwidth',
      /sends a 40-byte packet in 0\.32 ns, which the engine's nanosecond clock makes 1 ns: such packets cross this link 68 % slower than its bandwidth/,
    ],
    ['a window under 2', (s: any) => (s.flows[0].tcp = { window: 1.5 }), 'flows[0].tcp.window', /under 2 segments/],
    [
      'a window too small for fast retransmit',
      (s: any) => (s.flows[0].tcp = { window: 3 }),
      'flows[0].tcp.window',
      /at most 2 duplicate ACKs .* fewer than dupAckThreshold \(3\)/,
    ],
    [
      'an initial window above the window',
      (s: any) => (s.flows[0].tcp = { window: 10, initialCwnd: 20 }),
      'flows[0].tcp.initialCwnd',
      /more than the window/,
    ],
    [
      'Vegas parameters on a Reno flow',
      (s: any) => (s.flows[0].tcp = { vegas: { alpha: 2 } }),
      'flows[0].tcp.vegas',
      /no effect on a reno flow: only vegas reads it/,
    ],
    [
      'a delayed-ACK timer without delayed ACKs',
      (s: any) => (s.flows[0].tcp = { delayedAckTimeout: 0.2 }),
      'flows[0].tcp.delayedAckTimeout',
      /without "delayedAck": true/,
    ],
    [
      'a delay longer than the run',
      (s: any) => (s.links[2].delay = 10),
      'links[2].delay',
      /nothing sent across this link arrives/,
    ],
    [
      'a sample interval longer than the run',
      (s: any) => (s.sampleInterval = 11),
      'sampleInterval',
      /only the sample at 0 s/,
    ],
    [
      'a CBR flow that would take hours',
      (s: any) => ((s.duration = 10_000), (s.flows[1].rate = '1000Gbps'), (s.flows[1].packetSize = 100)),
      'flows[1].rate',
      /sends about 1\.3e\+13 packets in this run: simulating them takes about 4\.6e\+3 hours/,
    ],
  ])('%s', (_name, change, path, message) => {
    const s = base();
    change(s);
    const warnings = warningsOf(s);
    const w = warnings.find((x) => x.path === path);
    expect(w, JSON.stringify(warnings)).toBeDefined();
    expect(w!.message).toMatch(message);
  });
});

it('no rounding warning for ACKs, nor for data packets rounded by 1 % or less', () => {
  const s = base();
  // 25 Gbps: a 40-byte ACK takes 12.8 ns (sent in 13, 1.6 % slow), a 1040-byte segment 332.8 ns (0.06 %).
  s.links[1].bandwidth = '25Gbps';
  // 10 Gbps: a 1000-byte CBR packet takes exactly 800 ns.
  s.links[2].bandwidth = '10Gbps';
  expect(warningsOf(s)).toEqual([]);
});

it('warnings come beside errors too, and never make a scenario fail', () => {
  const s = base();
  s.flows[0].start = 20;
  s.links[0].bandwidth = 'fast';
  const r = parseScenario(s);
  expect(r.ok).toBe(false);
  // The structure is broken: no normalized scenario, so no warnings yet.
  expect(r.warnings).toEqual([]);
  s.links[0].bandwidth = '10Mbps';
  s.flows[1].to = 'nowhere';
  const r2 = parseScenario(s);
  expect(r2.ok).toBe(false);
  expect(r2.warnings.map((w) => w.path)).toContain('flows[0].start');
});

it('prints as "warning: path: message"', () => {
  const s = base();
  s.flows[0].start = 12;
  expect(formatWarnings(warningsOf(s))).toEqual([
    'warning: flows[0].start: is at or after the end of the run (10 s): this flow sends nothing',
  ]);
});
