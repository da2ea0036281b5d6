/**
 * estimateSampleMemory: what a run's sample interval costs in memory, for the
 * page to show beside the Sample interval field ("20,001 samples · about
 * 2.1 MB").
 *
 * The one estimate of what a run records is the loader's
 * (engine/scenario/memory.ts, which also refuses runs over the page's budget);
 * this is its per-sample part in the words the field needs. Events, the packet
 * trace and the page's chart buffers come on top and depend on the traffic,
 * not on the sample interval.
 */
import { formatBytes, sampleBytes, sampleCount } from '../engine/scenario/memory';
import type { Scenario } from '../engine/scenario/types';

export interface SampleMemory {
  /** samples each series holds by the end of the run */
  samples: number;
  /** 8-byte values recorded per sample */
  valuesPerSample: number;
  /** bytes of samples at the end of the run */
  bytes: number;
}

export function estimateSampleMemory(s: Scenario): SampleMemory {
  const samples = sampleCount(s);
  const perSample = sampleBytes(s);
  return { samples, valuesPerSample: perSample / 8, bytes: samples * perSample };
}

/** "2.1 MB", "640 kB": how the page writes a memory size (the loader's units). */
export const formatMemory = formatBytes;
