/**
 * L'Ecuyer's MRG32k3a combined multiple-recursive generator (P. L'Ecuyer,
 * "Good Parameters and Implementations for Combined Multiple Recursive Random
 * Number Generators", Operations Research 47(1), 1999; the RngStreams
 * package, L'Ecuyer, Simard, Chen and Kelton, Operations Research 50(6),
 * 2002) — the generator behind ns-2.35's RNG class (tools/rng.cc), in the
 * floating-point form of RngStreams' U01(), so that each draw is bit for bit
 * ns-2's.
 *
 * Only what the ns-2 profile needs: a generator seeded as ns-2's
 * `$rng seed n` seeds one (all six state words n), and its uniform draws in
 * (0, 1). The engine's own randomness comes from core/rng.ts; this one is used
 * only to reproduce draws ns-2 makes (scenario/ns2-profile.ts).
 */
const M1 = 4294967087;
const M2 = 4294944443;
/** The second component's modulus: seeds must lie below it. */
export const MRG32K3A_M2 = M2;
const NORM = 1 / (M1 + 1);
const A12 = 1403580;
const A13N = 810728;
const A21 = 527612;
const A23N = 1370589;

export class Mrg32k3a {
  private readonly s = new Float64Array(6);

  /** The stream ns-2's `RNG::set_seed(seed)` starts: every state word equal to `seed` (1 ≤ seed < 4294944443). */
  constructor(seed: number) {
    if (!Number.isInteger(seed) || seed < 1 || seed >= M2) throw new RangeError(`MRG32k3a seed out of range: ${seed}`);
    this.s.fill(seed);
  }

  /** The next uniform in (0, 1) (RngStreams U01, no antithetic or extended precision). */
  next(): number {
    const s = this.s;
    // Component 1: p1 = a12·s1 − a13n·s0 mod m1. The products stay below 2^53, so doubles are exact.
    let p1 = A12 * s[1] - A13N * s[0];
    p1 -= Math.trunc(p1 / M1) * M1;
    if (p1 < 0) p1 += M1;
    s[0] = s[1];
    s[1] = s[2];
    s[2] = p1;
    // Component 2: p2 = a21·s5 − a23n·s3 mod m2.
    let p2 = A21 * s[5] - A23N * s[3];
    p2 -= Math.trunc(p2 / M2) * M2;
    if (p2 < 0) p2 += M2;
    s[3] = s[4];
    s[4] = s[5];
    s[5] = p2;
    return p1 > p2 ? (p1 - p2) * NORM : (p1 - p2 + M1) * NORM;
  }
}
