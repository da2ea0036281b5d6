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

/** The numeric columns of summary.csv. */
export type SummaryMetric =
  | 'throughput_kbps'
  | 'packets_sent'
  | 'packets_delivered'
  | 'retransmissions'
  | 'timeouts'
  | 'fast_retransmits'
  | 'drops'
  | 'drop_rate'
  | 'avg_latency_ms'
  | 'avg_cwnd'
  | 'avg_ssthresh'
  | 'completion_s';

/** Where a paper number comes from in our output: `summary[flow][metric] × scale`. */
export interface MetricRef {
  /** flow id in the preset (e.g. "tcp", "ftp", "tcp1") */
  flow: string;
  metric: SummaryMetric;
  /** multiply ours by this to get the paper's unit (kbps → Mbps: 0.001; fraction → %: 100); default 1 */
  scale?: number;
}

export interface PaperColumn {
  /** as printed */
  label: string;
  /** our number for this column comes from a run where the metric's flow used this variant */
  variant?: Variant;
  metric?: MetricRef;
}

export interface PaperRow {
  /** the printed row labels, one per entry of the table's `rowHeader` */
  header: string[];
  /** one per column, as printed; null where the paper has no number */
  values: (number | null)[];
  /** preset ids this row corresponds to (several when the paper printed one row for several runs) */
  presets: string[];
  metric?: MetricRef;
  /** only runs whose flows used these variants count (flow id → variant) */
  variants?: Record<string, Variant>;
}

export interface PaperTable {
  /** stable id, e.g. "000-IV" */
  id: string;
  /** seed paper, "000" … "004" */
  paper: string;
  /** "Table IV"; for numbers quoted in the text, where they are */
  title: string;
  /** the caption as printed */
  caption: string;
  /** unit of the numbers, in words */
  units: string;
  /** "table" for a printed table, "text" for numbers the paper only quotes in its text */
  source: 'table' | 'text';
  /** names of the printed row-label columns */
  rowHeader: string[];
  columns: PaperColumn[];
  rows: PaperRow[];
  /** default metric for every cell */
  metric?: MetricRef;
  /** what a reader should know before comparing (the paper's own inconsistencies, how we map its numbers) */
  notes?: string;
}

// ---------------------------------------------------------------------------
// Paper 000: Tables IV–VII, TCP throughput (kbps) against UDP
// ---------------------------------------------------------------------------

const COLUMNS_000: PaperColumn[] = [
  { label: 'Tahoe (Kbps)', variant: 'tahoe' },
  { label: 'Reno (Kbps)', variant: 'reno' },
  { label: 'New Reno (Kbps)', variant: 'newreno' },
  { label: 'Vegas (Kbps)', variant: 'vegas' },
  { label: 'Sack (Kbps)', variant: 'sack' },
];

function table000(roman: string, env: string, caption: string, values: Record<number, number[]>): PaperTable {
  return {
    id: `000-${roman}`,
    paper: '000',
    title: `Table ${roman}`,
    caption,
    units: 'TCP throughput, kbps',
    source: 'table',
    rowHeader: ['UDP rate (Kb)'],
    columns: COLUMNS_000,
    rows: [400, 800, 1200, 1600, 1800].map((rate) => ({
      header: [String(rate)],
      values: values[rate],
      presets: [`p000-${env}-${rate}`],
    })),
    metric: { flow: 'tcp', metric: 'throughput_kbps' },
    notes:
      'One preset per row (its UDP rate); each column is the same preset run with that TCP variant. The paper does not say over which interval it measured; our presets measure from 10 s to 60 s.',
  };
}

// ---------------------------------------------------------------------------

export const PAPER_TABLES: readonly PaperTable[] = [
  table000('IV', 'ee', 'Throughput Results For Ethernet To Ethernet Simulation Environment', {
    400: [1096.0, 1096.0, 1096.0, 1027.2, 1096.0],
    800: [1093.3, 1093.3, 1093.3, 1025.8, 1093.3],
    1200: [783.4, 797.8, 794.1, 796.2, 754.7],
    1600: [556.67, 592.7, 594.2, 499.1, 607.6],
    1800: [551.9, 405.5, 443.5, 386.1, 499.4],
  }),
  table000('V', 'ef', 'Throughput Results For Ethernet To Fast Ethernet Simulation Environment', {
    400: [1263.4, 1263.5, 1263.5, 1189.0, 1263.5],
    800: [1206.1, 1206.1, 1206.1, 1156.5, 1206.1],
    1200: [909.9, 830.3, 869.5, 863.4, 862.3],
    1600: [692.0, 592.0, 687.01, 340.9, 636.2],
    1800: [539.6, 541.5, 522.28, 243.7, 537.1],
  }),
  table000('VI', 'fe', 'Throughput Results For Fast Ethernet To Ethernet Simulation Environment', {
    400: [1263.6, 1263.6, 1263.6, 1189.1, 1263.6],
    800: [1206.0, 1206.0, 1206.0, 1156.5, 1206.0],
    1200: [901.6, 803.9, 901.6, 857.0, 848.9],
    1600: [693.4, 677.8, 681.9, 310.0, 665.1],
    1800: [575.5, 584.0, 501.0, 245.1, 549.4],
  }),
  table000('VII', 'ff', 'Throughput Results For Fast Ethernet To Fast Ethernet Simulation Environment', {
    400: [1484.9, 1486.8, 1486.8, 1404.2, 1484.9],
    800: [1311.7, 1391.5, 1391.5, 1254.8, 1311.7],
    1200: [999.6, 1138.3, 1085.0, 954.3, 950.2],
    1600: [758.4, 872.2, 975.5, 702.5, 737.9],
    1800: [653.0, 791.1, 868.2, 273.9, 675.6],
  }),

  // -------------------------------------------------------------------------
  // Paper 002: Table 1 (point to point, random errors) and the UDP numbers of its text
  // -------------------------------------------------------------------------
  {
    id: '002-1',
    paper: '002',
    title: 'Table 1',
    caption: 'Comparison of Reno, SACK and Westwood in point to point scenario',
    units: 'per row: Mbps, segments, segments, count, count',
    source: 'table',
    rowHeader: ['Error Rate', 'Measurement parameters'],
    columns: [
      { label: 'Sack', variant: 'sack' },
      { label: 'Reno', variant: 'reno' },
      { label: 'Westwood', variant: 'westwood' },
    ],
    rows: (
      [
        [
          '0.001',
          [
            [2.47, 2.6, 2.61],
            [9, 10, 28],
            [39, 45, 54],
            [24, 26, 34],
            [25, 1, 1],
          ],
        ],
        [
          '0.01',
          [
            [1.71, 2.96, 3.0],
            [5, 5, 28],
            [13, 14, 31],
            [152, 220, 366],
            [128, 22, 7],
          ],
        ],
        [
          '0.1',
          [
            [0.312, 0.79, 1.01],
            [1, 1, 14],
            [4, 4, 12],
            [268, 448, 1271],
            [176, 129, 122],
          ],
        ],
      ] as [string, number[][]][]
    ).flatMap(([rate, blocks]) =>
      (
        [
          ['Average_throughput (Mbps)', { flow: 'tcp', metric: 'throughput_kbps', scale: 0.001 }],
          ['Average_ssthresh', { flow: 'tcp', metric: 'avg_ssthresh' }],
          ['Average_cwnd', { flow: 'tcp', metric: 'avg_cwnd' }],
          ['No of retransmission', { flow: 'tcp', metric: 'retransmissions' }],
          ['No of time out', { flow: 'tcp', metric: 'timeouts' }],
        ] as [string, MetricRef][]
      ).map(([label, metric], i) => ({
        header: [rate, label],
        values: blocks[i],
        presets: [`p002-p2p-e${rate}`],
        metric,
      })),
    ),
    notes:
      'One preset per error rate; each column is the same preset run with that variant. The paper does not say how it averaged ssthresh and cwnd; ours are averages over the samples of the run.',
  },
  {
    id: '002-B3',
    paper: '002',
    title: 'Section B.3 (text)',
    caption: 'Bottleneck link with UDP traffic: TCP throughput read from the plots (Fig. 6 and the text)',
    units: 'TCP throughput, Mbps (approximate, "around")',
    source: 'text',
    rowHeader: ['Error rate'],
    columns: [
      { label: 'Reno', variant: 'reno' },
      { label: 'Westwood-NR', variant: 'westwoodnr' },
    ],
    rows: [
      { header: ['none'], values: [4.2, 4.5], presets: ['p002-udp'] },
      { header: ['0.1'], values: [0.8, 1.42], presets: ['p002-udp-e0.1'] },
    ],
    metric: { flow: 'tcp', metric: 'throughput_kbps', scale: 0.001 },
    notes:
      'Numbers quoted in the text, not a table. Without errors the text names "TCP Westwood" for the 4.5 Mbps, although the section compares Reno with Westwood-NR.',
  },

  // -------------------------------------------------------------------------
  // Paper 003: Table 2 (topology 1) and Table 4 (topology 2, drops per flow)
  // -------------------------------------------------------------------------
  {
    id: '003-2',
    paper: '003',
    title: 'Table 2',
    caption: 'Throughput rate',
    units: 'packets (counts) and drop percentage (%)',
    source: 'table',
    rowHeader: ['Measure'],
    columns: [
      { label: 'Taho', variant: 'tahoe' },
      { label: 'Newreno', variant: 'newreno' },
      { label: 'Sack', variant: 'sack' },
      { label: 'Reno', variant: 'reno' },
      { label: 'Vegas', variant: 'vegas' },
    ],
    rows: [
      {
        header: ['Packet Sent'],
        values: [3257, 4309, 4422, 3357, 5855],
        presets: ['p003-topo1'],
        metric: { flow: 'tcp', metric: 'packets_sent' },
      },
      {
        header: ['Packet Received'],
        values: [3160, 4202, 4313, 3270, 5722],
        presets: ['p003-topo1'],
        metric: { flow: 'tcp', metric: 'packets_delivered' },
      },
      {
        header: ['Packet dropped'],
        values: [97, 111, 113, 90, 133],
        presets: ['p003-topo1'],
        metric: { flow: 'tcp', metric: 'drops' },
      },
      {
        header: ['Drop percentage'],
        values: [2.97, 2.57, 2.55, 2.68, 2.27],
        presets: ['p003-topo1'],
        metric: { flow: 'tcp', metric: 'drop_rate', scale: 100 },
      },
    ],
    notes:
      'The paper prints each measure as a heading over a row of five numbers; here each measure is a row. Its counts exceed what a 1.5 Mbps link carries in 5 s (about 1,740 packets of 540 bytes), so they were probably counted over every hop of the trace: compare ratios and drop percentages rather than counts.',
  },
  {
    id: '003-4',
    paper: '003',
    title: 'Table 4',
    caption: 'Packet dropping probability',
    units: 'dropped packets per flow (first-named flow / second-named flow)',
    source: 'table',
    rowHeader: ['Pair'],
    columns: [
      { label: 'first flow', metric: { flow: 'tcp1', metric: 'drops' } },
      { label: 'second flow', metric: { flow: 'tcp2', metric: 'drops' } },
    ],
    rows: (
      [
        ['Taho/Vegas', 'tahoe', 'vegas', 28, 6],
        ['Newreno /Reno', 'newreno', 'reno', 29, 29],
        ['Vegas/Reno', 'vegas', 'reno', 3, 26],
        ['Taho/Sack', 'tahoe', 'sack', 30, 28],
        ['Vegas/Newreno', 'vegas', 'newreno', 3, 27],
        ['Sack/Newreno', 'sack', 'newreno', 29, 29],
        ['Vegas/Sack', 'vegas', 'sack', 3, 27],
        ['Sack/Reno', 'sack', 'reno', 29, 29],
        ['Taho/Newreno', 'tahoe', 'newreno', 29, 29],
        ['Taho/Reno', 'tahoe', 'reno', 28, 26],
      ] as [string, Variant, Variant, number, number][]
    ).map(([label, a, b, x, y]) => ({
      header: [label],
      values: [x, y],
      presets: [`p003-topo2-${a}-${b}`],
      variants: { tcp1: a, tcp2: b },
    })),
    notes:
      'Printed as two side-by-side columns of pairs ("Taho/Vegas 28/6 | Newreno /Reno 29/29", …); rows here are in reading order, left then right, line by line. In each cell the first number belongs to the first-named variant (our flow tcp1, S1 → S3), the second to the second-named (tcp2, S2 → S4).',
  },

  // -------------------------------------------------------------------------
  // Paper 004: Tables 2 and 3, FTP download response time (s)
  // -------------------------------------------------------------------------
  {
    id: '004-2',
    paper: '004',
    title: 'Table 2',
    caption: 'FTP download response time for simple client server topology',
    units: 'seconds',
    source: 'table',
    rowHeader: ['Number of packet loss'],
    columns: [
      { label: 'Reno', variant: 'reno' },
      { label: 'SACK', variant: 'sack' },
      { label: 'NewReno', variant: 'newreno' },
    ],
    rows: [
      { header: ['None'], values: [19.13, 19.13, 19.13], presets: ['p004-loss-none'] },
      { header: ['1'], values: [19.23, 19.23, 19.23], presets: ['p004-loss-1'] },
      { header: ['2'], values: [20.9, 19.25, 19.28], presets: ['p004-loss-2'] },
      { header: ['5'], values: [21.13, 19.26, 19.31], presets: ['p004-loss-5'] },
      { header: ['All'], values: [20.83, 20.83, 20.83], presets: ['p004-loss-all'] },
    ],
    metric: { flow: 'ftp', metric: 'completion_s' },
    notes:
      'OPNET\'s "download response time"; ours is completion_s, from the flow\'s start (including the connection handshake) until the client holds the whole file. "All" is every packet lost for 0.5 s.',
  },
  {
    id: '004-3',
    paper: '004',
    title: 'Table 3',
    caption: 'FTP download response time for client server with disconnected node',
    units: 'seconds',
    source: 'table',
    rowHeader: ['Disconnection interval in seconds'],
    columns: [
      { label: 'Reno', variant: 'reno' },
      { label: 'SACK', variant: 'sack' },
      { label: 'NewReno', variant: 'newreno' },
    ],
    rows: [
      {
        header: ['0.05, 0.1, and 0.2'],
        values: [201.46, 196.5, 197.41],
        presets: ['p004-outage-0.05', 'p004-outage-0.1', 'p004-outage-0.2'],
      },
      { header: ['10'], values: [206.53, 206.53, 206.53], presets: ['p004-outage-10'] },
    ],
    metric: { flow: 'ftp', metric: 'completion_s' },
    notes:
      'The paper prints one row for the three short outages; we have one preset for each, and "ours" for that row is their mean (each is listed separately too).',
  },
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
