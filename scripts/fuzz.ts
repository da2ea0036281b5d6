/**
 * `npm run fuzz -- --runs 10000 [--seed N] [--max-events N]`: the property
 * tests of tests/properties, many times over.
 *
 *  - runs: random valid scenarios (arbitraries.ts), each run and checked
 *    (check-run.ts: no throw, no hang, conservation, cwnd ≥ 1, time order,
 *    plain decimals, drop_rate ≤ 1, throughput ≤ path bandwidth, same seed ⇒
 *    same bytes), each cut at --max-events engine events;
 *  - inputs: as many malformed scenarios (mutations.ts), through the loader
 *    and the runner (check-input.ts).
 *
 * Every case runs, and the figures count them: violations (an invariant
 * broken) and crashes (the engine or the loader threw). If there is any, the
 * first is replayed by fast-check from the same seed and shrunk, and printed
 * with the seed and path that replay it; the exit code is then 1.
 */
import fc from 'fast-check';
import { parseArgs } from 'node:util';
import { scenarioArb } from '../tests/properties/arbitraries';
import { checkInput } from '../tests/properties/check-input';
import { checkRun, type CheckOptions } from '../tests/properties/check-run';
import { mutatedArb } from '../tests/properties/mutations';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '1000' },
    seed: { type: 'string' },
    'max-events': { type: 'string', default: '100000' },
  },
});
const runs = Number(values.runs);
const seed = values.seed === undefined ? Date.now() % 0x7fffffff : Number(values.seed);
const maxEvents = Number(values['max-events']);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(seed) || !Number.isFinite(maxEvents) || maxEvents < 1) {
  console.error('usage: npm run fuzz -- [--runs N] [--seed N] [--max-events N]');
  process.exit(2);
}
const limits: CheckOptions = { maxEvents, maxRows: maxEvents / 2, maxLogged: maxEvents / 10 };

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
let failed = false;

// ------------------------------------------------------------------ runs
{
  const t0 = performance.now();
  let violations = 0;
  let crashes = 0;
  let truncated = 0;
  let events = 0;
  let slowest = 0;
  let simulated = 0;
  let first: string | null = null;
  let done = 0;
  fc.check(
    fc.property(scenarioArb, (input) => {
      if (++done % Math.max(1, Math.round(runs / 10)) === 0)
        process.stderr.write(
          `runs: ${done}/${runs}, ${seconds(performance.now() - t0)}, heap ${Math.round(process.memoryUsage().heapUsed / 1e6)} MB\n`,
        );
      const c0 = performance.now();
      const r = checkRun(input, limits);
      slowest = Math.max(slowest, performance.now() - c0);
      events += r.events;
      simulated += r.reached;
      if (r.truncated) truncated++;
      if (r.crash) crashes++;
      else if (r.violations.length) violations++;
      if ((r.crash || r.violations.length) && !first) first = r.crash ?? r.violations.join('\n');
      return true;
    }),
    { seed, numRuns: runs },
  );
  const wall = performance.now() - t0;
  console.log(
    `runs: ${runs} scenarios, ${violations} violations, ${crashes} crashes, ${seconds(wall)} wall ` +
      `(slowest case ${seconds(slowest)}); ${(events / 1e6).toFixed(1)} M events, ${simulated.toFixed(0)} s simulated; ` +
      `${truncated} cut short by the per-case budget (${maxEvents} events, ${limits.maxRows} sample rows, ${limits.maxLogged} logged events)`,
  );
  if (first) {
    failed = true;
    console.log(`first failure: ${first}`);
    const detail = fc.check(
      fc.property(scenarioArb, (input) => {
        const r = checkRun(input, limits);
        return !r.crash && r.violations.length === 0;
      }),
      { seed, numRuns: runs },
    );
    console.log(fc.defaultReportMessage(detail));
  }
}

// ------------------------------------------------------------------ inputs
{
  const t0 = performance.now();
  let violations = 0;
  let crashes = 0;
  let first: string | null = null;
  await fc.check(
    fc.asyncProperty(mutatedArb, async (m) => {
      try {
        const problems = await checkInput(m);
        if (problems.length) {
          violations++;
          first ??= problems.join('\n');
        }
      } catch (error) {
        crashes++;
        first ??= String(error);
      }
      return true;
    }),
    { seed, numRuns: runs },
  );
  console.log(
    `inputs: ${runs} malformed scenarios, ${violations} violations, ${crashes} crashes, ${seconds(performance.now() - t0)} wall`,
  );
  if (first) {
    failed = true;
    console.log(`first failure: ${first}`);
  }
}

console.log(`seed ${seed} (npm run fuzz -- --runs ${runs} --seed ${seed} replays this)`);
process.exitCode = failed ? 1 : 0;
