/**
 * Static shortest-path routing: each node forwards toward a destination on a
 * path of least total propagation delay, ties broken by fewer hops, then by
 * the lower link-direction index (so routes never depend on object order in
 * memory). Computed once per topology with Dijkstra from every node; the
 * network is small (tens of nodes), so the table is a dense N×N array.
 */

export interface DirEdge {
  from: number;
  to: number;
  delayNs: number;
}

/** next[src * n + dst] = the link direction to send on, or -1 if dst is unreachable (or src). */
export function computeRoutes(n: number, dirs: readonly DirEdge[]): Int32Array {
  const next = new Int32Array(n * n).fill(-1);
  const out: number[][] = Array.from({ length: n }, () => []);
  dirs.forEach((d, i) => out[d.from].push(i));
  const dist = new Float64Array(n);
  const hops = new Int32Array(n);
  const first = new Int32Array(n);
  const done = new Uint8Array(n);
  for (let src = 0; src < n; src++) {
    dist.fill(Infinity);
    hops.fill(0x7fffffff);
    first.fill(-1);
    done.fill(0);
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
      for (const di of out[u]) {
        const d = dirs[di];
        const nd = dist[u] + d.delayNs;
        const nh = hops[u] + 1;
        const f = u === src ? di : first[u];
        const v = d.to;
        if (nd < dist[v] || (nd === dist[v] && (nh < hops[v] || (nh === hops[v] && f < first[v])))) {
          dist[v] = nd;
          hops[v] = nh;
          first[v] = f;
        }
      }
    }
    for (let dst = 0; dst < n; dst++) if (dst !== src) next[src * n + dst] = first[dst];
  }
  return next;
}
