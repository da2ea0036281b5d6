/**
 * Read what validation/ns2/lib.tcl wrote for one ns-2 run (meta.tsv,
 * summary.tsv, ticks.tsv, vars-*.tr, series-*.tsv, trace.tr) and reduce it to the rows
 * of the reference CSVs. ns-2's conventions are undone here, once: sequence
 * numbers become data segment numbers (the SYN is ns-2's 0), the SYN is not
 * counted as a data packet, and times are ns-2's own (trace.tr prints them
 * with 6 significant digits, the variable trace with 5 decimals).
 */
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export interface Ns2Flow {
  id: string;
  kind: 'tcp' | 'cbr';
  fid: number;
  src: number;
  dst: number;
  /** 1 when the agent sends a SYN first */
  base: number;
  packetSize: number;
  variant: string;
}

export interface Ns2Meta {
  seed: number;
  duration: number;
  measure: [number, number];
  nodes: Map<string, number>;
  links: { id: string; a: number; b: number; bandwidth: number }[];
  flows: Ns2Flow[];
}

export interface SummaryRow {
  case: string;
  seed: number;
  flow: string;
  kind: string;
  variant: string;
  goodput_kbps: number;
  highest_ack: number | null;
  packets_sent: number | null;
  retransmissions: number | null;
  timeouts: number | null;
  fast_retransmits: number | null;
  drops: number | null;
  avg_cwnd: number | null;
  avg_ssthresh: number | null;
  avg_srtt_ms: number | null;
}

export interface LinkRow {
  case: string;
  seed: number;
  link: string;
  from: string;
  packets_forwarded: number;
  drops: number;
  utilization: number;
  avg_queue_pkts: number;
}

export interface EventRow {
  case: string;
  flow: string;
  time_s: number;
  event: 'fast_retransmit' | 'timeout' | 'retransmit' | 'drop';
  seq: number;
  cwnd: number | null;
  ssthresh: number | null;
}

export interface SeriesRow {
  time_s: number;
  cwnd: number;
  ssthresh: number;
}

/** Where a TCP agent's RTT clock ticks (lib.tcl ticks.tsv): ns-2's own draw, per flow and seed. */
export interface TickRow {
  case: string;
  seed: number;
  flow: string;
  /** tcpTick_, s */
  tick_s: number;
  /** boot_time_, s: the boundaries lie at k·tick − boot_time_ (the engine's tcpTickPhase) */
  boot_time_s: number;
}

export interface Extracted {
  summary: SummaryRow[];
  links: LinkRow[];
  events: EventRow[];
  series: Map<string, SeriesRow[]>;
  ticks: TickRow[];
}

/** Times in ns-2's two trace formats agree to within this. */
const SAME_TIME = 2e-5;

export function readMeta(dir: string): Ns2Meta {
  const meta: Ns2Meta = { seed: 0, duration: 0, measure: [0, 0], nodes: new Map(), links: [], flows: [] };
  for (const line of readFileSync(join(dir, 'meta.tsv'), 'utf8').split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const f = line.split('\t');
    switch (f[0]) {
      case 'seed':
        meta.seed = Number(f[1]);
        break;
      case 'duration':
        meta.duration = Number(f[1]);
        break;
      case 'measure':
        meta.measure = [Number(f[1]), Number(f[2])];
        break;
      case 'node':
        meta.nodes.set(f[1], Number(f[2]));
        break;
      case 'link':
        meta.links.push({ id: f[1], a: Number(f[2]), b: Number(f[3]), bandwidth: Number(f[4]) });
        break;
      case 'flow':
        meta.flows.push({
          id: f[1],
          kind: f[2] as 'tcp' | 'cbr',
          fid: Number(f[3]),
          src: Number(f[4]),
          dst: Number(f[5]),
          base: Number(f[6]),
          packetSize: Number(f[7]),
          variant: f[8] ?? '',
        });
        break;
    }
  }
  return meta;
}

interface VarChange {
  t: number;
  name: string;
  value: number;
}

function readVars(path: string): VarChange[] {
  const out: VarChange[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const f = line.trim().split(/\s+/);
    if (f.length < 7) continue;
    out.push({ t: Number(f[0]), name: f[5], value: Number(f[6]) });
  }
  return out;
}

interface Tx {
  t: number;
  seq: number;
}

interface TraceStats {
  /** per fid: first appearance of each packet on its first hop, in order */
  tx: Map<number, Tx[]>;
  /** per fid: drops of data packets (time, seqno) */
  drops: Map<number, Tx[]>;
  /** per fid: CBR packets sent */
  cbrSent: Map<number, number>;
  /** per link direction "a b" */
  dirs: Map<string, { forwarded: number; bytes: number; drops: number; area: number; q: number; last: number }>;
}

async function readTrace(path: string, meta: Ns2Meta): Promise<TraceStats> {
  const srcOf = new Map<number, number>();
  for (const f of meta.flows) srcOf.set(f.fid, f.src);
  const st: TraceStats = { tx: new Map(), drops: new Map(), cbrSent: new Map(), dirs: new Map() };
  for (const f of meta.flows) {
    st.tx.set(f.fid, []);
    st.drops.set(f.fid, []);
    st.cbrSent.set(f.fid, 0);
  }
  const seen = new Set<number>();
  const queued = new Map<string, Set<number>>();
  const dstOf = new Map<number, number>();
  for (const f of meta.flows) dstOf.set(f.fid, f.dst);
  // Data packets alive: where each was last received. One that a router
  // received and never sent on was dropped there without a trace line (ns-2
  // drops a packet silently at a node with no route, e.g. during an outage).
  const lastRx = new Map<number, { t: number; at: number; fid: number; seq: number }>();
  const rl = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  for await (const line of rl) {
    // ev time from to type size flags fid src dst seqno uid
    const f = line.split(' ');
    if (f.length < 12) continue;
    const ev = f[0];
    const t = Number(f[1]);
    const from = Number(f[2]);
    const to = Number(f[3]);
    const type = f[4];
    const size = Number(f[5]);
    const fid = Number(f[7]);
    const seq = Number(f[10]);
    const uid = Number(f[11]);
    const key = `${from} ${to}`;
    let d = st.dirs.get(key);
    if (!d) {
      d = { forwarded: 0, bytes: 0, drops: 0, area: 0, q: 0, last: 0 };
      st.dirs.set(key, d);
      queued.set(key, new Set());
    }
    const inQueue = queued.get(key)!;
    d.area += d.q * (t - d.last);
    d.last = t;
    if (ev === '+') {
      inQueue.add(uid);
      d.q++;
    } else if (ev === '-') {
      if (inQueue.delete(uid)) d.q--;
      d.forwarded++;
      d.bytes += size;
    } else if (ev === 'd') {
      if (inQueue.delete(uid)) d.q--;
      d.drops++;
      if (type !== 'ack') st.drops.get(fid)?.push({ t, seq });
    }
    if (type !== 'ack') {
      if (ev === 'r') {
        if (to === dstOf.get(fid)) lastRx.delete(uid);
        else lastRx.set(uid, { t, at: to, fid, seq });
      } else if (ev === 'd') lastRx.delete(uid);
      else if (ev === '+') lastRx.delete(uid);
    }
    // A packet's first appearance at its source's link is its transmission.
    if ((ev === '+' || ev === 'd') && type !== 'ack' && srcOf.get(fid) === from && !seen.has(uid)) {
      seen.add(uid);
      st.tx.get(fid)?.push({ t, seq });
      if (type === 'cbr') st.cbrSent.set(fid, (st.cbrSent.get(fid) ?? 0) + 1);
    }
  }
  for (const d of st.dirs.values()) {
    d.area += d.q * (meta.duration - d.last);
    d.last = meta.duration;
  }
  for (const x of lastRx.values()) {
    // Still at a router at the end of the run only if it arrived in the last instant.
    if (x.t < meta.duration - 1e-3) st.drops.get(x.fid)?.push({ t: x.t, seq: x.seq });
  }
  for (const d of st.drops.values()) d.sort((a, b) => a.t - b.t);
  return st;
}

/** Value of each traced variable after every change at or before `t` (+ the time tolerance). */
function valueAt(changes: VarChange[], name: string, t: number): number | null {
  let v: number | null = null;
  for (const c of changes) {
    if (c.t > t + SAME_TIME) break;
    if (c.name === name) v = c.value;
  }
  return v;
}

function changedAt(changes: VarChange[], name: string, t: number, pred: (v: number, prev: number) => boolean): boolean {
  let prev = NaN;
  for (const c of changes) {
    if (c.t > t + SAME_TIME) break;
    if (c.name !== name) continue;
    if (Math.abs(c.t - t) <= SAME_TIME && pred(c.value, prev)) return true;
    prev = c.value;
  }
  return false;
}

const round = (x: number, d: number) => Number(x.toFixed(d));

/** ns-2 agent class suffix → the contract's variant name. */
const VARIANT: Record<string, string> = {
  TCP: 'tahoe',
  Reno: 'reno',
  Newreno: 'newreno',
  Sack1: 'sack',
  Vegas: 'vegas',
};

export async function extractRun(caseId: string, dir: string, dupThresh: Map<string, number>): Promise<Extracted> {
  const meta = readMeta(dir);
  const [mfrom, mto] = meta.measure;
  const span = mto - mfrom;
  const sumLines = readFileSync(join(dir, 'summary.tsv'), 'utf8').trim().split('\n').slice(1);
  const full = existsSync(join(dir, 'trace.tr'));
  const trace = full ? await readTrace(join(dir, 'trace.tr'), meta) : null;
  const out: Extracted = { summary: [], links: [], events: [], series: new Map(), ticks: [] };
  const ticksPath = join(dir, 'ticks.tsv');
  if (existsSync(ticksPath)) {
    for (const l of readFileSync(ticksPath, 'utf8').trim().split('\n').slice(1)) {
      const [flow, tick, boot] = l.split('\t');
      // Tcl prints the shortest text that reads back as the same double.
      out.ticks.push({ case: caseId, seed: meta.seed, flow, tick_s: Number(tick), boot_time_s: Number(boot) });
    }
    const order = new Map(meta.flows.map((f, i) => [f.id, i]));
    out.ticks.sort((a, b) => order.get(a.flow)! - order.get(b.flow)!);
  }

  for (const line of sumLines) {
    const f = line.split('\t');
    const flow = meta.flows.find((x) => x.id === f[0])!;
    const samples = Number(f[10]);
    if (flow.kind === 'cbr') {
      if (trace) {
        for (const d of trace.drops.get(flow.fid)!) {
          out.events.push({
            case: caseId,
            flow: flow.id,
            time_s: d.t,
            event: 'drop',
            seq: d.seq,
            cwnd: null,
            ssthresh: null,
          });
        }
      }
      const bytesFrom = Number(f[3].split(' ')[1]);
      const bytesTo = Number(f[4].split(' ')[1]);
      out.summary.push({
        case: caseId,
        seed: meta.seed,
        flow: flow.id,
        kind: 'cbr',
        variant: '',
        goodput_kbps: round(((bytesTo - bytesFrom) * 8) / span / 1000, 3),
        highest_ack: null,
        packets_sent: trace ? trace.cbrSent.get(flow.fid)! : null,
        retransmissions: null,
        timeouts: null,
        fast_retransmits: null,
        drops: trace ? trace.drops.get(flow.fid)!.length : null,
        avg_cwnd: null,
        avg_ssthresh: null,
        avg_srtt_ms: null,
      });
      continue;
    }
    const seg = (ack: number) => Math.max(ack - flow.base, -1);
    const packetSize = flow.packetSize;
    const ackFrom = seg(Number(f[3]));
    const ackTo = seg(Number(f[4]));
    let fastRetransmits: number | null = null;
    if (trace) {
      const vars = readVars(join(dir, `vars-${flow.id}.tr`));
      const thresh = dupThresh.get(flow.id) ?? 3;
      const timeouts = vars.filter((c) => c.name === 'nrexmit_' && c.value > 0);
      const timeoutTimes = new Set<number>();
      const txs = trace.tx.get(flow.fid)!;
      for (const c of timeouts) {
        // The packet trace has the instant to the microsecond; the variable trace to 10 µs.
        const precise = txs.find((x) => Math.abs(x.t - c.t) <= SAME_TIME);
        timeoutTimes.add(c.t);
        const ack = valueAt(vars, 'ack_', c.t)!;
        out.events.push({
          case: caseId,
          flow: flow.id,
          time_s: precise ? precise.t : c.t,
          event: 'timeout',
          seq: ack + 1 - flow.base,
          cwnd: valueAt(vars, 'cwnd_', c.t),
          ssthresh: valueAt(vars, 'ssthresh_', c.t),
        });
      }
      let maxSeq = -1;
      fastRetransmits = 0;
      for (const tx of trace.tx.get(flow.fid)!) {
        if (tx.seq <= maxSeq) {
          const atTimeout = [...timeoutTimes].some((tt) => Math.abs(tt - tx.t) <= SAME_TIME);
          const ack = valueAt(vars, 'ack_', tx.t);
          // ns-2 retransmits on the ACK that brings dupacks_ to numdupacks_.
          const onThirdDup = changedAt(vars, 'dupacks_', tx.t, (v) => v === thresh);
          const ssChange = changedAt(vars, 'ssthresh_', tx.t, () => true);
          if (!atTimeout && ack !== null && tx.seq === ack + 1 && (onThirdDup || ssChange)) {
            fastRetransmits++;
            out.events.push({
              case: caseId,
              flow: flow.id,
              time_s: tx.t,
              event: 'fast_retransmit',
              seq: tx.seq - flow.base,
              cwnd: valueAt(vars, 'cwnd_', tx.t),
              ssthresh: valueAt(vars, 'ssthresh_', tx.t),
            });
          }
          out.events.push({
            case: caseId,
            flow: flow.id,
            time_s: tx.t,
            event: 'retransmit',
            seq: tx.seq - flow.base,
            cwnd: null,
            ssthresh: null,
          });
        }
        if (tx.seq > maxSeq) maxSeq = tx.seq;
      }
      for (const d of trace.drops.get(flow.fid)!) {
        out.events.push({
          case: caseId,
          flow: flow.id,
          time_s: d.t,
          event: 'drop',
          seq: d.seq - flow.base,
          cwnd: null,
          ssthresh: null,
        });
      }
    }
    const srttN = Number(f[12]);
    out.summary.push({
      case: caseId,
      seed: meta.seed,
      flow: flow.id,
      kind: 'tcp',
      variant: VARIANT[flow.variant] ?? flow.variant,
      goodput_kbps: round(((ackTo - ackFrom) * packetSize * 8) / span / 1000, 3),
      highest_ack: seg(Number(f[2])),
      packets_sent: Number(f[5]) - flow.base,
      retransmissions: Number(f[6]),
      timeouts: Number(f[7]),
      fast_retransmits: fastRetransmits,
      drops: trace ? trace.drops.get(flow.fid)!.length : null,
      avg_cwnd: samples > 0 ? round(Number(f[8]) / samples, 4) : null,
      avg_ssthresh: samples > 0 ? round(Number(f[9]) / samples, 4) : null,
      avg_srtt_ms: srttN > 0 ? round((Number(f[11]) / srttN) * 1000, 3) : null,
    });
    const seriesPath = join(dir, `series-${flow.id}.tsv`);
    if (existsSync(seriesPath)) {
      const rows: SeriesRow[] = [];
      for (const l of readFileSync(seriesPath, 'utf8').trim().split('\n')) {
        const [t, c, s] = l.split('\t').map(Number);
        rows.push({ time_s: round(t, 6), cwnd: round(c, 3), ssthresh: s });
      }
      out.series.set(flow.id, rows);
    }
  }
  // By time; at one instant the loss response before the retransmission it sends.
  const rank = { drop: 0, timeout: 1, fast_retransmit: 1, retransmit: 2 } as const;
  out.events.sort((a, b) => a.time_s - b.time_s || rank[a.event] - rank[b.event]);

  if (trace) {
    const idOf = new Map<number, string>();
    for (const [id, i] of meta.nodes) idOf.set(i, id);
    for (const l of meta.links) {
      if (l.id !== 'bottleneck') continue;
      for (const [a, b] of [
        [l.a, l.b],
        [l.b, l.a],
      ]) {
        const d = trace.dirs.get(`${a} ${b}`);
        out.links.push({
          case: caseId,
          seed: meta.seed,
          link: l.id,
          from: idOf.get(a)!,
          packets_forwarded: d ? d.forwarded : 0,
          drops: d ? d.drops : 0,
          utilization: d ? round((d.bytes * 8) / l.bandwidth / meta.duration, 5) : 0,
          avg_queue_pkts: d ? round(d.area / meta.duration, 4) : 0,
        });
      }
    }
  }
  return out;
}
