/**
 * How far apart can two runs of the same scenario land? (`npx tsx
 * validation/calibrate.ts [case-prefix] [runs]`)
 *
 * Two correct simulators that break one tie differently, or draw different
 * random numbers, follow different trajectories after the first difference:
 * each run is then one sample of the scenario's outcome distribution. This
 * script measures that distribution in our engine: it reruns each multi-flow
 * case with small perturbations — the cross traffic (or the flow that starts
 * last) starts 1.37·k ms later, k = 1…N, a start phase a scenario fixes
 * arbitrarily; RED cases also change the seed — and prints, per metric, the
 * ensemble's mean, its coefficient of variation, and where ns-2's value falls
 * (z-score).
 *
 * The RED tolerances of tests/validation are 3·√2 times these spreads. The
 * DropTail cases turn out not to be noisy at all (phase-locked: the spreads
 * are 0.01–2 %), so their tolerances come from what the named deviations do
 * instead (docs/validation.md, "Tolerances"). Rerun this after an engine
 * change that could alter them.
 */
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import type { Scenario } from '../src/engine/scenario/types';
import { CASES, type Case } from './cases';
import { parseCsv } from './csv';
import { runOurs } from './ours';

const HERE = dirname(fileURLToPath(import.meta.url));

export interface Spread {
  metric: string;
  ns2: number;
  mean: number;
  sd: number;
}

/** Delay the start of the cross traffic (or of the flow that starts last) by 1.37·k ms; with RED also reseed. */
export function perturbation(c: Case, k: number): (s: Scenario) => Scenario {
  return (s) => {
    const flows = s.flows.map((f) => ({ ...f }));
    let last = 0;
    flows.forEach((f, i) => {
      if (f.start >= flows[last].start) last = i;
    });
    // Prefer a CBR flow when there is one: it is the cross traffic.
    const cbr = flows.findIndex((f) => f.kind === 'cbr');
    const which = cbr >= 0 ? cbr : last;
    flows[which] = { ...flows[which], start: flows[which].start + k * 1.37e-3 };
    return { ...s, flows, seed: c.family === 'red' ? s.seed + k : s.seed };
  };
}

export function metricsOf(
  rows: { flow: string; kind: string; goodput_kbps: number; drops: number | null; timeouts: number | null }[],
  link?: { drops: number; avg_queue_pkts: number; utilization: number },
): Record<string, number> {
  const m: Record<string, number> = {};
  let tcp = 0;
  let all = 0;
  for (const r of rows) {
    m[`goodput.${r.flow}`] = r.goodput_kbps;
    if (r.kind === 'tcp') tcp += r.goodput_kbps;
    all += r.goodput_kbps;
    if (r.drops !== null) m[`drops.${r.flow}`] = r.drops;
  }
  m['goodput.tcp'] = tcp;
  m['goodput.all'] = all;
  if (link) {
    m['link.drops'] = link.drops;
    m['link.avg_queue'] = link.avg_queue_pkts;
    m['link.utilization'] = link.utilization;
  }
  return m;
}

export function spreads(c: Case, runs: number): Spread[] {
  const ref = parseCsv(readFileSync(join(HERE, 'reference', 'summary.csv'), 'utf8')).filter((r) => r.case === c.id);
  const refLink = parseCsv(readFileSync(join(HERE, 'reference', 'links.csv'), 'utf8')).find(
    (r) => r.case === c.id && r.from === 'r1',
  );
  const nsMetrics = metricsOf(
    ref.map((r) => ({
      flow: r.flow,
      kind: r.kind,
      goodput_kbps: Number(r.goodput_kbps),
      drops: r.drops === '' ? null : Number(r.drops),
      timeouts: null,
    })),
    refLink && {
      drops: Number(refLink.drops),
      avg_queue_pkts: Number(refLink.avg_queue_pkts),
      utilization: Number(refLink.utilization),
    },
  );
  const samples: Record<string, number>[] = [];
  for (let k = 1; k <= runs; k++) {
    const o = runOurs(c, c.seeds[0], { events: false, perturb: perturbation(c, k) });
    samples.push(
      metricsOf(
        o.summary,
        o.links.find((l) => l.from === 'r1'),
      ),
    );
  }
  return Object.keys(nsMetrics).map((metric) => {
    const xs = samples.map((s) => s[metric]);
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (xs.length - 1));
    return { metric, ns2: nsMetrics[metric], mean, sd };
  });
}

function main(): void {
  const prefix = process.argv[2] ?? '';
  const runs = Number(process.argv[3] ?? 10);
  const cases = CASES.filter(
    (c) => c.id.startsWith(prefix) && (c.family === 'udp' || c.family === 'two' || c.family === 'red'),
  );
  const pooled = new Map<string, number[]>();
  for (const c of cases) {
    for (const s of spreads(c, runs)) {
      const cv = s.mean !== 0 ? s.sd / Math.abs(s.mean) : 0;
      const z = s.sd > 0 ? (s.ns2 - s.mean) / s.sd : 0;
      const kind = `${c.family}:${s.metric.replace(/\.(A|B|C|D|T|U)$/, (_m, f: string) => (f === 'U' ? '.udp' : '.flow'))}`;
      if (!pooled.has(kind)) pooled.set(kind, []);
      pooled.get(kind)!.push(cv);
      console.log(
        `${c.id.padEnd(18)} ${s.metric.padEnd(18)} ns-2 ${s.ns2.toFixed(1).padStart(9)}  ours ${s.mean.toFixed(1).padStart(9)} ± ${s.sd.toFixed(1).padStart(7)} (cv ${(cv * 100).toFixed(1)}%)  z ${z.toFixed(2)}`,
      );
    }
  }
  console.log('\npooled coefficient of variation (root mean square over the cases):');
  for (const [kind, cvs] of pooled) {
    const rms = Math.sqrt(cvs.reduce((a, b) => a + b * b, 0) / cvs.length);
    console.log(`  ${kind.padEnd(28)} ${(rms * 100).toFixed(2)}%  (max ${(Math.max(...cvs) * 100).toFixed(2)}%)`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
