/**
 * The next new data segment each TCP flow will send, at a simulated time.
 *
 * "Drop the next segment" needs the running sender's next sequence number
 * (SimState flows[].nextSeq). The run session does not expose the engine's
 * state to the page (only sampled series), so the page replays the run: the
 * engine is deterministic, so the scenario the worker loaded, plus the faults
 * injected into it since, run to the same time, gives the same senders.
 *
 * Replaying up to `time` processes every event at or before it; the worker,
 * stopped by a Step, may still have events of that same instant to process.
 * So the replay's numbers are never smaller than the worker's, only (rarely)
 * larger — and a segment not yet sent is dropped the same way in the live
 * run and in any later replay of the saved scenario, which is what "replayed
 * exactly" needs (a segment already sent would be dropped by the replay only).
 */
import { Simulator } from '../../engine/simulator';
import type { Scenario } from '../../engine/scenario/types';

/** flow id → next new data segment (TCP flows only). */
export type NextSegments = Record<string, number>;

export function nextSegments(scenario: Scenario, time: number): NextSegments {
  const sim = new Simulator(scenario);
  sim.runUntil(time);
  const out: NextSegments = {};
  for (const f of sim.state().flows) if (f.kind === 'tcp') out[f.id] = f.nextSeq;
  return out;
}
