import { describe, expect, it } from 'vitest';
import { rngStream, type Rng } from '../core/rng';
import type { RedSpec } from '../scenario/types';
import { DropTailQueue } from './droptail';
import { DropCause } from './queue';
import { RedQueue, type RedOptions } from './red';

const BW = 10e6; // bit/s

function spec(over: Partial<RedSpec> = {}): RedSpec {
  return {
    type: 'red',
    limit: 100,
    minThresh: 5,
    maxThresh: 15,
    maxP: 0.1,
    weight: 0.002,
    gentle: false,
    meanPacketSize: 500,
    ecn: false,
    limitBytes: null,
    ...over,
  };
}

/** An Rng that counts its draws. */
class CountingRng implements Rng {
  draws = 0;
  constructor(private readonly inner: Rng) {}
  next(): number {
    this.draws++;
    return this.inner.next();
  }
}

function make(over: Partial<RedSpec> = {}, options?: RedOptions, seed = 1) {
  const rng = new CountingRng(rngStream(seed, 'red-test'));
  return { q: new RedQueue(spec(over), BW, rng, options), rng };
}

let nextId = 0;
/** Offer a busy-link arrival (no idle aging). */
function arrive(q: RedQueue): DropCause {
  return q.enqueue(nextId++, 1000, 0, -1);
}

/** Offer arrivals until `L` packets wait (drops just mean "try again"). */
function fillTo(q: RedQueue, L: number): void {
  for (let guard = 0; q.length < L; guard++) {
    if (guard > 100_000) throw new Error('cannot fill');
    arrive(q);
  }
}

describe('RedQueue average', () => {
  it.each([0.002, 0.1, 0.5])('tracks the EWMA of the waiting packets exactly (w=%s)', (w) => {
    // minThresh out of reach: no RED drop can disturb the script.
    const { q } = make({ weight: w, minThresh: 1000, maxThresh: 2000, limit: 1000 });
    // a = arrival, d = departure (the transmitter taking the head packet)
    const script = 'aaaaadaaadddaadaaaaaaaddddddaaaaaaaaaaaadadadadddddddddaaaa';
    const seen: number[] = []; // queue length each arrival found
    let waiting = 0;
    for (const op of script) {
      if (op === 'a') {
        seen.push(waiting);
        expect(arrive(q)).toBe(DropCause.None);
        waiting++;
        // Closed form, independent of the implementation's recursion:
        // avg_n = Σ_i w·(1−w)^(n−i)·q_i  (avg_0 = 0).
        const n = seen.length;
        let expected = 0;
        for (let i = 0; i < n; i++) expected += w * Math.pow(1 - w, n - 1 - i) * seen[i];
        expect(Math.abs(q.average - expected)).toBeLessThanOrEqual(1e-12 * Math.max(1, expected));
      } else {
        expect(q.dequeue()).toBeGreaterThanOrEqual(0);
        waiting--;
      }
      expect(q.length).toBe(waiting);
    }
  });

  it('counts waiting packets only, before adding the arrival', () => {
    const { q } = make({ weight: 1, minThresh: 1000, maxThresh: 2000, limit: 1000 });
    arrive(q);
    expect(q.average).toBe(0); // the first arrival found nothing waiting
    arrive(q);
    arrive(q);
    expect(q.average).toBe(2);
  });
});

describe('RedQueue idle aging', () => {
  // ptc = bandwidth / (8 · meanPacketSize); m = floor(idle · ptc)
  it.each([
    { bw: 1e6, mps: 500, dt: 0.0371, m: 9 }, // ptc 250: 9.275
    { bw: 1e6, mps: 500, dt: 0.003, m: 0 }, // 0.75
    { bw: 1e6, mps: 500, dt: 1, m: 250 },
    { bw: 10e6, mps: 1000, dt: 0.01, m: 12 }, // ptc 1250: 12.5
    { bw: 10e6, mps: 1000, dt: 0.0009, m: 1 }, // 1.125
  ])('multiplies the average by (1−w)^m, m = $m', ({ bw, mps, dt, m }) => {
    const w = 0.1;
    const q = new RedQueue(
      spec({ weight: w, meanPacketSize: mps, minThresh: 1000, maxThresh: 2000 }),
      bw,
      rngStream(1, 'red-idle'),
    );
    fillTo(q, 4);
    for (let i = 0; i < 10; i++) {
      arrive(q);
      q.dequeue();
    }
    const avg0 = q.average;
    expect(avg0).toBeGreaterThan(1);
    while (q.length > 0) q.dequeue();
    const t0 = 5;
    expect(q.enqueue(nextId++, 1000, t0 + dt, t0)).toBe(DropCause.None);
    const expected = avg0 * Math.pow(1 - w, m) * (1 - w); // then + w·0
    expect(q.average).toBeCloseTo(expected, 12);
  });

  it('does not age when the caller reports a busy link (idleSince = -1)', () => {
    const w = 0.1;
    const { q } = make({ weight: w, minThresh: 1000, maxThresh: 2000 });
    fillTo(q, 4);
    const avg0 = q.average;
    while (q.length > 0) q.dequeue();
    q.enqueue(nextId++, 1000, 100, -1);
    expect(q.average).toBe(avg0 * (1 - w));
  });
});

describe('RedQueue drop decision', () => {
  it('never drops early, nor draws, while avg < minThresh', () => {
    const { q, rng } = make({ weight: 0.002 });
    fillTo(q, 4); // queue held at 4 < minThresh = 5
    for (let i = 0; i < 50_000; i++) {
      expect(arrive(q)).toBe(DropCause.None);
      q.dequeue();
    }
    expect(q.average).toBeGreaterThan(3.99);
    expect(q.average).toBeLessThan(5);
    expect(rng.draws).toBe(0);
  });

  it('on first crossing minThresh sets count = 1 without dropping or drawing', () => {
    const { q, rng } = make({ weight: 1 });
    fillTo(q, 5); // arrivals found 0..4 waiting
    expect(rng.draws).toBe(0);
    expect(arrive(q)).toBe(DropCause.None); // finds 5: avg = 5 = minThresh
    expect(q.count).toBe(1);
    expect(rng.draws).toBe(0);
    q.dequeue();
    arrive(q); // the next one is an early-drop decision: exactly one draw
    expect(rng.draws).toBe(1);
  });

  it('only considers dropping when more than one packet waits (red.cc qlen > 1)', () => {
    const { q } = make({ weight: 0.01, minThresh: 2, maxThresh: 4 });
    for (let guard = 0; q.average < 5; guard++) {
      if (guard > 100_000) throw new Error('no rise');
      arrive(q);
    }
    while (q.length > 1) q.dequeue();
    expect(arrive(q)).toBe(DropCause.None); // found 1 waiting: accepted
    expect(q.average).toBeGreaterThan(4);
    expect(arrive(q)).toBe(DropCause.RedForced); // found 2 waiting
  });

  it('non-gentle: every arrival is dropped once avg ≥ maxThresh, without a draw', () => {
    const { q, rng } = make({ weight: 1, gentle: false });
    fillTo(q, 15); // = maxThresh
    const draws = rng.draws;
    for (let i = 0; i < 1000; i++) expect(arrive(q)).toBe(DropCause.RedForced);
    expect(rng.draws).toBe(draws);
    expect(q.count).toBe(0);
    expect(q.length).toBe(15);
  });

  it('non-gentle: just below maxThresh the drops are early, not forced', () => {
    const { q } = make({ weight: 1, gentle: false });
    fillTo(q, 14);
    const causes = new Set<DropCause>();
    for (let i = 0; i < 2000; i++) {
      const c = arrive(q);
      causes.add(c);
      if (c === DropCause.None) q.dequeue();
    }
    expect([...causes].sort()).toEqual([DropCause.None, DropCause.RedEarly]);
  });

  it('gentle: between maxTh and 2·maxTh drops probabilistically; ≥ 2·maxTh always', () => {
    const { q, rng } = make({ weight: 1, gentle: true });
    fillTo(q, 20); // avg 20 ∈ [15, 30)
    let early = 0;
    let kept = 0;
    for (let i = 0; i < 2000; i++) {
      const c = arrive(q);
      expect(c === DropCause.None || c === DropCause.RedEarly).toBe(true);
      if (c === DropCause.None) {
        kept++;
        q.dequeue();
      } else early++;
    }
    expect(early).toBeGreaterThan(100);
    expect(kept).toBeGreaterThan(100);

    fillTo(q, 30); // avg 30 = 2·maxThresh
    const draws = rng.draws;
    for (let i = 0; i < 1000; i++) expect(arrive(q)).toBe(DropCause.RedForced);
    expect(rng.draws).toBe(draws);
  });
});

/**
 * Count-based spacing. With the average held constant (w = 1 and the queue
 * kept at L waiting packets: each accepted arrival is followed by a
 * departure), p_b is fixed and the arrival k after a drop (count = k) is
 * dropped with hazard p_a(k). The gap G between drops then has
 *   P(G = k) = p_a(k) · Π_{j<k} (1 − p_a(j)),
 * and by the renewal theorem the number of drops in N arrivals is
 * D ≈ N / E[G], with standard deviation σ ≈ sqrt(N · Var(G) / E[G]^3).
 * The test allows 4σ + 1 (the +1 for the partial first and last gaps): for a
 * fixed seed the outcome is deterministic anyway, and 4σ is loose enough that
 * a correct implementation passes for any seed with probability ≈ 1 − 6e-5,
 * while tight enough (≈1–2 % of D) to catch a wrong spacing rule (the paper's
 * rule versus wait_ changes E[G] by ~3×; an off-by-one in count moves it by
 * one arrival, i.e. ≫ σ·E[G]/D for these rows).
 */
function hazard(k: number, pb: number, wait: boolean): number {
  const x = k * pb;
  let pa: number;
  if (wait) pa = x < 1 ? 0 : x < 2 ? pb / (2 - x) : 1;
  else pa = x < 1 ? pb / (1 - x) : 1;
  return Math.min(pa, 1);
}

function gapLaw(pb: number, wait: boolean) {
  let survive = 1;
  let mean = 0;
  let second = 0;
  let min = Infinity;
  let max = 0;
  for (let k = 1; survive > 0; k++) {
    const pk = survive * hazard(k, pb, wait);
    if (pk > 0) {
      min = Math.min(min, k);
      max = k;
    }
    mean += k * pk;
    second += k * k * pk;
    survive -= pk;
    if (survive < 1e-15) survive = 0;
  }
  return { mean, variance: second - mean * mean, min, max };
}

describe('RedQueue count-based spacing', () => {
  const rows = [
    // minTh 5, maxTh 15, maxP 0.1 — p_b from L (independent of the code under test)
    { L: 8, gentle: false, wait: true, pb: (0.1 * (8 - 5)) / 10 }, // 0.03
    { L: 12, gentle: false, wait: true, pb: (0.1 * (12 - 5)) / 10 }, // 0.07
    { L: 14, gentle: false, wait: true, pb: (0.1 * (14 - 5)) / 10 }, // 0.09
    { L: 20, gentle: true, wait: true, pb: 0.1 + (0.9 * (20 - 15)) / 15 }, // 0.4
    { L: 8, gentle: false, wait: false, pb: 0.03 },
    { L: 14, gentle: false, wait: false, pb: 0.09 },
    { L: 20, gentle: true, wait: false, pb: 0.4 },
  ];
  it.each(rows)('L=$L gentle=$gentle wait=$wait: drop count matches the gap law', (row) => {
    const { q, rng } = make({ weight: 1, gentle: row.gentle }, { wait: row.wait }, 42);
    fillTo(q, row.L);
    if (arrive(q) === DropCause.None) q.dequeue(); // past the first crossing
    const N = 200_000;
    const draws0 = rng.draws;
    let drops = 0;
    let since = 0;
    let first = true;
    let minGap = Infinity;
    let maxGap = 0;
    let otherCauses = 0;
    for (let i = 0; i < N; i++) {
      since++;
      const c = arrive(q);
      if (c === DropCause.None) {
        q.dequeue();
        continue;
      }
      if (c !== DropCause.RedEarly) otherCauses++;
      drops++;
      if (!first) {
        minGap = Math.min(minGap, since);
        maxGap = Math.max(maxGap, since);
      }
      first = false;
      since = 0;
    }
    expect(otherCauses).toBe(0);
    // One draw per early-drop decision, and every arrival here is one.
    expect(rng.draws - draws0).toBe(N);

    const law = gapLaw(row.pb, row.wait);
    const expected = N / law.mean;
    const sigma = Math.sqrt((N * law.variance) / law.mean ** 3);
    expect(Math.abs(drops - expected)).toBeLessThanOrEqual(4 * sigma + 1);
    // Every observed gap lies in the law's support.
    expect(minGap).toBeGreaterThanOrEqual(law.min);
    expect(maxGap).toBeLessThanOrEqual(law.max);
    if (row.wait) {
      // wait_: no drop before 1/p_b arrivals, always one by 2/p_b.
      expect(law.min).toBe(Math.ceil(1 / row.pb));
      expect(law.max).toBeLessThanOrEqual(Math.ceil(2 / row.pb));
      // …and the rule of thumb: gaps ≈ uniform on [1/p_b, 2/p_b], fraction ≈ 2·p_b/3.
      if (row.pb < 0.1) expect(drops / N / ((2 * row.pb) / 3)).toBeCloseTo(1, 1);
    } else {
      // The paper's rule with ns-2's count (the arrival itself counted): each
      // gap in {1, …, ⌈1/p_b⌉ − 1} has probability p_b/(1 − p_b), so the
      // fraction is ≈ 1/E[G] ≈ 2·p_b.
      expect(law.min).toBe(1);
      if (row.pb < 0.1) expect(drops / N / (2 * row.pb)).toBeCloseTo(1, 1);
    }
  });
});

describe('RedQueue physical limit', () => {
  it.each([1, 5, 20])('holds `limit` waiting packets (ns-2 qlen ≥ limit), limit=%s', (limit) => {
    const { q } = make({ limit, minThresh: 1000, maxThresh: 2000 });
    for (let i = 0; i < limit; i++) expect(arrive(q)).toBe(DropCause.None);
    expect(q.length).toBe(limit);
    expect(arrive(q)).toBe(DropCause.RedOverflow);
    expect(q.count).toBe(0);
    expect(q.length).toBe(limit);
    q.dequeue();
    expect(arrive(q)).toBe(DropCause.None);
    // DropTail's ns-2 rule `q + 1 ≥ limit` holds one fewer.
    const dt = new DropTailQueue(limit);
    let accepted = 0;
    for (let i = 0; i < limit + 2; i++) if (dt.enqueue(i, 1000) === DropCause.None) accepted++;
    expect(accepted).toBe(limit - 1);
  });

  it('the limit overrides an early decision: RedOverflow', () => {
    const { q } = make({ limit: 10, weight: 1, minThresh: 2, maxThresh: 20 });
    fillTo(q, 10);
    for (let i = 0; i < 500; i++) expect(arrive(q)).toBe(DropCause.RedOverflow);
  });

  it('flush empties the queue oldest first', () => {
    const { q } = make({ minThresh: 1000, maxThresh: 2000 });
    const first = nextId;
    fillTo(q, 3);
    const out: number[] = [];
    q.flush((p) => out.push(p));
    expect(out).toEqual([first, first + 1, first + 2]);
    expect(q.length).toBe(0);
    expect(q.bytes).toBe(0);
  });
});

describe('RedQueue determinism', () => {
  function run(seed: number): DropCause[] {
    const q = new RedQueue(
      spec({ weight: 0.02, minThresh: 3, maxThresh: 9, maxP: 0.2 }),
      BW,
      rngStream(seed, 'red:l0'),
    );
    const driver = rngStream(99, 'driver'); // the same arrival pattern for every run
    const out: DropCause[] = [];
    let t = 0;
    let idleSince = 0;
    for (let i = 0; i < 20_000; i++) {
      t += 0.0005;
      if (driver.next() < 0.55) {
        const c = q.enqueue(i, 1000, t, q.length === 0 ? idleSince : -1);
        out.push(c);
      } else if (q.dequeue() >= 0 && q.length === 0) idleSince = t;
    }
    return out;
  }

  it('the same seed and stream name give identical decisions', () => {
    const a = run(7);
    const b = run(7);
    expect(a).toEqual(b);
    expect(a.filter((c) => c === DropCause.RedEarly).length).toBeGreaterThan(10);
    expect(run(8)).not.toEqual(a);
  });
});
