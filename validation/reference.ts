/**
 * The committed ns-2.35 reference data (validation/reference/*.csv), read
 * back into the row types of ns2/extract.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { numOrNull, parseCsv } from './csv';
import type { EventRow, LinkRow, SeriesRow, SummaryRow, TickRow } from './ns2/extract';

const DIR = join(dirname(fileURLToPath(import.meta.url)), 'reference');

let cache: { summary: SummaryRow[]; links: LinkRow[]; events: EventRow[]; ticks: TickRow[] } | null = null;

function load() {
  if (cache) return cache;
  const read = (f: string) => parseCsv(readFileSync(join(DIR, f), 'utf8'));
  const summary: SummaryRow[] = read('summary.csv').map((r) => ({
    case: r.case,
    seed: Number(r.seed),
    flow: r.flow,
    kind: r.kind,
    variant: r.variant,
    goodput_kbps: Number(r.goodput_kbps),
    highest_ack: numOrNull(r.highest_ack),
    packets_sent: numOrNull(r.packets_sent),
    retransmissions: numOrNull(r.retransmissions),
    timeouts: numOrNull(r.timeouts),
    fast_retransmits: numOrNull(r.fast_retransmits),
    drops: numOrNull(r.drops),
    avg_cwnd: numOrNull(r.avg_cwnd),
    avg_ssthresh: numOrNull(r.avg_ssthresh),
    avg_srtt_ms: numOrNull(r.avg_srtt_ms),
  }));
  const links: LinkRow[] = read('links.csv').map((r) => ({
    case: r.case,
    seed: Number(r.seed),
    link: r.link,
    from: r.from,
    packets_forwarded: Number(r.packets_forwarded),
    drops: Number(r.drops),
    utilization: Number(r.utilization),
    avg_queue_pkts: Number(r.avg_queue_pkts),
  }));
  const events: EventRow[] = read('events.csv').map((r) => ({
    case: r.case,
    flow: r.flow,
    time_s: Number(r.time_s),
    event: r.event as EventRow['event'],
    seq: Number(r.seq),
    cwnd: numOrNull(r.cwnd),
    ssthresh: numOrNull(r.ssthresh),
  }));
  const ticks: TickRow[] = read('ticks.csv').map((r) => ({
    case: r.case,
    seed: Number(r.seed),
    flow: r.flow,
    tick_s: Number(r.tick_s),
    boot_time_s: Number(r.boot_time_s),
  }));
  cache = { summary, links, events, ticks };
  return cache;
}

export function refSummary(caseId: string, seed?: number): SummaryRow[] {
  return load().summary.filter((r) => r.case === caseId && (seed === undefined || r.seed === seed));
}

export function refFlow(caseId: string, flow: string, seed = 1): SummaryRow {
  const r = load().summary.find((x) => x.case === caseId && x.flow === flow && x.seed === seed);
  if (!r) throw new Error(`no ns-2 reference row for ${caseId} flow ${flow} seed ${seed}`);
  return r;
}

/** The bottleneck's forward direction (from r1). */
export function refLink(caseId: string, seed = 1): LinkRow {
  const r = load().links.find((x) => x.case === caseId && x.seed === seed && x.from === 'r1');
  if (!r) throw new Error(`no ns-2 link row for ${caseId}`);
  return r;
}

export function refEvents(caseId: string): EventRow[] {
  return load().events.filter((r) => r.case === caseId);
}

/** Where ns-2's RTT clock ticked for each TCP flow of a case and seed (its boot_time_ draws). */
export function refTicks(caseId: string, seed: number): TickRow[] {
  return load().ticks.filter((r) => r.case === caseId && r.seed === seed);
}

export function refSeries(caseId: string, flow?: string): SeriesRow[] | null {
  const path = join(DIR, 'series', flow ? `${caseId}-${flow}.csv` : `${caseId}.csv`);
  if (!existsSync(path)) return null;
  return parseCsv(readFileSync(path, 'utf8')).map((r) => ({
    time_s: Number(r.time_s),
    cwnd: Number(r.cwnd),
    ssthresh: Number(r.ssthresh),
  }));
}

export const REFERENCE_DIR = DIR;
