/**
 * The worker's answers to the page's requests about a run: its CSV files,
 * each TCP flow's next sequence number, and a packet-level replay file. Each
 * answer carries the request's id; a request that fails is answered with an
 * error for that id and leaves the run as it was (engine-host.ts).
 */
import type { RunData } from '../engine/output/rundata';
import type { Scenario } from '../engine/scenario/types';
import type { EngineLike } from './engine-like';
import type { FromWorker, ReplayOutput, ToWorker } from './protocol';
import type { Retention } from './retention';

export interface RequestDeps {
  post(message: FromWorker, transfer?: Transferable[]): void;
  toCsv(data: RunData): Record<string, string>;
  /** Replay `scenario` to simulated time `until` and return one packet-level file of it (replay.ts). */
  replay?(scenario: Scenario, until: number, output: ReplayOutput): Uint8Array;
}

/** The request id of a command that expects an answer, else undefined. */
export function requestIdOf(msg: ToWorker): number | undefined {
  return msg.type === 'exportCsv' || msg.type === 'nextSegments' || msg.type === 'exportReplay'
    ? msg.requestId
    : undefined;
}

/** The run's CSV files, with a note when the engine has forgotten the start of a long run. */
export function exportCsv(
  deps: RequestDeps,
  engine: EngineLike | null,
  retention: Retention,
  time: number,
  requestId: number,
): void {
  if (!engine) throw new Error('no scenario is loaded');
  const files = deps.toCsv(engine.runData());
  const note = retention.note(engine, time);
  deps.post({ type: 'csv', requestId, files: note ? { ...files, 'notes.txt': note } : files });
}

/**
 * A packet-level file of the run so far. The engine keeps no per-packet
 * history, so the run is replayed (deterministic: the same packets) from
 * the engine's own scenario, which holds the faults injected live.
 */
export function exportReplay(
  deps: RequestDeps,
  engine: EngineLike | null,
  requestId: number,
  output: ReplayOutput,
): void {
  if (!engine) throw new Error('no scenario is loaded');
  if (!deps.replay || !engine.scenario) throw new Error('this engine cannot export packet files');
  const bytes = deps.replay(engine.scenario, engine.time, output);
  deps.post({ type: 'replayFile', requestId, bytes }, [bytes.buffer as ArrayBuffer]);
}

/** Each TCP flow's next sequence number now. */
export function nextSegments(deps: RequestDeps, engine: EngineLike | null, requestId: number): void {
  if (!engine) throw new Error('no scenario is loaded');
  const state = engine.state();
  const seqs: Record<string, number> = {};
  for (const f of state.flows) if (f.kind === 'tcp') seqs[f.id] = f.nextSeq;
  deps.post({ type: 'nextSegments', requestId, time: state.time, seqs });
}
