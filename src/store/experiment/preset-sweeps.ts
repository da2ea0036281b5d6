/**
 * Preset sweeps that reproduce the seed papers' tables: paper 000's Tables
 * IV–VII (TCP throughput against the UDP rate, five variants, one table per
 * Ethernet / Fast Ethernet environment), paper 002's Table 1 (SACK, Reno and
 * Westwood at three random error rates) and paper 004's Table 2 (download
 * time against the number of lost packets, Reno, SACK and NewReno).
 *
 * Each is a form (sweep-form.ts) over one preset of the catalog as its base,
 * whose row parameter takes exactly the values in which the table's other
 * presets differ from it — so every point of the sweep is one of the
 * catalog's presets with one of the table's variants (preset-sweeps.test.ts
 * checks this) — and a map from row values to presets, through which our
 * runs are set beside the paper's numbers by compareWithPaper.
 */
import type { FlowSummaryRow } from '../../engine/output/rundata';
import type { Scenario, Variant } from '../../engine/scenario/types';
import { planRuns } from '../../experiment/expand';
import type { Label, MetricValues, Sweep } from '../../experiment/types';
import { findPreset } from '../../presets/catalog';
import { compareWithPaper, findTable, type ComparisonRow, type OurRun, type PaperTable } from '../../presets/paper-tables';
import type { FixedParameter, SweepForm } from './sweep-form';

export interface PresetSweep {
  /** stable id: the paper table's ("000-IV") */
  id: string;
  /** the paper table it reproduces (src/presets/paper-tables*.ts) */
  tableId: string;
  /** "Paper 000, Table IV" */
  title: string;
  /** "Ethernet to Ethernet: TCP throughput against the UDP rate" */
  subtitle: string;
  /** catalog preset the sweep starts from */
  basePreset: string;
  /** the sweep's name */
  name: string;
  form: SweepForm;
  /** path of the parameter whose values are the table's rows */
  rowPath: string;
  /** row value (as the sweep labels it, JSON-encoded) → catalog preset of that row */
  presets: Record<string, string>;
  /** metric the chart shows first */
  chartMetric: string;
}

/** How a row value is keyed: the sweep's label of it, as JSON. */
export function labelKey(label: Label): string {
  return JSON.stringify(label);
}

/** The label parseSweep gives a value given without a unit. */
function labelOf(value: unknown): Label {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

function presetJson(id: string): Record<string, unknown> {
  const p = findPreset(id);
  if (!p) throw new Error(`preset-sweeps: no preset "${id}" in the catalog`);
  return p.scenario as Record<string, unknown>;
}

function baseForm(over: Partial<SweepForm>): SweepForm {
  return {
    parameter: '',
    valuesMode: 'list',
    valuesText: '',
    rangeFrom: '',
    rangeTo: '',
    rangeKind: 'count',
    rangeAmount: '5',
    categories: [],
    variantFlow: 'tcp',
    variants: [],
    repetitions: '1',
    startJitter: '',
    duration: '',
    metricFlows: [],
    metricColumns: ['throughput_kbps'],
    jain: false,
    ttestA: '',
    ttestB: '',
    logX: false,
    fixed: null,
    ...over,
  };
}

// ---------------------------------------------------------------------------
// Paper 000, Tables IV–VII

const ENVIRONMENTS_000: [roman: string, env: string, words: string][] = [
  ['IV', 'ee', 'Ethernet to Ethernet'],
  ['V', 'ef', 'Ethernet to Fast Ethernet'],
  ['VI', 'fe', 'Fast Ethernet to Ethernet'],
  ['VII', 'ff', 'Fast Ethernet to Fast Ethernet'],
];

const UDP_RATES = [400, 800, 1200, 1600, 1800];

function sweep000([roman, env, words]: [string, string, string]): PresetSweep {
  return {
    id: `000-${roman}`,
    tableId: `000-${roman}`,
    title: `Paper 000, Table ${roman}`,
    subtitle: `${words}: TCP throughput against the UDP rate`,
    basePreset: `p000-${env}-400`,
    name: `Paper 000, Table ${roman} (${words}): TCP throughput against the UDP rate`,
    form: baseForm({
      parameter: 'flows[1].rate',
      valuesText: UDP_RATES.join(', '),
      variants: ['tahoe', 'reno', 'newreno', 'vegas', 'sack'],
      metricFlows: ['tcp', 'udp'],
      metricColumns: ['throughput_kbps', 'drops'],
    }),
    rowPath: 'flows[1].rate',
    presets: Object.fromEntries(UDP_RATES.map((r) => [labelKey(r), `p000-${env}-${r}`])),
    chartMetric: 'tcp.throughput_kbps',
  };
}

// ---------------------------------------------------------------------------
// Paper 002, Table 1

const ERROR_RATES_002 = [0.001, 0.01, 0.1];

const SWEEP_002: PresetSweep = {
  id: '002-1',
  tableId: '002-1',
  title: 'Paper 002, Table 1',
  subtitle: 'Point to point with random errors: SACK, Reno and Westwood',
  basePreset: 'p002-p2p-e0.001',
  name: 'Paper 002, Table 1: SACK, Reno and Westwood against the error rate',
  form: baseForm({
    parameter: 'faults[0].rate',
    valuesText: ERROR_RATES_002.join(', '),
    variants: ['sack', 'reno', 'westwood'],
    repetitions: '5',
    metricFlows: ['tcp'],
    metricColumns: ['throughput_kbps', 'retransmissions', 'timeouts', 'avg_cwnd', 'avg_ssthresh'],
    ttestA: 'reno',
    ttestB: 'westwood',
    logX: true,
  }),
  rowPath: 'faults[0].rate',
  presets: Object.fromEntries(ERROR_RATES_002.map((r) => [labelKey(r), `p002-p2p-e${r}`])),
  chartMetric: 'tcp.throughput_kbps',
};

// ---------------------------------------------------------------------------
// Paper 004, Table 2

const LOSSES_004: [label: string, preset: string][] = [
  ['None', 'p004-loss-none'],
  ['1', 'p004-loss-1'],
  ['2', 'p004-loss-2'],
  ['5', 'p004-loss-5'],
  ['All (0.5 s)', 'p004-loss-all'],
];

function sweep004(): PresetSweep {
  const values = LOSSES_004.map(([, id]) => presetJson(id).faults ?? []);
  const fixed: FixedParameter = {
    path: 'faults',
    name: 'losses',
    label: 'Lost packets (the table\u2019s rows)',
    values,
    labels: LOSSES_004.map(([l]) => l),
  };
  return {
    id: '004-2',
    tableId: '004-2',
    title: 'Paper 004, Table 2',
    subtitle: 'Download response time against the number of lost packets',
    basePreset: 'p004-loss-none',
    name: 'Paper 004, Table 2: FTP download time against the lost packets',
    form: baseForm({
      parameter: 'faults',
      fixed,
      variants: ['reno', 'sack', 'newreno'],
      variantFlow: 'ftp',
      metricFlows: ['ftp'],
      metricColumns: ['completion_s', 'retransmissions', 'timeouts'],
    }),
    rowPath: 'faults',
    presets: Object.fromEntries(values.map((v, i) => [labelKey(labelOf(v)), LOSSES_004[i]![1]])),
    chartMetric: 'ftp.completion_s',
  };
}

export const PRESET_SWEEPS: readonly PresetSweep[] = [...ENVIRONMENTS_000.map(sweep000), SWEEP_002, sweep004()];

export function findPresetSweep(id: string): PresetSweep | undefined {
  return PRESET_SWEEPS.find((p) => p.id === id);
}

/** The scenario file a preset sweep starts from. */
export function presetSweepBase(p: PresetSweep): Record<string, unknown> {
  return presetJson(p.basePreset);
}

export function presetSweepTable(p: PresetSweep): PaperTable | undefined {
  return findTable(p.tableId);
}

// ---------------------------------------------------------------------------
// Our runs beside the paper's numbers

/**
 * A run's summary.csv rows as far as the sweep collected them: every flow
 * of the point's scenario with its variant, and the sweep's flow metrics
 * (the other columns NaN, which compareWithPaper skips).
 */
export function partialSummary(scenario: Scenario, sweep: Pick<Sweep, 'metrics'>, values: MetricValues): FlowSummaryRow[] {
  return scenario.flows.map((f) => {
    const row: FlowSummaryRow = {
      flow: f.id,
      kind: f.kind === 'cbr' ? 'cbr' : 'tcp',
      variant: f.kind === 'tcp' ? f.variant : '',
      from: f.from,
      to: f.to,
      throughput_kbps: Number.NaN,
      packets_sent: Number.NaN,
      packets_delivered: Number.NaN,
      retransmissions: Number.NaN,
      timeouts: Number.NaN,
      fast_retransmits: Number.NaN,
      drops: Number.NaN,
      drop_rate: Number.NaN,
      avg_latency_ms: null,
      avg_cwnd: null,
      avg_ssthresh: null,
      completion_s: null,
      ack_drops: Number.NaN,
    };
    sweep.metrics.forEach((m, k) => {
      if (m.kind !== 'flow' || m.flow !== f.id) return;
      (row as unknown as Record<string, number | null>)[m.column] = values[k] ?? null;
    });
    return row;
  });
}

export interface PaperComparison {
  tableId: string;
  table: PaperTable;
  rows: ComparisonRow[];
  /** variants the sweep ran that the table has a column for */
  matched: number;
}

/**
 * Our numbers beside the paper's: each run whose row value maps to one of
 * the table's presets counts for that row, under its variant's column (the
 * mean over repetitions). Null when the sweep no longer has the row parameter.
 */
export function paperComparison(preset: PresetSweep, sweep: Sweep, values: readonly MetricValues[]): PaperComparison | null {
  const table = findTable(preset.tableId);
  const xi = sweep.parameters.findIndex((p) => p.path === preset.rowPath);
  if (!table || xi < 0) return null;
  const param = sweep.parameters[xi]!;
  const runs: OurRun[] = [];
  for (const run of planRuns(sweep)) {
    const point = sweep.points[run.point]!;
    const presetId = preset.presets[labelKey(param.labels[point.values[xi]!]!)];
    const v = values[run.index];
    if (!presetId || !v) continue;
    runs.push({ presetId, summary: partialSummary(point.scenario, sweep, v) });
  }
  const rows = compareWithPaper(preset.tableId, runs);
  const matched = rows.reduce((n, r) => n + r.cells.filter((c) => c.ours !== null).length, 0);
  return { tableId: preset.tableId, table, rows, matched };
}

/** The variants a table has columns for, in its order. */
export function tableVariants(table: PaperTable): Variant[] {
  return table.columns.map((c) => c.variant).filter((v): v is Variant => v !== undefined);
}
