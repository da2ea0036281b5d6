/**
 * Static shortest-path routing: each node forwards toward a destination on a
 * path of least total propagation delay, ties broken by fewer hops, then by
 * the lower link-direction index (so routes never depend on object order in
 * memory). This is hop-by-hop routing, as ns-2's static routes: a node's
 * choice depends only on the destination, never on where the packet came
 * from.
 *
 * Only the routes the run uses are computed, in O(E log V) per destination
 * core node and nothing quadratic in the number of hosts:
 *  - a host with one link (a stub) reaches everything through that link, and
 *    is reached only through it, so it is left out of the search: the
 *    search runs on the core (routers and multi-homed hosts), toward the
 *    node the destination hangs from;
 *  - for each destination, one Dijkstra with a binary heap on the reversed
 *    edges gives every core node its least (delay, hops) to it; a node's
 *    next hop is then the lowest-index direction that starts a least path
 *    (its delay plus the far end's distance equals the node's, and so do
 *    the hops), the same tie-break as a search from the node itself;
 *  - only the nodes on the paths the flows take (data and ACKs) are entered
 *    in the table (routing-table.ts): a node × destination array in a network
 *    of at most DENSE_NODES nodes; above, per-node numbers for the stubs and
 *    a (core node, core target) table, so a lookup stays an array read or two.
 * Delays are whole nanoseconds, so sums compare exactly in either direction.
 */

import { DENSE_NODES, RouteTable } from './routing-table';

export interface DirEdge {
  from: number;
  to: number;
  delayNs: number;
}

export { DENSE_NODES, RouteTable } from './routing-table';

/**
 * Routes for the (source, destination) pairs given (a flow's data and its
 * ACKs are two pairs): every node on each pair's path gets its next hop
 * toward that destination. A pair with no path gets no entries.
 */
export function computeRoutes(
  n: number,
  dirs: readonly DirEdge[],
  pairs: Iterable<readonly [number, number]>,
  /** networks (and cores) of at most this many nodes get dense arrays; a parameter for the tests */
  denseNodes = DENSE_NODES,
): RouteTable {
  const g = new Graph(n, dirs);
  const table = new RouteTable(n, g.stubDir, g.stubIn, g.stubAt, denseNodes);
  // Pairs grouped by the core node their destination is reached through.
  const byTarget = new Map<number, [number, number][]>();
  for (const [src, dst] of pairs) {
    if (src === dst || src < 0 || dst < 0 || src >= n || dst >= n) continue;
    const target = g.stubDir[dst] >= 0 ? dirs[g.stubDir[dst]].to : dst;
    let list = byTarget.get(target);
    if (!list) byTarget.set(target, (list = []));
    list.push([src, dst]);
  }
  const search = new ReverseDijkstra(g);
  const path: number[] = [];
  for (const [target, list] of [...byTarget].sort((a, b) => a[0] - b[0])) {
    search.run(target);
    for (const [src, dst] of list) {
      path.length = 0;
      let u = src;
      while (u !== dst && path.length <= n) {
        // A stub's one way out; the target's way into a stub destination (its only way in); else the search's.
        const d = g.stubDir[u] >= 0 ? g.stubDir[u] : u === target ? g.stubIn[dst] : search.nextHop(u);
        if (d < 0) break;
        path.push(d);
        u = dirs[d].to;
      }
      if (u !== dst) continue;
      for (const d of path) table.set(dirs[d].from, dst, d);
    }
  }
  return table;
}

/** The directions from `src` to `dst` on the table's routes, or null if there is none. */
export function routePath(table: RouteTable, dirs: readonly DirEdge[], src: number, dst: number): number[] | null {
  const out: number[] = [];
  for (let at = src; at !== dst;) {
    const d = table.next(at, dst);
    if (d < 0 || out.length > table.nodeCount) return null;
    out.push(d);
    at = dirs[d].to;
  }
  return out;
}

/** The directions as adjacency lists (compressed rows, each in direction order), and the stubs. */
class Graph {
  /** outgoing directions of node u: outDirs[outStart[u] .. outStart[u + 1]) */
  readonly outStart: Int32Array;
  readonly outDirs: Int32Array;
  readonly inStart: Int32Array;
  readonly inDirs: Int32Array;
  /** for a stub host, its one outgoing direction; −1 for a core node */
  readonly stubDir: Int32Array;
  /** for a stub host, its one incoming direction (from the node it hangs from); −1 for a core node */
  readonly stubIn: Int32Array;
  /** for a stub host, the node it hangs from; −1 for a core node */
  readonly stubAt: Int32Array;

  constructor(
    readonly n: number,
    readonly dirs: readonly DirEdge[],
  ) {
    const outDeg = new Int32Array(n + 1);
    const inDeg = new Int32Array(n + 1);
    // A direction with an end that is not a node (an editor's half-made link) is left out.
    const valid = (d: DirEdge) => d.from >= 0 && d.from < n && d.to >= 0 && d.to < n;
    for (const d of dirs) {
      if (!valid(d)) continue;
      outDeg[d.from + 1]++;
      inDeg[d.to + 1]++;
    }
    for (let u = 0; u < n; u++) {
      outDeg[u + 1] += outDeg[u];
      inDeg[u + 1] += inDeg[u];
    }
    this.outStart = outDeg.slice();
    this.inStart = inDeg.slice();
    this.outDirs = new Int32Array(outDeg[n]);
    this.inDirs = new Int32Array(inDeg[n]);
    dirs.forEach((d, i) => {
      if (!valid(d)) return;
      this.outDirs[outDeg[d.from]++] = i;
      this.inDirs[inDeg[d.to]++] = i;
    });
    // A stub: one direction out and one in, to and from the same neighbour, which is not a stub itself.
    const single = (u: number) =>
      this.outStart[u + 1] - this.outStart[u] === 1 &&
      this.inStart[u + 1] - this.inStart[u] === 1 &&
      dirs[this.outDirs[this.outStart[u]]].to === dirs[this.inDirs[this.inStart[u]]].from &&
      dirs[this.outDirs[this.outStart[u]]].to !== u;
    this.stubDir = new Int32Array(n).fill(-1);
    this.stubIn = new Int32Array(n).fill(-1);
    this.stubAt = new Int32Array(n).fill(-1);
    for (let u = 0; u < n; u++) {
      if (single(u) && !single(dirs[this.outDirs[this.outStart[u]]].to)) {
        this.stubDir[u] = this.outDirs[this.outStart[u]];
        this.stubIn[u] = this.inDirs[this.inStart[u]];
        this.stubAt[u] = dirs[this.stubDir[u]].to;
      }
    }
  }
}

/** Least (delay, hops) from every core node to one target, by Dijkstra with a binary heap on reversed edges. */
class ReverseDijkstra {
  private readonly dist: Float64Array;
  private readonly hops: Float64Array;
  private readonly done: Uint8Array;
  private readonly heap: Int32Array;
  /** where each node sits in the heap, or −1 */
  private readonly at: Int32Array;
  private size = 0;
  /** nodes whose entries were touched by the last run, to reset only those */
  private readonly touched: Int32Array;
  private touchedCount = 0;

  constructor(private readonly g: Graph) {
    const n = g.n;
    this.dist = new Float64Array(n).fill(Infinity);
    this.hops = new Float64Array(n).fill(Infinity);
    this.done = new Uint8Array(n);
    this.heap = new Int32Array(n);
    this.at = new Int32Array(n).fill(-1);
    this.touched = new Int32Array(n);
  }

  run(target: number): void {
    for (let i = 0; i < this.touchedCount; i++) {
      const u = this.touched[i];
      this.dist[u] = Infinity;
      this.hops[u] = Infinity;
      this.done[u] = 0;
      this.at[u] = -1;
    }
    this.touchedCount = 0;
    this.size = 0;
    const { dist, hops, g } = this;
    this.relax(target, 0, 0);
    while (this.size > 0) {
      const u = this.popMin();
      this.done[u] = 1;
      for (let k = g.inStart[u]; k < g.inStart[u + 1]; k++) {
        const d = g.dirs[g.inDirs[k]];
        const v = d.from;
        // Stubs are never on a path between other nodes.
        if (this.done[v] || g.stubDir[v] >= 0) continue;
        this.relax(v, dist[u] + d.delayNs, hops[u] + 1);
      }
    }
  }

  /** The lowest-index direction out of core node u that starts a least path to the target, or −1. */
  nextHop(u: number): number {
    const { dist, hops, g } = this;
    if (dist[u] === Infinity) return -1;
    for (let k = g.outStart[u]; k < g.outStart[u + 1]; k++) {
      const di = g.outDirs[k];
      const d = g.dirs[di];
      const v = d.to;
      if (g.stubDir[v] >= 0) continue;
      if (dist[v] + d.delayNs === dist[u] && hops[v] + 1 === hops[u]) return di;
    }
    return -1;
  }

  private less(a: number, b: number): boolean {
    return this.dist[a] < this.dist[b] || (this.dist[a] === this.dist[b] && this.hops[a] < this.hops[b]);
  }

  private relax(v: number, nd: number, nh: number): void {
    if (!(nd < this.dist[v] || (nd === this.dist[v] && nh < this.hops[v]))) return;
    if (this.dist[v] === Infinity && this.at[v] < 0) this.touched[this.touchedCount++] = v;
    this.dist[v] = nd;
    this.hops[v] = nh;
    if (this.at[v] < 0) {
      this.at[v] = this.size;
      this.heap[this.size++] = v;
    }
    this.siftUp(this.at[v]);
  }

  private popMin(): number {
    const top = this.heap[0];
    this.at[top] = -1;
    const last = this.heap[--this.size];
    if (this.size > 0) {
      this.heap[0] = last;
      this.at[last] = 0;
      this.siftDown(0);
    }
    return top;
  }

  private siftUp(i: number): void {
    const heap = this.heap;
    const v = heap[i];
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(v, heap[p])) break;
      heap[i] = heap[p];
      this.at[heap[i]] = i;
      i = p;
    }
    heap[i] = v;
    this.at[v] = i;
  }

  private siftDown(i: number): void {
    const heap = this.heap;
    const v = heap[i];
    for (;;) {
      let c = 2 * i + 1;
      if (c >= this.size) break;
      if (c + 1 < this.size && this.less(heap[c + 1], heap[c])) c++;
      if (!this.less(heap[c], v)) break;
      heap[i] = heap[c];
      this.at[heap[i]] = i;
      i = c;
    }
    heap[i] = v;
    this.at[v] = i;
  }
}
