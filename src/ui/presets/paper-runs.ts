/**
 * Our side of "paper vs ours": which runs fill a paper table's cells (each
 * row's presets, each column's variant), running them (to their summary),
 * and reading the summary of the Lab's own finished run. Pure functions; the
 * background runs go through paper-runs.worker.ts.
 */
import { csvParseRows } from 'd3-dsv';
import type { FlowSummaryRow } from '../../engine/output/rundata';
import { parseScenario } from '../../engine/scenario';
import { Simulator } from '../../engine/simulator';
import { findPreset } from '../../presets/catalog';
import { applyLessonRun } from '../../presets/lessons';
import { cellMetric, type OurRun, type PaperTable } from '../../presets/paper-tables';

/** A run that fills cells: a preset, with the variants its TCP flows use. */
export interface TableJob {
  /** `presetId|flow=variant,…`: one run per preset and variants */
  key: string;
  presetId: string;
  input: unknown;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** "tcp=reno,udp=": the variants of a scenario's flows (defaults filled in), in order; '' if it is not a valid scenario. */
export function variantSignature(input: unknown): string {
  const parsed = parseScenario(input);
  if (!parsed.ok) return '';
  return parsed.scenario.flows.map((f) => `${f.id}=${f.kind === 'tcp' ? f.variant : ''}`).join(',');
}

/** Same signature, from a run's summary rows. */
export function summarySignature(summary: readonly Pick<FlowSummaryRow, 'flow' | 'variant'>[]): string {
  return summary.map((s) => `${s.flow}=${s.variant}`).join(',');
}

export function jobKey(presetId: string, input: unknown): string {
  return `${presetId}|${variantSignature(input)}`;
}

function withoutVariants(input: unknown): unknown {
  if (!isObj(input)) return input;
  const flows = Array.isArray(input.flows) ? input.flows.map((f) => (isObj(f) ? { ...f, variant: undefined } : f)) : input.flows;
  return { ...input, flows };
}

/** The scenario as written is the preset, except perhaps for its flows' variants. */
export function matchesPresetUpToVariants(input: unknown, presetJson: unknown): boolean {
  return JSON.stringify(withoutVariants(input)) === JSON.stringify(withoutVariants(presetJson));
}

/** Every run the table needs, once each. */
export function tableJobs(table: PaperTable): TableJob[] {
  const jobs = new Map<string, TableJob>();
  for (const row of table.rows) {
    for (const presetId of row.presets) {
      const preset = findPreset(presetId);
      if (!preset) continue;
      for (const column of table.columns) {
        const metric = cellMetric(table, row, column);
        if (!metric) continue;
        const patch = column.variant ? { flows: { [metric.flow]: { variant: column.variant } } } : {};
        const input = applyLessonRun(preset.scenario, { id: 'paper', label: '', patch });
        const key = jobKey(presetId, input);
        if (!jobs.has(key)) jobs.set(key, { key, presetId, input });
      }
    }
  }
  return [...jobs.values()];
}

/** Run a scenario to the end; its summary rows. */
export function runSummary(input: unknown): FlowSummaryRow[] {
  const parsed = parseScenario(input);
  if (!parsed.ok) throw new Error(parsed.issues.map((i) => `${i.path}: ${i.message}`).join('; '));
  const sim = new Simulator(parsed.scenario);
  sim.run();
  return sim.runData().summary;
}

const NUMERIC: (keyof FlowSummaryRow)[] = [
  'throughput_kbps',
  'packets_sent',
  'packets_delivered',
  'retransmissions',
  'timeouts',
  'fast_retransmits',
  'drops',
  'drop_rate',
  'avg_latency_ms',
  'avg_cwnd',
  'avg_ssthresh',
  'completion_s',
  'ack_drops',
];

/**
 * summary.csv (Export CSV's) back into rows; empty cells become null. Read as
 * rows, then named by the header: d3-dsv's csvParse builds its row objects
 * with `new Function`, which the page's Content-Security-Policy forbids.
 */
export function parseSummaryCsv(text: string): FlowSummaryRow[] {
  const [header = [], ...body] = csvParseRows(text);
  const records = body.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i]])) as Record<string, string | undefined>);
  return records.map((r) => {
    const row: Record<string, unknown> = { flow: r.flow ?? '', kind: r.kind === 'cbr' ? 'cbr' : 'tcp', variant: r.variant ?? '', from: r.from ?? '', to: r.to ?? '' };
    for (const k of NUMERIC) {
      const v = r[k];
      row[k] = v === undefined || v === '' ? null : Number(v);
    }
    return row as unknown as FlowSummaryRow;
  });
}

/** Our runs so far, for every table: preset id + variants → summary (the latest run wins). */
export class RunBook {
  private readonly runs = new Map<string, OurRun>();
  private readonly listeners = new Set<() => void>();
  private version = 0;

  add(presetId: string, summary: readonly FlowSummaryRow[]): void {
    this.runs.set(`${presetId}|${summarySignature(summary)}`, { presetId, summary });
    this.version++;
    for (const l of this.listeners) l();
  }

  has(key: string): boolean {
    return this.runs.has(key);
  }

  all(): OurRun[] {
    return [...this.runs.values()];
  }

  get revision(): number {
    return this.version;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** The page's book of runs (kept while the page is open). */
export const runBook = new RunBook();
