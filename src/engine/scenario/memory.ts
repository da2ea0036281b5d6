/**
 * How much memory a run will need, estimated before it starts, and the
 * refusal when that exceeds a budget.
 *
 * The estimate is an upper bound built from what the engine holds:
 *  - state that does not grow with simulated time: packets alive at once
 *    (bounded by the TCP windows, the queues and the CBR rates), the
 *    receivers' and Vegas's rings sized from the window, queue and wire
 *    buffers, the routing table;
 *  - what the run records, which depends on how the runner keeps it:
 *    `stream` (the command-line runner writes sample rows and events to disk as
 *    the run goes, holding some ten thousand at a time), `page` (the page's
 *    worker keeps at most `pageRetention` samples and events for Export CSV,
 *    dropping the oldest, plus the text of that export), or `all` (every sample
 *    kept to the end, as sweeps and lessons do).
 * Typed columns grow by doubling, so recorded bytes are counted twice.
 *
 * A transaction flow counts as the engine runs it: two TCP flows per
 * connection (traffic/transaction-plan.ts), plus its completed transactions,
 * kept to the end for transactions.csv and the summary.
 *
 * The constants are this engine's layout (net/packets.ts, tcp/receiver.ts, …):
 * keep them in step when those change. Nothing here runs the engine.
 */
import type { Scenario, ScenarioIssue, TcpFlowSpec } from './types';
import { engineFlows } from '../traffic/transaction-plan';

export const MB = 1e6;
/** The command-line runner's default budget (`--max-memory` changes it). */
export const CLI_MEMORY_BUDGET = 1e9;
/** The page's budget for one run in its worker (a browser tab has a few GB at most, shared). */
export const PAGE_MEMORY_BUDGET = 512 * MB;

/** What the JavaScript engine itself takes before the run holds anything. */
const BASELINE = 48 * MB;
/** One packet in the pool: 13 typed columns (net/packets.ts), × 2 for doubling. */
const PACKET_BYTES = 2 * 79;
/** A packet on a wire (id, arrival time, event sequence) and in a queue (id, size). */
const BUFFERED_BYTES = 2 * (20 + 8);
/** One recorded protocol event: 10 typed columns (core/event-log.ts), × 2 for doubling. */
const EVENT_BYTES = 2 * 72;
/** One CSV row of the page's export while it is built: the line, the joined file, its copy to the page and its zip. */
const EXPORT_ROW_BYTES = 350;
/** Events and their export, per event. */
const EXPORT_EVENT_BYTES = 400;
/** A CSV row formatted by the command-line runner before it is written. */
const STREAM_ROW_BYTES = 200;
/** Sample rows (timeseries and queues) the command-line runner formats at once (output/csv-stream.ts). */
export const STREAM_CHUNK_ROWS = 16_384;
/**
 * Blocks of samples the command-line runner may have handed to its writer
 * thread and not yet seen written (cli/sample-writer.ts): each a copy of the
 * samples held between drains.
 */
export const SAMPLE_BLOCKS_PENDING = 3;
/** Events past which the command-line runner shortens its slices of simulated time (output/csv-stream.ts). */
export const STREAM_CHUNK_EVENTS = 16_384;

/** The page's worker keeps at most this many protocol events for Export CSV. */
export const PAGE_EVENTS_KEPT = 200_000;
/** … and samples up to this many bytes, recorded and exported. */
const PAGE_SAMPLE_BYTES = 256 * MB;

export type Keeping = 'stream' | 'page' | 'all';

export interface MemoryPart {
  /** what takes it, in words */
  what: string;
  bytes: number;
  /** the field to change to need less */
  path: string;
  /** how, in words */
  change: string;
}

export interface MemoryEstimate {
  bytes: number;
  /** largest first */
  parts: MemoryPart[];
}

/** Series columns per flow: the contract's six, the inflation, the variants' traces (output/rundata.ts, tcp/cc). */
function seriesColumns(s: Scenario): number {
  const variants = new Set(s.flows.flatMap((f) => (f.kind === 'tcp' ? [f.variant] : [])));
  let n = 6;
  if (['reno', 'newreno', 'vegas', 'westwood', 'westwoodnr'].some((v) => variants.has(v as never))) n += 1;
  if (variants.has('vegas')) n += 4;
  if (variants.has('westwood') || variants.has('westwoodnr')) n += 2;
  if (variants.has('cubic')) n += 4;
  if (variants.has('dctcp')) n += 1;
  if (variants.has('bbr')) n += 5;
  // A paced flow's rate (tcp/pacer.ts).
  if (s.flows.some((f) => f.kind === 'tcp' && f.tcp.pacing)) n += 1;
  return n;
}

/** The control variables each discipline records beside queues.csv's columns (queues/*.ts `controlColumns`). */
const QUEUE_CONTROL_COLUMNS: Readonly<Record<string, number>> = { codel: 2, fqcodel: 1, pie: 2 };

/**
 * Queue values each direction records per sample: length in packets and
 * bytes, RED's average, sojourn, drops, ECN marks (output/sampler.ts), the
 * disciplines' control variables and the capacity when some link's changes.
 */
function queueValues(s: Scenario): number {
  const types = new Set(s.links.map((l) => l.queue.type));
  let n = 6;
  for (const t of types) n += QUEUE_CONTROL_COLUMNS[t] ?? 0;
  if (s.links.some((l) => l.schedule !== undefined || l.trace !== undefined)) n += 1;
  return n;
}

/** The scenario with its flows as the engine runs them (a transaction flow's connections as TCP flows). */
function asRun(s: Scenario): Scenario {
  return s.flows.some((f) => f.kind === 'transaction') ? { ...s, flows: engineFlows(s).flows } : s;
}

/** One completed transaction: 4 typed columns × 2 for doubling, then its row and CSV line at the end. */
const TRANSACTION_BYTES = 2 * 32 + 300;

/**
 * Transactions a run can complete: per connection, its limit or the run's
 * length over the least a transaction can take — both messages serialized on
 * the fastest link, and a constant think time — or, with exponential think
 * times, the most of them that fit in the run but with a negligible chance.
 */
function transactionParts(s: Scenario): MemoryPart[] {
  const fastest = Math.max(1, ...s.links.map((l) => l.bandwidth));
  const parts: MemoryPart[] = [];
  s.flows.forEach((f, i) => {
    if (f.kind !== 'transaction') return;
    const least =
      ((f.request + f.response + 2 * f.tcp.headerBytes) * 8) / fastest +
      (f.thinkTime.distribution === 'constant' ? f.thinkTime.mean : 0);
    const active = Math.max(0, Math.min(f.stop ?? s.duration, s.duration) - f.start);
    // Exponential think times of mean m: more than n = 2·active/m + 72 of them fit in `active` with a
    // probability below e^(−n(ln 2 − 1/2)) < 10⁻⁶ (a Chernoff bound on their sum): that many is the bound.
    const thinks =
      f.thinkTime.distribution === 'exponential' && f.thinkTime.mean > 0
        ? Math.ceil((2 * active) / f.thinkTime.mean) + 72
        : Infinity;
    const each = Math.min(f.transactions ?? Infinity, Math.ceil(active / least) + 1, thinks);
    parts.push({
      what: `the transactions of flow ${f.id} (${f.connections} connection${f.connections === 1 ? '' : 's'})`,
      bytes: f.connections * each * TRANSACTION_BYTES,
      path: `flows[${i}].transactions`,
      change: 'a limit on transactions per connection, fewer connections or a longer think time',
    });
  });
  return parts;
}

/** Bytes of typed data recorded per sample: times, each flow's columns and cumulative bytes, each direction's queue values. */
export function sampleBytes(scenario: Scenario): number {
  const s = asRun(scenario);
  return 8 + s.flows.length * (seriesColumns(s) + 1) * 8 + s.links.length * 2 * queueValues(s) * 8;
}

/** Rows of timeseries.csv and queues.csv per sample. */
export function rowsPerSample(s: Scenario): number {
  return asRun(s).flows.length + s.links.length * 2;
}

export function sampleCount(s: Scenario): number {
  return Math.floor(s.duration / s.sampleInterval + 1e-9) + 1;
}

/**
 * `n` with its thousands grouped as toLocaleString('en') writes it
 * ("1,234,567"). Every run estimates its memory before it starts, and the
 * first toLocaleString of a process loads the locale data (some 40 ms of a
 * command-line run's start), so whole numbers are grouped here.
 */
export function grouped(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en');
  const digits = String(Math.abs(n));
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let at = out.length; at < digits.length; at += 3) out += `,${digits.slice(at, at + 3)}`;
  return n < 0 ? `-${out}` : out;
}

const pow2 = (x: number): number => 2 ** Math.ceil(Math.log2(Math.max(1, x)));

/** What the page's worker keeps for Export CSV: at most this many samples and events. */
export function pageRetention(s: Scenario): { samples: number; events: number } {
  const perSample = 2 * sampleBytes(s) + rowsPerSample(s) * EXPORT_ROW_BYTES;
  // At least a few seconds' worth, whatever the network (the charts need recent samples too).
  return { samples: Math.max(64, Math.floor(PAGE_SAMPLE_BYTES / perSample)), events: PAGE_EVENTS_KEPT };
}

/** The estimate for a run kept as `keeping` says. */
export function estimateMemory(scenario: Scenario, keeping: Keeping): MemoryEstimate {
  const parts: MemoryPart[] = [];
  const add = (part: MemoryPart) => {
    if (part.bytes > 0) parts.push(part);
  };
  for (const p of transactionParts(scenario)) add(p);
  // From here on the flows as the engine runs them; a field path names the scenario's flow.
  const plan = scenario.flows.some((f) => f.kind === 'transaction') ? engineFlows(scenario) : null;
  const s = plan ? { ...scenario, flows: plan.flows } : scenario;
  const flowPath = (i: number) => `flows[${plan ? plan.source[i] : i}]`;

  // --- packets alive at once, and the windows' rings
  const tcp = s.flows.flatMap((f, i) => (f.kind === 'tcp' ? [{ f, i }] : []));
  let tcpPackets = 0;
  let rings = 0;
  let widest: { f: TcpFlowSpec; i: number } | undefined;
  for (const t of tcp) {
    const w = Math.ceil(t.f.tcp.window);
    const segments = t.f.bytes === null ? Infinity : Math.ceil(t.f.bytes / t.f.packetSize) + 1;
    // Data outstanding (a go-back-N resend can double it while the originals still queue) and their ACKs.
    tcpPackets += Math.min(3 * (w + 3), 3 * segments);
    rings += pow2(Math.max(1024, 4 * t.f.tcp.window)); // receiver (tcp/receiver.ts)
    rings += 2 * pow2(w + 2); // SACK scoreboard at most
    if (t.f.variant === 'vegas') rings += 12 * pow2(w + 2); // Vegas's send times (tcp/cc/vegas.ts)
    if (!widest || t.f.tcp.window > widest.f.tcp.window) widest = t;
  }
  const totalDelay = s.links.reduce((sum, l) => sum + l.delay, 0);
  let cbrPackets = 0;
  let cbrTotal = 0;
  for (const f of s.flows) {
    if (f.kind !== 'cbr') continue;
    const perSecond = f.rate / (8 * f.packetSize);
    const active = Math.max(0, Math.min(f.stop ?? s.duration, s.duration) - f.start);
    const total = Math.ceil(perSecond * active) + 1;
    cbrTotal += total;
    // On the wires of its path (no longer than every link end to end), plus what waits in queues (below).
    cbrPackets += Math.min(total, Math.ceil(perSecond * totalDelay) + 1);
  }
  const queueRoom = s.links.reduce((sum, l) => sum + 2 * l.queue.limit, 0);
  const bySources = tcpPackets + cbrPackets + Math.min(queueRoom, cbrTotal);
  // A packet is always in a queue, being sent or on a wire: no more can be alive than the network holds.
  const byNetwork = networkHolds(s);
  const alive = Math.min(bySources, byNetwork.packets);
  const windowBound = bySources <= byNetwork.packets;
  if (widest) {
    add({
      what: `the rings sized from the windows of ${tcp.length} TCP flow${tcp.length === 1 ? '' : 's'} (up to ${widest.f.tcp.window} segments)`,
      bytes: rings,
      path: `${flowPath(widest.i)}.tcp.window`,
      change: 'a smaller tcp.window',
    });
  }
  add({
    what: windowBound
      ? `${grouped(alive)} packets the flows can have in flight at once`
      : `${grouped(alive)} packets the queues and links can hold at once`,
    bytes: alive * (PACKET_BYTES + BUFFERED_BYTES),
    path: windowBound
      ? widest && tcpPackets >= cbrPackets
        ? `${flowPath(widest.i)}.tcp.window`
        : 'flows'
      : byNetwork.path,
    change: windowBound
      ? 'smaller windows, fewer flows or slower CBR flows'
      : 'smaller queue limits, or links with less bandwidth × delay',
  });

  // --- routing table and the per-node/link state
  const n = s.nodes.length;
  add({
    what: `routing among ${n} nodes`,
    bytes: n * 64 + s.links.length * 2 * 512 + s.flows.length * 2048 + routeEntries(s) * ROUTE_ENTRY_BYTES,
    path: 'nodes',
    change: 'fewer nodes',
  });

  // --- what the run records
  const samples = sampleCount(s);
  const perSample = sampleBytes(s);
  const rows = rowsPerSample(s);
  if (keeping === 'all') {
    add({
      what: `${grouped(samples)} samples of ${s.flows.length} flows and ${s.links.length * 2} link directions`,
      bytes: samples * perSample * 2,
      path: 'sampleInterval',
      change: `a longer sampleInterval, a shorter duration, or fewer flows and links`,
    });
  } else if (keeping === 'page') {
    const kept = Math.min(samples, pageRetention(s).samples);
    add({
      what: `the samples kept for the charts and Export CSV (${grouped(kept)})`,
      bytes: kept * (perSample * 2 + rows * EXPORT_ROW_BYTES),
      path: 'sampleInterval',
      change: 'a longer sampleInterval, or fewer flows and links',
    });
    add({
      what: 'the protocol events kept for Export CSV',
      bytes: PAGE_EVENTS_KEPT * (EVENT_BYTES + EXPORT_EVENT_BYTES),
      path: 'flows',
      change: 'fewer flows',
    });
  } else {
    const chunk = Math.min(samples, Math.max(1, Math.floor(STREAM_CHUNK_ROWS / Math.max(1, rows))));
    // Held between drains: a chunk, or the throughput window if longer (output/csv-stream.ts drainSamples).
    const held = Math.min(samples, Math.max(chunk, Math.round(0.5 / s.sampleInterval)));
    add({
      what: `sample rows formatted ${chunk} samples at a time`,
      // The held samples, the blocks waiting for the writer thread and the one it is writing (as columns).
      bytes: held * perSample * (2 + SAMPLE_BLOCKS_PENDING + 2) + chunk * rows * STREAM_ROW_BYTES,
      path: 'flows',
      change: 'fewer flows and links',
    });
    add({
      what: 'protocol events waiting to be written',
      bytes: STREAM_CHUNK_EVENTS * (EVENT_BYTES + STREAM_ROW_BYTES) * 2,
      path: 'flows',
      change: 'fewer flows',
    });
  }
  parts.sort((a, b) => b.bytes - a.bytes);
  return { bytes: BASELINE + parts.reduce((sum, p) => sum + p.bytes, 0), parts };
}

/** One next hop in the route table (net/routing.ts): a key and a value, at most half full, × 2 for doubling. */
const ROUTE_ENTRY_BYTES = 2 * 2 * 12;

/**
 * Most next hops the route table can hold: two paths per flow (data and
 * ACKs), each crossing at most the core nodes plus its two end hosts. A host
 * with one link to a node with several is a stub (net/routing.ts), never in
 * the middle of a path.
 */
function routeEntries(s: Scenario): number {
  const degree = new Map<string, number>();
  const neighbour = new Map<string, string>();
  for (const l of s.links) {
    degree.set(l.a, (degree.get(l.a) ?? 0) + 1);
    degree.set(l.b, (degree.get(l.b) ?? 0) + 1);
    neighbour.set(l.a, l.b);
    neighbour.set(l.b, l.a);
  }
  let stubs = 0;
  for (const [id, d] of degree) if (d === 1 && (degree.get(neighbour.get(id)!) ?? 0) > 1) stubs++;
  const hops = Math.min(s.nodes.length, s.nodes.length - stubs + 2);
  return 2 * s.flows.length * hops;
}

/**
 * Packets the network can hold at once: every queue full, every transmitter
 * busy and every wire full of the smallest packet any flow sends, plus a SYN
 * per flow; and the field that holds the most.
 */
function networkHolds(s: Scenario): { packets: number; path: string } {
  let smallest = Infinity;
  for (const f of s.flows) {
    smallest = Math.min(
      smallest,
      f.kind === 'tcp' ? Math.min(f.tcp.ackBytes, f.packetSize + f.tcp.headerBytes) : f.packetSize,
    );
  }
  smallest = Math.max(1, Number.isFinite(smallest) ? smallest : 1);
  let packets = s.flows.length;
  let most = -1;
  let path = 'links';
  s.links.forEach((l, i) => {
    const queue = l.queue.limit + 1;
    const wire = Math.ceil((l.bandwidth * l.delay) / (8 * smallest)) + 1;
    packets += 2 * (queue + wire);
    if (queue + wire > most) {
      most = queue + wire;
      path = queue >= wire ? `links[${i}].queue.limit` : `links[${i}].delay`;
    }
  });
  return { packets, path };
}

/** "1.2 GB", "512 MB", "3.4 kB" (decimal units, as the loader's sizes). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1e9) return `${trim(bytes / 1e9)} GB`;
  if (bytes >= 1e6) return `${trim(bytes / 1e6)} MB`;
  if (bytes >= 1e3) return `${trim(bytes / 1e3)} kB`;
  return `${Math.round(bytes)} B`;
}

const trim = (x: number): string => String(Number(x.toPrecision(x >= 100 ? 3 : 2)));

/**
 * The refusal of a run whose estimate exceeds `budget` bytes: one issue at
 * the field whose part is largest, saying what to change. `raise` tells how
 * this runner's budget can be raised ("run it with --max-memory 4GB").
 */
export function memoryIssues(s: Scenario, keeping: Keeping, budget: number, raise: string): ScenarioIssue[] {
  const estimate = estimateMemory(s, keeping);
  if (estimate.bytes <= budget) return [];
  const top = estimate.parts[0];
  const detail = top ? `; most of it (${formatBytes(top.bytes)}) for ${top.what}: use ${top.change}` : '';
  return [
    {
      path: top?.path ?? '(scenario)',
      message: `the run would need about ${formatBytes(estimate.bytes)} of memory, more than the ${formatBytes(budget)} allowed${detail}${raise ? ` (${raise})` : ''}`,
    },
  ];
}
