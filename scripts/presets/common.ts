/**
 * The preset generator's building blocks (scripts/gen-presets.ts): the scenario
 * JSON builders, the `ui` metadata, the helpers that write the "Our result"
 * paragraphs, and the form of ns-2.35's reference numbers.
 */
import type { FlowSummaryRow } from '../../src/engine/output/rundata';
import type { Variant } from '../../src/engine/scenario/types';
import { VARIANT_LABELS } from '../../src/engine/tcp/variants';
import { type LessonPatch } from '../../src/presets/lessons';
import { PAPER_TABLES, cellMetric, compareWithPaper, type ComparisonRow } from '../../src/presets/paper-tables';

export type Json = Record<string, unknown>;

export interface Ui {
  /** picker group: "Paper 000 — TCP vs UDP, dumbbell", …, "Lessons" */
  group: string;
  /** position inside the group */
  order: number;
  /** stable id: short, URL-safe, used in share links */
  preset: string;
  /** seed paper ("000" … "004"); absent for lessons */
  paper?: string;
  /** id of the paper table this preset has rows in (src/presets/paper-tables*.ts) */
  table?: string;
  /** extra search words (variants, queue types and faults are found from the scenario itself) */
  tags: string[];
}

export interface Preset {
  /** path under scenarios/, e.g. "paper-000/p000-ee-400.json" */
  file: string;
  ui: Ui;
  name: string;
  /** everything but name, description and ui */
  body: Json;
  /** the description without "Our result" */
  text: string;
  /** runs whose results the description reports (the file itself, or it with another variant, queue, …) */
  runs: RunSpec[];
  /** writes the "Our result" part from the runs' summaries */
  result: (runs: Run[]) => string;
}

export interface RunSpec {
  label: string;
  patch: LessonPatch;
  /** the scenario's seed for this run (a repetition, as a paper's runs with other seeds); the file's own if absent */
  seed?: number;
}

export interface Run {
  label: string;
  /** the seed this run used */
  seed: number;
  /** the variant each TCP flow used */
  variants: Record<string, Variant>;
  summary: FlowSummaryRow[];
  /** s, when each segment was lost (events.csv's drop rows), in order */
  dropTimes: number[];
}

/** One run per variant of one flow. */
export function variantRuns(flow: string, variants: Variant[]): RunSpec[] {
  return variants.map((v) => ({ label: v, patch: { flows: { [flow]: { variant: v } } } }));
}

export const AS_IS: RunSpec[] = [{ label: 'as is', patch: {} }];

export const GROUPS = {
  p000: 'Paper 000 — TCP vs UDP, dumbbell',
  p001: 'Paper 001 — TCP variants on six nodes',
  p002: 'Paper 002 — Westwood, random loss',
  p003: 'Paper 003 — TCP variants, three topologies',
  p004: 'Paper 004 — Reno, SACK, NewReno recovery (OPNET)',
  lessons: 'Lessons',
} as const;

export const TITLES: Record<string, string> = {
  '000':
    'Chavda and Satoniya, "Performance Evaluation of TCP in the Presence of UDP in Heterogeneous Networks by using Network Simulator 2"',
  '001': 'Kapre and Saxena, "Performance Analysis of TCP Variants"',
  '002': 'Patel and Rathod, "Effectiveness of Transport layer Protocols in congestion less and congested scenarios"',
  '003': 'Ali, Roufayel and Kadry, "Performance Evaluation of TCP Protocol Using Network Simulator"',
  '004': 'Subedi, "Evaluation of TCP congestion control mechanisms using OPNET simulator"',
};

export function node(id: string, kind: 'host' | 'router', x: number, y: number): Json {
  return { id, kind, x, y };
}

export function link(id: string, a: string, b: string, bandwidth: string, delay: string, queue?: Json): Json {
  return queue ? { id, a, b, bandwidth, delay, queue } : { id, a, b, bandwidth, delay };
}

export function droptail(limit: number): Json {
  return { type: 'droptail', limit };
}

export function red(limit: number, minThresh: number, maxThresh: number): Json {
  return { type: 'red', limit, minThresh, maxThresh, maxP: 0.1, weight: 0.002, gentle: true };
}

export function tcpFlow(id: string, variant: Variant, from: string, to: string, extra: Json = {}): Json {
  return {
    id,
    kind: 'tcp',
    variant,
    from,
    to,
    start: 0,
    stop: null,
    bytes: null,
    packetSize: 1000,
    ...extra,
  };
}

export function cbrFlow(id: string, from: string, to: string, rate: string, packetSize: number, start = 0): Json {
  return { id, kind: 'cbr', from, to, rate, packetSize, start, stop: null };
}

export function scenarioBody(o: {
  /** `ns2` for the papers that ran ns-2: their presets replay it (src/engine/scenario/ns2-profile.ts) */
  profile?: 'ns2';
  duration: number;
  measure?: { from: number; to: number };
  sampleInterval?: number;
  nodes: Json[];
  links: Json[];
  flows: Json[];
  faults?: Json[];
}): Json {
  return {
    version: 1,
    ...(o.profile ? { profile: o.profile } : {}),
    seed: 1,
    duration: o.duration,
    sampleInterval: o.sampleInterval ?? 0.01,
    measure: o.measure ?? { from: 0, to: o.duration },
    nodes: o.nodes,
    links: o.links,
    flows: o.flows,
    faults: o.faults ?? [],
  };
}

// ---------------------------------------------------------------------------
// Small helpers for the result paragraphs
// ---------------------------------------------------------------------------

export function fmt(x: number | null | undefined, digits = 1): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return '—';
  return x.toFixed(digits);
}

export function row(run: Run, flow: string): FlowSummaryRow {
  const r = run.summary.find((s) => s.flow === flow);
  if (!r) throw new Error(`no summary row for flow ${flow}`);
  return r;
}

export function byVariant(runs: Run[], flow: string): Map<Variant, FlowSummaryRow> {
  const m = new Map<Variant, FlowSummaryRow>();
  for (const r of runs) m.set(r.variants[flow], row(r, flow));
  return m;
}

/** The variant a paper table's column stands for. */
export function columnVariant(tableId: string, label: string): Variant | undefined {
  return PAPER_TABLES.find((t) => t.id === tableId)?.columns.find((c) => c.label === label)?.variant;
}

/** "Tahoe 1096.0, Reno 1096.0, …" */
export function listByVariant(
  runs: Run[],
  flow: string,
  pick: (s: FlowSummaryRow) => number | null,
  digits = 1,
): string {
  return [...byVariant(runs, flow)].map(([v, s]) => `${VARIANT_LABELS[v]} ${fmt(pick(s), digits)}`).join(', ');
}

/**
 * A Markdown table of a paper table's rows for these presets: the paper's
 * number, ns-2.35's where we ran it (see NS2 below), and ours.
 */
export function comparisonTable(
  tableId: string,
  presetIds: string[],
  runs: { presetId: string; run: Run }[],
  digits = 1,
  ns2?: (header: string[], column: string) => number | null | undefined,
): string {
  const table = PAPER_TABLES.find((t) => t.id === tableId);
  if (!table) throw new Error(`unknown table ${tableId}`);
  const cmp = compareWithPaper(
    tableId,
    runs.map((r) => ({ presetId: r.presetId, summary: r.run.summary })),
  ).filter((r: ComparisonRow) => r.presets.some((p) => presetIds.includes(p)));
  const head = [...table.rowHeader, ...table.columns.map((c) => c.label)];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  const COUNTS = new Set([
    'packets_sent',
    'packets_delivered',
    'retransmissions',
    'timeouts',
    'fast_retransmits',
    'drops',
  ]);
  cmp.forEach((r, ri) => {
    const paperRow = table.rows.filter((x) => x.presets.some((p) => presetIds.includes(p)))[ri];
    const d = table.columns.map((col) => (COUNTS.has(cellMetric(table, paperRow, col)?.metric ?? '') ? 0 : digits));
    lines.push(`| ${r.header.join(' | ')} (paper) | ${r.cells.map((c, i) => fmt(c.paper, d[i])).join(' | ')} |`);
    if (ns2)
      lines.push(
        `| ${r.header.join(' | ')} (ns-2.35) | ${r.cells.map((c, i) => fmt(ns2(r.header, c.column), d[i])).join(' | ')} |`,
      );
    lines.push(`| ${r.header.join(' | ')} (ours) | ${r.cells.map((c, i) => fmt(c.ours, d[i])).join(' | ')} |`);
  });
  return lines.join('\n');
}

// ---------------------------------------------------------------------------
// Reference numbers from ns-2.35 itself
// ---------------------------------------------------------------------------
//
// Twins of these presets written as ns-2.35 Tcl scripts (same topology,
// queues, agents — Agent/TCP, /Reno, /Newreno, /Sack1 with TCPSink/Sack1,
// /Vegas — windows, packet sizes, CBR sizes, start times, measuring
// intervals) and run with the installed `ns`; throughput counted from the
// trace as payload received. Stock ns-2.35 has no Westwood, so there is no
// twin for those columns; random-loss runs use ns-2's own generator, so they
// compare in distribution only.

export type ByVariant = Partial<Record<Variant, number>>;

export function five(t: number, r: number, n: number, v: number, s: number): ByVariant {
  return { tahoe: t, reno: r, newreno: n, vegas: v, sack: s };
}

export function nsList(v: ByVariant, digits = 1, unit = ''): string {
  return (Object.entries(v) as [Variant, number][])
    .map(([k, x]) => `${VARIANT_LABELS[k]} ${fmt(x, digits)}${unit}`)
    .join(', ');
}

export function close(a: number, b: number, rel: number): boolean {
  return Math.abs(a - b) <= rel * Math.max(Math.abs(a), Math.abs(b), 1e-9);
}

export function ranked(m: Map<Variant, FlowSummaryRow>, pick: (s: FlowSummaryRow) => number): Variant[] {
  return [...m].sort((a, b) => pick(b[1]) - pick(a[1])).map(([v]) => v);
}
