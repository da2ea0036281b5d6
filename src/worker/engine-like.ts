/**
 * The part of the engine's Simulator the worker's host uses (structurally
 * satisfied by it; tests pass a fake with the same shape).
 */
import type { FlowState } from '../engine/api';
import type { EventRow, RunData } from '../engine/output/rundata';
import type { FaultSpec, Scenario } from '../engine/scenario/types';
import type { LinkTrace } from '../engine/net/link-trace';
import type { QueueColumn, QueueId } from './protocol';

/** The part of the engine's Simulator the host uses (structurally satisfied by it). */
export interface EngineLike {
  readonly time: number;
  readonly done: boolean;
  readonly eventsProcessed: number;
  readonly seriesColumns: string[];
  readonly flowIds: string[];
  readonly queueIds: QueueId[];
  /** Optional: the scenario the engine runs, with the faults injected live (the real Simulator has it). */
  readonly scenario?: Scenario;
  runUntil(t: number): void;
  stepToProtocolEvent(maxTime?: number): EventRow | null;
  addFault(f: FaultSpec): void;
  sampleCount(): number;
  sampleTimes(from: number, to: number): Float64Array;
  flowColumn(flow: number, column: string, from: number, to: number): Float64Array;
  queueColumn(queue: number, column: QueueColumn, from: number, to: number): Float64Array;
  eventCount(): number;
  eventRows(from: number, to: number): EventRow[];
  runData(): RunData;
  /** The engine's state now (the next segment of each flow, among others). */
  state(): { time: number; flows: readonly Pick<FlowState, 'id' | 'kind' | 'nextSeq'>[] };
  /**
   * Optional: forget all but the last `samples` samples and `events` events
   * (the real Simulator has it); returns how many of each were dropped.
   */
  forgetRecorded?(samples: number, events: number): { samples: number; events: number };
  /** Optional: record the time-sequence trace of these flows (the real Simulator has it). */
  tracePackets?(flows: readonly number[]): void;
  /** Optional: trace exactly these flows from now on. */
  setTracedFlows?(flows: readonly number[]): void;
  readonly packetTrace?: PacketTraceSource;
  /** Optional: the network, whose link trace (off when null) feeds the packet animation. */
  readonly network?: { linkTrace: LinkTrace | null };
}

/**
 * The Simulator's packet trace columns, as far as the host uses them: it
 * reads new rows, and empties the columns (their `length`) once it has
 * posted enough of them (HostOptions.drainTraceRows), so a long run's trace does not
 * pile up in the worker.
 */
export interface PacketTraceSource {
  readonly length: number;
  readonly time: { length: number; view(from: number, to: number): Float64Array };
  readonly flow: { length: number; view(from: number, to: number): Int32Array };
  readonly kind: { length: number; view(from: number, to: number): Int32Array };
  readonly seq: { length: number; view(from: number, to: number): Int32Array };
}
