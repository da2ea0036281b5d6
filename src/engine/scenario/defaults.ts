/**
 * Defaults of every optional scenario field, and the step that fills them in.
 *
 * They follow ns-2.35's one-way TCP agents (tcl/lib/ns-default.tcl) so that a
 * scenario that leaves a parameter out behaves as the same ns-2 script would,
 * and results compare with the papers. Values are in base units.
 */
import type {
  CbrFlowSpec,
  CodelSpec,
  DeliveryTraceSpec,
  DropTailSpec,
  FqCodelSpec,
  PieSpec,
  FaultSpec,
  FlowSpec,
  LinkSpec,
  QueueSpec,
  RedSpec,
  Scenario,
  TcpFlowSpec,
  TransactionFlowSpec,
  TcpParams,
  Variant,
} from './types';
import type { ParsedDeliveryTrace, ParsedQueue, ParsedScenario, ParsedTcpParams } from './schema';
import { NS2_CUBIC, NS2_TCP, NS2_VEGAS, NS2_VEGAS_AGENT, ns2TickPhases } from './ns2-profile';
import { MAHIMAHI_MTU, sampleTrace } from './trace-samples';

export const DEFAULT_TCP: Readonly<TcpParams> = Object.freeze({
  window: 20, // Agent/TCP window_
  initialCwnd: 2, // windowInit_ (ns-2.35 default 2): the window once the SYN is acknowledged
  dupAckThreshold: 3, // numdupacks_
  initialRto: 3.0, // rtxcur_init_ (RFC 6298 would say 1 s; ns-2 says 3)
  minRto: 0.2, // minrto_
  maxRto: 60, // maxrto_
  rttGain: 0.125, // 1/2^T_SRTT_BITS (3)
  rttVarGain: 0.25, // 1/2^T_RTTVAR_BITS (2)
  rtoK: 4, // rttvar_exp_ 2 → 4·rttvar
  tcpTick: 0, // exact time; ns-2's tcpTick_ is 0.01 (a 10 ms clock), which cannot be turned off there
  tcpTickPhase: 0, // boot_time_, drawn at random by ns-2
  delayedAck: false, // TCPSink, not DelAckSink
  delayedAckTimeout: 0.1, // DelAckSink interval_
  handshake: true, // one-way agents send a SYN and wait for its ACK
  headerBytes: 40, // tcpip_base_hdr_size_
  ackBytes: 40,
  maxSackBlocks: 3, // Agent/TCPSink maxSackBlocks_
  ecn: false, // Agent/TCP ecn_ 0: no ECN unless the flow asks for it
  pacing: false, // ns-2 does not pace; BBR's default is on (pacingDefault)
  vegas: Object.freeze({ alpha: 1, beta: 3, gamma: 1, agent: 'engine' }), // Agent/TCP/Vegas v_alpha_, v_beta_, v_gamma_
  // RFC 9438, with HyStart++ (RFC 9406) on as in Linux (tcp_cubic.c hystart=1) and ns-3.44's
  // TcpCubic; the ns2 profile turns it off (ns-2.35 has no HyStart: ns2-profile.ts).
  cubic: Object.freeze({ beta: 0.7, c: 0.4, fastConvergence: true, renoFriendly: true, hystart: true }),
  dctcp: Object.freeze({ g: 1 / 16, initialAlpha: 1 }), // RFC 8257 §4.2; Linux dctcp_shift_g 4, dctcp_alpha_on_init
  westwood: Object.freeze({ filterTau: 0.5 }),
}) as Readonly<TcpParams>;

export const DEFAULT_DROPTAIL: Readonly<DropTailSpec> = Object.freeze({
  type: 'droptail',
  limit: 50,
  limitBytes: null,
});

/**
 * RED with the classic ns-2 settings: thresh_ 5, maxthresh_ 15 and q_weight_ 0.002 (ns-2.35
 * keeps these commented out in ns-default.tcl and sets 0 / -1 for automatic configuration,
 * which depends on the link; fixed values are easier to reason about in a lesson),
 * linterm_ 10 (maxP 0.1), gentle_ true and mean_pktsize_ 500 as in ns-2.35.
 */
export const DEFAULT_RED: Readonly<RedSpec> = Object.freeze({
  type: 'red',
  limit: 50,
  minThresh: 5,
  maxThresh: 15,
  maxP: 0.1,
  weight: 0.002,
  gentle: true,
  meanPacketSize: 500,
  ecn: false,
  limitBytes: null,
});

/** CoDel with RFC 8289's constants (target 5 ms, interval 100 ms) and Linux's limit of 1000 packets. */
export const DEFAULT_CODEL: Readonly<CodelSpec> = Object.freeze({
  type: 'codel',
  limit: 1000,
  limitBytes: null,
  target: 0.005,
  interval: 0.1,
  maxPacket: 1500, // ns-3 CoDelQueueDisc MinBytes; Linux uses the device MTU
  ecn: false,
});

/** FQ-CoDel as Linux configures it (fq_codel's defaults: 10240 packets, quantum 1514, 1024 flows, batch 64). */
export const DEFAULT_FQCODEL: Readonly<FqCodelSpec> = Object.freeze({
  ...DEFAULT_CODEL,
  type: 'fqcodel',
  limit: 10240,
  quantum: 1514,
  flows: 1024,
  dropBatch: 64,
});

/** PIE with RFC 8033's values (§4.2, §4.4, §5.1) and a limit of 1000 packets (Linux's). */
export const DEFAULT_PIE: Readonly<PieSpec> = Object.freeze({
  type: 'pie',
  limit: 1000,
  limitBytes: null,
  target: 0.015,
  tUpdate: 0.015,
  alpha: 0.125,
  beta: 1.25,
  maxBurst: 0.15,
  meanPacketSize: 1000, // ns-3 MeanPktSize; the RFC leaves MEAN_PKTSIZE to the implementation
  dequeueRateEstimator: false,
  capDropAdjustment: true,
  derandomize: false,
  ecn: false,
  ecnThreshold: 0.1,
});

export const DEFAULT_FLOW = Object.freeze({ packetSize: 1000, start: 0, stop: null, bytes: null });

/** A transaction flow's defaults: a small query and a 32 KB answer (OPNET's "Database Access (Heavy)" transaction size), 1 s of thinking. */
export const DEFAULT_TRANSACTION = Object.freeze({
  request: 512,
  response: 32768,
  thinkDistribution: 'exponential' as const,
  thinkMean: 1,
  connections: 1,
  transactions: null,
});

export const DEFAULT_SCENARIO = Object.freeze({
  version: 1,
  name: 'Untitled',
  description: '',
  seed: 1,
  duration: 20,
  sampleInterval: 0.01,
  startJitter: 0,
  measureFrom: 0,
});

/** `base` with each field of `given` that is present (undefined means "not given"). */
function overlay<T extends object>(base: Readonly<T>, given: Partial<T> | undefined): T {
  const out = { ...base } as T;
  if (!given) return out;
  for (const key of Object.keys(base) as (keyof T)[]) {
    const v = given[key];
    if (v !== undefined) out[key] = v as T[keyof T];
  }
  return out;
}

/** Whether a variant paces when its scenario does not say: BBR needs pacing (Linux, ns-3 turn it on for it). */
export function pacingDefault(variant: Variant | undefined): boolean {
  return variant === 'bbr';
}

/**
 * Per-flow `tcp` overrides the defaults field by field, nested objects
 * included; `base` is the profile's defaults for this flow (DEFAULT_TCP in the
 * default profile); `variant` decides whether the flow paces by default.
 */
export function tcpParams(
  given: ParsedTcpParams | undefined,
  base: Readonly<TcpParams> = DEFAULT_TCP,
  variant?: Variant,
): TcpParams {
  return {
    ...overlay(base, {
      pacing: pacingDefault(variant),
      ...given,
      vegas: undefined,
      cubic: undefined,
      dctcp: undefined,
      westwood: undefined,
    }),
    vegas: overlay(base.vegas, given?.vegas),
    cubic: overlay(base.cubic, given?.cubic),
    dctcp: overlay(DEFAULT_TCP.dctcp, given?.dctcp),
    westwood: overlay(DEFAULT_TCP.westwood, given?.westwood),
  };
}

export function queueSpec(given: ParsedQueue | undefined): QueueSpec {
  if (given?.type === 'red') return overlay(DEFAULT_RED, given);
  if (given?.type === 'codel') return overlay(DEFAULT_CODEL, given);
  if (given?.type === 'fqcodel') return overlay(DEFAULT_FQCODEL, given);
  if (given?.type === 'pie') return overlay(DEFAULT_PIE, given);
  return overlay(DEFAULT_DROPTAIL, { limit: given?.limit, limitBytes: given?.limitBytes });
}

/** A delivery trace with its sample's timestamps filled in (an unknown sample is the validator's to report). */
function traceSpec(t: ParsedDeliveryTrace): DeliveryTraceSpec {
  return {
    from: t.from ?? null,
    sample: t.sample ?? null,
    ms: t.ms ?? (t.sample !== undefined ? (sampleTrace(t.sample) ?? []) : []),
    mtu: t.mtu ?? MAHIMAHI_MTU,
    ...(t.file !== undefined ? { file: t.file } : {}),
  };
}

/** The normalized scenario: every default filled, fresh objects throughout. */
export function applyDefaults(p: ParsedScenario): Scenario {
  const duration = p.duration ?? DEFAULT_SCENARIO.duration;
  const links: LinkSpec[] = p.links.map((l) => ({
    id: l.id,
    a: l.a,
    b: l.b,
    bandwidth: l.bandwidth,
    delay: l.delay,
    queue: queueSpec(l.queue),
    ...(l.schedule
      ? { schedule: l.schedule.map((r) => ({ at: r.at, bandwidth: r.bandwidth, from: r.from ?? null })) }
      : {}),
    ...(l.trace ? { trace: (Array.isArray(l.trace) ? l.trace : [l.trace]).map(traceSpec) } : {}),
  }));
  const flows: FlowSpec[] = p.flows.map((f): FlowSpec => {
    const common = {
      id: f.id,
      from: f.from,
      to: f.to,
      start: f.start ?? DEFAULT_FLOW.start,
      stop: f.stop === undefined ? DEFAULT_FLOW.stop : f.stop,
      packetSize: f.packetSize ?? DEFAULT_FLOW.packetSize,
    };
    if (f.kind === 'cbr') {
      const cbr: CbrFlowSpec = { ...common, kind: 'cbr', rate: f.rate };
      return cbr;
    }
    const tcpParamsOf = () => tcpParams(f.tcp, p.profile === 'ns2' ? ns2Defaults(f.variant) : DEFAULT_TCP, f.variant);
    if (f.kind === 'transaction') {
      const d = DEFAULT_TRANSACTION;
      const tx: TransactionFlowSpec = {
        ...common,
        kind: 'transaction',
        variant: f.variant,
        request: f.request ?? d.request,
        response: f.response ?? d.response,
        thinkTime: {
          distribution: f.thinkTime?.distribution ?? d.thinkDistribution,
          mean: f.thinkTime?.mean ?? d.thinkMean,
        },
        connections: f.connections ?? d.connections,
        transactions: f.transactions === undefined ? d.transactions : f.transactions,
        tcp: tcpParamsOf(),
      };
      return tx;
    }
    const tcp: TcpFlowSpec = {
      ...common,
      kind: 'tcp',
      variant: f.variant,
      bytes: f.bytes === undefined ? DEFAULT_FLOW.bytes : f.bytes,
      tcp: tcpParamsOf(),
    };
    return tcp;
  });
  if (p.profile === 'ns2') setNs2TickPhases(p, flows);
  const faults: FaultSpec[] = (p.faults ?? []).map((f): FaultSpec => {
    switch (f.kind) {
      case 'dropSegments':
        return { kind: f.kind, flow: f.flow, seqs: [...f.seqs] };
      case 'dropBurst':
        return { kind: f.kind, link: f.link, from: f.from ?? null, at: f.at ?? 0, count: f.count };
      case 'linkDown':
        return { kind: f.kind, link: f.link, at: f.at ?? 0, duration: f.duration };
      case 'randomLoss':
        return {
          kind: f.kind,
          link: f.link,
          from: f.from ?? null,
          rate: f.rate,
          at: f.at ?? 0,
          until: f.until === undefined ? null : f.until,
        };
    }
  });
  const scenario: Scenario = {
    version: p.version ?? DEFAULT_SCENARIO.version,
    name: p.name ?? DEFAULT_SCENARIO.name,
    description: p.description ?? DEFAULT_SCENARIO.description,
    seed: p.seed ?? DEFAULT_SCENARIO.seed,
    duration,
    sampleInterval: p.sampleInterval ?? DEFAULT_SCENARIO.sampleInterval,
    startJitter: p.startJitter ?? DEFAULT_SCENARIO.startJitter,
    measure: { from: p.measure?.from ?? DEFAULT_SCENARIO.measureFrom, to: p.measure?.to ?? duration },
    nodes: p.nodes.map((n) => ({
      id: n.id,
      kind: n.kind,
      ...(n.x === undefined ? {} : { x: n.x }),
      ...(n.y === undefined ? {} : { y: n.y }),
    })),
    links,
    flows,
    faults,
  };
  // Opaque page data rides along untouched (and only when present, so round trips stay equal).
  if (p.profile !== undefined) scenario.profile = p.profile;
  if (p.ui !== undefined) scenario.ui = p.ui;
  if (p.lesson !== undefined) scenario.lesson = p.lesson;
  return scenario;
}

/** The TCP defaults of the ns2 profile for a variant (scenario/ns2-profile.ts). */
function ns2Defaults(variant: string): TcpParams {
  return {
    ...DEFAULT_TCP,
    ...NS2_TCP,
    cubic: { ...DEFAULT_TCP.cubic, ...NS2_CUBIC },
    ...(variant === 'vegas' ? { ...NS2_VEGAS, vegas: { ...DEFAULT_TCP.vegas, agent: NS2_VEGAS_AGENT } } : {}),
  };
}

/**
 * The ns2 profile's tick phases: each TCP flow that leaves `tcpTickPhase` out
 * gets the boot_time_ ns-2.35 draws for its agent in this scenario and seed
 * (ns-2 draws for every agent, so flows that set their phase still count).
 */
function setNs2TickPhases(p: ParsedScenario, flows: FlowSpec[]): void {
  const index = new Map(p.nodes.map((n, i) => [n.id, i]));
  const tcp = flows.filter((f): f is TcpFlowSpec => f.kind === 'tcp');
  const phases = ns2TickPhases(
    p.seed ?? DEFAULT_SCENARIO.seed,
    p.nodes.length,
    tcp.map((f) => ({ node: index.get(f.from) ?? 0, tick: f.tcp.tcpTick })),
  );
  const given = new Map(p.flows.map((f) => [f.id, f.kind === 'tcp' ? f.tcp?.tcpTickPhase : undefined]));
  tcp.forEach((f, i) => {
    if (given.get(f.id) === undefined) f.tcp.tcpTickPhase = phases[i];
  });
}
