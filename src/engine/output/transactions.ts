/**
 * The outputs of request/response traffic (traffic/transactions.ts), an
 * extension of the contract present only when the scenario has a
 * transaction flow:
 *
 *  - `transactions.csv`, one row per completed transaction: flow (the
 *    scenario's transaction flow), connection, transaction (both from 1),
 *    start_s (the request written), end_s (the response's last byte held by
 *    the client), response_ms, request_bytes, response_bytes; in order of
 *    completion.
 *  - three columns at the end of summary.csv, filled on each connection's
 *    response row (`<id>.<c>`), empty on the others: transactions (completed),
 *    response_mean_ms and response_p95_ms (nearest-rank 95th percentile:
 *    the smallest response time at least 95 % of the transactions did not
 *    exceed).
 */
import { nsToMs, nsToSeconds } from '../core/time';
import type { TransactionFlow } from '../traffic/transactions';
import { csvFormatRows } from 'd3-dsv';
import { DECIMALS, formatNumber, safeText } from './csv-cells';
import { runDataToCsv } from './csv';
import type { RunData, TransactionRow } from './rundata';
export { TRANSACTION_SUMMARY_COLUMNS, type TransactionRow } from './rundata';

export const TRANSACTIONS_FILE = 'transactions.csv';

export const TRANSACTION_COLUMNS = [
  'flow',
  'connection',
  'transaction',
  'start_s',
  'end_s',
  'response_ms',
  'request_bytes',
  'response_bytes',
] as const;

/** A connection's figures for summary.csv. */
export interface ConnectionFigures {
  transactions: number;
  response_mean_ms: number | null;
  response_p95_ms: number | null;
}

/** Every completed transaction of these flows, flow by flow, in order of completion. */
export function transactionRows(flows: readonly TransactionFlow[]): TransactionRow[] {
  const rows: TransactionRow[] = [];
  for (const t of flows) {
    const spec = t.plan.spec;
    for (let i = 0; i < t.count; i++) {
      const start = t.startNs.at(i);
      const end = t.endNs.at(i);
      rows.push({
        flow: spec.id,
        connection: t.connection.at(i),
        transaction: t.number.at(i),
        start_s: nsToSeconds(start),
        end_s: nsToSeconds(end),
        response_ms: nsToMs(end - start),
        request_bytes: spec.request,
        response_bytes: spec.response,
      });
    }
  }
  return rows;
}

/** Nearest-rank percentile `p` (0–100) of ascending `sorted`; null when empty. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1];
}

/** Per engine flow index of a connection's response direction, that connection's figures. */
export function connectionFigures(flows: readonly TransactionFlow[]): Map<number, ConnectionFigures> {
  const out = new Map<number, ConnectionFigures>();
  for (const t of flows) {
    const times = new Map<number, number[]>();
    for (let i = 0; i < t.count; i++) {
      const c = t.connection.at(i);
      let list = times.get(c);
      if (!list) times.set(c, (list = []));
      list.push(nsToMs(t.endNs.at(i) - t.startNs.at(i)));
    }
    for (const c of t.plan.connections) {
      const list = (times.get(c.number) ?? []).sort((a, b) => a - b);
      out.set(c.response, {
        transactions: list.length,
        response_mean_ms: list.length ? list.reduce((a, b) => a + b, 0) / list.length : null,
        response_p95_ms: percentile(list, 95),
      });
    }
  }
  return out;
}

/** transactions.csv's text, header included. */
export function transactionsCsv(rows: readonly TransactionRow[]): string {
  const out: string[][] = [TRANSACTION_COLUMNS.slice()];
  for (const r of rows) {
    out.push([
      safeText(r.flow),
      formatNumber(r.connection, DECIMALS.count),
      formatNumber(r.transaction, DECIMALS.count),
      formatNumber(r.start_s, DECIMALS.time),
      formatNumber(r.end_s, DECIMALS.time),
      formatNumber(r.response_ms, DECIMALS.ms),
      formatNumber(r.request_bytes, DECIMALS.count),
      formatNumber(r.response_bytes, DECIMALS.count),
    ]);
  }
  return `${csvFormatRows(out)}\n`;
}

/** Every output file of a run, by name: the contract's five and, with transaction flows, transactions.csv. */
export function runDataFiles(data: RunData): Record<string, string> {
  const files: Record<string, string> = runDataToCsv(data);
  if (data.transactions) files[TRANSACTIONS_FILE] = transactionsCsv(data.transactions);
  return files;
}
