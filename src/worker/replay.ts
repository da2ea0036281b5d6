/**
 * Packet-level files of a run for the page (packets.pcap, out.tr). The
 * engine keeps no per-packet history, so the scenario is run again from the
 * start to the time asked, with the tap on: the engine is deterministic, so
 * these are the packets of the run the page shows (the scenario carries the
 * faults injected live, with their times).
 */
import type { Scenario } from '../engine/scenario/types';
import { Simulator } from '../engine/simulator';
import type { ReplayOutput } from './protocol';

export function replayFile(scenario: Scenario, until: number, output: ReplayOutput): Uint8Array {
  const sim = new Simulator(structuredClone(scenario));
  const chunks: Uint8Array[] = [];
  let size = 0;
  const sink = (chunk: Uint8Array): void => {
    chunks.push(chunk.slice());
    size += chunk.length;
  };
  const tap = output === 'pcap' ? sim.capturePackets(sink) : sim.traceNs2(sink);
  sim.runUntil(until);
  tap.flush();
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.length;
  }
  return bytes;
}
