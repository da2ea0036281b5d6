/**
 * One random scenario, run and checked: the invariants every run must keep,
 * in a form both the property tests (Vitest) and `npm run fuzz` use.
 *
 * The run advances in slices of simulated time, written as it goes by the
 * command-line runner's streaming writer; between slices it checks packet
 * conservation and cwnd ≥ 1. It stops at the end of the scenario or once it
 * has processed `maxEvents` events or written `maxRows` sample rows or
 * `maxLogged` protocol events (so no
 * case can take long, whatever its rates), and a slice that processes many
 * events without simulated time moving is a hang (the slice is stepped an
 * event at a time, so a clock stopped at one instant is reported, not waited
 * for). The streamed files are then checked (time never goes
 * back, plain decimals only, drop_rate ≤ 1, throughput ≤ the path's
 * bandwidth) and compared with a second, independent run of the same
 * scenario to the same instant, formatted whole: same seed ⇒ same bytes.
 */
import { csvParseRows } from 'd3-dsv';
import { CSV_FILE_NAMES, runDataToCsv, type CsvFileName } from '../../src/engine/output/csv';
import { StreamingCsv } from '../../src/engine/output/csv-stream';
import { parseScenario } from '../../src/engine/scenario';
import type { Scenario } from '../../src/engine/scenario/types';
import { Simulator } from '../../src/engine/simulator';
import { NS_PER_S, nsToSeconds, secondsToNs, txTimeNs } from '../../src/engine/core/time';

export interface RunCheck {
  /** invariants broken, in words; empty when the run kept them all */
  violations: string[];
  /** what the engine threw, if it threw */
  crash: string | null;
  /** simulated seconds reached (the duration, or less when the event budget ran out) */
  reached: number;
  events: number;
  truncated: boolean;
}

export interface CheckOptions {
  /** events one case may process (per run: the comparison run processes as many again) */
  maxEvents: number;
  /** sample rows (timeseries and queues) one case may write: formatting them is most of a slow case's cost */
  maxRows?: number;
  /** protocol events one case may write (each has its sentence to compose: a lossy network logs thousands) */
  maxLogged?: number;
  /** events within one microsecond of simulated time that mean the engine is stuck */
  stuckEvents?: number;
}

/** The loader must accept what the generator makes; anything else is a generator bug. */
export function load(input: unknown): Scenario {
  const r = parseScenario(input);
  if (!r.ok)
    throw new Error(
      `the generator made an invalid scenario: ${r.issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`,
    );
  return r.scenario;
}

export function checkRun(input: unknown, options: CheckOptions): RunCheck {
  const scenario = load(input);
  const violations: string[] = [];
  const fail = (what: string) => {
    if (violations.length < 20) violations.push(what);
  };
  const files = Object.fromEntries(CSV_FILE_NAMES.map((n) => [n, [] as string[]])) as Record<CsvFileName, string[]>;
  let sim: Simulator;
  let reached = 0;
  let clockStopped = false;
  try {
    sim = new Simulator(scenario);
    const writer = new StreamingCsv(sim, { write: (name, text) => void files[name].push(text) });
    writer.start();
    const stuck = options.stuckEvents ?? 200_000;
    const maxRows = options.maxRows ?? Infinity;
    const maxLogged = options.maxLogged ?? Infinity;
    const rowsPerSample = sim.flows.length + 2 * scenario.links.length;
    let slice = Math.min(scenario.sampleInterval, 1e-3);
    let t = 0;
    const budgetLeft = () =>
      sim.eventsProcessed < options.maxEvents && writer.samples * rowsPerSample < maxRows && writer.events < maxLogged;
    while (t < scenario.duration && budgetLeft()) {
      const before = sim.eventsProcessed;
      const next = Math.min(scenario.duration, t + slice);
      // Event by event, not runUntil: a run whose clock stops at one instant would never return.
      const nextNs = secondsToNs(next);
      let at = sim.nowNanos;
      let same = 0;
      while (same < stuck && sim.nextEventNanos <= nextNs && sim.step()) {
        if (sim.nowNanos !== at) {
          at = sim.nowNanos;
          same = 0;
        } else same++;
        // The budget holds inside a slice too: a flow that wakes up on a 1 Tbps
        // link with no delay makes 10^8 events a simulated second, and a slice
        // sized on the quiet time before it would hold them all (and their log).
        if (sim.eventsProcessed >= options.maxEvents) break;
      }
      if (same >= stuck) {
        fail(`stuck: ${same} events at ${nsToSeconds(at)} s without the clock moving`);
        clockStopped = true;
        break;
      }
      // Spent inside the slice: end it at the instant reached (runUntil finishes that
      // instant's other events, as the comparison run's runUntil will).
      const end = sim.eventsProcessed >= options.maxEvents && sim.nextEventNanos <= nextNs ? nsToSeconds(at) : next;
      sim.runUntil(end);
      const used = sim.eventsProcessed - before;
      if (used >= stuck && end - t <= 1e-6) {
        fail(`stuck: ${used} events within ${end - t} s of simulated time at ${t} s`);
        break;
      }
      t = end;
      checkState(sim, fail);
      writer.drain();
      // Slices of some 10,000 events: the checks look at many instants, and a stuck one is narrowed down to a microsecond.
      if (used > 10_000) slice = Math.max(1e-6, slice / 2);
      else if (used < 2500) slice = Math.min(scenario.sampleInterval * 64, slice * 2);
    }
    reached = t;
    writer.finish();
  } catch (error) {
    return { violations, crash: describe(error), reached, events: 0, truncated: false };
  }
  const streamed = Object.fromEntries(CSV_FILE_NAMES.map((n) => [n, files[n].join('')])) as Record<CsvFileName, string>;
  checkFiles(scenario, streamed, reached, fail);

  // A second run to that instant would never return.
  if (clockStopped) return { violations, crash: null, reached, events: sim.eventsProcessed, truncated: true };

  // An independent run to the same instant, formatted whole, gives the same bytes.
  try {
    const again = new Simulator(scenario);
    again.runUntil(reached);
    const whole = runDataToCsv(again.runData());
    for (const name of CSV_FILE_NAMES) {
      if (whole[name] !== streamed[name])
        fail(
          `${name} differs between two runs of the same scenario and seed (${firstDifference(whole[name], streamed[name])})`,
        );
    }
  } catch (error) {
    return {
      violations,
      crash: `the second run: ${describe(error)}`,
      reached,
      events: sim.eventsProcessed,
      truncated: reached < scenario.duration,
    };
  }
  return { violations, crash: null, reached, events: sim.eventsProcessed, truncated: reached < scenario.duration };
}

function describe(error: unknown): string {
  return error instanceof Error
    ? `${error.name}: ${error.message}\n${error.stack?.split('\n').slice(1, 4).join('\n') ?? ''}`
    : String(error);
}

function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  const line = a.slice(0, i).split('\n').length;
  return `first at line ${line}`;
}

type Fail = (what: string) => void;

/** Conservation and cwnd, at one instant. */
function checkState(sim: Simulator, fail: Fail): void {
  const a = sim.accounting();
  if (a.created !== a.delivered + a.dropped + a.alive) {
    fail(
      `at ${sim.time} s: packets not conserved: ${a.created} created ≠ ${a.delivered} delivered + ${a.dropped} dropped + ${a.alive} alive`,
    );
  }
  if (a.alive !== a.inNetwork)
    fail(`at ${sim.time} s: ${a.alive} packets alive but ${a.inNetwork} in queues and on wires`);
  for (const f of sim.state().flows) {
    if (f.kind === 'tcp' && !(f.cwnd >= 1)) fail(`at ${sim.time} s: flow ${f.id} has cwnd ${f.cwnd}`);
  }
  // Data the application handed over is in flight, or goes out at once: nothing in flight (no
  // ACK will come) with data left to send is a stall (a paced flow waits for its pacer's timer).
  sim.senders.forEach((snd, fi) => {
    const c = snd?.tcb;
    if (c && c.pacer === null && c.highestAck === c.maxSeq && c.tSeqno < c.curSeq)
      fail(`at ${sim.time} s: flow ${sim.flowIds[fi]} has data to send (up to ${c.curSeq}) and nothing in flight`);
  });
}

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
/** Columns that hold text; every other cell is a plain decimal or empty. */
const TEXT_COLUMNS = new Set(['flow', 'kind', 'variant', 'from', 'to', 'link', 'event', 'detail']);

function checkFiles(s: Scenario, files: Record<CsvFileName, string>, reached: number, fail: Fail): void {
  const tables = Object.fromEntries(CSV_FILE_NAMES.map((n) => [n, csvParseRows(files[n])])) as Record<
    CsvFileName,
    string[][]
  >;
  for (const name of CSV_FILE_NAMES) {
    const [header = [], ...rows] = tables[name];
    if (!files[name].endsWith('\n')) fail(`${name} does not end with a newline`);
    const time = header.indexOf('time_s');
    let last = -Infinity;
    for (const [r, row] of rows.entries()) {
      if (row.length !== header.length) {
        fail(`${name} row ${r + 1} has ${row.length} cells, the header ${header.length}`);
        continue;
      }
      row.forEach((cell, c) => {
        if (cell !== '' && !TEXT_COLUMNS.has(header[c]!) && !PLAIN_NUMBER.test(cell))
          fail(`${name} row ${r + 1}, ${header[c]}: "${cell}" is not a plain decimal`);
      });
      if (time >= 0) {
        const t = Number(row[time]);
        if (t < last) fail(`${name} row ${r + 1}: time goes back from ${last} to ${t}`);
        if (t > reached + 1e-6) fail(`${name} row ${r + 1}: time ${t} is past the end of the run (${reached})`);
        last = t;
      }
    }
  }
  const [sh = [], ...summary] = tables['summary.csv'];
  const col = (name: string) => sh.indexOf(name);
  const bottleneck = pathBandwidths(s);
  for (const row of summary) {
    const flow = row[col('flow')]!;
    const dropRate = Number(row[col('drop_rate')]);
    if (dropRate > 1) fail(`summary.csv: flow ${flow} has drop_rate ${dropRate} > 1`);
    const sent = Number(row[col('packets_sent')]);
    const drops = Number(row[col('drops')]);
    if (drops > sent) fail(`summary.csv: flow ${flow} lost ${drops} data packets of ${sent} sent`);
    const kbps = Number(row[col('throughput_kbps')]);
    const capacity = bottleneck.get(flow);
    // Payload delivered cannot exceed what the slowest link of the path carried (rounded to 1 bit/s):
    // the payload is at most the packet, and the measure window is the whole run (the arbitraries
    // set none), so nothing was already on its way when it opened.
    if (capacity !== undefined && kbps > capacity / 1000 + 0.001)
      fail(`summary.csv: flow ${flow} throughput ${kbps} kbps exceeds its path's ${capacity / 1000} kbps`);
  }
  const [eh = [], ...events] = tables['events.csv'];
  const lost = tables['links.csv'].slice(1).reduce((n, r) => n + Number(r[4]) + Number(r[5]), 0);
  const drops = events.filter((e) => e[eh.indexOf('event')] === 'drop').length;
  if (drops !== lost) fail(`events.csv has ${drops} drops, links.csv ${lost}`);
}

/**
 * Each flow's bottleneck: the least rate along its route (forward), by the
 * same routing the engine uses (shortest propagation delay, then hops). The
 * rate is the one the engine's clock gives the flow's packets: a
 * serialization time is rounded to the nanosecond (core/time.ts txTimeNs),
 * so a link sends b-byte packets back to back at 8b bits per
 * round(8b·10⁹ / bandwidth) ns, up to half a nanosecond a packet from the
 * nominal rate (21-byte packets at 32,790,085 bit/s: 5,123.4999 ns, sent
 * in 5,123, 0.0098 % fast), and never under 1 ns.
 */
function pathBandwidths(s: Scenario): Map<string, number> {
  const sim = new Simulator(s);
  const n = s.nodes.length;
  const out = new Map<string, number>();
  // The engine's flows: a transaction flow's connections, each direction on its own path.
  sim.flows.forEach((f) => {
    const bits = 8 * (f.kind === 'tcp' ? f.packetSize + f.tcp.headerBytes : f.packetSize);
    let u = sim.nodeIndex.get(f.from)!;
    const to = sim.nodeIndex.get(f.to)!;
    let least = Infinity;
    for (let hops = 0; u !== to && hops <= n; hops++) {
      const d = sim.network.routes.next(u, to);
      if (d < 0) return;
      least = Math.min(least, (bits * NS_PER_S) / txTimeNs(bits / 8, sim.dirs[d]!.bandwidth));
      u = sim.dirs[d]!.to;
    }
    out.set(f.id, least);
  });
  return out;
}
