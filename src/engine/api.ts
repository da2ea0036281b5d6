/**
 * The engine's public surface: what the worker, the command-line runner and
 * the tests may use. Everything else under src/engine is internal.
 */
/** Protocol events (events.csv `event` column), and those `stepToProtocolEvent` stops at. */
export { STEP_EVENTS, type ProtocolEventName } from './output/event-log';

export interface FlowState {
  id: string;
  kind: 'tcp' | 'cbr';
  variant: string;
  /** segments; NaN for CBR */
  cwnd: number;
  ssthresh: number;
  /** window inflation during Reno-style fast recovery, segments */
  inflation: number;
  srttMs: number;
  rtoS: number;
  /** segments sent and not yet acknowledged */
  inflight: number;
  /** 'closed' before start, 'slow_start', 'congestion_avoidance', 'fast_recovery', 'loss_recovery' (after a timeout), 'done' */
  phase: string;
  /** highest data segment acknowledged cumulatively (−1 if none) */
  ackedSeq: number;
  /** next new data segment to send */
  nextSeq: number;
  packetsSent: number;
  packetsDelivered: number;
}

export interface QueueState {
  link: string;
  from: string;
  to: string;
  queuePkts: number;
  queueBytes: number;
  /** RED's average queue, NaN for DropTail */
  redAvg: number;
  /** the link carries nothing (linkDown fault) */
  down: boolean;
}

export interface SimState {
  /** simulated seconds */
  time: number;
  done: boolean;
  eventsProcessed: number;
  flows: FlowState[];
  queues: QueueState[];
}
