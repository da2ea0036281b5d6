/**
 * The contract's five CSV files (docs: /work/shared/design/scenario-format.md,
 * "Runner outputs"), formatted from a `RunData`. Used by the command-line
 * runner and by the page's "Export CSV", so this file stays browser-safe: no
 * Node APIs.
 *
 * How a cell is written: csv-cells.ts. The rows of each file: csv-tables.ts
 * (summary, links, events) and csv-sampled.ts (timeseries, queues).
 * - Every file has its header row, even with no data rows, and ends with "\n".
 */
import type { RunData } from './rundata';
import { queuesCsv, timeseriesCsv } from './csv-sampled';
import { eventsCsv, linksCsv, summaryCsv } from './csv-tables';

// The cells and each file's rows live in their own modules; this one is the file set.
export { DECIMALS, csvCell, formatNumber, safeText } from './csv-cells';
export {
  QUEUES_COLUMNS,
  queuesCsv,
  queuesHeader,
  queuesRows,
  seriesColumnDecimals,
  timeseriesCsv,
  timeseriesHeader,
  timeseriesRows,
} from './csv-sampled';
export {
  EVENTS_COLUMNS,
  LINKS_COLUMNS,
  SUMMARY_COLUMNS,
  eventsCsv,
  eventsHeader,
  eventsRows,
  linksCsv,
  summaryCsv,
} from './csv-tables';

export type CsvFileName = 'summary.csv' | 'timeseries.csv' | 'queues.csv' | 'links.csv' | 'events.csv';

/** In the order the runner writes them. */
export const CSV_FILE_NAMES: readonly CsvFileName[] = [
  'summary.csv',
  'timeseries.csv',
  'queues.csv',
  'links.csv',
  'events.csv',
];

// ------------------------------------------------------------------ all files

export function runDataToCsv(data: RunData): Record<CsvFileName, string> {
  return {
    'summary.csv': summaryCsv(data),
    'timeseries.csv': timeseriesCsv(data),
    'queues.csv': queuesCsv(data),
    'links.csv': linksCsv(data),
    'events.csv': eventsCsv(data),
  };
}
