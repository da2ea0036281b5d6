/**
 * Comparing our engine's protocol events with ns-2's, event by event.
 */
import type { Scenario, TcpFlowSpec } from '../src/engine/scenario/types';
import type { EventRow } from './ns2/extract';

export interface EventTolerance {
  /** seconds */
  time: number;
  /** segments; ns-2 prints cwnd_ with 3 decimals */
  cwnd: number;
}

/** ns-2's variable trace prints cwnd_ to 3 decimals, its packet trace times to 6 significant digits. */
export const EXACT: EventTolerance = { time: 2e-5, cwnd: 0.0006 };

function key(e: EventRow): string {
  return `${e.flow} ${e.event} ${e.seq}`;
}

export function describeEvent(e: EventRow | undefined): string {
  if (!e) return '(none)';
  const w = e.cwnd === null ? '' : ` cwnd ${e.cwnd} ssthresh ${e.ssthresh}`;
  return `${e.time_s.toFixed(6)} s ${e.flow} ${e.event} ${e.seq}${w}`;
}

function agree(a: EventRow | undefined, b: EventRow | undefined, tol: EventTolerance): boolean {
  return (
    a !== undefined &&
    b !== undefined &&
    key(a) === key(b) &&
    Math.abs(a.time_s - b.time_s) <= tol.time &&
    (a.cwnd === null || (b.cwnd !== null && Math.abs(a.cwnd - b.cwnd) <= tol.cwnd)) &&
    a.ssthresh === b.ssthresh
  );
}

export interface EventDivergence {
  /** index, in the canonical order, of the first pair of events that differ */
  index: number;
  /** both lists in canonical order */
  ns2: EventRow[];
  ours: EventRow[];
}

/**
 * Where two event lists first differ (kind, flow, segment, window values, or
 * time beyond the tolerance), or null when they agree throughout.
 */
export function divergence(ns2In: EventRow[], oursIn: EventRow[], tol: EventTolerance = EXACT): EventDivergence | null {
  const ns2 = canonical(ns2In);
  const ours = canonical(oursIn);
  const n = Math.max(ns2.length, ours.length);
  for (let i = 0; i < n; i++) if (!agree(ns2[i], ours[i], tol)) return { index: i, ns2, ours };
  return null;
}

/** The first place where two event lists differ, described in one line, or null when they agree throughout. */
export function firstDifference(ns2In: EventRow[], oursIn: EventRow[], tol: EventTolerance = EXACT): string | null {
  const d = divergence(ns2In, oursIn, tol);
  if (d === null) return null;
  const i = d.index;
  return `event #${i} of ${d.ns2.length} (ns-2) / ${d.ours.length} (ours): ns-2 ${describeEvent(d.ns2[i])} | ours ${describeEvent(d.ours[i])}`;
}

const RANK: Record<EventRow['event'], number> = { drop: 0, timeout: 1, fast_retransmit: 1, retransmit: 2 };

/**
 * A canonical order: by time, and at one instant drops, then the loss
 * response, then retransmissions, by flow and segment (simultaneous events
 * have no order of their own).
 */
export function canonical(events: EventRow[]): EventRow[] {
  return [...events].sort(
    (a, b) =>
      a.time_s - b.time_s ||
      RANK[a.event] - RANK[b.event] ||
      (a.flow < b.flow ? -1 : a.flow > b.flow ? 1 : 0) ||
      a.seq - b.seq,
  );
}

/** Events of the kinds ns-2's traces show, of the given flows. */
export function comparable(events: EventRow[], flows?: Set<string>): EventRow[] {
  return events.filter((e) => !flows || flows.has(e.flow));
}

/** What a random-loss run is compared on, seed by seed (ns-2 keeps no packet trace of these runs). */
export const LOSS_COUNTERS = ['goodput_kbps', 'highest_ack', 'timeouts', 'retransmissions', 'packets_sent'] as const;

export function relDiff(ours: number, ns2: number): number {
  return ns2 === 0 ? (ours === 0 ? 0 : Infinity) : (ours - ns2) / ns2;
}

export function mean(xs: number[]): number {
  return xs.reduce((a, b) => a + b, 0) / xs.length;
}

/** Mathis, Semke, Mahdavi & Ott (1997): throughput = (MSS/RTT)·C/√p with C = √(3/2), in kb/s. */
export function mathisKbps(mssBytes: number, rttSeconds: number, p: number): number {
  return (((mssBytes * 8) / rttSeconds) * Math.sqrt(3 / (2 * p))) / 1000;
}

/**
 * A TCP flow's round trip on an empty path, seconds: propagation both ways,
 * plus the serialization of one data segment on each link out and of one ACK
 * on each link back. The Mathis check uses it rather than a measured srtt,
 * which depends on the RTT clock (on ns-2's 10 ms ticks srtt reads up to a
 * tick high: about 108.9 ms on the random-loss cases' 101 ms path, in both simulators).
 */
export function pathRtt(s: Scenario, flowId: string): number {
  const f = s.flows.find((x) => x.id === flowId) as TcpFlowSpec;
  const prev = new Map<string, { node: string; link: Scenario['links'][number] } | null>([[f.from, null]]);
  const todo = [f.from];
  while (todo.length > 0 && !prev.has(f.to)) {
    const n = todo.shift()!;
    for (const l of s.links) {
      const other = l.a === n ? l.b : l.b === n ? l.a : null;
      if (other !== null && !prev.has(other)) {
        prev.set(other, { node: n, link: l });
        todo.push(other);
      }
    }
  }
  const data = (f.packetSize + f.tcp.headerBytes) * 8;
  const ack = f.tcp.ackBytes * 8;
  let rtt = 0;
  for (let hop = prev.get(f.to); hop; hop = prev.get(hop.node)) {
    rtt += 2 * hop.link.delay + (data + ack) / hop.link.bandwidth;
  }
  return rtt;
}
