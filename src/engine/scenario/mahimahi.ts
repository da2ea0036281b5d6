/**
 * Mahimahi delivery traces as text (Netravali et al., USENIX ATC 2015): one
 * integer millisecond timestamp per line, each an opportunity to deliver one
 * packet of up to 1500 bytes; the trace loops with its last timestamp as
 * period. `npm run traces` and the command-line runner's `trace.file` read
 * them with this; the loader checks the timestamps of `trace.ms` the same way.
 */

/** Timestamps of a Mahimahi file; blank lines ignored; an error names the first bad line. */
export function parseMahimahi(text: string): number[] {
  const out: number[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    const t = line.trim();
    if (t === '') return;
    if (!/^\d+$/.test(t)) throw new Error(`line ${i + 1}: not a whole number of milliseconds: ${JSON.stringify(t)}`);
    out.push(Number(t));
  });
  return out;
}

/**
 * What makes timestamps unusable as a trace, in words, or null: none at all,
 * a timestamp before the one above it (`at` is its index), a period of 0.
 */
export function mahimahiProblem(ms: readonly number[]): { at: number | null; message: string } | null {
  if (ms.length === 0) return { at: null, message: 'no delivery opportunities' };
  for (let k = 1; k < ms.length; k++)
    if (ms[k] < ms[k - 1]) return { at: k, message: `timestamps must not go back (${ms[k]} after ${ms[k - 1]})` };
  if (ms[ms.length - 1] <= 0)
    return { at: null, message: 'the last timestamp (the period of the loop) must be after 0 ms' };
  return null;
}
