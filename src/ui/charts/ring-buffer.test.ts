import { describe, expect, it } from 'vitest';
import { RingBuffer } from './ring-buffer';

function points(buf: RingBuffer): [number, number][] {
  return Array.from({ length: buf.length }, (_, i) => [buf.t(i), buf.y(i)]);
}

describe('RingBuffer', () => {
  it('stores points as pushed while there is room', () => {
    const buf = new RingBuffer(8);
    for (let i = 0; i < 5; i++) buf.push(i, i * 10);
    expect(points(buf)).toEqual([
      [0, 0],
      [1, 10],
      [2, 20],
      [3, 30],
      [4, 40],
    ]);
    expect(buf.decimation).toBe(1);
  });

  it('keeps memory bounded on a long run and keeps the first and last points', () => {
    const buf = new RingBuffer(64);
    const n = 1_000_000;
    let longest = 0;
    for (let i = 0; i < n; i++) {
      buf.push(i * 0.01, Math.sin(i / 100));
      longest = Math.max(longest, buf.length);
    }
    // capacity committed points plus the pending newest one
    expect(longest).toBeLessThanOrEqual(65);
    expect(buf.totalPushed).toBe(n);
    expect(buf.decimation).toBeGreaterThan(1000);
    expect(buf.length).toBeGreaterThan(32);
    expect(buf.t(0)).toBe(0);
    expect(buf.y(0)).toBe(0);
    expect(buf.t(buf.length - 1)).toBeCloseTo((n - 1) * 0.01, 9);
    expect(buf.y(buf.length - 1)).toBe(Math.sin((n - 1) / 100));
  });

  it('keeps time strictly increasing through decimation', () => {
    const buf = new RingBuffer(16);
    for (let i = 0; i < 10_000; i++) buf.push(i, (i * 7919) % 13);
    for (let i = 1; i < buf.length; i++) expect(buf.t(i)).toBeGreaterThan(buf.t(i - 1));
  });

  it('keeps a short dip (cwnd falling to 1 after a timeout) after heavy decimation', () => {
    const buf = new RingBuffer(32);
    for (let i = 0; i < 100_000; i++) buf.push(i, i === 61_234 ? 1 : 50);
    const ys = points(buf).map(([, y]) => y);
    expect(ys).toContain(1);
    expect(points(buf).find(([, y]) => y === 1)![0]).toBe(61_234);
  });

  it('shows the newest point even when it is not kept in the decimated series', () => {
    const buf = new RingBuffer(4);
    for (let i = 0; i < 10; i++) buf.push(i, 5);
    buf.push(10, 6);
    expect(buf.t(buf.length - 1)).toBe(10);
    expect(buf.y(buf.length - 1)).toBe(6);
  });

  it('prefers numbers to NaN and reports the largest finite value', () => {
    const buf = new RingBuffer(4);
    buf.push(0, Number.NaN);
    for (let i = 1; i < 20; i++) buf.push(i, i % 2 ? Number.NaN : i);
    expect(buf.maxY()).toBe(18);
    expect(new RingBuffer(4).maxY(3)).toBe(3);
  });

  it('starts over on clear', () => {
    const buf = new RingBuffer(4);
    for (let i = 0; i < 50; i++) buf.push(i, i);
    buf.clear();
    expect(buf.length).toBe(0);
    expect(buf.decimation).toBe(1);
    buf.push(3, 4);
    expect(points(buf)).toEqual([[3, 4]]);
  });

  it('rejects a capacity too small to decimate', () => {
    expect(() => new RingBuffer(2)).toThrow(RangeError);
  });
});

describe('RingBuffer.maxYBetween', () => {
  /** the answer read the slow way: every readable point of the window */
  function bruteMax(b: RingBuffer, t0: number, t1: number, fallback: number): number {
    const from = Math.max(0, b.lowerBound(t0) - 1);
    let hi = b.lowerBound(t1);
    while (hi < b.length && b.t(hi) <= t1) hi++;
    const to = Math.min(b.length, hi + 1);
    let m = -Infinity;
    for (let i = from; i < to; i++) if (Number.isFinite(b.y(i)) && b.y(i) > m) m = b.y(i);
    return m === -Infinity ? fallback : m;
  }

  it('agrees with a full scan while a live window grows, steps and the buffer compacts', () => {
    const b = new RingBuffer(64);
    // a sawtooth with gaps and a deep drop, so the maximum moves and the tail matters
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    let window = 10;
    for (let i = 0; i < 2000; i++) {
      const t = i * 0.01;
      const y = i % 97 === 0 ? NaN : (i % 300) * (0.5 + rand());
      b.push(t, y);
      if (t > window) window *= 2; // the live axis steps out
      for (const t0 of [0, window / 4]) expect(b.maxYBetween(t0, window, -1)).toBe(bruteMax(b, t0, window, -1));
    }
    expect(b.decimation).toBeGreaterThan(1);
  });

  it('answers a narrower or earlier window too (the memo only extends a window it contains)', () => {
    const b = new RingBuffer(16);
    for (let i = 0; i < 40; i++) b.push(i, i === 20 ? 1000 : i);
    expect(b.maxYBetween(0, 100)).toBe(1000);
    expect(b.maxYBetween(22, 30)).toBe(bruteMax(b, 22, 30, 0));
    expect(b.maxYBetween(0, 5)).toBe(bruteMax(b, 0, 5, 0));
    expect(b.maxYBetween(0, 100)).toBe(1000);
  });

  it('grows its storage to the full capacity before it decimates', () => {
    const buf = new RingBuffer(2000);
    for (let i = 0; i < 2000; i++) buf.push(i, i % 3);
    expect(buf.decimation).toBe(1);
    expect(buf.length).toBe(2000);
    expect(points(buf).every(([t, y], i) => t === i && y === i % 3)).toBe(true);
    buf.push(2000, 5);
    expect(buf.decimation).toBe(2);
    expect(buf.t(0)).toBe(0);
    expect(buf.y(buf.length - 1)).toBe(5);
  });
});

/** A series with gaps, repeats and spikes, as a batch's columns: times and values at `at`. */
function batchOf(first: number, n: number, at: number): { ts: Float64Array; ys: Float64Array } {
  const ts = Float64Array.from({ length: n }, (_, i) => (first + i) * 0.01);
  const ys = new Float64Array(at + n).fill(-1);
  for (let i = 0; i < n; i++) {
    const k = first + i;
    ys[at + i] = k % 97 === 0 ? NaN : k % 31 === 0 ? 1 : (k * 7919) % 53;
  }
  return { ts, ys };
}

function everything(buf: RingBuffer) {
  return { points: points(buf), length: buf.length, pushed: buf.totalPushed, decimation: buf.decimation };
}

describe('RingBuffer.pushAll', () => {
  it('leaves the buffer as pushing each point would, through many batches and compactions', () => {
    for (const capacity of [4, 5, 64, 2016]) {
      const one = new RingBuffer(capacity);
      const all = new RingBuffer(capacity);
      let first = 0;
      for (let b = 0; b < 400; b++) {
        const n = b % 9 === 0 ? 0 : 1 + ((b * 37) % 50);
        const { ts, ys } = batchOf(first, n, b % 5);
        for (let i = 0; i < n; i++) one.push(ts[i], ys[(b % 5) + i]);
        all.pushAll(ts, ys, b % 5);
        first += n;
        expect(everything(all)).toEqual(everything(one));
      }
      expect(one.decimation).toBeGreaterThan(capacity < 100 ? 8 : 1);
    }
  });

  it('is the same with its storage given whole, or given too small, and never holds more than its capacity', () => {
    const capacity = 256;
    const own = new RingBuffer(capacity);
    const whole = new RingBuffer(capacity, { ts: new Float64Array(capacity), ys: new Float64Array(capacity) });
    const small = new RingBuffer(capacity, { ts: new Float64Array(10), ys: new Float64Array(10) });
    expect([own.storageSize, whole.storageSize, small.storageSize]).toEqual([16, 256, 10]);
    let first = 0;
    for (let b = 0; b < 300; b++) {
      const { ts, ys } = batchOf(first, 7, 0);
      first += 7;
      for (const buf of [own, whole, small]) {
        buf.pushAll(ts, ys);
        expect(buf.storageSize).toBeLessThanOrEqual(capacity);
      }
      expect(everything(whole)).toEqual(everything(own));
      expect(everything(small)).toEqual(everything(own));
    }
    expect(whole.storageSize).toBe(capacity);
    expect(small.storageSize).toBe(capacity);
  });

  it('ignores storage it cannot use (longer than the capacity, or of two lengths)', () => {
    expect(new RingBuffer(64, { ts: new Float64Array(65), ys: new Float64Array(65) }).storageSize).toBe(4);
    expect(new RingBuffer(64, { ts: new Float64Array(32), ys: new Float64Array(31) }).storageSize).toBe(4);
  });
});
