/**
 * Frame times counted in display refreshes.
 *
 * A requestAnimationFrame callback receives the start time of its frame,
 * which Chromium rounds to 100 µs. At 60 Hz a refresh is 16.67 ms, so a page
 * that never misses one still shows deltas of 16.6, 16.7 and 16.8 ms between
 * frames; about one in twenty is 16.8 ms, so even an idle page's raw p95 is
 * 16.8 ms, above a 16.7 ms target it meets in every frame. A delta is
 * therefore read as a whole number of refresh intervals: 1 is a frame on
 * time, 2 or more a frame that missed refreshes. The interval is the median
 * delta of the same page measured idle just before, not an assumed 60 Hz.
 */

/** Refresh intervals one frame delta spans (at least 1). */
export function refreshesOf(delta: number, interval: number): number {
  return Math.max(1, Math.round(delta / interval));
}

export interface RefreshSummary {
  /** the refresh interval the deltas were read against, ms */
  interval: number;
  /** p95 of the frame times as whole refreshes, ms (a multiple of `interval`) */
  p95: number;
  /** share of frames that came at the next refresh */
  onTime: number;
  /** refreshes in which no frame was drawn, over the whole measurement */
  missed: number;
}

/** The q-quantile of an ascending array (the nearest rank below), NaN when empty. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** Median delta of an idle page's frames: its refresh interval. */
export function refreshInterval(idleDeltas: readonly number[]): number {
  return quantile(
    [...idleDeltas].sort((a, b) => a - b),
    0.5,
  );
}

/** Frame deltas read as refreshes of `interval` ms. */
export function summarizeRefreshes(deltas: readonly number[], interval: number): RefreshSummary {
  const counts = deltas.map((d) => refreshesOf(d, interval)).sort((a, b) => a - b);
  const onTime = counts.filter((c) => c === 1).length;
  const missed = counts.reduce((sum, c) => sum + c - 1, 0);
  return {
    interval,
    p95: quantile(counts, 0.95) * interval,
    onTime: counts.length === 0 ? NaN : onTime / counts.length,
    missed,
  };
}
