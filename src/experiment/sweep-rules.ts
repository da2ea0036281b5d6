/** Rules the parts of the sweep loader share (sweep.ts, sweep-parameters.ts, sweep-metrics.ts). */
import type { PathSegment } from './path';

/** Column names the outputs use for their own columns. */
export const RESERVED_NAMES = ['run', 'point', 'repetition', 'seed'];

/** How many issues about parameter values are listed before "… and N more". */
export const MAX_LISTED_ISSUES = 20;

export function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Fields a sweep must not vary: the seed belongs to `seed` and `repetitions`. */
export function refusedPath(segments: readonly PathSegment[], where: 'set' | 'parameter'): string | undefined {
  if (segments[0] === 'seed') {
    return where === 'set'
      ? 'the seed of a sweep is set by its "seed" field (runs use seed, seed + 1, … per repetition)'
      : 'a sweep varies the seed by its "repetitions" (runs use seed, seed + 1, …): not as a parameter';
  }
  return undefined;
}
