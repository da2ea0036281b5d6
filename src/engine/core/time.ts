/**
 * Simulated time is an integer number of nanoseconds held in a double: exact
 * up to 2^53 ns (about 104 days), so sums of serialization and propagation
 * times never drift and same-time events compare equal exactly.
 */
export const NS_PER_S = 1e9;

export function secondsToNs(s: number): number {
  return Math.round(s * NS_PER_S);
}

export function nsToSeconds(ns: number): number {
  return ns / NS_PER_S;
}

export const NS_PER_MS = 1e6;

export function nsToMs(ns: number): number {
  return ns / NS_PER_MS;
}

/**
 * Serialization time of `bytes` at `bandwidth` bit/s, rounded to the
 * nanosecond and never less than one. Nothing crosses a link in no time: at
 * 1000 Gbps a 60-byte packet takes 0.48 ns, which would round to 0, and on
 * links with no propagation delay a TCP flow's data and ACKs would then go
 * round at one instant forever, the clock never moving on.
 */
export function txTimeNs(bytes: number, bandwidth: number): number {
  return Math.max(1, Math.round((bytes * 8 * NS_PER_S) / bandwidth));
}
