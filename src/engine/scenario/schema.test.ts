/**
 * Structural problems: each kind of malformed field gets its own message at
 * the path of that field.
 */
import { describe, expect, it } from 'vitest';
import { QUEUE_TYPES } from '../queues/registry';
import { parseScenario } from './index';
import { editDistance, formatPath, suggest } from './schema';
import { VARIANTS, type ScenarioIssue } from './types';

/** A small valid scenario; each test breaks one thing in a fresh copy. */
function base(): Record<string, any> {
  return {
    name: 'test',
    nodes: [
      { id: 'server', kind: 'host' },
      { id: 'r1', kind: 'router' },
      { id: 'client', kind: 'host' },
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
    ],
    flows: [
      { id: 'A', kind: 'tcp', variant: 'reno', from: 'server', to: 'client', tcp: { window: 64 } },
      { id: 'U', kind: 'cbr', from: 'server', to: 'client', rate: '800kbps' },
    ],
    faults: [
      { kind: 'dropSegments', flow: 'A', seqs: [100] },
      { kind: 'dropBurst', link: 'l2', from: 'r1', at: 5, count: 5 },
      { kind: 'linkDown', link: 'l2', at: 5, duration: 0.2 },
      { kind: 'randomLoss', link: 'l2', rate: 0.01 },
    ],
  };
}

function issuesOf(input: unknown): ScenarioIssue[] {
  const r = parseScenario(input);
  if (r.ok) throw new Error('expected the scenario to be refused');
  return r.issues;
}

/** The single issue the input gives (asserting there is exactly one). */
function only(input: unknown): ScenarioIssue {
  const issues = issuesOf(input);
  expect(issues, JSON.stringify(issues)).toHaveLength(1);
  return issues[0]!;
}

function broken(change: (s: Record<string, any>) => void): Record<string, any> {
  const s = base();
  change(s);
  return s;
}

it('the base fixture is valid', () => {
  expect(parseScenario(base()).ok).toBe(true);
});

describe('the whole document', () => {
  it.each([
    [null, 'must be an object (got null)'],
    [[], 'must be an object (got a list)'],
    [42, 'must be an object (got 42)'],
    ['{}', 'must be an object (got "{}")'],
    [undefined, 'is required (an object)'],
  ])('%j is refused at (scenario)', (input, message) => {
    expect(only(input)).toEqual({ path: '(scenario)', message });
  });

  it('an empty object lists the three required lists', () => {
    expect(issuesOf({})).toEqual([
      { path: 'nodes', message: 'is required (a list)' },
      { path: 'links', message: 'is required (a list)' },
      { path: 'flows', message: 'is required (a list)' },
    ]);
  });

  it('a list given as an object names the field and what it got', () => {
    expect(only(broken((s) => (s.nodes = { server: {} })))).toEqual({
      path: 'nodes',
      message: 'must be a list (got an object)',
    });
  });

  it('an unsupported version', () => {
    expect(only(broken((s) => (s.version = 2)))).toEqual({
      path: 'version',
      message: 'this loader reads version 1 scenarios (got 2)',
    });
  });
});

describe('unknown fields', () => {
  it('a top-level typo is named, with a suggestion', () => {
    expect(only(broken((s) => (s.durration = 10)))).toEqual({
      path: 'durration',
      message: 'unknown field; did you mean "duration"?',
    });
  });

  it('a top-level key with no near match lists the known fields', () => {
    const issue = only(broken((s) => (s.colour = 'red')));
    expect(issue.path).toBe('colour');
    expect(issue.message).toMatch(/^unknown field; known fields: version, name, description, seed, duration/);
  });

  it('a misspelt required field is reported once, as the typo', () => {
    expect(
      only(
        broken((s) => {
          s.links[0].bandwith = s.links[0].bandwidth;
          delete s.links[0].bandwidth;
        }),
      ),
    ).toEqual({ path: 'links[0].bandwith', message: 'unknown field; did you mean "bandwidth"?' });
  });

  it.each([
    [(s: any) => (s.nodes[1].knd = 'router'), 'nodes[1].knd', 'did you mean "kind"?'],
    [(s: any) => (s.links[1].queue.maxthresh = 3), 'links[1].queue.maxthresh', 'did you mean "maxThresh"?'],
    [(s: any) => (s.flows[0].tcp.windw = 3), 'flows[0].tcp.windw', 'did you mean "window"?'],
    [(s: any) => (s.flows[0].tcp.vegas = { alpah: 2 }), 'flows[0].tcp.vegas.alpah', 'did you mean "alpha"?'],
    [(s: any) => (s.faults[1].cout = 2), 'faults[1].cout', 'did you mean "count"?'],
    [(s: any) => (s.measure = { form: 1 }), 'measure.form', 'did you mean "from"?'],
    [(s: any) => (s.sampleinterval = 0.1), 'sampleinterval', 'did you mean "sampleInterval"?'],
    [(s: any) => (s.links[0].dealy = '1ms'), 'links[0].dealy', 'did you mean "delay"?'],
  ])('%#: a typo inside an item is named with its path', (change, path, hint) => {
    const s = base();
    change(s);
    const issue = issuesOf(s).find((i) => i.path === path);
    expect(issue?.message).toBe(`unknown field; ${hint}`);
  });

  it('a field of another kind of flow says which kind has it', () => {
    expect(only(broken((s) => (s.flows[1].variant = 'reno')))).toEqual({
      path: 'flows[1].variant',
      message: 'unknown field for kind "cbr" (only kind "tcp" has it)',
    });
    expect(only(broken((s) => (s.flows[1].tcp = {})))).toEqual({
      path: 'flows[1].tcp',
      message: 'unknown field for kind "cbr" (only kind "tcp" has it)',
    });
  });

  it('a RED field on a DropTail queue says RED has it', () => {
    expect(only(broken((s) => (s.links[0].queue = { type: 'droptail', maxP: 0.2 })))).toEqual({
      path: 'links[0].queue.maxP',
      message: 'unknown field for type "droptail" (only type "red" has it)',
    });
  });

  it('linkDown has no direction', () => {
    expect(only(broken((s) => (s.faults[2].from = 'r1')))).toEqual({
      path: 'faults[2].from',
      message: 'unknown field for kind "linkDown" (only kind "dropBurst" has it)',
    });
  });

  it('prototype keys are plain unknown fields and pollute nothing', () => {
    const text = JSON.stringify(base()).replace('{', '{"__proto__": {"polluted": true}, "constructor": 1, ');
    const input = JSON.parse(text.replace('"id":"l1"', '"__proto__":{"x":1},"id":"l1"'));
    const issues = issuesOf(input);
    expect(issues.map((i) => i.path)).toEqual(['__proto__', 'constructor', 'links[0].__proto__']);
    for (const issue of issues) expect(issue.message).toMatch(/^unknown field/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a key that is not an identifier is quoted in the path', () => {
    expect(only(broken((s) => (s.links[0]['band width'] = 1))).path).toBe('links[0]["band width"]');
  });

  it('ui and lesson are carried through unchecked', () => {
    const ui = { layout: { zoom: 2 }, anything: [1, 'two', null] };
    const r = parseScenario({ ...base(), ui, lesson: 'Read this first.' });
    expect(r.ok && r.scenario.ui).toEqual(ui);
    expect(r.ok && r.scenario.lesson).toBe('Read this first.');
  });
});

/** The variants as the loader lists them in a message: each in quotes. */
const quoted = (names: readonly string[]) => names.map((n) => `"${n}"`).join(', ');

describe('kinds, types and variants', () => {
  it('an unknown variant lists the known ones and suggests the nearest', () => {
    expect(only(broken((s) => (s.flows[0].variant = 'rneo')))).toEqual({
      path: 'flows[0].variant',
      message: `unknown variant "rneo"; known variants: ${VARIANTS.join(', ')}; did you mean "reno"?`,
    });
  });

  it('a variant of the wrong type', () => {
    expect(only(broken((s) => (s.flows[0].variant = 3))).message).toBe(`must be one of ${quoted(VARIANTS)} (got 3)`);
  });

  it('a missing variant', () => {
    expect(only(broken((s) => delete s.flows[0].variant))).toEqual({
      path: 'flows[0].variant',
      message: `is required: one of ${quoted(VARIANTS)}`,
    });
  });

  it('an unknown flow kind', () => {
    expect(only(broken((s) => (s.flows[1].kind = 'udp')))).toEqual({
      path: 'flows[1].kind',
      message: 'unknown kind "udp"; known kinds: tcp, cbr, transaction',
    });
  });

  it('an unknown queue type', () => {
    expect(only(broken((s) => (s.links[1].queue.type = 'fifo')))).toEqual({
      path: 'links[1].queue.type',
      message: `unknown type "fifo"; known types: ${QUEUE_TYPES.join(', ')}`,
    });
  });

  it('an unknown fault kind suggests the nearest', () => {
    expect(only(broken((s) => (s.faults[0].kind = 'dropSegment')))).toEqual({
      path: 'faults[0].kind',
      message:
        'unknown kind "dropSegment"; known kinds: dropSegments, dropBurst, linkDown, randomLoss; did you mean "dropSegments"?',
    });
  });

  it('a missing fault kind', () => {
    expect(only(broken((s) => delete s.faults[3].kind))).toEqual({
      path: 'faults[3].kind',
      message: 'is required: one of "dropSegments", "dropBurst", "linkDown", "randomLoss"',
    });
  });

  it('an unknown node kind', () => {
    expect(only(broken((s) => (s.nodes[0].kind = 'switch')))).toEqual({
      path: 'nodes[0].kind',
      message: 'unknown kind "switch"; known kinds: host, router',
    });
  });
});

describe('quantities', () => {
  it('an unparseable unit names the accepted form and echoes the value', () => {
    const issue = only(broken((s) => (s.links[1].bandwidth = '10 furlongs')));
    expect(issue.path).toBe('links[1].bandwidth');
    expect(issue.message).toMatch(/^must be a bandwidth such as "10Mbps" or a number of bit\/s \(got "10 furlongs"\)/);
  });

  it('a negative bandwidth', () => {
    expect(only(broken((s) => (s.links[0].bandwidth = '-10Mbps')))).toEqual({
      path: 'links[0].bandwidth',
      message: 'must be greater than 0 (got a negative bandwidth: "-10Mbps")',
    });
  });

  it('a zero bandwidth', () => {
    expect(only(broken((s) => (s.links[0].bandwidth = 0)))).toEqual({
      path: 'links[0].bandwidth',
      message: 'must be greater than 0 (got 0)',
    });
  });

  it('an absurd bandwidth', () => {
    expect(only(broken((s) => (s.links[0].bandwidth = '5000Gbps'))).message).toBe(
      'must be at most 1000000000000 bit/s (got "5000Gbps")',
    );
  });

  it('a missing bandwidth says what to give', () => {
    expect(only(broken((s) => delete s.links[0].bandwidth))).toEqual({
      path: 'links[0].bandwidth',
      message: 'is required: a bandwidth such as "10Mbps" or a number of bit/s',
    });
  });

  it('a negative delay', () => {
    expect(only(broken((s) => (s.links[0].delay = '-1ms')))).toEqual({
      path: 'links[0].delay',
      message: 'must be 0 or more (got a negative time: "-1ms")',
    });
  });

  it('a time with a bandwidth unit', () => {
    expect(only(broken((s) => (s.links[0].delay = '10Mbps'))).message).toMatch(/^must be a time such as "10ms"/);
  });

  it('NaN and Infinity given as numbers', () => {
    expect(only(broken((s) => (s.duration = Number.NaN))).message).toContain('(got NaN)');
    expect(only(broken((s) => (s.flows[0].tcp.window = Number.POSITIVE_INFINITY))).message).toBe(
      'must be a finite number (got Infinity)',
    );
  });

  it('a fractional file size', () => {
    expect(only(broken((s) => (s.flows[0].bytes = 1000.5)))).toEqual({
      path: 'flows[0].bytes',
      message: 'must be a whole number of bytes (got 1000.5)',
    });
  });

  it('a CBR rate in bytes per second', () => {
    expect(only(broken((s) => (s.flows[1].rate = '100kBps'))).message).toMatch(/^bandwidths are in bits/);
  });
});

describe('counts and ranges', () => {
  it('a zero queue limit has its own message', () => {
    expect(only(broken((s) => (s.links[1].queue.limit = 0)))).toEqual({
      path: 'links[1].queue.limit',
      message: 'a queue limit of 0 holds no packets and would drop everything: must be at least 1 packet',
    });
  });

  it.each([
    [(s: any) => (s.links[1].queue.limit = -3), 'links[1].queue.limit', 'must be at least 1 (got -3)'],
    [(s: any) => (s.links[1].queue.limit = 2.5), 'links[1].queue.limit', 'must be a whole number (got 2.5)'],
    [(s: any) => (s.links[1].queue.limit = '50'), 'links[1].queue.limit', 'must be a number (got "50")'],
    [(s: any) => (s.links[1].queue.maxP = 0), 'links[1].queue.maxP', 'must be greater than 0 (got 0)'],
    [(s: any) => (s.links[1].queue.maxP = 1.5), 'links[1].queue.maxP', 'must be at most 1 (got 1.5)'],
    [(s: any) => (s.links[1].queue.weight = 0), 'links[1].queue.weight', 'must be greater than 0 (got 0)'],
    [(s: any) => (s.links[1].queue.gentle = 'yes'), 'links[1].queue.gentle', 'must be true or false (got "yes")'],
    [(s: any) => (s.flows[0].packetSize = 0), 'flows[0].packetSize', 'must be greater than 0 (got 0)'],
    [(s: any) => (s.flows[0].packetSize = 70000), 'flows[0].packetSize', 'must be at most 65495 bytes (got 70000)'],
    [(s: any) => (s.flows[0].packetSize = 100.5), 'flows[0].packetSize', 'must be a whole number of bytes (got 100.5)'],
    [(s: any) => (s.flows[0].tcp.window = 0.5), 'flows[0].tcp.window', 'must be at least 1 (got 0.5)'],
    [(s: any) => (s.flows[0].tcp.initialCwnd = 0), 'flows[0].tcp.initialCwnd', 'must be at least 1 (got 0)'],
    [
      (s: any) => (s.flows[0].tcp.dupAckThreshold = 2.5),
      'flows[0].tcp.dupAckThreshold',
      'must be a whole number (got 2.5)',
    ],
    [(s: any) => (s.flows[0].tcp.dupAckThreshold = 0), 'flows[0].tcp.dupAckThreshold', 'must be at least 1 (got 0)'],
    [(s: any) => (s.flows[0].tcp.minRto = 0), 'flows[0].tcp.minRto', 'must be greater than 0 (got 0)'],
    [(s: any) => (s.flows[0].tcp.maxSackBlocks = 5), 'flows[0].tcp.maxSackBlocks', 'must be at most 4 (got 5)'],
    [
      (s: any) => (s.flows[0].tcp.tcpTick = -0.01),
      'flows[0].tcp.tcpTick',
      'must be 0 or more (got a negative time: -0.01)',
    ],
    [
      (s: any) => (s.flows[0].tcp.tcpTick = '-10ms'),
      'flows[0].tcp.tcpTick',
      'must be 0 or more (got a negative time: "-10ms")',
    ],
    [
      (s: any) => (s.flows[0].tcp.tcpTick = true),
      'flows[0].tcp.tcpTick',
      'must be a time such as "10ms" or a number of seconds (got true)',
    ],
    [
      (s: any) => (s.flows[0].tcp.tcpTick = '10 ticks'),
      'flows[0].tcp.tcpTick',
      'must be a time such as "10ms" or a number of seconds (got "10 ticks"); known units: s, ms, us (µs), ns, min',
    ],
    [
      (s: any) => (s.flows[0].tcp.tcpTickPhase = '-1ms'),
      'flows[0].tcp.tcpTickPhase',
      'must be 0 or more (got a negative time: "-1ms")',
    ],
    [(s: any) => (s.flows[0].tcp.cubic = { beta: 1 }), 'flows[0].tcp.cubic.beta', 'must be less than 1 (got 1)'],
    [(s: any) => (s.flows[0].tcp.delayedAck = 1), 'flows[0].tcp.delayedAck', 'must be true or false (got 1)'],
    [(s: any) => (s.flows[0].start = -1), 'flows[0].start', 'must be 0 or more (got a negative time: -1)'],
    [(s: any) => (s.flows[0].bytes = 0), 'flows[0].bytes', 'must be greater than 0 (got 0)'],
    [(s: any) => (s.seed = 1.5), 'seed', 'must be a whole number (got 1.5)'],
    [(s: any) => (s.seed = -1), 'seed', 'must be at least 0 (got -1)'],
    [(s: any) => (s.seed = 2 ** 32), 'seed', 'must be at most 4294967295 (got 4294967296)'],
    [(s: any) => (s.seed = 1e300), 'seed', 'is too large to count exactly (got 1e+300)'],
    [(s: any) => (s.duration = 0), 'duration', 'must be greater than 0 (got 0)'],
    [(s: any) => (s.duration = 700000), 'duration', 'must be at most 604800 s (got 700000)'],
    [(s: any) => (s.sampleInterval = '0s'), 'sampleInterval', 'must be greater than 0 (got "0s")'],
    [(s: any) => (s.faults[3].rate = 1.5), 'faults[3].rate', 'must be at most 1 (got 1.5)'],
    [(s: any) => (s.faults[3].rate = -0.1), 'faults[3].rate', 'must be at least 0 (got -0.1)'],
    [(s: any) => (s.faults[1].count = 0), 'faults[1].count', 'must be at least 1 (got 0)'],
    [(s: any) => (s.faults[1].count = 1.5), 'faults[1].count', 'must be a whole number (got 1.5)'],
    [(s: any) => (s.faults[2].duration = 0), 'faults[2].duration', 'must be greater than 0 (got 0)'],
    [(s: any) => (s.faults[0].seqs = [1, -2]), 'faults[0].seqs[1]', 'must be at least 0 (got -2)'],
    [(s: any) => (s.faults[0].seqs = '100'), 'faults[0].seqs', 'must be a list (got "100")'],
    [(s: any) => (s.nodes[0].id = ''), 'nodes[0].id', 'must not be empty'],
    [(s: any) => (s.nodes[0].id = 7), 'nodes[0].id', 'must be a string (got 7)'],
    [(s: any) => (s.nodes[0].id = []), 'nodes[0].id', 'must be a string (got a list)'],
    [(s: any) => (s.nodes[0].x = 'left'), 'nodes[0].x', 'must be a number (got "left")'],
    [(s: any) => (s.name = null), 'name', 'must be a string (got null)'],
    [
      (s: any) => (s.flows[0].stop = 'never'),
      'flows[0].stop',
      'must be a time such as "10ms" or a number of seconds (got "never")',
    ],
  ])('%#: %s', (change, path, message) => {
    expect(only(broken(change))).toEqual({ path, message });
  });

  it('every problem is reported, not only the first', () => {
    const issues = issuesOf(
      broken((s) => {
        s.links[0].bandwidth = 'fast';
        s.links[1].queue.limit = 0;
        s.flows[0].variant = 'bbr9';
        s.faults[1].count = -1;
      }),
    );
    expect(issues.map((i) => i.path)).toEqual([
      'links[0].bandwidth',
      'links[1].queue.limit',
      'flows[0].variant',
      'faults[1].count',
    ]);
  });
});

describe('helpers', () => {
  it.each([
    [[], '(scenario)'],
    [['links', 1, 'bandwidth'], 'links[1].bandwidth'],
    [['faults', 0, 'seqs', 2], 'faults[0].seqs[2]'],
    [['a b'], '["a b"]'],
    [['x', '1y'], 'x["1y"]'],
  ])('formatPath(%j) is %s', (path, expected) => {
    expect(formatPath(path)).toBe(expected);
  });

  it('editDistance counts a transposition as one edit', () => {
    expect(editDistance('dealy', 'delay')).toBe(1);
    expect(editDistance('bandwith', 'bandwidth')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });

  it('suggest only offers close matches', () => {
    expect(suggest('durration', ['duration', 'seed'])).toBe('duration');
    expect(suggest('SEED', ['duration', 'seed'])).toBe('seed');
    expect(suggest('colour', ['duration', 'seed'])).toBeUndefined();
    expect(suggest('x'.repeat(500), ['x'])).toBeUndefined();
  });
});
