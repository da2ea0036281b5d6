/**
 * The result tables of docs/validation.md (ns-2.35 against the engine, case
 * by case), computed from the reference CSVs and fresh engine runs:
 * `npx tsx validation/report.ts` prints them; with `--write` it replaces the
 * text between `<!-- report:begin -->` and `<!-- report:end -->` in
 * docs/validation.md. `npm run validate:ns2` does that after the plots.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CASES, type Case } from './cases';
import { firstDifference, LOSS_COUNTERS, mathisKbps, mean, pathRtt, relDiff } from './compare';
import { DIVERGENCE, EXACT_REPLAY } from './deviations';
import type { SummaryRow } from './ns2/extract';
import { readScenario, runOurs, type OurRun } from './ours';
import { refEvents, refFlow, refLink, refSummary } from './reference';

const DOC = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'validation.md');

const pct = (ours: number, ns: number) => {
  const d = relDiff(ours, ns) * 100;
  return `${d >= 0 ? '+' : '−'}${Math.abs(d).toFixed(1)} %`;
};
const f1 = (x: number | null) => (x === null ? '–' : x.toFixed(1));
const f0 = (x: number | null) => (x === null ? '–' : String(Math.round(x)));
const pair = (a: number | null, b: number | null, f = f0) => (f(a) === f(b) ? f(a) : `${f(a)} / ${f(b)}`);

function table(head: string[], rows: string[][]): string {
  return [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}

function replayCell(c: Case, o: OurRun): string {
  if (c.id in EXACT_REPLAY) {
    const ns = refEvents(c.id);
    const d = firstDifference(ns, o.events);
    return d === null ? `exact (${ns.length} events)` : `**differs**: ${d}`;
  }
  return `diverges: ${(DIVERGENCE[c.id]?.causes ?? ['?']).join(', ')}`;
}

function drops(): string {
  const rows: string[][] = [];
  for (const c of CASES.filter((x) => x.family === 'drops')) {
    const o = runOurs(c);
    const n = refFlow(c.id, 'A');
    const s = o.summary[0];
    const fr = refEvents(c.id).find((e) => e.event === 'fast_retransmit')!;
    const ofr = o.events.find((e) => e.event === 'fast_retransmit')!;
    const to = refEvents(c.id).filter((e) => e.event === 'timeout');
    const oto = o.events.filter((e) => e.event === 'timeout');
    rows.push([
      c.id,
      `${fr.time_s.toFixed(5)} s, ${fr.cwnd}/${fr.ssthresh}`,
      `${ofr.time_s.toFixed(5)} s, ${ofr.cwnd}/${ofr.ssthresh}`,
      to.map((e) => `${e.time_s.toFixed(5)} s`).join(', ') || '–',
      oto.map((e) => `${e.time_s.toFixed(5)} s`).join(', ') || '–',
      pair(n.retransmissions, s.retransmissions),
      pair(n.highest_ack, s.highest_ack),
      replayCell(c, o),
    ]);
  }
  return table(
    [
      'case',
      'fast retransmit ns-2 (cwnd/ssthresh)',
      'ours',
      'timeouts ns-2',
      'ours',
      'retransmissions',
      'highest ACK at 5 s',
      'event by event',
    ],
    rows,
  );
}

function outage(): string {
  const rows: string[][] = [];
  for (const c of CASES.filter((x) => x.family === 'outage')) {
    const o = runOurs(c);
    const n = refFlow(c.id, 'A');
    const s = o.summary[0];
    const t = (evs: { event: string; time_s: number }[]) =>
      evs
        .filter((e) => e.event === 'timeout')
        .map((e) => e.time_s.toFixed(3))
        .join(', ');
    rows.push([
      c.id,
      t(refEvents(c.id)),
      t(o.events),
      pair(n.retransmissions, s.retransmissions),
      pair(n.drops, s.drops),
      `${f1(n.goodput_kbps)} / ${f1(s.goodput_kbps)} (${pct(s.goodput_kbps, n.goodput_kbps)})`,
    ]);
  }
  return table(['case', 'timeouts ns-2 (s)', 'ours (s)', 'retransmissions', 'drops', 'goodput kb/s ns-2 / ours'], rows);
}

function udp(): string {
  const rows: string[][] = [];
  for (const c of CASES.filter((x) => x.family === 'udp')) {
    const o = runOurs(c);
    const t = o.summary.find((r) => r.flow === 'T')!;
    const u = o.summary.find((r) => r.flow === 'U')!;
    const nt = refFlow(c.id, 'T');
    const nu = refFlow(c.id, 'U');
    const l = o.links.find((x) => x.from === 'r1')!;
    const nl = refLink(c.id);
    rows.push([
      c.id,
      `${f0(nt.goodput_kbps)} / ${f0(t.goodput_kbps)} (${pct(t.goodput_kbps, nt.goodput_kbps)})`,
      `${f0(nu.goodput_kbps)} / ${f0(u.goodput_kbps)}`,
      pair(nt.timeouts, t.timeouts),
      `${nl.drops} / ${l.drops}`,
      `${nl.avg_queue_pkts.toFixed(1)} / ${l.avg_queue_pkts.toFixed(1)}`,
      c.params.variant === 'vegas' ? 'no loss in either' : replayCell(c, o),
    ]);
  }
  return table(
    [
      'case',
      'TCP goodput kb/s ns-2 / ours',
      'UDP kb/s',
      'TCP timeouts',
      'bottleneck drops',
      'mean queue (pkts)',
      'event by event',
    ],
    rows,
  );
}

function multi(family: 'two' | 'red'): string {
  const rows: string[][] = [];
  for (const c of CASES.filter((x) => x.family === family)) {
    const o = runOurs(c);
    const cells = o.summary.map((s) => {
      const n = refFlow(c.id, s.flow);
      return `${s.flow}${s.kind === 'cbr' ? ' (UDP)' : ''}: ${f0(n.goodput_kbps)} / ${f0(s.goodput_kbps)} (${pct(s.goodput_kbps, n.goodput_kbps)})`;
    });
    const tot = (rs: SummaryRow[]) => rs.reduce((a, r) => a + r.goodput_kbps, 0);
    const l = o.links.find((x) => x.from === 'r1')!;
    const nl = refLink(c.id);
    rows.push([
      c.id,
      cells.join('<br>'),
      `${f0(tot(refSummary(c.id)))} / ${f0(tot(o.summary))} (${pct(tot(o.summary), tot(refSummary(c.id)))})`,
      `${nl.drops} / ${l.drops}`,
      `${nl.avg_queue_pkts.toFixed(1)} / ${l.avg_queue_pkts.toFixed(1)}`,
      `${(nl.utilization * 100).toFixed(1)} / ${(l.utilization * 100).toFixed(1)}`,
      replayCell(c, o),
    ]);
  }
  return table(
    ['case', 'goodput kb/s ns-2 / ours', 'total', 'bottleneck drops', 'mean queue', 'utilization %', 'event by event'],
    rows,
  );
}

/** ns-2 keeps no packet trace of these runs: what what-if.ts --seeds all found, as deviations.ts records it. */
function replayLoss(c: Case): string {
  if (c.id in EXACT_REPLAY) return `exact, all ${c.seeds.length} seeds`;
  const d = DIVERGENCE[c.id];
  const exact = d?.exactSeeds ?? [];
  const other = c.seeds.filter((s) => !exact.includes(s));
  return `diverges: ${(d?.causes ?? ['?']).join(', ')} (seed${other.length > 1 ? 's' : ''} ${other.join(', ')}; exact: ${exact.join(', ') || 'none'})`;
}

function loss(): string {
  const rows: string[][] = [];
  for (const c of CASES.filter((x) => x.family === 'loss')) {
    const all = c.seeds.map((s) => ({
      seed: s,
      o: runOurs(c, s, { events: false }).summary[0],
      n: refFlow(c.id, 'A', s),
    }));
    const differ = all.filter(({ o, n }) => LOSS_COUNTERS.some((k) => o[k] !== n[k])).map((x) => x.seed);
    const two = all.slice(0, 2);
    const o = two.map((x) => x.o);
    const n = two.map((x) => x.n);
    const g = mean(o.map((r) => r.goodput_kbps));
    const gn = mean(n.map((r) => r.goodput_kbps));
    const rtt = pathRtt(readScenario(c.id), 'A');
    const p = Number(c.params.p);
    const m = mathisKbps(1000, rtt, p);
    rows.push([
      c.id,
      `${f0(gn)} / ${f0(g)} (${pct(g, gn)})`,
      pair(n[0].timeouts! + n[1].timeouts!, o[0].timeouts! + o[1].timeouts!),
      pair(n[0].retransmissions! + n[1].retransmissions!, o[0].retransmissions! + o[1].retransmissions!),
      c.params.variant === 'reno' ? `${f0(m)}: ${(gn / m).toFixed(2)} / ${(g / m).toFixed(2)}` : '',
      `${all.length - differ.length} of ${all.length}${differ.length > 0 ? ` (not seed ${differ.join(', ')})` : ''}`,
      replayLoss(c),
    ]);
  }
  return table(
    [
      'case',
      'goodput kb/s ns-2 / ours (seeds 1, 2)',
      'timeouts (seeds 1 + 2)',
      'retransmissions (seeds 1 + 2)',
      'Mathis kb/s: ratio ns-2 / ours',
      'seeds with equal counters',
      'event by event (what-if.ts)',
    ],
    rows,
  );
}

export function report(): string {
  return [
    '### Drop scenarios',
    drops(),
    '### Link outage',
    outage(),
    '### TCP against UDP',
    udp(),
    '### Two flows',
    multi('two'),
    '### Random loss (same losses in both; Mathis ratio = goodput / model; counters: goodput, highest ACK, timeouts, retransmissions, packets sent)',
    loss(),
    '### RED',
    multi('red'),
  ].join('\n\n');
}

/** Replace the generated section of docs/validation.md. */
export function writeReport(): void {
  const text = report();
  const doc = readFileSync(DOC, 'utf8');
  const begin = '<!-- report:begin -->';
  const end = '<!-- report:end -->';
  const a = doc.indexOf(begin);
  const b = doc.indexOf(end);
  if (a < 0 || b < a) throw new Error(`${DOC} has no ${begin} … ${end} section`);
  writeFileSync(
    DOC,
    `${doc.slice(0, a + begin.length)}\n<!-- generated by validation/report.ts: do not edit by hand -->\n\n${text}\n\n${doc.slice(b)}`,
  );
  console.log(`tables written to ${DOC}`);
}

function main(): void {
  if (process.argv.includes('--write')) writeReport();
  else console.log(report());
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
