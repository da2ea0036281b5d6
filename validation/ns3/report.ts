/**
 * The tables of docs/validation-ns3.md, made from the committed reference
 * data (and, for the calibration table, from the engine run on the twins).
 * Each table sits between `<!-- ns3:<name> -->` and `<!-- /ns3:<name> -->`;
 * `npx tsx validation/ns3/report.ts --write` (also run by
 * `npm run validate:ns3`) rewrites them, and without `--write` prints them.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CALIBRATION_METRICS, describeTolerance } from './calibration';
import { AQM_METRICS } from './aqm';
import { NS3_CASES, ns3Case, type Ns3Case } from './cases';
import { runTwinMeans, type Figures } from './ours';
import { ns3Events, ns3Figure, type Spread } from './reference';

const DOC = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'validation-ns3.md');

function fmt(x: number, digits: number): string {
  return x
    .toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    .replace(/,/g, '\u202f');
}

function maybe(caseId: string, scope: string, metric: string): Spread | null {
  try {
    return ns3Figure(caseId, scope, metric);
  } catch {
    return null;
  }
}

/** The mean over runs alone. */
function m(caseId: string, scope: string, metric: string, digits = 1): string {
  const s = maybe(caseId, scope, metric);
  return s ? fmt(s.mean, digits) : '—';
}

/** "mean ± sd" over runs (the mean alone for one run); "—" when not measured. */
function ms(caseId: string, scope: string, metric: string, digits = 1, scale = 1): string {
  const s = maybe(caseId, scope, metric);
  if (!s) return '—';
  const m = fmt(s.mean * scale, digits);
  return s.runs > 1 && s.sd * scale >= 0.5 * 10 ** -digits ? `${m} ± ${fmt(s.sd * scale, digits)}` : m;
}

function table(head: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

const flowsOf = (c: Ns3Case) =>
  (c.scenario.flows as { id: string; kind: string; variant?: string }[]).filter((f) => f.kind === 'tcp');

// ---------------------------------------------------------------------------

function calibrationTable(ours: Map<string, Figures>): string {
  const rows: string[][] = [];
  for (const c of NS3_CASES.filter((x) => x.family === 'calibration')) {
    for (const m of CALIBRATION_METRICS) {
      for (const scope of m.scope === '*' ? flowsOf(c).map((f) => f.id) : [m.scope]) {
        const n = maybe(c.id, scope, m.metric);
        const o = ours.get(c.id)?.get(scope)?.get(m.metric);
        if (!n || o === undefined) continue;
        const diff =
          n.mean === 0 ? (o === 0 ? '0' : '—') : `${o >= n.mean ? '+' : ''}${fmt((100 * (o - n.mean)) / n.mean, 1)} %`;
        const label = m.scope === '*' ? `flow ${scope} ${m.label}` : m.label;
        rows.push([
          c.id,
          label,
          ms(c.id, scope, m.metric, m.digits),
          fmt(o, m.digits),
          diff,
          describeTolerance(m.tolerance),
        ]);
      }
    }
  }
  return table(
    ['case', 'figure', 'ns-3.44 (mean ± sd, 5 runs)', 'engine (seeds 1–5)', 'engine − ns-3', 'test tolerance'],
    rows,
  );
}

/** The engine against ns-3 on the AQM twins, at issue 15's tolerances (validation/ns3/aqm.ts). */
function aqmEngineTable(ours: Map<string, Figures>): string {
  const rows: string[][] = [];
  for (const c of NS3_CASES.filter((x) => x.family === 'aqm' && x.loadsToday && !x.id.includes('droptail'))) {
    const ecn = c.id.endsWith('-ecn');
    for (const m of AQM_METRICS.filter((x) => x.only === undefined || x.only === (ecn ? 'ecn' : 'plain'))) {
      for (const scope of m.scope === '*' ? flowsOf(c).map((f) => f.id) : [m.scope]) {
        const metric = m.ns3Metric ?? m.metric;
        const n = maybe(c.id, scope, metric);
        const o = ours.get(c.id)?.get(scope)?.get(m.metric);
        if (!n || o === undefined) continue;
        const diff =
          n.mean === 0 ? (o === 0 ? '0' : '—') : `${o >= n.mean ? '+' : ''}${fmt((100 * (o - n.mean)) / n.mean, 1)} %`;
        rows.push([
          c.id,
          m.scope === '*' ? `flow ${scope} ${m.label}` : m.label,
          ms(c.id, scope, metric, m.digits),
          fmt(o, m.digits),
          diff,
          describeTolerance(m.tolerance),
        ]);
      }
    }
  }
  return table(
    ['case', 'figure', 'ns-3.44 (mean ± sd, 5 runs)', 'engine (seeds 1–5)', 'engine − ns-3', 'test tolerance'],
    rows,
  );
}

function aqmTable(): string {
  const rows = NS3_CASES.filter((c) => c.family === 'aqm').map((c) => {
    const per = flowsOf(c).map((f) => maybe(c.id, f.id, 'goodput_kbps')?.mean ?? NaN);
    const jain = per.reduce((a, b) => a + b, 0) ** 2 / (per.length * per.reduce((a, b) => a + b * b, 0));
    return [
      c.id,
      ms(c.id, 'tcp', 'goodput_kbps', 0),
      `${fmt(Math.min(...per), 0)}–${fmt(Math.max(...per), 0)} (${fmt(jain, 3)})`,
      ms(c.id, 'bottleneck', 'utilization', 3),
      ms(c.id, 'bottleneck', 'mean_sojourn_ms', 2),
      ms(c.id, 'bottleneck', 'mean_wait_ms', 2),
      ms(c.id, 'bottleneck', 'mean_queue_pkts', 1),
      ms(c.id, 'P', 'delay_mean_ms', 1),
      ms(c.id, 'P', 'delay_p95_ms', 1),
      ms(c.id, 'bottleneck', 'drops', 0),
      ms(c.id, 'bottleneck', 'ce_marks', 0),
      ms(c.id, 'P', 'drops', 0),
    ];
  });
  return table(
    [
      'case',
      'TCP goodput, kb/s',
      'per flow (mean over runs): least–most (Jain)',
      'utilization',
      'sojourn in the AQM, ms',
      'whole queueing delay, ms',
      'mean queue, packets',
      'probe delay, ms',
      'probe p95, ms',
      'drops',
      'CE marks',
      'probe drops',
    ],
    rows,
  );
}

function bbrTable(): string {
  const rows: string[][] = [];
  for (const c of NS3_CASES.filter((x) => x.family === 'bbr')) {
    for (const f of flowsOf(c)) {
      const bbr = f.variant === 'bbr';
      const probes = bbr
        ? [1, 2, 3, 4]
            .map((k) => maybe(c.id, f.id, `probe_rtt_${k}_s`))
            .filter((s): s is Spread => s !== null)
            .map((s) => `${fmt(s.mean, 2)}${s.runs < c.runs ? ` (${s.runs}/${c.runs} runs)` : ''}`)
            .join(', ') || 'none'
        : '';
      rows.push([
        c.id,
        `${f.id} (${f.variant})`,
        ms(c.id, f.id, 'goodput_kbps', 0),
        ms(c.id, f.id, 'share', 3),
        ms(c.id, f.id, 'mean_cwnd_pkts', 1),
        bbr ? ms(c.id, f.id, 'mean_pacing_kbps', 0) : '',
        ms(c.id, f.id, 'retransmissions', 0),
        bbr ? `${ms(c.id, f.id, 'drain_at_s', 3)} / ${ms(c.id, f.id, 'probe_bw_at_s', 3)}` : '',
        probes,
        ms(c.id, 'bottleneck', 'mean_queue_pkts', 1),
        ms(c.id, 'bottleneck', 'mean_sojourn_ms', 1),
        ms(c.id, 'bottleneck', 'drops', 0),
      ]);
    }
  }
  return table(
    [
      'case',
      'flow',
      'goodput, kb/s',
      'share',
      'mean cwnd, segments',
      'mean pacing rate, kb/s',
      'retransmissions',
      'DRAIN / PROBE_BW entered, s',
      'PROBE_RTT entered at, s (mean over runs)',
      'mean queue, packets',
      'mean queueing delay, ms',
      'drops',
    ],
    rows,
  );
}

function dctcpTable(): string {
  const rows: string[][] = [];
  for (const c of NS3_CASES.filter((x) => x.family === 'dctcp')) {
    for (const f of flowsOf(c)) {
      rows.push([
        c.id,
        f.id,
        ms(c.id, f.id, 'goodput_kbps', 1, 1 / 1000),
        ms(c.id, f.id, 'alpha_mean', 3),
        `${m(c.id, f.id, 'alpha_p5', 3)}–${m(c.id, f.id, 'alpha_p95', 3)}`,
        ms(c.id, f.id, 'marked_share_mean', 3),
        ms(c.id, f.id, 'ecn_reductions', 0),
        ms(c.id, f.id, 'retransmissions', 0),
      ]);
    }
    rows.push([
      c.id,
      'bottleneck',
      ms(c.id, 'tcp', 'goodput_kbps', 1, 1 / 1000),
      '',
      '',
      `queue ${ms(c.id, 'bottleneck', 'mean_disc_pkts', 2)} in the disc (p5/p50/p95 ${m(c.id, 'bottleneck', 'disc_p5_pkts', 0)}/${m(c.id, 'bottleneck', 'disc_p50_pkts', 0)}/${m(c.id, 'bottleneck', 'disc_p95_pkts', 0)}), ${ms(c.id, 'bottleneck', 'mean_queue_pkts', 2)} waiting in all`,
      `${ms(c.id, 'bottleneck', 'ce_marks', 0)} CE marks`,
      `${ms(c.id, 'bottleneck', 'drops', 0)} drops`,
    ]);
  }
  return table(
    [
      'case',
      'flow',
      'goodput, Mb/s',
      'α (time mean)',
      'α p5–p95',
      'marked share per window',
      'window cuts',
      'retransmissions',
    ],
    rows,
  );
}

function cubicTable(): string {
  const rows = NS3_CASES.filter((c) => c.family === 'cubic').map((c) => {
    const byLoss = maybe(c.id, 'A', 'ss_exit_by_loss')?.mean;
    return [
      c.id,
      ms(c.id, 'A', 'ss_exit_s', 3),
      ms(c.id, 'A', 'ss_exit_cwnd_pkts', 0),
      byLoss === undefined ? '—' : byLoss ? 'loss' : 'HyStart',
      ms(c.id, 'A', 'first_loss_s', 3),
      ms(c.id, 'A', 'peak_cwnd_pkts', 0),
      ms(c.id, 'A', 'retransmissions', 0),
      ms(c.id, 'A', 'goodput_kbps', 0),
      ms(c.id, 'bottleneck', 'mean_queue_pkts', 1),
    ];
  });
  return table(
    [
      'case',
      'slow start left at, s',
      'cwnd then, segments',
      'by',
      'first loss, s',
      'peak cwnd',
      'retransmissions (10 s)',
      'goodput (10 s), kb/s',
      'mean queue, packets',
    ],
    rows,
  );
}

/** Every BBR state change of run 1, for the single-flow cases. */
function bbrStatesTable(): string {
  const rows: string[][] = [];
  for (const id of ['bbr-shallow', 'bbr-deep']) {
    const ev = ns3Events(id).filter((e) => e.run === 1);
    rows.push([id, ev.map((e) => `${fmt(e.time_s, 3)} ${e.event.toUpperCase()}`).join(' → ')]);
  }
  return table(['case (run 1)', 'states entered, s'], rows);
}

export function ns3Tables(opts: { engine?: boolean } = {}): Record<string, string> {
  const tables: Record<string, string> = {
    aqm: aqmTable(),
    bbr: bbrTable(),
    'bbr-states': bbrStatesTable(),
    dctcp: dctcpTable(),
    cubic: cubicTable(),
  };
  if (opts.engine !== false) {
    const ours = new Map<string, Figures>();
    for (const c of NS3_CASES.filter((x) => x.family === 'calibration')) ours.set(c.id, runTwinMeans(ns3Case(c.id)));
    tables.calibration = calibrationTable(ours);
    for (const c of NS3_CASES.filter((x) => x.family === 'aqm' && x.loadsToday))
      ours.set(c.id, runTwinMeans(ns3Case(c.id)));
    tables['aqm-engine'] = aqmEngineTable(ours);
  }
  return tables;
}

/** The document with every generated table replaced. */
export function renderDoc(text: string, tables: Record<string, string>): string {
  let out = text;
  for (const [name, body] of Object.entries(tables)) {
    const re = new RegExp(`(<!-- ns3:${name} -->\\n)[\\s\\S]*?(<!-- /ns3:${name} -->)`);
    if (!re.test(out)) throw new Error(`docs/validation-ns3.md has no <!-- ns3:${name} --> block`);
    out = out.replace(re, (_m, a: string, b: string) => `${a}${body}\n${b}`);
  }
  return out;
}

export function writeReport(): void {
  writeFileSync(DOC, renderDoc(readFileSync(DOC, 'utf8'), ns3Tables()));
  console.error('rewrote the tables of docs/validation-ns3.md');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv.includes('--write')) writeReport();
  else for (const [name, body] of Object.entries(ns3Tables())) console.log(`## ${name}\n\n${body}\n`);
}
