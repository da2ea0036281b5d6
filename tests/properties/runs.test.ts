/**
 * Property: every random valid scenario runs without a throw or a hang and
 * keeps the invariants of check-run.ts. Seeded: a failure prints the seed,
 * the path and the shrunk scenario (fast-check's report), and
 * `npm run fuzz -- --seed <seed>` replays it. `npm run fuzz` runs many more.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { scenarioArb } from './arbitraries';
import { checkRun } from './check-run';
import { Simulator } from '../../src/engine/simulator';
import { load } from '../support/scenarios';

/** Few enough for `npm test` on a shared two-core machine; each case is capped (check-run.ts). */
const RUNS = 200;
const LIMITS = { maxEvents: 60_000, maxRows: 20_000, maxLogged: 5000 };
const SEED = 20261125;

it(`${RUNS} random scenarios run and keep every invariant`, () => {
  let truncated = 0;
  fc.assert(
    fc.property(scenarioArb, (input) => {
      const r = checkRun(input, LIMITS);
      if (r.crash) throw new Error(`the engine threw: ${r.crash}`);
      if (r.violations.length) throw new Error(r.violations.join('\n'));
      if (r.truncated) truncated++;
    }),
    { seed: SEED, numRuns: RUNS },
  );
  // The limits cut many runs short (the invariants still hold where they stop), not nearly all.
  expect(truncated).toBeLessThan(RUNS * 0.8);
}, 180_000);

/**
 * Found by `npm run fuzz -- --runs 3000 --seed 20261126` (shrunk): a CBR
 * flow at exactly its link's 32,790,085 bit/s in 21-byte packets. Each
 * packet takes 5,123.4999 ns at that rate, which the engine's nanosecond
 * clock sends in 5,123 ns, so the link carries 195,198 packets in the
 * second where the nominal rate fits 195,179 — 0.0098 % more. The check
 * bounds a flow by that rate, not the nominal one.
 */
it('bounds throughput by the rate the nanosecond clock gives a link', () => {
  const input = twoHosts({
    duration: 1,
    link: { bandwidth: 32790085, delay: 0, queue: { type: 'droptail', limit: 2 } },
    flow: { start: 0, stop: null, kind: 'cbr', rate: 32790085, packetSize: 21 },
  });
  const r = checkRun(input, LIMITS);
  expect(r.crash).toBeNull();
  expect(r.violations).toEqual([]);
  const sim = new Simulator(load(input));
  sim.run();
  // More than the nominal rate allows in 1 s (195,179 packets), as many as 5,123 ns each allows.
  expect(sim.dirs[0]!.forwarded).toBe(Math.floor(1e9 / 5123));
});

/**
 * At 1000 Gbps a 60-byte segment takes 0.48 ns. Rounded to 0 ns, on a link
 * with no propagation delay, a Reno flow's segments and ACKs went round at
 * t = 0 forever: the run hung. A serialization takes at least 1 ns now, so
 * every round trip moves the clock.
 */
it('moves the clock on links that would serialize a packet in no time', () => {
  const sim = new Simulator(
    load(
      twoHosts({
        duration: 1,
        link: { bandwidth: '1000Gbps', delay: 0 },
        flow: { variant: 'reno', packetSize: 20 },
      }),
    ),
  );
  for (let i = 0; i < 200_000 && sim.step(); i++);
  expect(sim.time).toBeGreaterThan(1e-6);
});

/**
 * Found by `npm run fuzz -- --runs 2000 --seed 20261127`, which ran out of
 * heap: a BBR flow on a 1 Tbps link with no delay woke up at 0.44 s and made
 * some 10^9 events a simulated second (its round trip is a few ns), inside a
 * slice sized on the quiet time before, and the check held the slice's 22 M
 * logged events. The per-case budget now holds inside a slice.
 */
it('keeps the per-case event budget inside a slice that turns busy', () => {
  const input = twoHosts({
    duration: 5,
    sampleInterval: 1,
    link: { bandwidth: 1e12, delay: 0, queue: { type: 'droptail', limit: 2 } },
    flow: { start: 2, stop: null, kind: 'tcp', variant: 'bbr', packetSize: 386 },
  });
  const maxEvents = 50_000;
  const r = checkRun(input, { ...LIMITS, maxEvents });
  expect(r.crash).toBeNull();
  expect(r.violations).toEqual([]);
  expect(r.truncated).toBe(true);
  expect(r.reached).toBeGreaterThan(2);
  // The budget, and at most the other events of the instant it ran out at.
  expect(r.events).toBeGreaterThanOrEqual(maxEvents);
  expect(r.events).toBeLessThan(maxEvents + 100);
});

/** A scenario of two hosts, a and b, joined by link l, with one flow f from a to b. */
function twoHosts(o: {
  duration: number;
  sampleInterval?: number;
  link: Record<string, unknown>;
  flow: Record<string, unknown>;
}) {
  return {
    version: 1,
    name: 'two hosts',
    seed: 0,
    duration: o.duration,
    sampleInterval: o.sampleInterval ?? 0.01,
    nodes: [
      { id: 'a', kind: 'host' },
      { id: 'b', kind: 'host' },
    ],
    links: [{ id: 'l', a: 'a', b: 'b', ...o.link }],
    flows: [{ id: 'f', from: 'a', to: 'b', ...o.flow }],
    faults: [],
  };
}
