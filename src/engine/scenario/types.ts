/**
 * Scenario types.
 *
 * `ScenarioInput` is what a scenario file may contain (the contract in
 * docs/scenario-format.md): quantities may be numbers in base units or strings
 * with a unit, and most fields are optional. `Scenario` is the normalized form
 * the engine builds from: every quantity in base units (bit/s, seconds, bytes),
 * every default filled in. Only `parseScenario` (schema.ts) turns one into the
 * other.
 */

export type Variant =
  'tahoe' | 'reno' | 'newreno' | 'sack' | 'vegas' | 'westwood' | 'westwoodnr' | 'cubic' | 'bbr' | 'dctcp';

export const VARIANTS: readonly Variant[] = [
  'tahoe',
  'reno',
  'newreno',
  'sack',
  'vegas',
  'westwood',
  'westwoodnr',
  'cubic',
  'bbr',
  'dctcp',
];

/**
 * Which conventions fill what a scenario leaves out: `default`, the engine's
 * own (exact-time RTT clock, one packet format for every variant), or `ns2`,
 * every known convention of ns-2.35 at once (scenario/ns2-profile.ts), so that
 * a scenario replays ns-2. A field the scenario sets always wins.
 */
export type Profile = 'default' | 'ns2';

export const PROFILES: readonly Profile[] = ['default', 'ns2'];

export type NodeKind = 'host' | 'router';

export interface NodeSpec {
  id: string;
  kind: NodeKind;
  /** Position in the editor (pixels); absent when the page should lay it out. */
  x?: number;
  y?: number;
}

export interface DropTailSpec {
  type: 'droptail';
  /** Packets the direction holds, counting the one being transmitted (as ns-2's queue-limit). */
  limit: number;
  /** Bytes that may wait (the packet being transmitted not counted), or null for no byte limit. */
  limitBytes: number | null;
}

export interface RedSpec {
  type: 'red';
  limit: number;
  /** Thresholds on the average queue, in packets. */
  minThresh: number;
  maxThresh: number;
  /** Drop probability at maxThresh. */
  maxP: number;
  /** EWMA weight w_q of the average queue. */
  weight: number;
  /** Gentle RED: the drop probability rises from maxP to 1 between maxThresh and 2·maxThresh. */
  gentle: boolean;
  /**
   * Mean packet size in bytes, used only to age the average over an idle period
   * (ns-2 mean_pktsize_, default 500): the average decays as if idle·bandwidth/(8·meanPacketSize)
   * empty-queue arrivals had happened.
   */
  meanPacketSize: number;
  /** Mark ECN-capable packets CE instead of dropping them (RFC 3168). */
  ecn: boolean;
  /** Bytes that may wait, besides `limit` packets, or null. */
  limitBytes: number | null;
}

/** CoDel (RFC 8289); times in seconds. queues/codel.ts says how each field is used. */
export interface CodelSpec {
  type: 'codel';
  /** Packets that may wait (the one being sent not counted), as Linux's and ns-3's limit. */
  limit: number;
  /** Bytes that may wait, or null. */
  limitBytes: number | null;
  /** Acceptable standing sojourn time (RFC 8289 TARGET, 5 ms). */
  target: number;
  /** Window over which the sojourn must stay above target before a drop (RFC 8289 INTERVAL, 100 ms). */
  interval: number;
  /** With this many bytes or fewer waiting, never drop (RFC 8289 maxpacket; ns-3 MinBytes). */
  maxPacket: number;
  /** Mark ECN-capable packets CE instead of dropping them (RFC 3168). */
  ecn: boolean;
}

/** FQ-CoDel (RFC 8290): CoDel's fields, per flow queue, and the scheduler's. queues/fq-codel.ts says how each is used. */
export interface FqCodelSpec extends Omit<CodelSpec, 'type'> {
  type: 'fqcodel';
  /** Bytes a flow queue may send per round of the deficit round robin (RFC 8290 §4.2; Linux 1514). */
  quantum: number;
  /** Flow queues packets are hashed into (RFC 8290 §4.1.1; Linux 1024). */
  flows: number;
  /** At most this many packets dropped from the fattest flow on one overflow (Linux drop_batch, 64). */
  dropBatch: number;
}

/** PIE (RFC 8033); times in seconds, α and β per second. queues/pie.ts says how each field is used. */
export interface PieSpec {
  type: 'pie';
  /** Packets that may wait (the one being sent not counted). */
  limit: number;
  /** Bytes that may wait, or null. */
  limitBytes: number | null;
  /** Target queueing delay (RFC 8033 QDELAY_REF, 15 ms). */
  target: number;
  /** Interval between updates of the drop probability (T_UPDATE, 15 ms). */
  tUpdate: number;
  /** Weight of the delay's distance from target, per second (α, 0.125). */
  alpha: number;
  /** Weight of the delay's change since the last update, per second (β, 1.25). */
  beta: number;
  /** Bursts allowed through without early drops (MAX_BURST, 150 ms). */
  maxBurst: number;
  /** No early drop while twice this many bytes or fewer wait (MEAN_PKTSIZE). */
  meanPacketSize: number;
  /** Estimate the delay from the departure rate (§4.3) rather than timestamps: not modelled, must be false. */
  dequeueRateEstimator: boolean;
  /** Cap a step of the probability at 0.02 once it is 0.1 or more (§5.5). */
  capDropAdjustment: boolean;
  /** Drop by the accumulated probability (§5.1). */
  derandomize: boolean;
  /** Mark ECN-capable packets CE instead of dropping them (RFC 3168), while the probability is at most ecnThreshold. */
  ecn: boolean;
  /** The drop probability above which ECN-capable packets are dropped too (RFC 8033 §5.1: 10 %). */
  ecnThreshold: number;
}

export type QueueSpec = DropTailSpec | RedSpec | CodelSpec | FqCodelSpec | PieSpec;

export interface LinkSpec {
  id: string;
  a: string;
  b: string;
  /** bit/s */
  bandwidth: number;
  /** one-way propagation delay, seconds */
  delay: number;
  queue: QueueSpec;
  /**
   * A piecewise-constant capacity: from each step's time on, the rate of the
   * direction(s) it names (both without `from`); `bandwidth` is the rate
   * before the first step. Absent: the capacity never changes.
   */
  schedule?: RateStep[];
  /** Mahimahi delivery traces replacing the rate of a direction (both without `from`). */
  trace?: DeliveryTraceSpec[];
}

export interface RateStep {
  /** seconds */
  at: number;
  /** bit/s from `at` on */
  bandwidth: number;
  /** the sending end of the direction it applies to, or null for both */
  from: string | null;
}

/**
 * A link direction's capacity as a Mahimahi packet-delivery trace: one
 * millisecond timestamp per delivery opportunity of `mtu` bytes, looping
 * with the last timestamp as period (net/capacity.ts).
 */
export interface DeliveryTraceSpec {
  /** the sending end of the direction it drives, or null for both */
  from: string | null;
  /** a trace shipped with the project (net/trace-samples.ts), or null when `ms` is given */
  sample: string | null;
  /** the timestamps, ms, non-decreasing (the sample's, when `sample` is given) */
  ms: number[];
  /** bytes per delivery opportunity (Mahimahi: 1500) */
  mtu: number;
  /**
   * A Mahimahi file the scenario names, relative to the scenario file. The
   * command-line runner reads it into `ms` before loading; a loader that
   * still sees it (the page) reports it.
   */
  file?: string;
}

/**
 * Which Vegas: the engine's (the paper's algorithm on the engine's sender,
 * tcp/cc/vegas.ts) or ns-2.35's Agent/TCP/Vegas with its quirks
 * (tcp/cc/vegas-ns2.ts; the ns2 profile's choice).
 */
export type VegasAgent = 'engine' | 'ns2';

export interface VegasParams {
  alpha: number;
  beta: number;
  gamma: number;
  agent: VegasAgent;
}

/** DCTCP (RFC 8257) */
export interface DctcpParams {
  /** weight of the newest window's marked fraction in α (RFC 8257 §4.2: 1/16) */
  g: number;
  /** α before the first window ends (RFC 8257 §3.3, Linux dctcp_alpha_on_init: 1) */
  initialAlpha: number;
}

export interface CubicParams {
  /** multiplicative decrease factor β_cubic (RFC 9438 §4.6) */
  beta: number;
  /** C, in segments/s³ (RFC 9438 §5) */
  c: number;
  fastConvergence: boolean;
  renoFriendly: boolean;
  /** HyStart++ (RFC 9406) in the first slow start */
  hystart: boolean;
}

export interface WestwoodParams {
  /** Tustin filter time constant of the bandwidth estimate, seconds (paper: 1/tau cut-off). */
  filterTau: number;
}

export interface TcpParams {
  /** Receiver window, segments. Initial ssthresh equals it (ns-2 window_). */
  window: number;
  /** Initial cwnd, segments. */
  initialCwnd: number;
  dupAckThreshold: number;
  /** seconds */
  initialRto: number;
  minRto: number;
  maxRto: number;
  rttGain: number;
  rttVarGain: number;
  rtoK: number;
  /**
   * The RTT clock's granularity, seconds (ns-2 tcpTick_). 0: exact time (RFC 6298
   * with real numbers); above 0: ns-2.35's tick arithmetic — samples in whole ticks,
   * srtt and rttvar as scaled integers of ticks, the RTO a whole number of ticks
   * (src/engine/tcp/rtt.ts). Needs rttGain and rttVarGain of the form 1/2^n.
   */
  tcpTick: number;
  /**
   * Where the tick boundaries lie: at k·tcpTick − tcpTickPhase, seconds in
   * [0, tcpTick) (ns-2 boot_time_, which ns-2 draws at random per agent).
   */
  tcpTickPhase: number;
  delayedAck: boolean;
  /** Delayed-ACK timer, seconds (ns-2 DelAckSink interval_ 100 ms). */
  delayedAckTimeout: number;
  /** Open the connection with a 40-byte SYN exchange, as ns-2's one-way agents do. */
  handshake: boolean;
  /** Header bytes added to each data segment on the wire (ns-2 headersize 40). */
  headerBytes: number;
  /** Bytes of a pure ACK on the wire. */
  ackBytes: number;
  /** SACK blocks the receiver reports (RFC 2018 allows 3 with timestamps, 4 without). */
  maxSackBlocks: number;
  /**
   * Negotiate ECN (RFC 3168): the SYN offers it, the receiver accepts, new data
   * segments then carry ECT(0), the receiver echoes CE with ECE until the sender's
   * CWR, and the sender reduces its window once per window of data without
   * retransmitting. Both ends of a flow follow the same setting.
   */
  ecn: boolean;
  /**
   * Space the flow's packets at a pacing rate (tcp/pacer.ts): BBR's own, or
   * Linux's 2 × (slow start) or 1.2 × cwnd per srtt for the other variants.
   * Default: on for BBR, off for the others.
   */
  pacing: boolean;
  vegas: VegasParams;
  cubic: CubicParams;
  dctcp: DctcpParams;
  westwood: WestwoodParams;
}

export interface TcpFlowSpec {
  id: string;
  kind: 'tcp';
  variant: Variant;
  from: string;
  to: string;
  /** seconds */
  start: number;
  /** seconds, or null for the end of the run */
  stop: number | null;
  /** file size in bytes, or null for an endless transfer */
  bytes: number | null;
  /** payload bytes per segment (MSS) */
  packetSize: number;
  tcp: TcpParams;
}

export interface CbrFlowSpec {
  id: string;
  kind: 'cbr';
  from: string;
  to: string;
  /** bit/s */
  rate: number;
  /** bytes on the wire */
  packetSize: number;
  start: number;
  stop: number | null;
}

/** How the think time between one transaction's response and the next request is drawn. */
export const THINK_DISTRIBUTIONS = ['constant', 'exponential'] as const;
export type ThinkDistribution = (typeof THINK_DISTRIBUTIONS)[number];

/**
 * Request/response traffic (traffic/transactions.ts): on each of `connections`
 * TCP connections the client (`from`) sends a request of `request` bytes, the
 * server (`to`) answers with `response` bytes, and the client waits a think
 * time before the next request — OPNET's database profile, or web-like short
 * flows with `transactions: 1`.
 */
export interface TransactionFlowSpec {
  id: string;
  kind: 'transaction';
  variant: Variant;
  /** the client: it opens the connections and sends the requests */
  from: string;
  /** the server */
  to: string;
  start: number;
  /** no new transaction starts after this (seconds), or null */
  stop: number | null;
  /** payload bytes per segment (MSS), both directions */
  packetSize: number;
  /** bytes of each request */
  request: number;
  /** bytes of each response */
  response: number;
  /** seconds between a response's last byte and the next request; `mean` is the constant value for `constant` */
  thinkTime: { distribution: ThinkDistribution; mean: number };
  /** parallel connections, each running its own sequence of transactions */
  connections: number;
  /** transactions per connection, or null for as many as the run allows */
  transactions: number | null;
  tcp: TcpParams;
}

export type FlowSpec = TcpFlowSpec | CbrFlowSpec | TransactionFlowSpec;

export interface DropSegmentsFault {
  kind: 'dropSegments';
  flow: string;
  /** data segment numbers, from 0 */
  seqs: number[];
}

export interface DropBurstFault {
  kind: 'dropBurst';
  link: string;
  /** node the direction starts at; null means both directions */
  from: string | null;
  at: number;
  count: number;
}

export interface LinkDownFault {
  kind: 'linkDown';
  link: string;
  at: number;
  duration: number;
}

export interface RandomLossFault {
  kind: 'randomLoss';
  link: string;
  from: string | null;
  rate: number;
  at: number;
  until: number | null;
}

export type FaultSpec = DropSegmentsFault | DropBurstFault | LinkDownFault | RandomLossFault;

export interface Scenario {
  version: number;
  name: string;
  description: string;
  /**
   * The conventions the defaults followed (scenario/ns2-profile.ts); present
   * only when the scenario names one. The engine reads none of it: the
   * profile acts by the values it filled in.
   */
  profile?: Profile;
  seed: number;
  /** seconds */
  duration: number;
  /** seconds between samples of timeseries.csv and queues.csv */
  sampleInterval: number;
  /**
   * Each flow starts at its `start` plus a uniform random delay in [0, startJitter) seconds,
   * drawn from the seed's stream `start:<flow id>`: what makes repeated runs with different
   * seeds differ on a network without random loss or RED (0: no jitter).
   */
  startJitter: number;
  measure: { from: number; to: number };
  nodes: NodeSpec[];
  links: LinkSpec[];
  flows: FlowSpec[];
  faults: FaultSpec[];
  /** Page state (layout, view settings): carried through unvalidated, never read by the engine. */
  ui?: unknown;
  /** Lesson material shown with the scenario: carried through unvalidated, never read by the engine. */
  lesson?: unknown;
}

/** One problem found in a scenario: a field path (`links[1].bandwidth`) and what is wrong. */
export interface ScenarioIssue {
  path: string;
  message: string;
}

/**
 * What the loader answers. `issues` are errors: the scenario cannot run.
 * `warnings` are legal nonsense (warnings.ts): the scenario runs, but some
 * field cannot do what it says; empty when there is none.
 */
export type ParseResult =
  | { ok: true; scenario: Scenario; warnings: ScenarioIssue[] }
  | { ok: false; issues: ScenarioIssue[]; warnings: ScenarioIssue[] };
