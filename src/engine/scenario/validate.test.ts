/**
 * Rules between fields: ids, references, orderings and routes. Each broken
 * rule gives one issue at the path of the field to fix.
 */
import { describe, expect, it } from 'vitest';
import { parseScenario } from './index';
import type { ScenarioIssue } from './types';

function base(): Record<string, any> {
  return {
    duration: 20,
    nodes: [
      { id: 'server', kind: 'host' },
      { id: 'r1', kind: 'router' },
      { id: 'client', kind: 'host' },
      { id: 'other', kind: 'host' },
    ],
    links: [
      { id: 'l1', a: 'server', b: 'r1', bandwidth: '10Mbps', delay: '1ms' },
      {
        id: 'l2',
        a: 'r1',
        b: 'client',
        bandwidth: '1.5Mbps',
        delay: '10ms',
        queue: { type: 'red', limit: 50, minThresh: 5, maxThresh: 15 },
      },
      { id: 'l3', a: 'other', b: 'r1', bandwidth: '10Mbps', delay: '1ms' },
    ],
    flows: [
      { id: 'A', kind: 'tcp', variant: 'reno', from: 'server', to: 'client' },
      { id: 'U', kind: 'cbr', from: 'other', to: 'client', rate: '800kbps' },
    ],
    faults: [
      { kind: 'dropSegments', flow: 'A', seqs: [100] },
      { kind: 'dropBurst', link: 'l2', from: 'r1', at: 5, count: 5 },
      { kind: 'linkDown', link: 'l2', at: 5, duration: 0.2 },
      { kind: 'randomLoss', link: 'l2', from: 'client', rate: 0.01, at: 1, until: 2 },
    ],
  };
}

function issuesAfter(change: (s: Record<string, any>) => void): ScenarioIssue[] {
  const s = base();
  change(s);
  const r = parseScenario(s);
  if (r.ok) throw new Error('expected the scenario to be refused');
  return r.issues;
}

function only(change: (s: Record<string, any>) => void): ScenarioIssue {
  const issues = issuesAfter(change);
  expect(issues, JSON.stringify(issues)).toHaveLength(1);
  return issues[0]!;
}

it('the base fixture is valid', () => {
  expect(parseScenario(base())).toMatchObject({ ok: true });
});

describe('ids', () => {
  it('a duplicate node id names both places', () => {
    expect(issuesAfter((s) => s.nodes.push({ id: 'r1', kind: 'router' }))).toEqual([
      { path: 'nodes[4].id', message: 'duplicate id "r1" (also nodes[1])' },
    ]);
  });

  it('a duplicate link id', () => {
    expect(only((s) => s.links.push({ id: 'l1', a: 'server', b: 'client', bandwidth: 1e6, delay: 0 }))).toEqual({
      path: 'links[3].id',
      message: 'duplicate id "l1" (also links[0])',
    });
  });

  it('a duplicate flow id', () => {
    expect(only((s) => (s.flows[1].id = 'A'))).toEqual({
      path: 'flows[1].id',
      message: 'duplicate id "A" (also flows[0])',
    });
  });

  it('ids of different kinds may coincide', () => {
    const s = base();
    s.flows[0].id = 'server';
    s.links[0].id = 'server';
    s.faults[0].flow = 'server';
    expect(parseScenario(s).ok).toBe(true);
  });
});

describe('references', () => {
  it('an unknown node in a link lists the nodes and suggests the nearest', () => {
    expect(only((s) => (s.links[0].a = 'srever'))).toEqual({
      path: 'links[0].a',
      message: 'unknown node "srever" (nodes are "server", "r1", "client", "other"); did you mean "server"?',
    });
  });

  it('an unknown node does not also claim "no route"', () => {
    expect(only((s) => (s.links[1].b = 'nowhere')).path).toBe('links[1].b');
  });

  it('an unknown node in a flow', () => {
    expect(only((s) => (s.flows[0].to = 'clint'))).toEqual({
      path: 'flows[0].to',
      message: 'unknown node "clint" (nodes are "server", "r1", "client", "other"); did you mean "client"?',
    });
  });

  it('a long node list is shortened', () => {
    const issue = only((s) => {
      for (let i = 0; i < 20; i++) s.nodes.push({ id: `n${i}`, kind: 'host' });
      for (let i = 0; i < 20; i++) s.links.push({ id: `x${i}`, a: 'r1', b: `n${i}`, bandwidth: 1e6, delay: 0 });
      s.flows[0].from = 'zzz';
    });
    expect(issue.message).toMatch(/^unknown node "zzz" \(nodes are "server", .* and 12 more\)$/);
  });

  it('a link from a node to itself', () => {
    expect(only((s) => (s.links[2].b = 'other'))).toEqual({
      path: 'links[2].b',
      message: 'a link must join two different nodes (both ends are "other")',
    });
  });

  it('one message per field: an unknown node at both ends is not also a self-loop', () => {
    expect(issuesAfter((s) => ((s.links[0].a = 'zzz'), (s.links[0].b = 'zzz')))).toEqual([
      { path: 'links[0].a', message: 'unknown node "zzz" (nodes are "server", "r1", "client", "other")' },
      { path: 'links[0].b', message: 'unknown node "zzz" (nodes are "server", "r1", "client", "other")' },
    ]);
  });

  it('a flow to itself', () => {
    expect(only((s) => (s.flows[0].to = 'server'))).toEqual({
      path: 'flows[0].to',
      message: 'a flow must go to another node (from and to are both "server")',
    });
  });

  it('an unknown flow in a fault', () => {
    expect(only((s) => (s.faults[0].flow = 'B'))).toEqual({
      path: 'faults[0].flow',
      message: 'unknown flow "B" (flows are "A", "U")',
    });
  });

  it('an unknown link in a fault', () => {
    expect(only((s) => (s.faults[2].link = 'l9'))).toEqual({
      path: 'faults[2].link',
      message: 'unknown link "l9" (links are "l1", "l2", "l3"); did you mean "l1"?',
    });
  });

  it('an odd id is escaped, so each issue stays on one line', () => {
    const issue = only((s) => (s.flows[0].to = 'cli\nent'));
    expect(issue.message).toBe(
      'unknown node "cli\\nent" (nodes are "server", "r1", "client", "other"); did you mean "client"?',
    );
    expect(issue.message).not.toContain('\n');
  });

  it('a reference into an empty list says so', () => {
    expect(only((s) => ((s.flows = []), (s.faults = [{ kind: 'dropSegments', flow: 'A', seqs: [] }])))).toEqual({
      path: 'faults[0].flow',
      message: 'unknown flow "A" (there are no flows)',
    });
  });

  it('dropSegments on a CBR flow', () => {
    expect(only((s) => (s.faults[0].flow = 'U'))).toEqual({
      path: 'faults[0].flow',
      message: '"U" is a CBR flow: dropSegments drops numbered TCP data segments, so it needs a TCP flow',
    });
  });

  it.each([1, 3])('a fault direction that is not an end of the link (faults[%i])', (i) => {
    expect(only((s) => (s.faults[i].from = 'server'))).toEqual({
      path: `faults[${i}].from`,
      message: '"server" is not an end of link "l2" (its ends are "r1" and "client"); leave it out for both directions',
    });
  });
});

describe('routes', () => {
  it('a flow whose ends are not joined by links has no route', () => {
    expect(
      only((s) => {
        s.nodes.push({ id: 'island', kind: 'host' }, { id: 'far', kind: 'host' });
        s.links.push({ id: 'l4', a: 'island', b: 'far', bandwidth: 1e6, delay: 0 });
        s.flows.push({ id: 'C', variant: 'cubic', from: 'server', to: 'far' });
      }),
    ).toEqual({ path: 'flows[2]', message: 'no route from "server" to "far": no chain of links joins them' });
  });

  it('links are full duplex: a flow may run from b to a', () => {
    const s = base();
    s.flows.push({ id: 'back', variant: 'reno', from: 'client', to: 'server' });
    expect(parseScenario(s).ok).toBe(true);
  });

  it('every node forwards, hosts included', () => {
    const s = base();
    s.nodes.push({ id: 'behind', kind: 'host' });
    s.links.push({ id: 'l4', a: 'client', b: 'behind', bandwidth: 1e6, delay: 0 });
    s.flows.push({ id: 'through', variant: 'reno', from: 'server', to: 'behind' });
    expect(parseScenario(s).ok).toBe(true);
  });

  it('a long chain is still found', () => {
    const s = base();
    for (let i = 0; i < 5000; i++) {
      s.nodes.push({ id: `c${i}`, kind: 'router' });
      s.links.push({ id: `cl${i}`, a: i === 0 ? 'client' : `c${i - 1}`, b: `c${i}`, bandwidth: 1e6, delay: 0 });
    }
    s.flows.push({ id: 'long', variant: 'reno', from: 'server', to: 'c4999' });
    expect(parseScenario(s).ok).toBe(true);
  });
});

describe('orderings and sanity', () => {
  it.each([
    [
      (s: any) => (s.links[1].queue.minThresh = 16),
      'links[1].queue.maxThresh',
      'must be at least minThresh (16) (got 15)',
    ],
    [
      (s: any) => (s.links[1].queue.maxThresh = 60),
      'links[1].queue.maxThresh',
      'must not exceed the queue limit (50 packets): the average queue could never reach it (got 60)',
    ],
    [
      (s: any) => (s.links[0].queue = { type: 'red', limit: 10 }),
      'links[0].queue.maxThresh',
      'must not exceed the queue limit (10 packets): the average queue could never reach it (got 15)',
    ],
    [(s: any) => (s.flows[0].stop = 0), 'flows[0].stop', 'must be later than start (0 s) (got 0 s)'],
    [
      (s: any) => ((s.flows[1].start = 5), (s.flows[1].stop = '4s')),
      'flows[1].stop',
      'must be later than start (5 s) (got 4 s)',
    ],
    [
      (s: any) => (s.flows[0].tcp = { minRto: 2, maxRto: 1 }),
      'flows[0].tcp.maxRto',
      'must be at least minRto (2 s) (got 1 s)',
    ],
    [
      (s: any) => (s.flows[0].tcp = { minRto: 100 }),
      'flows[0].tcp.maxRto',
      'must be at least minRto (100 s) (got 60 s)',
    ],
    [
      (s: any) => (s.flows[0].tcp = { vegas: { alpha: 4 } }),
      'flows[0].tcp.vegas.beta',
      'must be at least alpha (4) (got 3)',
    ],
    [
      (s: any) => (s.flows[0].tcp = { tcpTick: '10ms', rttGain: 0.1 }),
      'flows[0].tcp.rttGain',
      'must be 1, 1/2, 1/4, 1/8, … when tcpTick is set: the tick arithmetic divides by it as a bit shift (ns-2 T_SRTT_BITS) (got 0.1)',
    ],
    [
      (s: any) => (s.flows[0].tcp = { tcpTick: 0.5, rttVarGain: 0.3 }),
      'flows[0].tcp.rttVarGain',
      'must be 1, 1/2, 1/4, 1/8, … when tcpTick is set: the tick arithmetic divides by it as a bit shift (ns-2 T_RTTVAR_BITS) (got 0.3)',
    ],
    [
      (s: any) => (s.flows[0].tcp = { tcpTick: '10ms', tcpTickPhase: '10ms' }),
      'flows[0].tcp.tcpTickPhase',
      'must be less than tcpTick (0.01 s) (got 0.01 s)',
    ],
    [
      (s: any) => (s.flows[0].tcp = { tcpTickPhase: 0.004 }),
      'flows[0].tcp.tcpTickPhase',
      "places the boundaries of the RTT clock's ticks, but tcpTick is 0 (exact time): set tcpTick too, or leave this out (got 0.004 s)",
    ],
    [
      (s: any) => ((s.flows[0].packetSize = 65495), (s.flows[0].tcp = { headerBytes: 60 })),
      'flows[0].packetSize',
      'with 60 header bytes the packet would exceed 65535 bytes (got 65495)',
    ],
    [(s: any) => (s.faults[3].until = 1), 'faults[3].until', 'must be later than at (1 s) (got 1 s)'],
    [(s: any) => (s.measure = { from: 5, to: 5 }), 'measure.to', 'must be later than measure.from (5 s) (got 5 s)'],
    [(s: any) => (s.measure = { to: 25 }), 'measure.to', 'must be at most the duration (20 s) (got 25 s)'],
    [
      (s: any) => (s.measure = { from: 30 }),
      'measure.from',
      'must be earlier than the end of the run (duration 20 s) (got 30 s)',
    ],
    [
      (s: any) => (s.sampleInterval = '1us'),
      'sampleInterval',
      'too small for a 20 s run: it would take 20000000 samples, at most 2000000 are kept (use at least 0.00001 s) (got 0.000001 s)',
    ],
  ])('%#: %s', (change, path, message) => {
    expect(only(change)).toEqual({ path, message });
  });

  it('a tick with power-of-two gains and a phase inside it is accepted, in any time unit', () => {
    const s = base();
    s.flows[0].tcp = { tcpTick: '10ms', tcpTickPhase: '2.5ms', rttGain: 0.5, rttVarGain: 1 };
    const r = parseScenario(s);
    expect(r.ok).toBe(true);
    const tcp = r.ok && r.scenario.flows[0]!.kind === 'tcp' ? r.scenario.flows[0]!.tcp : null;
    expect([tcp?.tcpTick, tcp?.tcpTickPhase]).toEqual([0.01, 0.0025]);
  });

  it('exact time (tcpTick 0) allows any gain', () => {
    const s = base();
    s.flows[0].tcp = { tcpTick: 0, rttGain: 0.1, rttVarGain: 0.3 };
    expect(parseScenario(s).ok).toBe(true);
  });

  it('measure.to defaults to a shortened duration', () => {
    const s = base();
    s.duration = 5;
    const r = parseScenario(s);
    expect(r.ok && r.scenario.measure).toEqual({ from: 0, to: 5 });
  });

  it('a sample interval at the limit is accepted', () => {
    const s = base();
    s.sampleInterval = 20 / 2_000_000;
    expect(parseScenario(s).ok).toBe(true);
  });

  it('every cross-field problem is reported together, grouped by item', () => {
    const issues = issuesAfter((s) => {
      s.faults[0].flow = 'nope';
      s.flows[1].to = 'other';
      s.nodes.push({ id: 'server', kind: 'host' });
      s.measure = { to: 99 };
    });
    expect(issues.map((i) => i.path)).toEqual(['measure.to', 'nodes[4].id', 'flows[1].to', 'faults[0].flow']);
  });
});

describe('the AQMs', () => {
  it.each([
    [{ type: 'codel', target: '5ms', interval: '100ms', ecn: true }],
    [{ type: 'fqcodel', quantum: 1514, flows: 1024, dropBatch: 64 }],
    [{ type: 'pie', target: '15ms', tUpdate: '15ms', ecn: true, ecnThreshold: 0.1 }],
  ])('%o loads', (queue) => {
    const s = base();
    s.links[1].queue = queue;
    expect(parseScenario(s)).toMatchObject({ ok: true });
  });

  it("PIE's dequeue-rate estimator is refused, naming the field", () => {
    expect(only((s) => (s.links[1].queue = { type: 'pie', dequeueRateEstimator: true })).path).toBe(
      'links[1].queue.dequeueRateEstimator',
    );
  });

  it('a bad CoDel target names the field', () => {
    expect(only((s) => (s.links[1].queue = { type: 'codel', target: '-5ms' })).path).toBe('links[1].queue.target');
  });
});
