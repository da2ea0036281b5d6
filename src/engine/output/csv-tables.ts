/**
 * The per-run tables: summary.csv (one row per flow, with the transaction
 * columns when the scenario has transaction flows), links.csv (one row per
 * link direction) and events.csv (one row per protocol event). Every file has
 * its header row, even with no data rows, and ends with "\n". Browser-safe:
 * no Node APIs.
 */
import { csvFormatRows } from 'd3-dsv';
import type { EventRow, FlowSummaryRow, LinkSummaryRow, RunData } from './rundata';
import { SUMMARY_NUMBER_COLUMNS, SUMMARY_TEXT_COLUMNS, TRANSACTION_SUMMARY_COLUMNS } from './rundata';
import { DECIMALS, formatNumber, safeText, toCsv } from './csv-cells';

// ---------------------------------------------------------------- summary.csv

export const SUMMARY_COLUMNS = [...SUMMARY_TEXT_COLUMNS, ...SUMMARY_NUMBER_COLUMNS] as const;

export function summaryCsv(data: Pick<RunData, 'summary'>): string {
  // A scenario with transaction flows adds their columns at the end (output/transactions.ts).
  const tx = data.summary.some((r) => r.transactions !== undefined);
  const rows: string[][] = [tx ? [...SUMMARY_COLUMNS, ...TRANSACTION_SUMMARY_COLUMNS] : SUMMARY_COLUMNS.slice()];
  for (const r of data.summary) {
    const row = summaryRow(r);
    if (tx)
      row.push(
        formatNumber(r.transactions, DECIMALS.count),
        formatNumber(r.response_mean_ms, DECIMALS.ms),
        formatNumber(r.response_p95_ms, DECIMALS.ms),
      );
    rows.push(row);
  }
  return toCsv(rows);
}

function summaryRow(r: FlowSummaryRow): string[] {
  return [
    safeText(r.flow),
    safeText(r.kind),
    safeText(r.variant),
    safeText(r.from),
    safeText(r.to),
    formatNumber(r.throughput_kbps, DECIMALS.kbps),
    formatNumber(r.packets_sent, DECIMALS.count),
    formatNumber(r.packets_delivered, DECIMALS.count),
    formatNumber(r.retransmissions, DECIMALS.count),
    formatNumber(r.timeouts, DECIMALS.count),
    formatNumber(r.fast_retransmits, DECIMALS.count),
    formatNumber(r.drops, DECIMALS.count),
    formatNumber(r.drop_rate, DECIMALS.ratio),
    formatNumber(r.avg_latency_ms, DECIMALS.ms),
    formatNumber(r.avg_cwnd, DECIMALS.window),
    formatNumber(r.avg_ssthresh, DECIMALS.window),
    formatNumber(r.completion_s, DECIMALS.time),
    formatNumber(r.ack_drops, DECIMALS.count),
  ];
}

// ------------------------------------------------------------------ links.csv

export const LINKS_COLUMNS = [
  'link',
  'from',
  'to',
  'packets_forwarded',
  'queue_drops',
  'fault_drops',
  'utilization',
  'avg_queue_pkts',
  'ecn_marks',
] as const;

export function linksCsv(data: Pick<RunData, 'links'>): string {
  const rows: string[][] = [LINKS_COLUMNS.slice()];
  for (const r of data.links) rows.push(linkRow(r));
  return toCsv(rows);
}

function linkRow(r: LinkSummaryRow): string[] {
  return [
    safeText(r.link),
    safeText(r.from),
    safeText(r.to),
    formatNumber(r.packets_forwarded, DECIMALS.count),
    formatNumber(r.queue_drops, DECIMALS.count),
    formatNumber(r.fault_drops, DECIMALS.count),
    formatNumber(r.utilization, DECIMALS.ratio),
    formatNumber(r.avg_queue_pkts, DECIMALS.window),
    formatNumber(r.ecn_marks, DECIMALS.count),
  ];
}

// ----------------------------------------------------------------- events.csv

export const EVENTS_COLUMNS = ['time_s', 'flow', 'event', 'seq', 'cwnd', 'ssthresh', 'detail'] as const;

export function eventsCsv(data: Pick<RunData, 'events'>): string {
  const rows: string[][] = new Array(1 + data.events.length);
  rows[0] = EVENTS_COLUMNS.slice();
  for (let i = 0; i < data.events.length; i++) rows[i + 1] = eventRow(data.events[i]);
  return toCsv(rows);
}

export function eventsHeader(): string {
  return csvFormatRows([EVENTS_COLUMNS.slice()]);
}

/** events.csv's lines for these events, each ending with "\n" ('' for none): eventsCsv without its header. */
export function eventsRows(events: readonly EventRow[]): string {
  if (events.length === 0) return '';
  return csvFormatRows(events.map(eventRow)) + '\n';
}

function eventRow(e: EventRow): string[] {
  return [
    formatNumber(e.time_s, DECIMALS.time),
    safeText(e.flow),
    safeText(e.event),
    formatNumber(e.seq, DECIMALS.count),
    formatNumber(e.cwnd, DECIMALS.window),
    formatNumber(e.ssthresh, DECIMALS.window),
    safeText(e.detail),
  ];
}
