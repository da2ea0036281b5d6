/**
 * Random valid scenarios for the property tests and `npm run fuzz`, written
 * as contract JSON (what a user would write), so they go through the real
 * loader: 2–12 nodes (hosts and routers) joined into one network, links of
 * 64 kbit/s–1 Gbit/s and 0–200 ms with DropTail or RED queues, 1–20 flows of
 * every TCP variant, CBR and request/response, faults of every kind at random times, 1–30 s.
 *
 * Rates are drawn log-uniformly, so slow and fast links are equally likely;
 * fast-check shrinks a failing scenario towards fewer nodes, flows and faults.
 */
import fc from 'fast-check';
import { VARIANTS } from '../../src/engine/scenario/types';

type Json = Record<string, unknown>;
type Gen = fc.GeneratorValue;

const logUniform = (g: Gen, min: number, max: number): number =>
  Math.exp(g(fc.double, { min: Math.log(min), max: Math.log(max), noNaN: true }));
/** A time rounded to the microsecond, as a user would write it. */
const time = (g: Gen, min: number, max: number): number =>
  Math.round(g(fc.double, { min, max, noNaN: true }) * 1e6) / 1e6;

function queue(g: Gen): Json {
  const limit = g(fc.integer, { min: 1, max: 300 });
  if (limit < 2 || g(fc.boolean)) return { type: 'droptail', limit };
  const maxThresh = g(fc.integer, { min: 1, max: limit });
  return {
    type: 'red',
    limit,
    minThresh: Math.floor(g(fc.double, { min: 0, max: maxThresh, maxExcluded: true, noNaN: true }) * 100) / 100,
    maxThresh,
    maxP: Math.round(logUniform(g, 0.001, 1) * 1e4) / 1e4 || 0.001,
    weight: Math.round(logUniform(g, 0.0001, 1) * 1e6) / 1e6 || 0.0001,
    gentle: g(fc.boolean),
    meanPacketSize: g(fc.integer, { min: 40, max: 1500 }),
  };
}

function tcpParams(g: Gen): Json {
  const t: Json = {};
  if (g(fc.boolean))
    t.window = g(() =>
      fc.oneof(
        fc.integer({ min: 1, max: 64 }),
        fc.integer({ min: 1, max: 2000 }),
        fc.double({ min: 1, max: 100, noNaN: true }),
      ),
    );
  if (g(fc.boolean)) t.initialCwnd = g(fc.integer, { min: 1, max: 10 });
  if (g(fc.boolean)) t.dupAckThreshold = g(fc.integer, { min: 1, max: 6 });
  if (g(fc.boolean)) {
    t.minRto = time(g, 0.001, 1);
    t.maxRto = Math.max(t.minRto as number, time(g, 0.001, 120));
  }
  if (g(fc.boolean)) t.initialRto = time(g, 0.001, 5);
  if (g(fc.boolean)) t.delayedAck = g(fc.boolean);
  if (g(fc.boolean)) t.handshake = g(fc.boolean);
  if (g(fc.boolean)) t.maxSackBlocks = g(fc.integer, { min: 1, max: 4 });
  if (g(fc.boolean)) {
    t.tcpTick = g(fc.constantFrom, 0.001, 0.01, 0.1, 0.5);
    t.tcpTickPhase =
      Math.floor(g(fc.double, { min: 0, max: t.tcpTick as number, maxExcluded: true, noNaN: true }) * 1e6) / 1e6;
  }
  return t;
}

export interface ScenarioShape {
  duration: number;
  nodes: number;
  links: number;
  flows: number;
  faults: number;
}

/** A valid scenario as contract JSON. */
export const scenarioArb: fc.Arbitrary<Json> = fc.gen().map((g) => {
  const duration = time(g, 1, 30);
  const n = g(fc.integer, { min: 2, max: 12 });
  const nodes = Array.from({ length: n }, (_, i) => ({ id: `n${i}`, kind: g(fc.constantFrom, 'host', 'router') }));

  // A spanning tree (every node reachable), then a few extra links.
  const pairs: [number, number][] = [];
  for (let i = 1; i < n; i++) pairs.push([g(fc.integer, { min: 0, max: i - 1 }), i]);
  const extra = g(fc.integer, { min: 0, max: n });
  for (let k = 0; k < extra; k++) {
    const a = g(fc.integer, { min: 0, max: n - 1 });
    const b = (a + g(fc.integer, { min: 1, max: n - 1 })) % n;
    pairs.push([a, b]);
  }
  const links = pairs.map(([a, b], i) => ({
    id: `l${i}`,
    a: `n${a}`,
    b: `n${b}`,
    // One link in eight may be as fast as the format allows (1 Tbps), where a small packet
    // serializes in under a nanosecond.
    bandwidth: Math.round(logUniform(g, 64e3, g(fc.integer, { min: 0, max: 7 }) === 0 ? 1e12 : 1e9)),
    delay: time(g, 0, 0.2),
    queue: queue(g),
  }));

  const nFlows = g(fc.integer, { min: 1, max: 20 });
  const flows: Json[] = [];
  for (let i = 0; i < nFlows; i++) {
    const from = g(fc.integer, { min: 0, max: n - 1 });
    const to = (from + g(fc.integer, { min: 1, max: n - 1 })) % n;
    const start = time(g, 0, duration * 1.1);
    const stop = g(fc.boolean) ? null : Math.round((start + time(g, 0.001, duration)) * 1e6) / 1e6;
    const common = { id: `f${i}`, from: `n${from}`, to: `n${to}`, start, stop };
    const kind = g(fc.integer, { min: 0, max: 5 });
    if (kind === 1) {
      // Request/response: small or large messages, constant or exponential thinking, a few connections.
      flows.push({
        ...common,
        kind: 'transaction',
        variant: g(fc.constantFrom, ...VARIANTS),
        request: g(fc.integer, { min: 1, max: 20_000 }),
        response: g(fc.integer, { min: 1, max: 200_000 }),
        thinkTime: {
          distribution: g(fc.constantFrom, 'constant', 'exponential'),
          mean: time(g, 0, duration / 4),
        },
        connections: g(fc.integer, { min: 1, max: 3 }),
        transactions: g(fc.boolean) ? null : g(fc.integer, { min: 1, max: 5 }),
        packetSize: g(() => fc.oneof(fc.constant(1000), fc.integer({ min: 1, max: 1500 }))),
        tcp: tcpParams(g),
      });
    } else if (kind === 0) {
      flows.push({
        ...common,
        kind: 'cbr',
        rate: Math.round(logUniform(g, 8e3, 1e8)),
        packetSize: g(fc.integer, { min: 20, max: 1500 }),
      });
    } else {
      flows.push({
        ...common,
        kind: 'tcp',
        variant: g(fc.constantFrom, ...VARIANTS),
        bytes: g(fc.boolean) ? null : g(fc.integer, { min: 1, max: 3_000_000 }),
        packetSize: g(() => fc.oneof(fc.constant(1000), fc.integer({ min: 1, max: 1500 }))),
        tcp: tcpParams(g),
      });
    }
  }

  const tcpFlows = flows.filter((f) => f.kind === 'tcp');
  const nFaults = g(fc.integer, { min: 0, max: 5 });
  const faults: Json[] = [];
  for (let i = 0; i < nFaults; i++) {
    const link = links[g(fc.integer, { min: 0, max: links.length - 1 })]!;
    const from = g(fc.constantFrom, null, link.a, link.b);
    const at = time(g, 0, duration);
    switch (g(fc.constantFrom, 'dropSegments', 'dropBurst', 'linkDown', 'randomLoss')) {
      case 'dropSegments':
        if (tcpFlows.length === 0) break;
        faults.push({
          kind: 'dropSegments',
          flow: tcpFlows[g(fc.integer, { min: 0, max: tcpFlows.length - 1 })]!.id,
          seqs: g(fc.uniqueArray, fc.integer({ min: 0, max: 400 }), { maxLength: 6 }),
        });
        break;
      case 'dropBurst':
        faults.push({ kind: 'dropBurst', link: link.id, from, at, count: g(fc.integer, { min: 1, max: 30 }) });
        break;
      case 'linkDown':
        faults.push({ kind: 'linkDown', link: link.id, at, duration: time(g, 0.001, 3) });
        break;
      default: {
        const until = g(fc.boolean) ? null : Math.round((at + time(g, 0.001, duration)) * 1e6) / 1e6;
        faults.push({
          kind: 'randomLoss',
          link: link.id,
          from,
          rate: Math.round(g(fc.double, { min: 0, max: 0.3, noNaN: true }) * 1e4) / 1e4,
          at,
          until,
        });
      }
    }
  }

  return {
    version: 1,
    name: 'random',
    seed: g(fc.integer, { min: 0, max: 0xffff_ffff }),
    duration,
    sampleInterval: g(fc.constantFrom, 0.01, 0.02, 0.05, 0.1, 0.5),
    ...(g(fc.boolean) ? {} : { startJitter: time(g, 0, 1) }),
    nodes,
    links,
    flows,
    faults,
  };
});
