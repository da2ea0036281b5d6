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

export type Variant = 'tahoe' | 'reno' | 'newreno' | 'sack' | 'vegas' | 'westwood' | 'westwoodnr' | 'cubic' | 'bbr';

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
];

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
}

export type QueueSpec = DropTailSpec | RedSpec;

export interface LinkSpec {
  id: string;
  a: string;
  b: string;
  /** bit/s */
  bandwidth: number;
  /** one-way propagation delay, seconds */
  delay: number;
  queue: QueueSpec;
}

export interface VegasParams {
  alpha: number;
  beta: number;
  gamma: number;
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
   * Space the flow's packets at a pacing rate (tcp/pacer.ts): BBR's own, or
   * Linux's 2 × (slow start) or 1.2 × cwnd per srtt for the other variants.
   * Default: on for BBR, off for the others.
   */
  pacing: boolean;
  vegas: VegasParams;
  cubic: CubicParams;
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

export type FlowSpec = TcpFlowSpec | CbrFlowSpec;

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

export type ParseResult = { ok: true; scenario: Scenario } | { ok: false; issues: ScenarioIssue[] };
