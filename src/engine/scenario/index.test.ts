/**
 * The loader as a whole: the contract's example, the shipped scenario files,
 * JSON text, round trips, and a fuzz test that it never throws.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { rngStream } from '../core/rng';
import { formatIssues, parseScenario, parseScenarioText } from './index';
import type { ParseResult, Scenario } from './types';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** The JSON example of docs/scenario-format.md (the contract's own example). */
function contractExample(): unknown {
  const doc = readFileSync(`${root}docs/scenario-format.md`, 'utf8');
  const block = /```json\n([\s\S]*?)```/.exec(doc);
  if (!block) throw new Error('no JSON example in docs/scenario-format.md');
  return JSON.parse(block[1]!);
}

function load(result: ParseResult): Scenario {
  if (!result.ok) throw new Error(formatIssues(result.issues).join('\n'));
  return result.scenario;
}

describe("the contract's example", () => {
  const s = load(parseScenario(contractExample()));

  it('loads, with quantities in base units', () => {
    expect(s.name).toBe('Single drop, Reno');
    expect(s.links.map((l) => [l.bandwidth, l.delay])).toEqual([
      [10_000_000, 0.001],
      [1_500_000, 0.01],
    ]);
    expect(s.flows[1]).toMatchObject({ kind: 'cbr', rate: 800_000 });
    expect(s.links[1]!.queue).toEqual({
      type: 'red',
      limit: 50,
      minThresh: 5,
      maxThresh: 15,
      maxP: 0.1,
      weight: 0.002,
      gentle: true,
      meanPacketSize: 500,
      ecn: false,
      limitBytes: null,
    });
  });

  it('keeps every fault', () => {
    expect(s.faults).toEqual([
      { kind: 'dropSegments', flow: 'A', seqs: [100, 102] },
      { kind: 'dropBurst', link: 'l2', from: 'r1', at: 5, count: 5 },
      { kind: 'linkDown', link: 'l2', at: 5, duration: 0.2 },
      { kind: 'randomLoss', link: 'l2', from: 'r1', rate: 0.01, at: 0, until: null },
    ]);
  });

  it('is the same in the shared contract, when that is present', () => {
    let shared: string;
    try {
      shared = readFileSync('/work/shared/design/scenario-format.md', 'utf8');
    } catch {
      return; // only checked where the design folder exists
    }
    const mine = readFileSync(`${root}docs/scenario-format.md`, 'utf8');
    expect(mine).toContain(shared.trim());
  });
});

describe('scenario files', () => {
  const dir = `${root}scenarios/`;
  const files = readdirSync(dir).filter((f) => f.endsWith('.json'));

  it('include the four presets', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'single-drop-reno.json',
        'multi-drop-newreno.json',
        'dumbbell-udp.json',
        'red-vs-droptail.json',
      ]),
    );
  });

  it.each(files)('%s loads and explains itself', (file) => {
    const s = load(parseScenarioText(readFileSync(dir + file, 'utf8')));
    expect(s.description.length).toBeGreaterThan(100);
    expect(s.flows.length).toBeGreaterThan(0);
  });

  it('single-drop-reno is what the lesson says', () => {
    const s = load(parseScenarioText(readFileSync(`${dir}single-drop-reno.json`, 'utf8')));
    expect(s.duration).toBe(10);
    expect(s.links.map((l) => [l.a, l.b, l.bandwidth, l.delay, l.queue])).toEqual([
      ['server', 'r1', 10e6, 0.001, { type: 'droptail', limit: 50, limitBytes: null }],
      ['r1', 'client', 1.5e6, 0.01, { type: 'droptail', limit: 50, limitBytes: null }],
    ]);
    expect(s.flows).toHaveLength(1);
    expect(s.flows[0]).toMatchObject({ kind: 'tcp', variant: 'reno', tcp: { window: 32 } });
    expect(s.faults).toEqual([{ kind: 'dropSegments', flow: s.flows[0]!.id, seqs: [100] }]);
  });

  it('multi-drop-newreno drops three segments of one NewReno flow', () => {
    const s = load(parseScenarioText(readFileSync(`${dir}multi-drop-newreno.json`, 'utf8')));
    expect(s.flows[0]).toMatchObject({ kind: 'tcp', variant: 'newreno', tcp: { window: 32 } });
    expect(s.faults).toEqual([{ kind: 'dropSegments', flow: s.flows[0]!.id, seqs: [100, 102, 104] }]);
  });

  it('dumbbell-udp has the paper-000 bottleneck and an 800 kbps CBR', () => {
    const s = load(parseScenarioText(readFileSync(`${dir}dumbbell-udp.json`, 'utf8')));
    expect(s.duration).toBe(30);
    const bottleneck = s.links.find((l) => l.a === 'R1' && l.b === 'R2');
    expect(bottleneck).toMatchObject({ bandwidth: 2e6, delay: 0.05 });
    expect(s.links.filter((l) => l !== bottleneck).every((l) => l.bandwidth === 10e6 && l.delay === 0.01)).toBe(true);
    expect(s.flows.map((f) => f.kind)).toEqual(['tcp', 'cbr']);
    expect(s.flows[1]).toMatchObject({ rate: 800_000 });
  });

  it('red-vs-droptail has a RED bottleneck shared by TCP and CBR', () => {
    const s = load(parseScenarioText(readFileSync(`${dir}red-vs-droptail.json`, 'utf8')));
    expect(s.links.filter((l) => l.queue.type === 'red')).toHaveLength(1);
    expect(s.flows.map((f) => f.kind).sort()).toEqual(['cbr', 'tcp']);
  });
});

describe('parseScenarioText and formatIssues', () => {
  it('a JSON syntax error is one issue at (file) with the parser message', () => {
    const r = parseScenarioText('{ "version": 1,');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues).toHaveLength(1);
    expect(r.issues[0]!.path).toBe('(file)');
    expect(r.issues[0]!.message).toMatch(/^is not valid JSON: .+/);
  });

  it.each(['', '   ', 'nul', '{"a":1}}', "{'a': 1}"])('text %j is not JSON', (text) => {
    const r = parseScenarioText(text);
    expect(!r.ok && r.issues[0]!.path).toBe('(file)');
  });

  it('valid JSON of the wrong shape is reported at (scenario)', () => {
    expect(parseScenarioText('"hello"')).toEqual({
      ok: false,
      issues: [{ path: '(scenario)', message: 'must be an object (got "hello")' }],
    });
  });

  it('formatIssues gives one "path: message" line per issue', () => {
    expect(
      formatIssues([
        { path: 'links[1].bandwidth', message: 'must be greater than 0 (got 0)' },
        { path: '(file)', message: 'is not valid JSON: x' },
      ]),
    ).toEqual(['links[1].bandwidth: must be greater than 0 (got 0)', '(file): is not valid JSON: x']);
  });
});

describe('round trip and purity', () => {
  it('a loaded scenario loads again to the same thing (what the page exports)', () => {
    const first = load(parseScenario({ ...(contractExample() as object), ui: { zoom: 1 }, lesson: { steps: [] } }));
    const again = load(parseScenarioText(JSON.stringify(first)));
    expect(again).toEqual(first);
  });

  it('the input is not changed', () => {
    const input = contractExample();
    const before = JSON.stringify(input);
    load(parseScenario(input));
    expect(JSON.stringify(input)).toBe(before);
  });

  it('the scenario shares no objects with the input', () => {
    const input = contractExample() as { flows: { tcp: object }[]; faults: { seqs?: number[] }[] };
    const s = load(parseScenario(input));
    expect((s.flows[0] as { tcp: object }).tcp).not.toBe(input.flows[0]!.tcp);
    expect((s.faults[0] as { seqs: number[] }).seqs).not.toBe(input.faults[0]!.seqs);
  });
});

describe('hostile input never throws', () => {
  it.each([
    [
      'a throwing getter',
      () =>
        Object.defineProperty({ nodes: [], links: [], flows: [] }, 'seed', {
          get() {
            throw new Error('boom');
          },
          enumerable: true,
        }),
    ],
    [
      'a revoked proxy',
      () => {
        const p = Proxy.revocable({}, {});
        p.revoke();
        return p.proxy;
      },
    ],
    [
      'a proxy that throws on every trap',
      () =>
        new Proxy(
          {},
          {
            get() {
              throw new Error('trap');
            },
            ownKeys() {
              throw new Error('trap');
            },
          },
        ),
    ],
    ['a null-prototype object', () => Object.assign(Object.create(null), { nodes: [], links: [], flows: [] })],
    [
      'a deeply nested ui',
      () => {
        let v: unknown = 1;
        for (let i = 0; i < 100_000; i++) v = [v];
        return { nodes: [], links: [], flows: [], ui: v };
      },
    ],
    [
      'a deeply nested wrong field',
      () => {
        let v: unknown = 1;
        for (let i = 0; i < 100_000; i++) v = { a: v };
        return { nodes: [v], links: [], flows: [] };
      },
    ],
    ['a symbol', () => Symbol('x')],
    ['a function', () => () => 1],
    ['a bigint seed', () => ({ nodes: [], links: [], flows: [], seed: 10n })],
    ['a Map', () => new Map([['nodes', []]])],
    ['a Date', () => new Date(0)],
    [
      'a huge string',
      () => ({
        nodes: [],
        links: [],
        flows: [],
        name: 5,
        description: 'x'.repeat(1_000_000),
        durration: 'y'.repeat(1_000_000),
      }),
    ],
    ['a sparse array', () => ({ nodes: new Array(5), links: [], flows: [] })],
  ])('%s', (_name, make) => {
    const input = make();
    let result: ParseResult | undefined;
    expect(() => (result = parseScenario(input))).not.toThrow();
    expect(result).toBeDefined();
    if (result && !result.ok) {
      expect(result.issues.length).toBeGreaterThan(0);
      for (const i of result.issues) expect(i.path.length).toBeGreaterThan(0);
    }
  });

  it('an empty network is a valid (if dull) scenario', () => {
    expect(parseScenario({ nodes: [], links: [], flows: [] }).ok).toBe(true);
  });
});

describe('fuzz: random mutations of a valid scenario', () => {
  const WEIRD: unknown[] = [
    null,
    undefined,
    true,
    false,
    0,
    -0,
    -1,
    1,
    0.5,
    2.5,
    -1e308,
    1e308,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.MAX_SAFE_INTEGER + 2,
    '',
    ' ',
    'abc',
    '10 furlongs',
    '-5Mbps',
    '1e400',
    'NaN',
    '__proto__',
    '10ms',
    '3MB',
    'reno',
    'red',
    'tcp',
    'r1',
    'l2',
    'A',
    [],
    [1, 2],
    [null],
    {},
    { __proto__: null },
    { type: 'red' },
    { kind: 'cbr' },
    JSON.parse('{"__proto__": {"polluted": 1}}'),
    JSON.parse('{"constructor": {"prototype": {"polluted": 1}}}'),
  ];

  type Json = Record<string, unknown> | unknown[];
  const isContainer = (v: unknown): v is Json => v !== null && typeof v === 'object';

  /** Every container in the value, with the key it holds, for picking a place to mutate. */
  function places(v: unknown, out: [Json, string | number][] = []): [Json, string | number][] {
    if (!isContainer(v)) return out;
    const keys: (string | number)[] = Array.isArray(v) ? v.map((_, i) => i) : Object.keys(v);
    for (const k of keys) {
      out.push([v, k]);
      places((v as Record<string | number, unknown>)[k], out);
    }
    return out;
  }

  function mutate(s: Json, draw: () => number): void {
    const all = places(s);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(draw() * xs.length)]!;
    const [obj, key] = pick(all);
    const target = obj as Record<string | number, unknown>;
    switch (Math.floor(draw() * 6)) {
      case 0:
        if (Array.isArray(obj)) obj.splice(key as number, 1);
        else delete target[key];
        break;
      case 1: // a typo'd or hostile extra key next to it
        if (!Array.isArray(obj)) {
          const extra = pick(['__proto__', 'constructor', `${String(key)}x`, 'prototype', 'toString']);
          Object.defineProperty(obj, extra, {
            value: pick(WEIRD),
            enumerable: true,
            configurable: true,
            writable: true,
          });
        }
        break;
      case 2: // duplicate an item or a value from elsewhere
        target[key] = structuredClone(pick(all)[0]);
        break;
      default:
        target[key] = pick(WEIRD);
    }
  }

  it('never throws, and every refusal names a field', () => {
    const draw = rngStream(12345, 'scenario-fuzz');
    let ok = 0;
    for (let round = 0; round < 400; round++) {
      const s = contractExample() as Json;
      const n = 1 + Math.floor(draw.next() * 3);
      for (let i = 0; i < n; i++) mutate(s, () => draw.next());
      let result: ParseResult | undefined;
      try {
        result = parseScenario(s);
      } catch (error) {
        throw new Error(`round ${round} threw ${String(error)} on ${JSON.stringify(s)}`);
      }
      if (result.ok) {
        ok++;
        // Whatever got through is a usable scenario: finite numbers only.
        const numbers: number[] = [];
        JSON.stringify(result.scenario, (_k, v) => (typeof v === 'number' && numbers.push(v), v));
        expect(numbers.every(Number.isFinite)).toBe(true);
      } else {
        expect(result.issues.length).toBeGreaterThan(0);
        for (const issue of result.issues) {
          expect(issue.path, JSON.stringify(issue)).toMatch(/\S/);
          expect(issue.message, JSON.stringify(issue)).toMatch(/\S/);
          expect(issue.message).not.toMatch(/Invalid input|expected .* received/); // zod's words never leak
        }
      }
    }
    // Some mutations are harmless (a position, a seed), most are not: both paths get exercised.
    expect(ok).toBeGreaterThan(0);
    expect(ok).toBeLessThan(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
