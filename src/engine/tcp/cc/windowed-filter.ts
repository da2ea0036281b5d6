/**
 * A windowed maximum: the largest value seen over the last `window` units of
 * time (for BBR, round trips), kept with three samples and constant work per
 * update — Kathleen Nichols' algorithm, as Linux lib/win_minmax.c and ns-3's
 * windowed-filter.h use it for BBR's bottleneck-bandwidth filter.
 *
 * It keeps the best value (s[0]), and the best values found since a quarter
 * (s[1]) and since half (s[2]) of the window passed without a new best, so
 * that when the best ages out of the window a good second choice is at hand.
 * The value returned is exact when the best sample is within the window and
 * a close lower bound otherwise; a larger value always takes over at once.
 *
 * Where the sources differ: nowhere that matters here — Linux and ns-3 run
 * the same algorithm (integer times there, real numbers here).
 */

interface Sample {
  t: number;
  v: number;
}

export class WindowedMax {
  private readonly s: [Sample, Sample, Sample] = [
    { t: 0, v: 0 },
    { t: 0, v: 0 },
    { t: 0, v: 0 },
  ];

  constructor(
    /** how long a sample counts, in the caller's time unit */
    private readonly window: number,
  ) {}

  /** The windowed maximum (0 before any sample). */
  get best(): number {
    return this.s[0].v;
  }

  /** Forget everything but (t, v). */
  reset(t: number, v: number): void {
    for (const x of this.s) {
      x.t = t;
      x.v = v;
    }
  }

  /** A new sample `v` at time `t` (times never decrease). Returns the windowed maximum. */
  update(t: number, v: number): number {
    const s = this.s;
    const win = this.window;
    // A new maximum, or nothing of the old left in the window: start over from this sample.
    if (v >= s[0].v || t - s[2].t > win) {
      this.reset(t, v);
      return v;
    }
    if (v >= s[1].v) {
      set(s[1], t, v);
      set(s[2], t, v);
    } else if (v >= s[2].v) {
      set(s[2], t, v);
    }
    const dt = t - s[0].t;
    if (dt > win) {
      // The best aged out: the second and third choices move up (twice if the second is old too).
      shift(s, t, v);
      if (t - s[0].t > win) shift(s, t, v);
    } else if (s[1].t === s[0].t && dt > win / 4) {
      // A quarter of the window without a new best: take a second choice from the second quarter.
      set(s[1], t, v);
      set(s[2], t, v);
    } else if (s[2].t === s[1].t && dt > win / 2) {
      // Half the window: a third choice from the second half.
      set(s[2], t, v);
    }
    return s[0].v;
  }
}

function set(x: Sample, t: number, v: number): void {
  x.t = t;
  x.v = v;
}

function shift(s: [Sample, Sample, Sample], t: number, v: number): void {
  set(s[0], s[1].t, s[1].v);
  set(s[1], s[2].t, s[2].v);
  set(s[2], t, v);
}
