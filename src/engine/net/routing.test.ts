import { describe, expect, it } from 'vitest';
import { computeRoutes, type DirEdge } from './routing';

/** Both directions of each undirected edge [a, b, delay]. */
function dirs(edges: [number, number, number][]): DirEdge[] {
  return edges.flatMap(([a, b, d]) => [
    { from: a, to: b, delayNs: d },
    { from: b, to: a, delayNs: d },
  ]);
}

describe('computeRoutes', () => {
  it('prefers the path of least delay over fewer hops', () => {
    // 0 —100— 1 directly, or 0 —10— 2 —10— 1
    const d = dirs([
      [0, 1, 100],
      [0, 2, 10],
      [2, 1, 10],
    ]);
    const next = computeRoutes(3, d);
    expect(d[next[0 * 3 + 1]]).toMatchObject({ from: 0, to: 2 });
    expect(d[next[2 * 3 + 1]]).toMatchObject({ from: 2, to: 1 });
  });

  it('breaks delay ties by hop count', () => {
    // 0 —20— 1 directly, or 0 —10— 2 —10— 1: same delay, fewer hops wins
    const d = dirs([
      [0, 2, 10],
      [2, 1, 10],
      [0, 1, 20],
    ]);
    const next = computeRoutes(3, d);
    expect(d[next[0 * 3 + 1]]).toMatchObject({ from: 0, to: 1 });
  });

  it('marks unreachable destinations with −1', () => {
    const next = computeRoutes(
      4,
      dirs([
        [0, 1, 5],
        [2, 3, 5],
      ]),
    );
    expect(next[0 * 4 + 3]).toBe(-1);
    expect(next[0 * 4 + 1]).toBeGreaterThanOrEqual(0);
  });
});
