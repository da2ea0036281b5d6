import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeRoutes, DENSE_NODES, routePath, type DirEdge } from './routing';

/** Both directions of each undirected edge [a, b, delay]. */
function dirs(edges: [number, number, number][]): DirEdge[] {
  return edges.flatMap(([a, b, d]) => [
    { from: a, to: b, delayNs: d },
    { from: b, to: a, delayNs: d },
  ]);
}

/**
 * The definition, by brute force: a Dijkstra with a linear scan from every
 * node, least (delay, hops, first direction). next[src * n + dst], −1 if none.
 */
function oracle(n: number, ds: readonly DirEdge[]): Int32Array {
  const next = new Int32Array(n * n).fill(-1);
  for (let src = 0; src < n; src++) {
    const dist = new Float64Array(n).fill(Infinity);
    const hops = new Float64Array(n).fill(Infinity);
    const first = new Int32Array(n).fill(-1);
    const done = new Uint8Array(n);
    dist[src] = 0;
    hops[src] = 0;
    for (;;) {
      let u = -1;
      for (let v = 0; v < n; v++) {
        if (done[v] || dist[v] === Infinity) continue;
        if (u < 0 || dist[v] < dist[u] || (dist[v] === dist[u] && hops[v] < hops[u])) u = v;
      }
      if (u < 0) break;
      done[u] = 1;
      ds.forEach((d, di) => {
        if (d.from !== u) return;
        const nd = dist[u] + d.delayNs;
        const nh = hops[u] + 1;
        const f = u === src ? di : first[u];
        const v = d.to;
        if (nd < dist[v] || (nd === dist[v] && (nh < hops[v] || (nh === hops[v] && f < first[v])))) {
          dist[v] = nd;
          hops[v] = nh;
          first[v] = f;
        }
      });
    }
    for (let dst = 0; dst < n; dst++) if (dst !== src) next[src * n + dst] = first[dst];
  }
  return next;
}

describe('computeRoutes', () => {
  it('prefers the path of least delay over fewer hops', () => {
    // 0 —100— 1 directly, or 0 —10— 2 —10— 1
    const d = dirs([
      [0, 1, 100],
      [0, 2, 10],
      [2, 1, 10],
    ]);
    const routes = computeRoutes(3, d, [[0, 1]]);
    expect(d[routes.next(0, 1)]).toMatchObject({ from: 0, to: 2 });
    expect(d[routes.next(2, 1)]).toMatchObject({ from: 2, to: 1 });
  });

  it('breaks delay ties by hop count', () => {
    // 0 —20— 1 directly, or 0 —10— 2 —10— 1: same delay, fewer hops wins
    const d = dirs([
      [0, 2, 10],
      [2, 1, 10],
      [0, 1, 20],
    ]);
    expect(d[computeRoutes(3, d, [[0, 1]]).next(0, 1)]).toMatchObject({ from: 0, to: 1 });
  });

  it.each([DENSE_NODES, 3, 0])('marks unreachable destinations with −1 (dense limit %i)', (limit) => {
    // 0 hangs from 1 (a stub) in one component, 2 — 3 — 4 is another: 0 reaches 1 but not 3.
    const d = dirs([
      [0, 1, 5],
      [1, 5, 5],
      [5, 1, 7],
      [2, 3, 5],
      [3, 4, 5],
    ]);
    const routes = computeRoutes(
      6,
      d,
      [
        [0, 3],
        [0, 1],
        [1, 3],
      ],
      limit,
    );
    expect(routes.next(0, 3)).toBe(-1);
    expect(routes.next(1, 3)).toBe(-1);
    expect(routes.next(0, 1)).toBeGreaterThanOrEqual(0);
    expect(routePath(routes, d, 0, 3)).toBeNull();
  });

  it('holds per host only its link numbers, and the core entries on the paths (a 2,000-host dumbbell)', () => {
    // hosts 2 … 2k+1 on router 0 (senders) and router 1 (receivers)
    const k = 1000;
    const edges: [number, number, number][] = [[0, 1, 20e6]];
    for (let i = 0; i < k; i++) edges.push([2 + i, 0, 1e6], [1, 2 + k + i, 1e6]);
    const d = dirs(edges);
    const pairs = Array.from({ length: k }, (_, i) => [2 + i, 2 + k + i] as const).flatMap(([a, b]) => [
      [a, b] as const,
      [b, a] as const,
    ]);
    const routes = computeRoutes(2 + 2 * k, d, pairs);
    // Router 0 toward router 1 (the data) and back (the ACKs); the hosts' hops come from their links.
    expect(routes.size).toBe(2);
    expect(routePath(routes, d, 2 + 7, 2 + k + 7)?.map((i) => [d[i].from, d[i].to])).toEqual([
      [9, 0],
      [0, 1],
      [1, 1009],
    ]);
  });

  it('agrees with an all-pairs search on random graphs (ties, zero delays, stubs, parallel links)', () => {
    const graph = fc.integer({ min: 2, max: 9 }).chain((n) =>
      fc.record({
        n: fc.constant(n),
        edges: fc.array(
          fc.tuple(fc.nat(n - 1), fc.nat(n - 1), fc.constantFrom(0, 1, 2, 3, 5)).filter(([a, b]) => a !== b),
          { maxLength: 14 },
        ),
      }),
    );
    fc.assert(
      fc.property(graph, ({ n, edges }) => {
        const d = dirs(edges);
        const want = oracle(n, d);
        const pairs: [number, number][] = [];
        for (let s = 0; s < n; s++) for (let t = 0; t < n; t++) if (s !== t) pairs.push([s, t]);
        const routes = computeRoutes(n, d, pairs);
        for (const [s, t] of pairs) {
          // Every node on the brute-force path of (s, t) has the same next hop.
          for (let u = s, steps = 0; u !== t && steps <= n; steps++) {
            const hop = want[u * n + t];
            expect(routes.next(u, t), `next(${u}, ${t})`).toBe(hop);
            if (hop < 0) break;
            u = d[hop].to;
          }
        }
      }),
      { numRuns: 400, seed: 17 },
    );
  });

  it('gives the same hops whatever the table (dense, per-stub with a dense or hashed core) on random networks', () => {
    // A forest (its leaves are stubs, a two-node tree is a host-to-host link) plus extra edges
    // (multi-homed hosts, parallel links, cycles with ties), and some pairs of nodes.
    const net = fc.integer({ min: 2, max: 14 }).chain((n) =>
      fc.record({
        n: fc.constant(n),
        parents: fc.array(fc.option(fc.tuple(fc.nat(), fc.constantFrom(0, 1, 2, 5)), { freq: 4 }), {
          minLength: n - 1,
          maxLength: n - 1,
        }),
        extra: fc.array(
          fc.tuple(fc.nat(n - 1), fc.nat(n - 1), fc.constantFrom(0, 1, 2, 3, 5)).filter(([a, b]) => a !== b),
          { maxLength: 5 },
        ),
        pairs: fc.array(
          fc.tuple(fc.nat(n - 1), fc.nat(n - 1)).filter(([a, b]) => a !== b),
          { minLength: 1, maxLength: 10 },
        ),
      }),
    );
    fc.assert(
      fc.property(net, ({ n, parents, extra, pairs }) => {
        const edges: [number, number, number][] = [...extra];
        parents.forEach((p, i) => {
          if (p !== null) edges.push([i + 1, p[0] % (i + 1), p[1]]);
        });
        const d = dirs(edges);
        const want = oracle(n, d);
        const asked = pairs.flatMap(([a, b]) => [[a, b] as const, [b, a] as const]);
        // Every limit from the whole table down to none: each way of holding it is used.
        for (let limit = n; limit >= 0; limit--) {
          const routes = computeRoutes(n, d, asked, limit);
          for (const [s, t] of asked) {
            const path: number[] = [];
            for (let u = s; u !== t && path.length <= n;) {
              const hop = want[u * n + t];
              expect(routes.next(u, t), `limit ${limit}: next(${u}, ${t})`).toBe(hop);
              if (hop < 0) break;
              path.push(hop);
              u = d[hop].to;
            }
            const reached = want[s * n + t] >= 0;
            expect(routePath(routes, d, s, t), `limit ${limit}: ${s} → ${t}`).toEqual(reached ? path : null);
          }
        }
      }),
      { numRuns: 300, seed: 17 },
    );
  });

  it.each([DENSE_NODES, DENSE_NODES + 1])('routes a %i-node network as the dense table does', (n) => {
    // Routers 0, 1, 2 in a ring of equal delays (ties), host 3 on routers 0 and 1 (multi-homed),
    // hosts 4 — 5 linked to each other only, the rest stubs spread over the routers and host 3.
    const edges: [number, number, number][] = [
      [0, 1, 10],
      [1, 2, 10],
      [2, 0, 10],
      [3, 0, 5],
      [3, 1, 5],
      [4, 5, 1],
    ];
    for (let h = 6; h < n; h++) edges.push([h, h % 4, 1 + (h % 3)]);
    const d = dirs(edges);
    const pairs: [number, number][] = [[4, 5]];
    for (let h = 6; h < n; h += 7) pairs.push([h, ((h * 31) % (n - 6)) + 6], [h, h % 4], [h % 3, h], [h, 4]);
    const routes = computeRoutes(n, d, pairs);
    const dense = computeRoutes(n, d, pairs, n);
    // Above the limit only the core's entries are held (6 core nodes: 3 routers, hosts 3, 4 and 5).
    if (n <= DENSE_NODES) expect(routes.size).toBe(dense.size);
    else expect(routes.size).toBeLessThanOrEqual(6 * 6);
    for (const [s, t] of pairs) {
      const path = routePath(dense, d, s, t);
      expect(routePath(routes, d, s, t)).toEqual(path);
      for (let u = s, i = 0; path !== null && u !== t; u = d[path[i++]].to) expect(routes.next(u, t)).toBe(path[i]);
    }
  });

  it('holds a large core in the hash with the same hops as the dense table (a 40 × 40 grid of ties)', () => {
    const side = 40;
    const n = side * side;
    const edges: [number, number, number][] = [];
    for (let y = 0; y < side; y++)
      for (let x = 0; x < side; x++) {
        if (x + 1 < side) edges.push([y * side + x, y * side + x + 1, 1]);
        if (y + 1 < side) edges.push([y * side + x, (y + 1) * side + x, 1]);
      }
    const d = dirs(edges);
    const pairs: [number, number][] = [];
    for (let i = 0; i < 300; i++) pairs.push([(i * 7919) % n, (i * 104729 + 13) % n]);
    const asked = pairs.filter(([a, b]) => a !== b);
    const hashed = computeRoutes(n, d, asked, 0);
    const dense = computeRoutes(n, d, asked, n);
    expect(hashed.size).toBe(dense.size);
    expect(hashed.size).toBeGreaterThan(5000);
    for (const [s, t] of asked) {
      const path = routePath(dense, d, s, t);
      expect(path).not.toBeNull();
      expect(routePath(hashed, d, s, t)).toEqual(path);
    }
  });
});
