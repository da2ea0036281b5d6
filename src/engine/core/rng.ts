/**
 * Seeded pseudo-random numbers with named sub-streams.
 *
 * Each consumer (a link direction's random loss, a RED queue, start jitter)
 * draws from its own stream, derived from the run's seed and the stream's
 * name, so adding a flow or a link does not reshuffle another link's losses.
 * Generator: sfc32 (Chris Doty-Humphrey's Small Fast Counting generator,
 * PractRand-clean to 2^40+ bytes); seeding: cyrb128-style string hash mixed
 * with the integer seed. Hand-written because it must be bit-identical in the
 * browser, in Node and in tests, and it sits in the per-packet path.
 */

export interface Rng {
  /** Uniform in [0, 1), 32 bits of resolution. */
  next(): number;
}

function hash128(text: string, seed: number): [number, number, number, number] {
  let h1 = 1779033703 ^ seed,
    h2 = 3144134277 ^ Math.imul(seed, 0x9e3779b1),
    h3 = 1013904242,
    h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  return [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
}

class Sfc32 implements Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  constructor(a: number, b: number, c: number, d: number) {
    this.a = a;
    this.b = b;
    this.c = c;
    this.d = d;
    // Discard the first outputs: they still carry the seed's structure.
    for (let i = 0; i < 12; i++) this.next();
  }
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }
}

/** The stream called `name` of the run seeded with `seed`. */
export function rngStream(seed: number, name: string): Rng {
  const [a, b, c, d] = hash128(name, seed | 0);
  return new Sfc32(a, b, c, d);
}
