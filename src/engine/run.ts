/** Run a scenario to the end and return its outputs: what the command-line runner and the tests use. */
import { collectRunData } from './output/collect';
import type { RunData } from './output/rundata';
import type { Scenario } from './scenario/types';
import { Simulator } from './simulator';

/**
 * Outputs written while the run goes, chunk by chunk, so that their size never
 * sits in memory: each sink must use or copy a chunk before it returns.
 */
export interface RunStreams {
  /** the packet capture (libpcap file bytes), output/pcap/capture.ts */
  pcap?: (chunk: Uint8Array) => void;
  /** the ns-2 packet trace (out.tr, ASCII), output/ns2/trace.ts */
  ns2Trace?: (chunk: Uint8Array) => void;
  /** transactions.csv (text), when the scenario has a transaction flow: output/transactions.ts */
  transactions?: (chunk: string) => void;
}

export function runScenario(scenario: Scenario, streams: RunStreams = {}): RunData {
  const sim = new Simulator(scenario);
  const capture = streams.pcap ? sim.capturePackets(streams.pcap) : null;
  const trace = streams.ns2Trace ? sim.traceNs2(streams.ns2Trace) : null;
  sim.run();
  capture?.flush();
  trace?.flush();
  return collectRunData(sim);
}
