/**
 * Every number the loader accepts has an upper bound the engine can honour,
 * refused with a message at the field's path; the opaque `ui` and `lesson`
 * values are bounded in depth and size; messages stay on one short line.
 */
import { describe, expect, it } from 'vitest';
import { formatIssues, parseScenario, parseScenarioText } from './index';
import * as L from './limits';
import type { ScenarioIssue } from './types';

function base(): Record<string, any> {
  return {
    name: 'bounds',
    duration: 10,
    nodes: [
      { id: 'server', kind: 'host' },
      { id: 'r1', kind: 'router' },
      { id: 'client', kind: 'host' },
    ],
    links: [
      { id: 'l1', a: 'server', b: 'r1', bandwidth: '10Mbps', delay: '1ms' },
      { id: 'l2', a: 'r1', b: 'client', bandwidth: '1.5Mbps', delay: '10ms', queue: { type: 'red' } },
    ],
    flows: [
      { id: 'A', variant: 'vegas', from: 'server', to: 'client', tcp: { window: 64 } },
      { id: 'U', kind: 'cbr', from: 'server', to: 'client', rate: '800kbps' },
    ],
    faults: [
      { kind: 'dropSegments', flow: 'A', seqs: [100] },
      { kind: 'dropBurst', link: 'l2', at: 5, count: 5 },
      { kind: 'linkDown', link: 'l2', at: 5, duration: 0.2 },
      { kind: 'randomLoss', link: 'l2', rate: 0.01 },
    ],
  };
}

function issuesOf(input: unknown): ScenarioIssue[] {
  const r = parseScenario(input);
  if (r.ok) throw new Error(`expected a refusal of ${JSON.stringify(input).slice(0, 300)}`);
  return r.issues;
}

it('the base is valid', () => {
  expect(parseScenario(base())).toMatchObject({ ok: true });
});

describe('upper bounds, each at its field', () => {
  const set = (path: string, value: unknown) => {
    const s = base();
    const keys = path.replace(/\[(\d+)\]/g, '.$1').split('.');
    let o: any = s;
    for (const k of keys.slice(0, -1)) o = o[k] ??= {};
    o[keys.at(-1)!] = value;
    return s;
  };
  it.each([
    ['flows[0].tcp.window', 2.7e8, /must be at most 1000000/],
    ['flows[0].tcp.window', 1e308, /must be at most 1000000/],
    ['flows[0].tcp.initialCwnd', 1e7, /must be at most 1000000/],
    ['flows[0].tcp.dupAckThreshold', 1e7, /must be at most 1000000/],
    ['flows[0].tcp.minRto', '700000s', /must be at most 604800 s/],
    ['flows[0].tcp.rtoK', 1e6, /must be at most 1000/],
    ['flows[0].tcp.tcpTick', 60, /must be at most 10 s/],
    ['flows[0].tcp.headerBytes', 70000, /must be at most 65534 bytes/],
    ['flows[0].tcp.ackBytes', 70000, /must be at most 65535 bytes/],
    ['flows[0].tcp.vegas.beta', 1e9, /must be at most 1000000/],
    ['flows[0].tcp.cubic.c', 1e6, /must be at most 100/],
    ['flows[0].start', 1e12, /must be at most 604800 s/],
    ['flows[0].stop', 1e12, /must be at most 604800 s/],
    ['flows[0].bytes', '2000GB', /must be at most 1000000000000 bytes/],
    ['links[0].delay', 1e12, /must be at most 604800 s/],
    ['links[0].bandwidth', 1e-9, /must be at least 1 bit\/s/],
    ['links[1].queue.limit', 1e12, /must be at most 1000000/],
    ['links[1].queue.meanPacketSize', 1e6, /must be at most 65535 bytes/],
    ['flows[1].rate', '2000Gbps', /must be at most 1000000000000 bit\/s/],
    ['faults[1].at', 1e9, /must be at most 604800 s/],
    ['faults[1].count', 1e12, /must be at most 1000000000/],
    ['faults[2].duration', 1e9, /must be at most 604800 s/],
    ['faults[3].until', 1e9, /must be at most 604800 s/],
    ['faults[0].seqs[0]', 2 ** 31, /must be at most 2147483644/],
    ['nodes[0].x', 1e300, /must be at most 1000000/],
    ['sampleInterval', 1e9, /must be at most 604800 s/],
    ['measure.to', 1e9, /must be at most 604800 s/],
    ['name', 'n'.repeat(L.MAX_NAME_CHARS + 1), /too long: at most 500 characters/],
    ['description', 'd'.repeat(L.MAX_DESCRIPTION_CHARS + 1), /too long: at most 100000 characters/],
  ])('%s', (path, value, message) => {
    const issues = issuesOf(set(path, value));
    const at = issues.find((i) => i.path === path);
    expect(at, JSON.stringify(issues)).toBeDefined();
    expect(at!.message).toMatch(message);
  });

  it('a file of more segments than 32-bit sequence numbers can count is refused at bytes', () => {
    const s = base();
    s.flows[0].bytes = 1e12;
    s.flows[0].packetSize = 100;
    const issue = issuesOf(s).find((i) => i.path === 'flows[0].bytes');
    expect(issue?.message).toMatch(/10000000000 segments of 100 bytes, at most 2147483645 can be numbered/);
  });

  it.each([
    ['nodes', L.MAX_NODES],
    ['links', L.MAX_LINKS],
    ['flows', L.MAX_FLOWS],
    ['faults', L.MAX_FAULTS],
  ])('at most %s: %i', (list, max) => {
    const s = base();
    s[list] = Array.from({ length: max + 1 }, () => s[list][0]);
    const issues = issuesOf(s);
    expect(issues.find((i) => i.path === list)?.message).toBe(`has too many items: at most ${max}`);
  });

  it('at most MAX_DROP_SEQS segments in one dropSegments', () => {
    const s = base();
    s.faults[0].seqs = Array.from({ length: L.MAX_DROP_SEQS + 1 }, (_, i) => i);
    expect(issuesOf(s).find((i) => i.path === 'faults[0].seqs')?.message).toBe(
      `has too many items: at most ${L.MAX_DROP_SEQS}`,
    );
  });
});

describe('ui and lesson', () => {
  const nested = (depth: number): unknown => {
    let v: unknown = 1;
    for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
    return v;
  };

  it('may nest up to the bound, and are carried through unchanged', () => {
    const ui = nested(L.MAX_OPAQUE_DEPTH);
    const r = parseScenario({ ...base(), ui });
    expect(r.ok && r.scenario.ui).toEqual(ui);
  });

  it.each([
    ['nested too deeply', () => nested(L.MAX_OPAQUE_DEPTH + 1), /nested too deeply: at most 32 levels/],
    ['a 1.2 kB link nests it 100000 deep', () => nested(100_000), /nested too deeply/],
    ['too large', () => ({ text: 'x'.repeat(L.MAX_OPAQUE_CHARS) }), /too large: at most 1,000,000 characters/],
    ['a huge sparse list', () => new Array(1e9), /too large/],
    ['a function', () => ({ draw: () => 1 }), /only JSON values \(got a function\) \(at draw\)/],
    ['a Map', () => new Map(), /only JSON values/],
    ['NaN', () => [1, Number.NaN], /only finite numbers \(at \[1\]\)/],
  ])('%s is refused at its path', (_name, make, message) => {
    for (const field of ['ui', 'lesson']) {
      const issues = issuesOf({ ...base(), [field]: make() });
      expect(issues).toHaveLength(1);
      expect(issues[0]!.path).toBe(field);
      expect(issues[0]!.message).toMatch(message);
    }
  });

  it('what the loader accepts can be structured-cloned (as postMessage does)', () => {
    const r = parseScenario({ ...base(), ui: nested(L.MAX_OPAQUE_DEPTH), lesson: { steps: [{ text: 'é' }] } });
    expect(r.ok).toBe(true);
    if (r.ok) expect(structuredClone(r.scenario)).toEqual(r.scenario);
  });
});

describe('one short line per problem', () => {
  it('a 1 MB unknown field name is cut with an ellipsis', () => {
    const s: Record<string, unknown> = base();
    s['k'.repeat(1_000_000)] = 1;
    const r = parseScenario(s);
    expect(r.ok).toBe(false);
    const lines = formatIssues(r.ok ? [] : r.issues);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.length).toBeLessThan(1000);
    expect(lines[0]).toMatch(/^k{39}…: unknown field; known fields: /);
  });

  it('a field name with newlines stays on one line', () => {
    const s: Record<string, unknown> = base();
    s['evil\nsecond line\r\u2028'] = 1;
    const r = parseScenario(s);
    const lines = formatIssues(r.ok ? [] : r.issues);
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/[\n\r\u2028]/);
  });

  it('thousands of problems are reported as the first hundred and a count', () => {
    const s: Record<string, unknown> = base();
    for (let i = 0; i < 5000; i++) s[`unknown${i}`] = i;
    const r = parseScenario(s);
    expect(r.ok).toBe(false);
    const issues = r.ok ? [] : r.issues;
    expect(issues).toHaveLength(101);
    expect(issues.at(-1)).toEqual({
      path: '(scenario)',
      message: 'and 4900 more problems not listed (fix these first)',
    });
  });

  it('a JSON syntax error is one line with its line and column', () => {
    const r = parseScenarioText('{\n  "name": "x"\n  "duration": 5\n}');
    expect(r).toEqual({
      ok: false,
      issues: [
        {
          path: '(file)',
          message: `is not valid JSON: expected ',' or '}' after a value, found '"' (line 3, column 3)`,
        },
      ],
      warnings: [],
    });
  });

  it('a syntax error V8 reports by quoting the text still gives one line', () => {
    const r = parseScenarioText('{"nodes": [], "links": [],\n"flows": tru}');
    expect(r.ok).toBe(false);
    const lines = formatIssues(r.ok ? [] : r.issues);
    expect(lines).toEqual([
      `(file): is not valid JSON: expected a value (a string, number, object, list, true, false or null), found 't' (line 2, column 10)`,
    ]);
  });

  it('a UTF-8 byte-order mark is skipped', () => {
    const text = JSON.stringify(base());
    expect(parseScenarioText(`\uFEFF${text}`)).toEqual(parseScenarioText(text));
  });
});

describe('upper bounds of the queue disciplines and changing links', () => {
  const withQueue = (queue: Record<string, unknown>, link: Record<string, unknown> = {}) => {
    const s = base();
    s.links[1] = { ...s.links[1], ...link, queue };
    return s;
  };
  it.each([
    ['codel', { type: 'codel', target: 1e9 }, 'links[1].queue.target', /must be at most 604800 s/],
    ['fqcodel', { type: 'fqcodel', quantum: 1e9 }, 'links[1].queue.quantum', /must be at most 65535 bytes/],
    ['pie', { type: 'pie', alpha: 1e9 }, 'links[1].queue.alpha', /must be at most 1000/],
    ['pie', { type: 'pie', maxBurst: 1e9 }, 'links[1].queue.maxBurst', /must be at most 604800 s/],
    ['droptail', { type: 'droptail', limitBytes: 1e14 }, 'links[1].queue.limitBytes', /must be at most/],
  ])('%s: %s', (_type, queue, path, message) => {
    const at = issuesOf(withQueue(queue)).find((i) => i.path === path);
    expect(at).toBeDefined();
    expect(at!.message).toMatch(message);
  });

  it('a rate step is bounded in time', () => {
    const issues = issuesOf(withQueue({ type: 'droptail' }, { schedule: [{ at: 1e9, bandwidth: '1Mbps' }] }));
    expect(issues.find((i) => i.path === 'links[1].schedule[0].at')?.message).toMatch(/must be at most 604800 s/);
  });
});
