/**
 * Run a validation case in our engine and report it in the shape of the ns-2
 * reference rows (ns2/extract.ts), measured the same way:
 *  - goodput from the sender's cumulative ACK at the edges of the measure
 *    window (as ns-2's ack_ is read there), CBR from the bytes the sink got;
 *  - transmissions, retransmissions and drops of each packet as it happens
 *    (the engine's send/drop hooks, which is where ns-2's trace sees them);
 *  - averages of the samples taken every sampleInterval in the window;
 *  - on ns-2's RTT clock: the cases run in the ns2 profile, whose flows tick
 *    every 10 ms with the phase ns-2 draws for that run and seed
 *    (checkNs2Ticks makes sure it is the one ns-2 drew).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nsToSeconds } from '../src/engine/core/time';
import { PacketKind } from '../src/engine/net/packets';
import type { LinkDir } from '../src/engine/net/link-dir';
import type { DropCause } from '../src/engine/queues/queue';
import { formatIssues, parseScenarioText } from '../src/engine/scenario';
import type { Scenario } from '../src/engine/scenario/types';
import { Simulator } from '../src/engine/simulator';
import type { Case } from './cases';
import type { EventRow, LinkRow, SeriesRow, SummaryRow } from './ns2/extract';
import { refTicks } from './reference';

const HERE = dirname(fileURLToPath(import.meta.url));

/**
 * The committed contract JSON of a case (what users would load), run with
 * `seed` when given: the seed is put in the file's text before it is loaded,
 * so the ns2 profile draws the tick phases for that seed.
 */
export function readScenario(id: string, seed?: number): Scenario {
  const json = JSON.parse(readFileSync(join(HERE, 'scenarios', `${id}.json`), 'utf8')) as Record<string, unknown>;
  if (seed !== undefined) json.seed = seed;
  const r = parseScenarioText(JSON.stringify(json));
  if (!r.ok) throw new Error(`${id}: ${formatIssues(r.issues).join('; ')}`);
  return r.scenario;
}

/**
 * The scenario as it is, once each TCP flow's tick phase (the ns2 profile's
 * draw) is checked against the boot_time_ ns-2 drew for it in this case and
 * seed (reference/ticks.csv): both simulators then count RTTs on the same
 * clock. ticks.csv holds the draws as Tcl's `uniform` replays them, to 2^-31
 * of a tick.
 */
export function checkNs2Ticks(id: string, s: Scenario): Scenario {
  if (!s.flows.some((f) => f.kind === 'tcp' && f.tcp.tcpTick > 0)) return s;
  const rows = refTicks(id, s.seed);
  for (const f of s.flows) {
    if (f.kind !== 'tcp' || f.tcp.tcpTick === 0) continue;
    const r = rows.find((x) => x.flow === f.id);
    if (!r)
      throw new Error(
        `${id} seed ${s.seed}: no ns-2 tick phase for flow ${f.id} in reference/ticks.csv (npm run validate:ns2)`,
      );
    if (r.tick_s !== f.tcp.tcpTick)
      throw new Error(`${id}: flow ${f.id} ticks every ${f.tcp.tcpTick} s, ns-2 every ${r.tick_s} s`);
    if (Math.abs(r.boot_time_s - f.tcp.tcpTickPhase) > r.tick_s * 2 ** -31)
      throw new Error(
        `${id} seed ${s.seed}: flow ${f.id}'s tick phase ${f.tcp.tcpTickPhase} is not ns-2's ${r.boot_time_s}`,
      );
  }
  return s;
}

export interface OurRun {
  summary: SummaryRow[];
  links: LinkRow[];
  events: EventRow[];
  series: Map<string, SeriesRow[]>;
  /** the finished simulator, for anything else a test wants to read */
  sim: Simulator;
}

const round = (x: number, d: number) => Number(x.toFixed(d));

export interface RunOptions {
  /** record per-packet events (default: when the case keeps ns-2's packet trace) */
  events?: boolean;
  /** called with the simulator before it runs (experiments only; the tests never change the engine) */
  prepare?: (sim: Simulator) => void;
  /** change the scenario before the run (calibration: tiny perturbations) */
  perturb?: (s: Scenario) => Scenario;
}

export function runOurs(c: Case, seed = c.seeds[0], opts: RunOptions = {}): OurRun {
  const own = checkNs2Ticks(c.id, readScenario(c.id, seed));
  const scenario = opts.perturb ? opts.perturb(own) : own;
  const sim = new Simulator(scenario);
  opts.prepare?.(sim);
  const pool = sim.pool;
  const events: EventRow[] = [];
  const wantEvents = opts.events ?? c.trace === 'full';
  const base = (fi: number) => sim.senders[fi]?.base ?? 0;

  if (wantEvents) {
    const sent = sim.send.bind(sim);
    const dropped = sim.dropped.bind(sim);
    const noteTx = (pkt: number, now: number) => {
      if (pool.kind(pkt) !== PacketKind.Data || pool.retx(pkt) !== 1) return;
      const fi = pool.flow(pkt);
      events.push({
        case: c.id,
        flow: sim.flowIds[fi],
        time_s: nsToSeconds(now),
        event: 'retransmit',
        seq: pool.seq(pkt) - base(fi),
        cwnd: null,
        ssthresh: null,
      });
    };
    // Only transmissions by a sender count (forwarding goes through the network, not these hooks).
    sim.send = (pkt: number, node: number) => {
      noteTx(pkt, sim.nowNs);
      sent(pkt, node);
    };
    sim.dropped = (pkt: number, dir: LinkDir, cause: DropCause, now: number) => {
      if (pool.kind(pkt) !== PacketKind.Ack) {
        const fi = pool.flow(pkt);
        events.push({
          case: c.id,
          flow: sim.flowIds[fi],
          time_s: nsToSeconds(now),
          event: 'drop',
          seq: pool.seq(pkt) - base(fi),
          cwnd: null,
          ssthresh: null,
        });
      }
      dropped(pkt, dir, cause, now);
    };
  }

  const snapshot = () =>
    scenario.flows.map((f, fi) =>
      f.kind === 'tcp' ? Math.max(-1, sim.state().flows[fi].ackedSeq) : sim.stats[fi].bytes,
    );
  sim.runUntil(scenario.measure.from);
  const atFrom = snapshot();
  sim.runUntil(scenario.measure.to);
  const atTo = snapshot();
  sim.run();
  const data = sim.runData();
  const span = scenario.measure.to - scenario.measure.from;
  const { times } = data;

  const summary: SummaryRow[] = scenario.flows.map((f, fi) => {
    const s = data.summary[fi];
    if (f.kind === 'cbr') {
      return {
        case: c.id,
        seed,
        flow: f.id,
        kind: 'cbr',
        variant: '',
        goodput_kbps: round(((atTo[fi] - atFrom[fi]) * 8) / span / 1000, 3),
        highest_ack: null,
        packets_sent: s.packets_sent,
        retransmissions: null,
        timeouts: null,
        fast_retransmits: null,
        drops: s.drops,
        avg_cwnd: null,
        avg_ssthresh: null,
        avg_srtt_ms: null,
      };
    }
    const srtt = data.flowSeries[fi].columns.srtt_ms;
    let sum = 0;
    let n = 0;
    for (let i = 0; i < times.length; i++) {
      if (times[i] < scenario.measure.from - 1e-9 || times[i] > scenario.measure.to + 1e-9) continue;
      if (!Number.isNaN(srtt[i])) {
        sum += srtt[i];
        n++;
      }
    }
    return {
      case: c.id,
      seed,
      flow: f.id,
      kind: 'tcp',
      variant: f.variant,
      goodput_kbps: round(((atTo[fi] - atFrom[fi]) * f.packetSize * 8) / span / 1000, 3),
      highest_ack: Math.max(-1, sim.state().flows[fi].ackedSeq),
      packets_sent: s.packets_sent,
      retransmissions: s.retransmissions,
      timeouts: s.timeouts,
      fast_retransmits: s.fast_retransmits,
      drops: s.drops,
      avg_cwnd: s.avg_cwnd === null ? null : round(s.avg_cwnd, 4),
      avg_ssthresh: s.avg_ssthresh === null ? null : round(s.avg_ssthresh, 4),
      avg_srtt_ms: n > 0 ? round(sum / n, 3) : null,
    };
  });

  for (const e of data.events) {
    if (e.event !== 'fast_retransmit' && e.event !== 'timeout') continue;
    events.push({
      case: c.id,
      flow: e.flow,
      time_s: e.time_s,
      event: e.event,
      seq: e.seq ?? -1,
      cwnd: e.cwnd,
      ssthresh: e.ssthresh,
    });
  }
  // Same order as the reference: by time; at one instant the loss response before the retransmission it sends.
  const rank = { drop: 0, timeout: 1, fast_retransmit: 1, retransmit: 2 } as const;
  events.sort((a, b) => a.time_s - b.time_s || rank[a.event] - rank[b.event]);

  const links: LinkRow[] = data.links
    .filter((l) => l.link === 'bottleneck')
    .map((l) => ({
      case: c.id,
      seed,
      link: l.link,
      from: l.from,
      packets_forwarded: l.packets_forwarded,
      drops: l.queue_drops + l.fault_drops,
      utilization: round(l.utilization, 5),
      avg_queue_pkts: round(l.avg_queue_pkts, 4),
    }));

  const series = new Map<string, SeriesRow[]>();
  for (const id of c.series) {
    const fi = sim.flowIds.indexOf(id);
    const cw = data.flowSeries[fi].columns.cwnd;
    const ss = data.flowSeries[fi].columns.ssthresh;
    series.set(
      id,
      Array.from(times, (t, i) => ({ time_s: round(t, 6), cwnd: round(cw[i], 3), ssthresh: ss[i] })),
    );
  }
  return { summary, links, events, series, sim };
}
