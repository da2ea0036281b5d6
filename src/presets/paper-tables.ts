/**
 * The seed papers' own numbers, as typed data, and which of our presets and
 * summary.csv metrics each of them corresponds to, so that the page and the
 * sweep tool can show "paper vs ours" side by side.
 *
 * Every table keeps its rows and columns as printed (labels spelt as in the
 * paper, e.g. "Taho", "Newreno"); `rowHeader` names the printed row-label
 * columns. A cell's number is compared with one metric of one flow of our
 * run: the cell's row may name it (`row.metric`), else its column, else the
 * table. A column with a `variant` takes our number from the run in which
 * that flow used that variant (the table presets carry one TCP flow whose
 * variant the teacher switches), and a row with `variants` only from runs
 * whose flows used exactly those. Pure data and pure functions: no React.
 */
import type { FlowSummaryRow } from '../engine/output/rundata';
import type { Variant } from '../engine/scenario/types';
import type { MetricRef, PaperColumn, PaperRow, PaperTable } from './paper-table-types';
import { PAPER_000_TABLES } from './paper-tables-000';
import { PAPER_002_TABLES } from './paper-tables-002';
import { PAPER_003_TABLES } from './paper-tables-003';
import { PAPER_004_TABLES } from './paper-tables-004';

export type { MetricRef, PaperColumn, PaperRow, PaperTable, SummaryMetric } from './paper-table-types';

/** Every seed paper's tables, paper by paper, each in the paper's order. */
export const PAPER_TABLES: readonly PaperTable[] = [
  ...PAPER_000_TABLES,
  ...PAPER_002_TABLES,
  ...PAPER_003_TABLES,
  ...PAPER_004_TABLES,
];

// ---------------------------------------------------------------------------
// Lookup and comparison
// ---------------------------------------------------------------------------

export function findTable(id: string): PaperTable | undefined {
  return PAPER_TABLES.find((t) => t.id === id);
}

/** Tables with at least one row for this preset. */
export function tablesForPreset(presetId: string): PaperTable[] {
  return PAPER_TABLES.filter((t) => t.rows.some((r) => r.presets.includes(presetId)));
}

/** One of our runs: the preset it ran and its summary.csv rows (with whatever variants the flows used). */
export interface OurRun {
  presetId: string;
  summary: readonly FlowSummaryRow[];
}

export interface ComparisonCell {
  /** the column's printed label */
  column: string;
  paper: number | null;
  /** ours in the paper's unit: the mean over the matching runs, null if none matched */
  ours: number | null;
  /** ours − paper, null when either is missing */
  diff: number | null;
  /** every matching run's value, in the order given */
  each: { presetId: string; value: number }[];
}

export interface ComparisonRow {
  header: string[];
  presets: string[];
  cells: ComparisonCell[];
}

/** The metric for one cell: the row's, else the column's, else the table's. */
export function cellMetric(table: PaperTable, row: PaperRow, column: PaperColumn): MetricRef | undefined {
  return row.metric ?? column.metric ?? table.metric;
}

/**
 * Line up our numbers beside the paper's, row by row and column by column.
 * For each cell, every run of one of the row's presets counts whose flows
 * used the column's variant (and the row's `variants`, if any); a cell with
 * several matching runs shows their mean. Rows come in the paper's order, all
 * of them, with `ours` null where no run matched. Unknown table: [].
 */
export function compareWithPaper(tableId: string, runs: readonly OurRun[]): ComparisonRow[] {
  const table = findTable(tableId);
  if (!table) return [];
  return table.rows.map((row) => ({
    header: row.header,
    presets: row.presets,
    cells: table.columns.map((column, ci) => {
      const metric = cellMetric(table, row, column);
      const each: { presetId: string; value: number }[] = [];
      if (metric) {
        for (const run of runs) {
          if (!row.presets.includes(run.presetId)) continue;
          if (!matchesVariants(run.summary, row.variants)) continue;
          const flow = run.summary.find((s) => s.flow === metric.flow);
          if (!flow) continue;
          if (column.variant && flow.variant !== column.variant) continue;
          const raw = flow[metric.metric];
          if (typeof raw !== 'number' || !Number.isFinite(raw)) continue;
          each.push({ presetId: run.presetId, value: raw * (metric.scale ?? 1) });
        }
      }
      const paper = row.values[ci] ?? null;
      const ours = each.length ? each.reduce((a, e) => a + e.value, 0) / each.length : null;
      return {
        column: column.label,
        paper,
        ours,
        diff: ours !== null && paper !== null ? ours - paper : null,
        each,
      };
    }),
  }));
}

function matchesVariants(summary: readonly FlowSummaryRow[], variants: Record<string, Variant> | undefined): boolean {
  if (!variants) return true;
  return Object.entries(variants).every(([flow, v]) => summary.find((s) => s.flow === flow)?.variant === v);
}
