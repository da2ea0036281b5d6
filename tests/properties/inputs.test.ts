/**
 * Property: malformed scenarios (mutations.ts) never make the loader or the
 * runner throw, and are refused with field-path messages; the runner writes
 * nothing and exits 2. Seeded; a failure prints the seed and the shrunk case.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { parseScenarioText } from '../../src/engine/scenario';
import { scenarioArb } from './arbitraries';
import { checkInput } from './check-input';
import { mutatedArb } from './mutations';

const RUNS = 300;
const SEED = 20261125;

it(`${RUNS} malformed scenarios are refused with field paths, and the runner writes nothing`, async () => {
  const kinds = new Map<string, number>();
  await fc.assert(
    fc.asyncProperty(mutatedArb, async (m) => {
      kinds.set(m.kind, (kinds.get(m.kind) ?? 0) + 1);
      const problems = await checkInput(m);
      if (problems.length) throw new Error(problems.join('\n'));
    }),
    { seed: SEED, numRuns: RUNS },
  );
  // Every kind of mutation was tried.
  expect([...kinds.keys()].sort()).toEqual(
    [
      'deep',
      'delete',
      'empty-string',
      'huge',
      'huge-negative',
      'infinity',
      'long-string',
      'nan',
      'proto-key',
      'unknown-field',
      'wrong-type',
    ].sort(),
  );
}, 120_000);

it('a byte-order mark before a valid scenario changes nothing', () => {
  fc.assert(
    fc.property(scenarioArb, (s) => {
      const text = JSON.stringify(s);
      expect(parseScenarioText(`\uFEFF${text}`)).toEqual(parseScenarioText(text));
    }),
    { seed: SEED, numRuns: 50 },
  );
});
