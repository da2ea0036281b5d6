/**
 * The engine's side of an ns-3 case: its twin scenario run with a seed, and
 * the figures the ns-3 programs report, measured the same way over the
 * measure window (validation/ns3/src/lab/*.h):
 *  - goodput: payload bytes of unique data delivered to the receiver inside
 *    the window (ns-3: bytes reaching the receiving application);
 *  - at the bottleneck's forward direction (r1 → r2): time-averaged packets
 *    waiting (not the one on the wire), bytes sent over capacity, drops;
 *  - there too: the mean sojourn of the packets leaving the queue in the
 *    window (arrival to start of transmission: ns-3's mean_wait_ms; its
 *    mean_sojourn_ms stops at the queue disc), and the CE marks;
 *  - a flow's retransmissions, timeouts, fast recoveries, ECN reductions,
 *    drops and CE marks inside the window, its cwnd averaged over the
 *    samples taken in the window, and a flow's mean one-way delay (the
 *    probe's delay_mean_ms: from creation at the source to delivery).
 *  - a flow's share of the TCP goodput; BBR's first DRAIN and PROBE_BW and
 *    every PROBE_RTT (`drain_at_s`, `probe_bw_at_s`, `probe_rtt_<k>_s`, over
 *    the whole run as ns-3's are); CUBIC's slow-start exit (`ss_exit_s`, the
 *    ssthresh crossing or the first fast retransmit, `ss_exit_by_loss`,
 *    `cwnd_at_ss_exit`), HyStart++'s entry into conservative slow start
 *    (`css_at_s`, `cwnd_at_css`) and the first loss (`first_loss_s`).
 * Only twins the loader accepts today can run (Ns3Case.loadsToday).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatIssues, parseScenarioText } from '../../src/engine/scenario';
import type { Scenario } from '../../src/engine/scenario/types';
import type { RunData } from '../../src/engine/output/rundata';
import { Simulator } from '../../src/engine/simulator';
import type { Ns3Case } from './cases';

const HERE = dirname(fileURLToPath(import.meta.url));

/** The committed twin of a case, as the engine loads it. */
export function readTwin(id: string, seed = 1): Scenario {
  const r = parseScenarioText(readFileSync(join(HERE, 'cases', `${id}.json`), 'utf8'));
  if (!r.ok) throw new Error(`validation/ns3/cases/${id}.json: ${formatIssues(r.issues).join('; ')}`);
  return { ...r.scenario, seed };
}

/** scope ("A", "tcp", "bottleneck") → metric → value, as in reference/figures.csv */
export type Figures = Map<string, Map<string, number>>;

function put(f: Figures, scope: string, metric: string, value: number): void {
  if (!f.has(scope)) f.set(scope, new Map());
  f.get(scope)!.set(metric, value);
}

export function runTwin(c: Ns3Case, seed: number): Figures {
  const s = readTwin(c.id, seed);
  const sim = new Simulator(s);
  const dir = sim.dirs[sim.queueIds.findIndex((q) => q.link === 'bottleneck' && q.from === 'r1')];
  const snapshot = () => {
    dir.touchQueue(sim.nowNanos);
    return {
      busyNs: dir.busyNs,
      qArea: dir.qArea,
      drops: dir.queueDrops,
      marks: dir.ecnMarks,
      sojournNs: dir.sojournNs,
      departures: dir.departures,
      flows: s.flows.map((_, fi) => ({
        bytes: sim.stats[fi].bytes,
        drops: sim.stats[fi].drops,
        ceMarks: sim.stats[fi].ceMarks,
        ecnReductions: sim.senders[fi]?.ecnReductions ?? 0,
        retransmissions: sim.senders[fi]?.retransmissions ?? 0,
        timeouts: sim.senders[fi]?.timeouts ?? 0,
        fastRetransmits: sim.senders[fi]?.fastRetransmits ?? 0,
      })),
    };
  };
  sim.runUntil(s.measure.from);
  const a = snapshot();
  sim.runUntil(s.measure.to);
  const b = snapshot();
  const data = sim.runData();
  const span = s.measure.to - s.measure.from;

  const out: Figures = new Map();
  let total = 0;
  s.flows.forEach((f, fi) => {
    const goodput = ((b.flows[fi].bytes - a.flows[fi].bytes) * 8) / span / 1000;
    put(out, f.id, 'goodput_kbps', goodput);
    put(out, f.id, 'drops', b.flows[fi].drops - a.flows[fi].drops);
    put(out, f.id, 'ce_marks', b.flows[fi].ceMarks - a.flows[fi].ceMarks);
    const st = sim.stats[fi];
    if (st.measPackets > 0) put(out, f.id, 'delay_mean_ms', st.latencySumNs / st.measPackets / 1e6);
    if (f.kind !== 'tcp') return;
    put(out, f.id, 'ecn_reductions', b.flows[fi].ecnReductions - a.flows[fi].ecnReductions);
    total += goodput;
    put(out, f.id, 'retransmissions', b.flows[fi].retransmissions - a.flows[fi].retransmissions);
    put(out, f.id, 'timeouts', b.flows[fi].timeouts - a.flows[fi].timeouts);
    put(out, f.id, 'fast_recoveries', b.flows[fi].fastRetransmits - a.flows[fi].fastRetransmits);
    const cwnd = data.flowSeries[fi].columns.cwnd;
    let sum = 0;
    let n = 0;
    data.times.forEach((t, i) => {
      if (t >= s.measure.from - 1e-9 && t <= s.measure.to + 1e-9) {
        sum += cwnd[i];
        n++;
      }
    });
    put(out, f.id, 'mean_cwnd_pkts', sum / n);
    // DCTCP's α, averaged over the samples in the window as ns-3's alpha_mean is over time.
    const alpha = data.flowSeries[fi].columns.dctcp_alpha;
    if (alpha) {
      let as = 0;
      let an = 0;
      data.times.forEach((t, i) => {
        if (t >= s.measure.from - 1e-9 && t <= s.measure.to + 1e-9 && Number.isFinite(alpha[i])) {
          as += alpha[i];
          an++;
        }
      });
      if (an > 0) put(out, f.id, 'alpha_mean', as / an);
    }
  });
  put(out, 'tcp', 'goodput_kbps', total);
  s.flows.forEach((f) => {
    if (f.kind !== 'tcp') return;
    if (total > 0) put(out, f.id, 'share', out.get(f.id)!.get('goodput_kbps')! / total);
    variantFigures(
      out,
      f.id,
      data.events.filter((e) => e.flow === f.id),
    );
  });
  put(out, 'bottleneck', 'utilization', (b.busyNs - a.busyNs) / 1e9 / span);
  put(out, 'bottleneck', 'mean_queue_pkts', (b.qArea - a.qArea) / 1e9 / span);
  put(out, 'bottleneck', 'drops', b.drops - a.drops);
  put(out, 'bottleneck', 'ce_marks', b.marks - a.marks);
  const left = b.departures - a.departures;
  put(out, 'bottleneck', 'mean_sojourn_ms', left > 0 ? (b.sojournNs - a.sojournNs) / left / 1e6 : NaN);
  return out;
}

/** The mean of each figure over seeds 1..runs (the twin's replicas). */
export function runTwinMeans(c: Ns3Case, runs = c.runs): Figures {
  const all = Array.from({ length: runs }, (_, i) => runTwin(c, i + 1));
  const out: Figures = new Map();
  for (const [scope, metrics] of all[0]) {
    for (const metric of metrics.keys()) {
      put(out, scope, metric, all.reduce((acc, f) => acc + f.get(scope)!.get(metric)!, 0) / runs);
    }
  }
  return out;
}

/** BBR's state instants and CUBIC's slow-start exit, from a flow's events. */
function variantFigures(out: Figures, flow: string, events: RunData['events']): void {
  const first = (name: string) => events.find((e) => e.event === name);
  const drain = first('bbr_drain');
  if (drain) put(out, flow, 'drain_at_s', drain.time_s);
  const probeBw = first('bbr_probe_bw');
  if (probeBw) put(out, flow, 'probe_bw_at_s', probeBw.time_s);
  events.filter((e) => e.event === 'bbr_probe_rtt').forEach((e, k) => put(out, flow, `probe_rtt_${k + 1}_s`, e.time_s));
  const loss = events.find((e) => e.event === 'fast_retransmit' || e.event === 'timeout');
  if (loss) put(out, flow, 'first_loss_s', loss.time_s);
  const exit = events.find((e) => e.event === 'ss_exit' || e.event === 'fast_retransmit' || e.event === 'timeout');
  if (exit && !drain) {
    put(out, flow, 'ss_exit_s', exit.time_s);
    put(out, flow, 'ss_exit_by_loss', exit.event === 'ss_exit' ? 0 : 1);
    // The window slow start reached: before a loss cuts it, as ns-3 reports it.
    put(out, flow, 'cwnd_at_ss_exit', exit.event === 'fast_retransmit' ? exit.cwnd! : exit.cwnd!);
  }
  const css = first('hystart_css');
  if (css) {
    put(out, flow, 'css_at_s', css.time_s);
    put(out, flow, 'cwnd_at_css', css.cwnd!);
  }
}
