/**
 * Speed benchmark (`npm run bench`): the 22-flow dumbbell of
 * bench/dumbbell-22.json, 100 s simulated. Prints wall time, events
 * processed, link arrivals (packets offered to a link direction) per second
 * and peak memory. A benchmark prints figures; it asserts nothing.
 */
import { readFileSync } from 'node:fs';
import { parseScenarioText, formatIssues } from '../src/engine/scenario';
import { Simulator } from '../src/engine/simulator';
import { runDataToCsv } from '../src/engine/output/csv';

const file = process.argv[2] ?? 'bench/dumbbell-22.json';
const parsed = parseScenarioText(readFileSync(file, 'utf8'));
if (!parsed.ok) {
  console.error(formatIssues(parsed.issues).join('\n'));
  process.exit(2);
}
const t0 = performance.now();
const sim = new Simulator(parsed.scenario);
sim.run();
const t1 = performance.now();
const data = sim.runData();
const csv = runDataToCsv(data);
const t2 = performance.now();

const arrivals = sim.dirs.reduce((s, d) => s + d.offered, 0);
const simS = (t1 - t0) / 1000;
const mb = (n: number) => (n / 1048576).toFixed(0);
const mem = process.memoryUsage();
const fmt = (n: number) => n.toLocaleString('en-US');
console.log(
  `scenario          ${parsed.scenario.name} (${parsed.scenario.flows.length} flows, ${parsed.scenario.duration} s simulated)`,
);
console.log(`simulation        ${simS.toFixed(3)} s wall`);
console.log(`events            ${fmt(sim.eventsProcessed)} (${fmt(Math.round(sim.eventsProcessed / simS))}/s)`);
console.log(`link arrivals     ${fmt(arrivals)} (${fmt(Math.round(arrivals / simS))}/s)`);
console.log(`packets delivered ${fmt(sim.accounting().delivered)}, dropped ${fmt(sim.accounting().dropped)}`);
console.log(
  `outputs           ${((t2 - t1) / 1000).toFixed(3)} s to collect and format ${Object.values(csv)
    .reduce((s, c) => s + c.length, 0)
    .toLocaleString('en-US')} bytes of CSV`,
);
console.log(`memory            rss ${mb(mem.rss)} MB, heap used ${mb(mem.heapUsed)} MB`);
const bottleneck = data.links.find((l) => l.link === 'bottleneck' && l.from === 'r1');
if (bottleneck)
  console.log(
    `bottleneck        utilization ${(bottleneck.utilization * 100).toFixed(1)} %, ${fmt(bottleneck.queue_drops)} queue drops`,
  );
