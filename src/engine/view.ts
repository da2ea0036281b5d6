/**
 * A read-only view of a simulation: what the queries that read a run
 * without driving it need — the page's snapshot (state.ts) and the run's
 * outputs (output/collect.ts). The Simulator satisfies it; the queries never
 * see the class, so they cannot step it, and the simulator can import them
 * without an import cycle.
 */
import type { FlowStats } from './output/flow-stats';
import type { EventRow } from './output/rundata';
import type { QueueColumnName } from './output/sampler';
import type { FlowSpec, Scenario } from './scenario/types';
import type { TransactionFlow } from './traffic/transactions';

/** What the queries read of a TCP sender. */
export interface SenderView {
  /** 1 when the handshake is on: sequence number of data segment 0 */
  readonly base: number;
  readonly cwnd: number;
  readonly ssthresh: number;
  readonly inflation: number;
  readonly rtt: { readonly valid: boolean; readonly srtt: number; rto(): number };
  /** segments sent and not yet cumulatively acknowledged */
  readonly outstanding: number;
  readonly highestAck: number;
  readonly tSeqno: number;
  readonly packetsSent: number;
  readonly retransmissions: number;
  readonly timeouts: number;
  readonly fastRetransmits: number;
  /** window reductions for an ECN echo */
  readonly ecnReductions: number;
  /** What the sender is doing, in the field's words (`complete`: the receiver holds the whole file). */
  phase(complete: boolean): string;
}

export interface ReceiverView {
  /** simulated ns when the whole file was held, or −1 */
  readonly completedAt: number;
  /** simulated ns the flow actually started */
  readonly startedAt: number;
}

export interface LinkDirView {
  readonly queue: { readonly length: number; readonly bytes: number; readonly average: number };
  readonly down: boolean;
  readonly forwarded: number;
  readonly queueDrops: number;
  readonly faultDrops: number;
  readonly ecnMarks: number;
  /** ns the transmitter has been busy */
  readonly busyNs: number;
  /** ∫ queue length dt up to `now`, packet·ns */
  queueArea(now: number): number;
}

export interface SimView {
  readonly scenario: Readonly<Scenario>;
  /** the flows the engine runs, which every per-flow array follows: the scenario's, each transaction flow as its connections' two TCP flows */
  readonly flows: readonly FlowSpec[];
  /** the transaction flows' applications (traffic/transactions.ts) */
  readonly transactions: readonly TransactionFlow[];
  /** simulated seconds */
  readonly time: number;
  /** simulated ns */
  readonly nowNanos: number;
  readonly done: boolean;
  readonly eventsProcessed: number;
  /** per flow, by index: its TCP sender and receiver, or its CBR source (null where it has none) */
  readonly senders: readonly (SenderView | null)[];
  readonly receivers: readonly (ReceiverView | null)[];
  readonly cbrs: readonly ({ readonly sent: number } | null)[];
  readonly stats: readonly Readonly<FlowStats>[];
  /** per link direction */
  readonly dirs: readonly LinkDirView[];
  readonly queueIds: readonly { link: string; from: string; to: string }[];
  readonly seriesColumns: readonly string[];
  readonly queueColumns: readonly string[];
  sampleCount(): number;
  sampleTimes(from: number, to: number): Float64Array;
  flowColumn(flow: number, column: string, from: number, to: number): Float64Array;
  queueColumn(queue: number, column: QueueColumnName, from: number, to: number): Float64Array;
  eventCount(): number;
  eventRows(from: number, to: number): EventRow[];
}
