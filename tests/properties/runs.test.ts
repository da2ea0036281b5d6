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
