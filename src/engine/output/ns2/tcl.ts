/**
 * Contract scenario → ns-2.35 Tcl script (built from validation/ns2/lib.tcl).
 *
 * The translation is literal: every node, link, flow and fault of the JSON
 * becomes one line of Tcl, with quantities in base units (bit/s, seconds,
 * bytes). What ns-2 cannot express the same way is refused with an error
 * rather than approximated. The mapping of conventions:
 *
 *  - variant → agent: tahoe Agent/TCP, reno Agent/TCP/Reno, newreno
 *    Agent/TCP/Newreno, sack Agent/TCP/Sack1 (with Agent/TCPSink/Sack1),
 *    vegas Agent/TCP/Vegas; `delayedAck` → the sink's /DelAck class;
 *  - window → window_, initialCwnd → windowInit_, dupAckThreshold →
 *    numdupacks_, initialRto → rtxcur_init_, minRto/maxRto → minrto_/maxrto_,
 *    handshake → syn_, headerBytes → tcpip_base_hdr_size_, maxSackBlocks →
 *    the sink's maxSackBlocks_; the RTT gains must be powers of two
 *    (T_SRTT_BITS, T_RTTVAR_BITS) and rtoK a power of two (rttvar_exp_);
 *    tcpTick → tcpTick_ (0, the engine's exact time, has no ns-2 twin: ns-2
 *    always counts ticks, so 0 leaves ns-2's default of 10 ms); ns-2 draws
 *    the ticks' phase (boot_time_) itself, so a scenario's tcpTickPhase is
 *    accepted only when it is 0 or the phase ns-2 will draw (what the ns2
 *    profile fills in, scenario/ns2-profile.ts), and refused otherwise;
 *  - dropSegments → ErrorModel/List on the flow's first hop, counting the
 *    packets that enter it (the SYN is number 0, so data segment i is number
 *    i + 1 when no retransmission has gone that way before it; the
 *    regeneration script checks in ns-2's trace that exactly the listed
 *    first transmissions were lost);
 *  - linkDown → `$ns rtmodel-at … down/up`;
 *  - randomLoss → per link direction, an ErrorModel/List that loses the
 *    packets the engine's own generator loses for the run's seed (common
 *    random numbers: regenerate.ts writes the list next to the run), or,
 *    when no list is given, ns-2's ErrorModel with its own uniform draws.
 */
import type { FlowSpec, Scenario, TcpFlowSpec } from '../../scenario/types';
import { NS2_TCP_TICK, ns2TickPhases } from '../../scenario/ns2-profile';
import { NS2_LIB_TCL } from './lib-tcl';

const AGENT: Record<string, string> = {
  tahoe: 'TCP',
  reno: 'Reno',
  newreno: 'Newreno',
  sack: 'Sack1',
  vegas: 'Vegas',
};

export interface TclOptions {
  /** path of the JSON the script was generated from (for the header) */
  source: string;
  trace: 'full' | 'light';
  series: string[];
}

/** Shortest decimal text of a number (no exponent). */
function num(x: number): string {
  if (!Number.isFinite(x)) throw new Error(`not a finite number: ${x}`);
  const s = String(x);
  if (!/e/i.test(s)) return s;
  return x.toFixed(12).replace(/0+$/, '').replace(/\.$/, '');
}

function log2Exact(x: number, what: string): number {
  const k = Math.round(Math.log2(x));
  if (Math.abs(2 ** k - x) > 1e-12) throw new Error(`${what} ${x} is not a power of two: ns-2 keeps it as a bit shift`);
  return k;
}

function brace(s: string): string {
  return /^[A-Za-z0-9_.:-]+$/.test(s) ? s : `{${s}}`;
}

function tcpLine(f: TcpFlowSpec, ns2Phase: number): string {
  const agent = AGENT[f.variant];
  if (!agent) throw new Error(`flow ${f.id}: ns-2.35 has no ${f.variant} agent`);
  const t = f.tcp;
  if (f.bytes !== null) throw new Error(`flow ${f.id}: file transfers (bytes) are not translated`);
  if (t.ackBytes !== 40) throw new Error(`flow ${f.id}: ns-2's sinks send 40-byte ACKs`);
  if (f.variant === 'vegas' && (t.handshake || t.headerBytes !== 0)) {
    throw new Error(
      `flow ${f.id}: ns-2's Vegas agent sends no SYN and no header bytes; set handshake false and headerBytes 0`,
    );
  }
  if (t.tcpTickPhase !== 0 && Math.abs(t.tcpTickPhase - ns2Phase) > 1e-15) {
    throw new Error(`flow ${f.id}: ns-2 draws the tick phase (boot_time_) itself; tcpTickPhase cannot be set there`);
  }
  const srttBits = -log2Exact(t.rttGain, 'rttGain');
  const rttvarBits = -log2Exact(t.rttVarGain, 'rttVarGain');
  const rttvarExp = log2Exact(t.rtoK, 'rtoK');
  const opts: [string, string][] = [
    ['-start', num(f.start)],
    ['-stop', f.stop === null ? '{}' : num(f.stop)],
    ['-packetSize', num(f.packetSize)],
    ['-window', num(t.window)],
    ['-windowInit', num(t.initialCwnd)],
    ['-numdupacks', num(t.dupAckThreshold)],
    ['-rtxcur_init', num(t.initialRto)],
    ['-minrto', num(t.minRto)],
    ['-maxrto', num(t.maxRto)],
    ['-srttBits', num(srttBits)],
    ['-rttvarBits', num(rttvarBits)],
    ['-rttvarExp', num(rttvarExp)],
    ['-tcpTick', t.tcpTick > 0 ? num(t.tcpTick) : '{}'],
    // ns-2's Vegas never sends a SYN; syn_ (with delay_growth_) only starts it at cwnd 1, as the ns2 agent does.
    ['-syn', (f.variant === 'vegas' ? t.vegas.agent === 'ns2' : t.handshake) ? 'true' : 'false'],
    ['-hdr', num(t.headerBytes)],
    ['-delack', t.delayedAck ? num(t.delayedAckTimeout) : '{}'],
  ];
  if (f.variant === 'sack') opts.push(['-maxSackBlocks', num(t.maxSackBlocks)]);
  if (f.variant === 'vegas')
    opts.push(['-vegas', `{${num(t.vegas.alpha)} ${num(t.vegas.beta)} ${num(t.vegas.gamma)}}`]);
  return `v_tcp ${brace(f.id)} ${agent} ${brace(f.from)} ${brace(f.to)} ${opts.map(([k, v]) => `${k} ${v}`).join(' ')}`;
}

function cbrLine(f: FlowSpec & { kind: 'cbr' }): string {
  return `v_cbr ${brace(f.id)} ${brace(f.from)} ${brace(f.to)} -rate ${num(f.rate)} -packetSize ${num(f.packetSize)} -start ${num(f.start)} -stop ${f.stop === null ? '{}' : num(f.stop)}`;
}

/** A validation case's ns-2 twin: it sources validation/ns2/lib.tcl beside it. */
export function scenarioToTcl(id: string, s: Scenario, o: TclOptions): string {
  const out: string[] = [];
  out.push(`# ns-2.35 twin of ${o.source} (case ${id}).`);
  out.push(`# Generated by src/engine/output/ns2/tcl.ts; run by \`npm run validate:ns2\`. Do not edit by hand.`);
  out.push(`# Usage: ns ${id}.tcl <outdir> [seed]`);
  out.push(`source [file join [file dirname [info script]] .. lib.tcl]`);
  out.push('');
  scenarioLines(s, o.trace, o.series, out);
  return out.join('\n') + '\n';
}

export type Ns2ScriptResult = { ok: true; text: string } | { ok: false; message: string };

/**
 * A scenario as one self-contained ns-2.35 script (the procedures of
 * lib.tcl inlined), for a researcher to rerun it in ns-2: `ns <file>.tcl
 * <outdir>` writes ns-2's packet trace (trace.tr, to diff with the runner's
 * out.tr), a cwnd/ssthresh series per TCP flow, and ns-2's counters per flow
 * (summary.tsv). What ns-2 cannot express the same way is refused with a
 * message naming the flow, link or fault, never approximated.
 */
export function scenarioToNs2Script(s: Scenario, fileName: string): Ns2ScriptResult {
  const body: string[] = [];
  try {
    const tcp = s.flows.filter((f) => f.kind === 'tcp').map((f) => brace(f.id));
    scenarioLines(s, 'full', tcp, body);
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
  const title = s.name.replace(/[\r\n]+/g, ' ');
  const head = [
    `# ns-2.35 script of the scenario "${title}", exported by TCP Congestion Lab.`,
    `# Usage: ns ${fileName} <outdir> [seed]   (writes trace.tr, series-<flow>.tsv, summary.tsv, meta.tsv)`,
    '',
  ];
  return { ok: true, text: `${head.join('\n')}${NS2_LIB_TCL}\n# ---- the scenario\n${body.join('\n')}\n` };
}

function scenarioLines(s: Scenario, trace: TclOptions['trace'], series: string[], out: string[]): void {
  out.push(
    `v_scenario -seed ${s.seed} -duration ${num(s.duration)} -measure {${num(s.measure.from)} ${num(s.measure.to)}} -sample ${num(s.sampleInterval)} -trace ${trace} -series {${series.join(' ')}}`,
  );
  for (const n of s.nodes) out.push(`v_node ${brace(n.id)}`);
  for (const l of s.links) {
    const q = l.queue;
    // (Queue kinds other than these two are added elsewhere: refuse, never approximate.)
    const kind: string = q.type;
    if (kind !== 'droptail' && kind !== 'red') throw new Error(`link ${l.id}: no ${kind} queue is translated to ns-2`);
    let queue = `-queue DropTail -limit ${q.limit}`;
    if (q.type === 'red') {
      queue = `-queue RED -limit ${q.limit} -red {${num(q.minThresh)} ${num(q.maxThresh)} ${num(q.maxP)} ${num(q.weight)} ${q.gentle ? 'true' : 'false'} ${num(q.meanPacketSize)}}`;
    }
    out.push(
      `v_link ${brace(l.id)} ${brace(l.a)} ${brace(l.b)} -bandwidth ${num(l.bandwidth)} -delay ${num(l.delay)} ${queue}`,
    );
  }
  const index = new Map(s.nodes.map((n, i) => [n.id, i]));
  const tcp = s.flows.filter((f): f is TcpFlowSpec => f.kind === 'tcp');
  const phases = ns2TickPhases(
    s.seed,
    s.nodes.length,
    tcp.map((f) => ({ node: index.get(f.from) ?? 0, tick: f.tcp.tcpTick > 0 ? f.tcp.tcpTick : NS2_TCP_TICK })),
  );
  for (const f of s.flows) {
    // (The request/response application has no ns-2 counterpart here: refuse, never approximate.)
    if (f.kind === 'transaction')
      throw new Error(`flow ${f.id}: no transaction (request/response) flow is translated to ns-2`);
    out.push(f.kind === 'tcp' ? tcpLine(f, phases[tcp.indexOf(f)]) : cbrLine(f));
  }
  for (const fault of s.faults) {
    switch (fault.kind) {
      case 'dropSegments': {
        const f = s.flows.find((x) => x.id === fault.flow) as TcpFlowSpec;
        const hops = s.links.filter((l) => l.a === f.from || l.b === f.from);
        if (hops.length !== 1)
          throw new Error(`dropSegments: ${f.from} must have exactly one link (the flow's first hop)`);
        const next = hops[0].a === f.from ? hops[0].b : hops[0].a;
        const others = s.flows.filter((x) => x.id !== f.id && x.from === f.from);
        if (others.length > 0)
          throw new Error(`dropSegments: another flow leaves ${f.from}; ErrorModel/List would count its packets too`);
        const base = f.variant === 'vegas' || !f.tcp.handshake ? 0 : 1;
        const counts = [...fault.seqs].sort((a, b) => a - b).map((q) => q + base);
        out.push(`# data segment i is packet number i + ${base} on the first hop (SYN = 0)`);
        out.push(`v_drop_list ${brace(f.id)} ${brace(f.from)} ${brace(next)} {${counts.join(' ')}}`);
        break;
      }
      case 'linkDown': {
        const l = s.links.find((x) => x.id === fault.link)!;
        out.push(`v_outage ${brace(l.a)} ${brace(l.b)} ${num(fault.at)} ${num(fault.duration)}`);
        break;
      }
      case 'randomLoss': {
        if (fault.at !== 0 || fault.until !== null)
          throw new Error('randomLoss: only losses for the whole run are translated');
        const l = s.links.find((x) => x.id === fault.link)!;
        const froms = fault.from === null ? [l.a, l.b] : [fault.from];
        for (const a of froms) out.push(`v_random_loss ${brace(a)} ${brace(a === l.a ? l.b : l.a)} ${num(fault.rate)}`);
        break;
      }
      case 'dropBurst':
        throw new Error('dropBurst has no ns-2 twin here');
    }
  }
  out.push('v_run');
}
