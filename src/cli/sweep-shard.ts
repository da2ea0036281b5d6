/**
 * A sweep split over machines: `--shard k/n` runs the runs whose index is
 * k − 1 modulo n (round robin, so every shard gets a share of every point
 * and of the long and short runs alike) and writes their metric values to
 * `shard-k-of-n.json`; `tcplab sweep merge` reads the n files back and
 * writes runs.csv, table.csv and ttest.csv byte for byte as one machine
 * running the whole sweep would (the statistics are computed once, from
 * every run's exact values, in run order).
 *
 * A shard file carries a fingerprint of the sweep it was run from (its runs'
 * scenarios, seeds and metrics), so shards of different sweeps, or of an
 * edited one, are refused rather than mixed. Numbers are written as JSON
 * numbers, which read back as the same doubles; NaN and infinities, which
 * JSON lacks, as strings.
 */
import { createHash } from 'node:crypto';
import { planRuns, runScenarioOf, type MetricValues, type Sweep } from '../experiment/index';

export interface Shard {
  /** 1 … of */
  k: number;
  of: number;
}

/** Most shards a sweep may be split into (a Slurm array or an Indexed Job is far smaller). */
export const MAX_SHARDS = 1_000_000;
export const SHARD_FORMAT = 'tcplab-sweep-shard';

/** "3/8" → { k: 3, of: 8 }. */
export function parseShard(text: string): Shard | { error: string } {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  const k = m ? Number(m[1]) : NaN;
  const of = m ? Number(m[2]) : NaN;
  if (!m || !(of >= 1 && of <= MAX_SHARDS && k >= 1 && k <= of)) {
    return { error: `--shard must be k/n with 1 ≤ k ≤ n ≤ ${MAX_SHARDS} (got ${JSON.stringify(text)})` };
  }
  return { k, of };
}

export function inShard(runIndex: number, shard: Shard): boolean {
  return runIndex % shard.of === shard.k - 1;
}

export function shardFileName(shard: Shard): string {
  return `shard-${shard.k}-of-${shard.of}.json`;
}

/** What identifies a sweep's runs: every run's scenario and seed, and the metrics. */
export function sweepFingerprint(sweep: Sweep): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ metrics: sweep.metrics, repetitions: sweep.repetitions, seed: sweep.seed }));
  for (const run of planRuns(sweep)) hash.update(JSON.stringify(runScenarioOf(sweep, run)));
  return hash.digest('hex');
}

type Cell = number | null | string;
const encode = (v: number | null): Cell => (v === null || Number.isFinite(v) ? v : String(v));
const decode = (c: unknown): number | null | undefined => {
  if (c === null || typeof c === 'number') return c;
  if (c === 'NaN') return NaN;
  if (c === 'Infinity') return Infinity;
  if (c === '-Infinity') return -Infinity;
  return undefined;
};

/** The shard file: its runs' values by run index (`values` is indexed by run index, holes elsewhere). */
export function shardText(sweep: Sweep, shard: Shard, values: readonly (MetricValues | undefined)[]): string {
  const runs = planRuns(sweep).length;
  const lines: string[] = [];
  for (let i = shard.k - 1; i < runs; i += shard.of) {
    const v = values[i];
    if (!v) throw new Error(`run ${i} of shard ${shard.k}/${shard.of} has no values`);
    lines.push(JSON.stringify([i, v.map(encode)]));
  }
  const head = {
    format: SHARD_FORMAT,
    version: 1,
    sweep: sweep.name,
    fingerprint: sweepFingerprint(sweep),
    shard: shard.k,
    of: shard.of,
    runs,
  };
  // One run per line: a large shard stays readable and diffable.
  return `${JSON.stringify(head).slice(0, -1)},"values":[\n${lines.join(',\n')}\n]}\n`;
}

export interface ShardInput {
  /** where it was read from, for messages */
  source: string;
  text: string;
}

/**
 * Every run's values, in run order, from the shard files of one sweep; or
 * what is wrong (another sweep's shard, a shard twice or missing, a run
 * missing, a file that is not a shard).
 */
export function mergeShards(
  sweep: Sweep,
  inputs: readonly ShardInput[],
): { values: MetricValues[] } | { error: string } {
  const runs = planRuns(sweep).length;
  const fingerprint = sweepFingerprint(sweep);
  const values: (MetricValues | undefined)[] = new Array(runs);
  const seen = new Map<number, string>();
  let of: number | undefined;
  for (const { source, text } of inputs) {
    let file: Record<string, unknown>;
    try {
      file = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return { error: `${source}: not a shard file (not JSON)` };
    }
    if (file === null || typeof file !== 'object' || file.format !== SHARD_FORMAT || file.version !== 1)
      return { error: `${source}: not a shard file of tcplab sweep --shard` };
    if (file.fingerprint !== fingerprint)
      return { error: `${source}: is a shard of another sweep (or of this one before it was edited)` };
    const k = file.shard as number;
    if (of === undefined) of = file.of as number;
    if (file.of !== of) return { error: `${source}: is shard ${k}/${String(file.of)}, the others are of ${of}` };
    if (seen.has(k)) return { error: `${source}: shard ${k}/${of} is also in ${seen.get(k)}` };
    seen.set(k, source);
    const rows = file.values;
    if (!Array.isArray(rows)) return { error: `${source}: has no values` };
    for (const row of rows as unknown[]) {
      const [index, cells] = Array.isArray(row) ? (row as unknown[]) : [];
      if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= runs || !Array.isArray(cells))
        return { error: `${source}: a run's values are malformed` };
      const decoded = cells.map(decode);
      if (decoded.some((v) => v === undefined) || decoded.length !== sweep.metrics.length)
        return { error: `${source}: run ${index}'s values are malformed` };
      values[index] = decoded as MetricValues;
    }
  }
  if (of === undefined) return { error: 'no shard files given' };
  const missing: number[] = [];
  for (let k = 1; k <= of && missing.length < 10; k++) if (!seen.has(k)) missing.push(k);
  if (missing.length)
    return { error: `missing shard${missing.length === 1 ? '' : 's'} ${missing.map((k) => `${k}/${of}`).join(', ')}` };
  const hole = values.findIndex((v) => v === undefined);
  if (hole >= 0 || values.length !== runs) return { error: `run ${hole} is in no shard` };
  return { values: values as MetricValues[] };
}
