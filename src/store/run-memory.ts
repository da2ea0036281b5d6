/**
 * estimateSampleMemory: what a run's sample interval costs in memory, for the
 * page to show beside the Sample interval field ("20,001 samples · about
 * 2.1 MB").
 *
 * The engine's sampler (engine/core/recorder.ts) keeps, per sample, the time,
 * per flow its cumulative bytes and one value per timeseries.csv column (the
 * contract's six, plus each variant's trace columns, for every flow), and per
 * link direction four queue values — all 8-byte floats. Its buffers double as
 * they grow, so while a run records, up to twice this is reserved. Events,
 * the packet trace and the page's chart buffers come on top and depend on
 * the traffic, not on the sample interval.
 */
import type { Scenario } from '../engine/scenario/types';

/** The contract's timeseries.csv columns after time_s and flow. */
const BASE_COLUMNS = 6;
/** Trace columns a variant adds (the engine's cc `traceColumns`, and Reno-style recovery's `inflation`). */
const VARIANT_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  tahoe: [],
  reno: ['inflation'],
  newreno: ['inflation'],
  sack: [],
  vegas: ['vegas_diff', 'vegas_base_rtt_ms', 'vegas_expected_kbps', 'vegas_actual_kbps', 'inflation'],
  westwood: ['westwood_bwe_kbps', 'westwood_rtt_min_ms', 'inflation'],
  westwoodnr: ['westwood_bwe_kbps', 'westwood_rtt_min_ms', 'inflation'],
  cubic: ['cubic_wmax', 'cubic_k_s', 'cubic_w_est', 'cubic_hystart'],
  dctcp: ['dctcp_alpha'],
  bbr: ['bbr_state', 'bbr_btlbw_kbps', 'bbr_min_rtt_ms', 'bbr_pacing_gain', 'bbr_cwnd_gain', 'pacing_rate_kbps'],
};
/** queues.csv's values per link direction (queue_pkts, queue_bytes, red_avg) and the drop count. */
const QUEUE_VALUES = 4;

export interface SampleMemory {
  /** samples each series holds by the end of the run */
  samples: number;
  /** values recorded per sample */
  valuesPerSample: number;
  /** bytes of samples at the end of the run */
  bytes: number;
}

export function estimateSampleMemory(s: Pick<Scenario, 'duration' | 'sampleInterval' | 'flows' | 'links'>): SampleMemory {
  const samples = Math.floor(s.duration / s.sampleInterval + 1e-9) + 1;
  const extra = new Set<string>();
  for (const f of s.flows) if (f.kind === 'tcp') for (const c of VARIANT_COLUMNS[f.variant] ?? []) extra.add(c);
  const columns = BASE_COLUMNS + extra.size;
  const valuesPerSample = 1 + s.flows.length * (1 + columns) + s.links.length * 2 * QUEUE_VALUES;
  return { samples, valuesPerSample, bytes: samples * valuesPerSample * 8 };
}

/** "2.1 MB", "640 kB": how the page writes a memory size. */
export function formatMemory(bytes: number): string {
  const trim = (x: number) => String(Number(x.toPrecision(2)));
  if (bytes >= 1e9) return `${trim(bytes / 1e9)} GB`;
  if (bytes >= 1e6) return `${trim(bytes / 1e6)} MB`;
  if (bytes >= 1e3) return `${trim(bytes / 1e3)} kB`;
  return `${Math.round(bytes)} bytes`;
}
