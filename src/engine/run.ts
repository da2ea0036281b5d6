/** Run a scenario to the end and return its outputs: what the command-line runner and the tests use. */
import { collectRunData } from './output/collect';
import type { RunData } from './output/rundata';
import type { Scenario } from './scenario/types';
import { Simulator } from './simulator';

export function runScenario(scenario: Scenario): RunData {
  const sim = new Simulator(scenario);
  sim.run();
  return collectRunData(sim);
}
