/**
 * Allocation benchmark (`npm run bench:alloc [scenario.json]`): what the
 * engine allocates while it runs a scenario (bench/dumbbell-22.json by
 * default), by V8's sampling heap profiler through the inspector, counting
 * the objects the garbage collector has already taken back. The per-packet
 * path creates no objects, so what it shows is mostly numbers: a simulated
 * time is a double beyond V8's small-integer range, and one passed to or
 * returned from a function V8 does not inline is boxed into a new 16-byte
 * heap number. Prints the megabytes allocated, the bytes per event and the
 * functions that allocate most (a function's figure includes the functions
 * V8 inlined into it). The outputs are not collected: only the run is
 * measured. A benchmark prints figures; it asserts nothing.
 */
import { Session } from 'node:inspector/promises';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseScenarioText, formatIssues } from '../src/engine/scenario';
import { Simulator } from '../src/engine/simulator';
import { bytesByFunction, type ProfileNode } from './heap-profile';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '12' }, interval: { type: 'string', default: '4096' } },
});
const file = positionals[0] ?? 'bench/dumbbell-22.json';
const parsed = parseScenarioText(readFileSync(file, 'utf8'));
if (!parsed.ok) {
  console.error(formatIssues(parsed.issues).join('\n'));
  process.exit(2);
}

const session = new Session();
session.connect();
await session.post('HeapProfiler.enable');
const sim = new Simulator(parsed.scenario);
await session.post('HeapProfiler.startSampling', {
  samplingInterval: Number(values.interval),
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: true,
});
sim.run();
const { profile } = (await session.post('HeapProfiler.stopSampling')) as { profile: { head: ProfileNode } };
session.disconnect();

const { byFunction, total } = bytesByFunction(profile.head);

const mb = (n: number) => (n / 1e6).toFixed(1).padStart(8);
const events = sim.eventsProcessed;
console.log(
  `scenario   ${parsed.scenario.name} (${parsed.scenario.flows.length} flows, ${parsed.scenario.duration} s simulated)`,
);
console.log(`events     ${events.toLocaleString('en-US')}`);
console.log(`allocated  ${mb(total).trim()} MB in the run, ${(total / events).toFixed(1)} bytes per event (sampled)`);
for (const [name, size] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top)))
  console.log(`${mb(size)} MB  ${name}`);
