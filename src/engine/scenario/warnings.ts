/**
 * Legal nonsense: a scenario that loads and runs, but where a field cannot
 * have the effect its author surely meant (a flow that starts after the run
 * ends, a link no flow crosses, a window too small for fast retransmit).
 * These are warnings, not errors: the run goes ahead, the runner prints
 * `warning: path: message` and the page shows them beside the field.
 *
 * Rules read the normalized scenario (and, for fields that the defaults
 * would hide, the input as written). They must not assume the scenario passed
 * the cross-field rules: a reference may name nothing.
 */
import { NS_PER_S, txTimeNs } from '../core/time';
import { computeRoutes, routePath } from '../net/routing';
import type { Scenario, ScenarioIssue, TcpFlowSpec, TransactionFlowSpec } from './types';

/** A CBR flow sending more packets than this in a run makes a long run (README: a few million events per second). */
const SLOW_PACKETS = 1e9;
const EVENTS_PER_PACKET = 4;
const EVENTS_PER_SECOND = 3e6;

/** Routes are computed for the "link no flow crosses" rule only up to this many nodes (the table is N²). */
const MAX_ROUTED_NODES = 200;

export function scenarioWarnings(s: Scenario, input: unknown, routesKnown: boolean): ScenarioIssue[] {
  const out: ScenarioIssue[] = [];
  const add = (path: string, message: string) => out.push({ path, message });
  const end = s.duration;

  if (s.sampleInterval > end) {
    add('sampleInterval', `is longer than the run (${end} s): the time series holds only the sample at 0 s`);
  }

  const flowKind = new Map(s.flows.map((f) => [f.id, f]));
  s.flows.forEach((f, i) => {
    const at = `flows[${i}]`;
    if (f.start >= end) add(`${at}.start`, `is at or after the end of the run (${end} s): this flow sends nothing`);
    if (f.kind === 'tcp' || f.kind === 'transaction') tcpWarnings(at, f, rawTcp(input, i), add);
    else {
      // A CBR source's packet count is exact; each packet is a few events per link it crosses.
      const active = Math.max(0, Math.min(f.stop ?? end, end) - f.start);
      const packets = (f.rate / (8 * f.packetSize)) * active;
      if (packets > SLOW_PACKETS) {
        const hours = (packets * EVENTS_PER_PACKET) / EVENTS_PER_SECOND / 3600;
        add(
          `${at}.rate`,
          `sends about ${packets.toPrecision(2)} packets in this run: simulating them takes about ${hours >= 1 ? `${hours.toPrecision(2)} hours` : `${Math.ceil(hours * 60)} minutes`}; a lower rate, larger packets or a shorter run go faster`,
        );
      }
    }
  });

  s.faults.forEach((fault, i) => {
    const at = `faults[${i}]`;
    if (fault.kind === 'dropSegments') {
      const flow = flowKind.get(fault.flow);
      if (flow?.kind === 'tcp' && flow.bytes !== null) {
        const last = Math.ceil(flow.bytes / flow.packetSize) - 1;
        const past = fault.seqs.findIndex((q) => q > last);
        if (past >= 0) {
          add(
            `${at}.seqs[${past}]`,
            `segment ${fault.seqs[past]} is past the file's last segment (${last}): it is never sent, so never dropped`,
          );
        }
      }
      return;
    }
    if (fault.at >= end) add(`${at}.at`, `is at or after the end of the run (${end} s): this fault changes nothing`);
    if (fault.kind === 'randomLoss' && fault.rate === 0) add(`${at}.rate`, 'a loss rate of 0 loses nothing');
  });

  s.links.forEach((l, i) => {
    if (l.delay >= end)
      add(
        `links[${i}].delay`,
        `is at least the whole run (${end} s): nothing sent across this link arrives before the end`,
      );
  });
  if (routesKnown) routedLinks(s, add);
  return out;
}

type Add = (path: string, message: string) => void;

function tcpWarnings(
  at: string,
  f: TcpFlowSpec | TransactionFlowSpec,
  raw: Record<string, unknown> | undefined,
  add: Add,
): void {
  const t = f.tcp;
  if (t.window < 2) {
    add(
      `${at}.tcp.window`,
      `a window under 2 segments sends one segment per round trip and can never see a duplicate ACK: every loss waits for a timeout`,
    );
  } else if (t.window < t.dupAckThreshold + 1) {
    add(
      `${at}.tcp.window`,
      `with ${t.window} segments in flight at most ${Math.floor(t.window) - 1} duplicate ACKs can follow a loss, fewer than dupAckThreshold (${t.dupAckThreshold}): no fast retransmit, every loss waits for a timeout`,
    );
  }
  if (t.initialCwnd > t.window) {
    add(
      `${at}.tcp.initialCwnd`,
      `is more than the window (${t.window} segments): at most ${t.window} are sent at once`,
    );
  }
  if (!raw) return;
  // Parameters that only some variants read, given to another.
  const readers: [string, string[]][] = [
    ['vegas', ['vegas']],
    ['cubic', ['cubic']],
    ['westwood', ['westwood', 'westwoodnr']],
    ['maxSackBlocks', ['sack', 'cubic']],
  ];
  for (const [key, variants] of readers) {
    if (raw[key] !== undefined && !variants.includes(f.variant)) {
      add(
        `${at}.tcp.${key}`,
        `has no effect on a ${f.variant} flow: only ${variants.join(' and ')} read${variants.length === 1 ? 's' : ''} it`,
      );
    }
  }
  if (raw.delayedAckTimeout !== undefined && !t.delayedAck) {
    add(`${at}.tcp.delayedAckTimeout`, 'has no effect without "delayedAck": true');
  }
}

/** The `tcp` object of flow i as written, if it is an object. */
function rawTcp(input: unknown, i: number): Record<string, unknown> | undefined {
  const flows = isRecord(input) ? input.flows : undefined;
  const flow = Array.isArray(flows) ? (flows[i] as unknown) : undefined;
  const tcp = isRecord(flow) ? flow.tcp : undefined;
  return isRecord(tcp) ? tcp : undefined;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * Two rules that need the static routes: links whose two directions carry no
 * flow's packets (data or ACKs), and links whose bandwidth the nanosecond
 * clock rounds far for the data packets that cross them.
 */
function routedLinks(s: Scenario, add: Add): void {
  const n = s.nodes.length;
  if (n > MAX_ROUTED_NODES || s.flows.length === 0) return;
  const index = new Map(s.nodes.map((node, i) => [node.id, i]));
  const dirs = s.links.flatMap((l) => {
    const a = index.get(l.a)!;
    const b = index.get(l.b)!;
    const delayNs = Math.round(l.delay * 1e9);
    return [
      { from: a, to: b, delayNs },
      { from: b, to: a, delayNs },
    ];
  });
  // Each way a flow's packets go, with the size of its data packets on the wire that way (0: ACKs only).
  const ways: { from: number; to: number; bytes: number }[] = [];
  for (const f of s.flows) {
    const from = index.get(f.from);
    const to = index.get(f.to);
    if (from === undefined || to === undefined) continue;
    if (f.kind === 'cbr') ways.push({ from, to, bytes: f.packetSize });
    else {
      const bytes = f.packetSize + f.tcp.headerBytes;
      ways.push({ from, to, bytes }, { from: to, to: from, bytes: f.kind === 'transaction' ? bytes : 0 });
    }
  }
  const routes = computeRoutes(
    n,
    dirs,
    ways.map((w) => [w.from, w.to]),
  );
  const used = new Uint8Array(s.links.length);
  const sizes = s.links.map(() => new Set<number>());
  for (const w of ways) {
    for (const d of routePath(routes, dirs, w.from, w.to) ?? []) {
      used[d >> 1] = 1;
      if (w.bytes > 0) sizes[d >> 1]!.add(w.bytes);
    }
  }
  s.links.forEach((link, i) => {
    if (used[i] === 0) add(`links[${i}]`, 'no flow crosses this link: it carries nothing in this run');
    const far = farthestRounding(link.bandwidth, sizes[i]!);
    if (far) add(`links[${i}].bandwidth`, far);
  });
}

/** A serialization time rounded by more than this share is worth a warning. */
const ROUNDING_WARNED = 0.01;

/**
 * Simulated time is whole nanoseconds (core/time.ts): a packet's
 * serialization time is rounded to the nanosecond, so at the highest rates
 * a link sends small packets measurably faster or slower than its
 * bandwidth (40 bytes at 25 Gbps: 12.8 ns, sent in 13; under half a
 * nanosecond, in 1). The sentence for the data packet size rounded
 * farthest, if any is off by more than 1 %.
 */
function farthestRounding(bandwidth: number, sizes: Iterable<number>): string | null {
  let worst: { bytes: number; exact: number; rounded: number; off: number } | null = null;
  for (const bytes of sizes) {
    const exact = (bytes * 8 * NS_PER_S) / bandwidth;
    const rounded = txTimeNs(bytes, bandwidth);
    const off = Math.abs(rounded - exact) / exact;
    if (off > ROUNDING_WARNED && (worst === null || off > worst.off)) worst = { bytes, exact, rounded, off };
  }
  if (worst === null) return null;
  const { bytes, exact, rounded } = worst;
  const lead = `sends a ${bytes}-byte packet in ${Number(exact.toPrecision(3))} ns, which the engine's nanosecond clock makes ${rounded} ns`;
  const pct = Number((Math.abs(exact / rounded - 1) * 100).toPrecision(2));
  return `${lead}: such packets cross this link ${pct} % ${rounded < exact ? 'faster' : 'slower'} than its bandwidth`;
}
