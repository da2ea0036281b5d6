import { describe, expect, it } from 'vitest';
import { SPAN, columnSpans, fillArea, fillLine, linear, tracePolyline, visibleRange, type PathSink } from './canvas-draw';
import { dashMask, dashOn, scaledDash } from './dashes';
import { RingBuffer } from './ring-buffer';

class Recorder implements PathSink {
  ops: [string, number, number][] = [];
  moveTo(x: number, y: number) {
    this.ops.push(['M', x, y]);
  }
  lineTo(x: number, y: number) {
    this.ops.push(['L', x, y]);
  }
}

function filled(n: number, f: (i: number) => number, capacity = n + 1): RingBuffer {
  const b = new RingBuffer(Math.max(4, capacity));
  for (let i = 0; i < n; i++) b.push(i, f(i));
  return b;
}

describe('visibleRange', () => {
  it('finds the points inside the window, plus one on each side', () => {
    const b = filled(100, (i) => i);
    expect(visibleRange(b, 10, 20)).toEqual([9, 22]);
    expect(visibleRange(b, -5, 3)).toEqual([0, 5]);
    expect(visibleRange(b, 95, 200)).toEqual([94, 100]);
    expect(visibleRange(new RingBuffer(4), 0, 1)).toEqual([0, 0]);
  });
});

describe('tracePolyline', () => {
  it('draws sparse points one vertex each', () => {
    const b = filled(5, (i) => i * 10);
    const r = new Recorder();
    const px = linear(0, 4, 0, 400);
    const py = linear(0, 40, 100, 0);
    expect(tracePolyline(b, 0, 5, px, py, r)).toBe(5);
    expect(r.ops.map((o) => o[0]).join('')).toBe('MLLLL');
    expect(r.ops[4]).toEqual(['L', 400, 0]);
  });

  it('reduces a dense series to at most four vertices per pixel column, keeping its extremes', () => {
    // 100,000 points across 100 pixels; one deep dip (a timeout) hidden in the middle.
    const n = 100_000;
    const b = filled(n, (i) => (i === 61_234 ? 1 : 50 + (i % 7)));
    const r = new Recorder();
    const emitted = tracePolyline(b, 0, n, linear(0, n, 0, 100), (v) => v, r);
    expect(emitted).toBeLessThanOrEqual(4 * 101);
    const ys = r.ops.map((o) => o[2]);
    expect(Math.min(...ys)).toBe(1);
    expect(Math.max(...ys)).toBe(56);
    // x never goes back
    for (let i = 1; i < r.ops.length; i++) expect(r.ops[i][1]).toBeGreaterThanOrEqual(r.ops[i - 1][1]);
    // the path ends at the last point
    expect(r.ops.at(-1)![2]).toBe(50 + ((n - 1) % 7));
  });

  it('leaves gaps where values are NaN (a CBR flow has no cwnd)', () => {
    const b = filled(6, (i) => (i === 2 || i === 3 ? NaN : i));
    const r = new Recorder();
    tracePolyline(b, 0, 6, linear(0, 5, 0, 500), (v) => v, r);
    expect(r.ops.map((o) => o[0]).join('')).toBe('MLML');
  });
});

describe('column spans (dense series drawn as rectangles)', () => {
  const spansOf = (b: RingBuffer, px: (t: number) => number, py: (v: number) => number) => {
    const out: [number, number, number][] = [];
    columnSpans(b, 0, b.length, px, py, (c) => out.push([c, SPAN[0], SPAN[1]]));
    return out;
  };

  it('covers every column a segment crosses, joined to its neighbours', () => {
    // (0, 0) → (4, 8): two pixels down per column
    const b = filled(2, (i) => i * 8);
    const spans = spansOf(b, linear(0, 1, 0, 4), (v) => v);
    expect(spans.map((s) => s[0])).toEqual([0, 1, 2, 3, 4]);
    expect(spans[1]).toEqual([1, 2, 4]);
    for (let k = 1; k < spans.length; k++) expect(spans[k][1]).toBeLessThanOrEqual(spans[k - 1][2]);
  });

  it('gives one span per column however many points, with the extremes, and gaps at NaN', () => {
    const n = 50_000;
    const b = filled(n, (i) => (i === 30_000 ? 1 : i >= 40_000 && i < 41_000 ? NaN : 50));
    const spans = spansOf(b, linear(0, n, 0, 100), (v) => v);
    expect(spans.length).toBeLessThanOrEqual(102);
    expect(Math.min(...spans.map((s) => s[1]))).toBe(1);
    const cols = spans.map((s) => s[0]);
    expect(cols).not.toContain(81); // 40,000–41,000 → columns 80–82 are a gap
  });

  it('merges equal columns into one rectangle and applies a dash along x', () => {
    const flat = filled(3, () => 10);
    const rects: number[][] = [];
    const sink = { fillRect: (...r: number[]) => rects.push(r) };
    expect(fillLine(flat, 0, 3, linear(0, 2, 0, 99.5), (v) => v, 2, [], sink)).toBe(1);
    expect(rects[0]).toEqual([0, 9, 101, 2]);
    rects.length = 0;
    fillLine(flat, 0, 3, linear(0, 2, 0, 99.5), (v) => v, 2, [6, 3], sink);
    expect(rects.length).toBe(12); // 100 columns in 9-px periods, 6 on
    expect(dashOn([6, 3], 5)).toBe(true);
    expect(dashOn([6, 3], 7)).toBe(false);
    expect(dashOn([], 7)).toBe(true);
    // a pattern of several dashes, and columns left of the origin
    const on = [-12, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13].map((c) => dashOn([2, 1, 4, 3], c));
    expect(on).toEqual([false, false, true, true, false, true, true, true, true, false, false, false, true, true, false, true]);
  });

  it('gives the same dash pattern and mask for the same dash and scale, and draws with them as before', () => {
    expect(scaledDash(undefined, 2)).toEqual([]);
    expect(scaledDash('6 3', 2)).toEqual([12, 6]);
    expect(scaledDash('6 3', 2)).toBe(scaledDash('6 3', 2));
    expect(scaledDash('6 3', 1)).toEqual([6, 3]);
    expect(dashMask(scaledDash('6 3', 2))).toBe(dashMask(scaledDash('6 3', 2)));
    expect(dashMask([])).toBeNull();
    // a line drawn twice, dashed then solid then dashed: each call starts afresh
    const flat = filled(3, () => 10);
    const draw = (dash: readonly number[]) => {
      const rects: number[][] = [];
      const n = fillLine(flat, 0, 3, linear(0, 2, 0, 99.5), (v) => v, 2, dash, { fillRect: (...r: number[]) => rects.push(r) });
      return { n, rects };
    };
    const dashed = draw(scaledDash('6 3', 1));
    expect(dashed.n).toBe(12);
    expect(draw([]).rects).toEqual([[0, 9, 101, 2]]);
    expect(draw(scaledDash('6 3', 1))).toEqual(dashed);
    expect(draw([6, 3])).toEqual(dashed);
  });

  it('fills the area under a series down to the baseline', () => {
    const b = filled(3, (i) => [40, 20, 40][i]);
    const rects: number[][] = [];
    fillArea(b, 0, 3, linear(0, 2, 0, 4), (v) => 100 - v, 100, { fillRect: (...r: number[]) => rects.push(r) });
    // every column filled from its highest point (smallest pixel y) to y = 100
    expect(rects.every((r) => r[1] + r[3] === 100)).toBe(true);
    expect(rects.reduce((w, r) => w + r[2], 0)).toBe(5);
  });
});
