/**
 * The next-hop table of a run: next(node, dst) is read at every hop of every
 * packet (Network.atNode), so it must be an array read or two whatever the
 * size of the network, with memory linear in nodes and flows.
 *
 *  - A network of at most `denseNodes` nodes keeps a node × destination array
 *    (1 MB at most): one read.
 *  - A larger one is mostly stub hosts (one link each; routing.ts). A stub
 *    sends everything on its one link and is reached only through the node it
 *    hangs from, so per node three numbers answer most questions: its one way
 *    out (stubs), the core node it stands for (its attachment, or itself),
 *    and the way from its attachment into it (stubs). What is left is a
 *    question between core nodes, (core node, attachment of the destination),
 *    held in a core × core array when the core has at most `denseNodes` nodes
 *    (the 2,000-flow dumbbell has 2), else in an open-addressed hash of the
 *    entries on the flows' paths only. (A hash keyed by (node, destination)
 *    would hold some 17,600 entries in that dumbbell, probed at random: a
 *    cache miss or two per hop.)
 *
 * On every flow's path the answer is the search's next hop, whichever way the
 * table is held; off the paths it is −1 or a true next hop (the per-node
 * numbers answer for every stub). A stub's answer toward a destination its
 * attachment cannot reach is −1: the lookup asks the core table whether the
 * attachment has a route, which it has iff the pair's path was entered.
 */

/** Networks (and cores) of at most this many nodes get a dense array (1 MB at most). */
export const DENSE_NODES = 512;

/** Per node, in `node`: [its one way out if a stub else −1, its core index, the way into it if a stub else −1, unused]. */
const OUT = 0;
const CORE = 1;
const IN = 2;
const STRIDE = 4;

/** The next hops the run needs: next(node, dst) = link direction index, or −1. */
export class RouteTable {
  /** next hop of (node, dst) at node · nodeCount + dst, −1 where none; null above `denseNodes` nodes */
  private readonly dense: Int32Array | null;
  /** STRIDE numbers a node (see OUT, CORE, IN); empty with `dense` */
  private readonly node: Int32Array;
  /** number of core nodes (nodes that are not stubs) */
  private readonly coreCount: number;
  /** next hop of (core node, core target) at index · coreCount + index; null when the core is above `denseNodes` */
  private readonly coreDense: Int32Array | null;
  // The hash of (core node, core target) entries, when coreDense is null.
  private keys: Float64Array;
  private vals: Int32Array;
  private mask: number;
  /** 32 − log2(hash size): the hash's slot is the top bits of the product */
  private shift: number;
  private count = 0;

  /**
   * @param stubOut per node, a stub's one outgoing direction, or −1 for a core node
   * @param stubIn per node, a stub's one incoming direction (from the node it hangs from), or −1
   * @param stubAt per node, the node a stub hangs from, or −1
   */
  constructor(
    readonly nodeCount: number,
    stubOut: Int32Array,
    stubIn: Int32Array,
    stubAt: Int32Array,
    denseNodes = DENSE_NODES,
  ) {
    this.keys = new Float64Array(16).fill(-1);
    this.vals = new Int32Array(16);
    this.mask = 15;
    this.shift = 28;
    const n = nodeCount;
    if (n <= denseNodes) {
      this.dense = new Int32Array(n * n).fill(-1);
      this.node = new Int32Array(0);
      this.coreCount = 0;
      this.coreDense = null;
      return;
    }
    this.dense = null;
    const coreIndex = new Int32Array(n).fill(-1);
    let c = 0;
    for (let u = 0; u < n; u++) if (stubOut[u] < 0) coreIndex[u] = c++;
    this.coreCount = c;
    const node = new Int32Array(n * STRIDE);
    for (let u = 0; u < n; u++) {
      const i = u * STRIDE;
      const stub = stubOut[u] >= 0;
      node[i + OUT] = stub ? stubOut[u] : -1;
      node[i + CORE] = coreIndex[stub ? stubAt[u] : u];
      node[i + IN] = stub ? stubIn[u] : -1;
    }
    this.node = node;
    this.coreDense = c <= denseNodes ? new Int32Array(c * c).fill(-1) : null;
  }

  /** Entries held besides the per-node numbers: (node, destination) in a dense table, else (core node, core target). */
  get size(): number {
    return this.count;
  }

  /** The link direction `node` sends packets for `dst` on, or −1 (no route; off the flows' paths, −1 or the route). */
  next(node: number, dst: number): number {
    const dense = this.dense;
    if (dense !== null) return dense[node * this.nodeCount + dst];
    return this.viaCore(node, dst);
  }

  /**
   * next() in a network above `denseNodes` nodes: the per-node numbers, then
   * the core's table. Apart from next() so that next() stays small: V8
   * inlines at most 920 bytes of bytecode into one optimized function, and
   * the arrival handler that reads the route at every hop spends most of
   * them on the event list.
   */
  private viaCore(node: number, dst: number): number {
    const info = this.node;
    const u = node * STRIDE;
    const t = dst * STRIDE;
    const cu = info[u + CORE];
    const ct = info[t + CORE];
    const out = info[u + OUT];
    // Same attachment: a stub goes up its link (to the core node or a sibling stub); the core node goes down into dst.
    if (cu === ct) return out >= 0 ? (node === dst ? -1 : out) : info[t + IN];
    const d = this.coreDense !== null ? this.coreDense[cu * this.coreCount + ct] : this.probe(cu * this.coreCount + ct);
    // A stub's way out leads somewhere only if its attachment has a route on.
    return out >= 0 && d >= 0 ? out : d;
  }

  /**
   * Enter the next hop of `node` toward `dst`. A stub's way out and the way
   * into a stub are implied by the per-node numbers (routing.ts computes them
   * the same way), so only the core's entries are stored.
   */
  set(node: number, dst: number, dir: number): void {
    const dense = this.dense;
    if (dense !== null) {
      const key = node * this.nodeCount + dst;
      if (dense[key] < 0) this.count++;
      dense[key] = dir;
      return;
    }
    const u = node * STRIDE;
    const cu = this.node[u + CORE];
    const ct = this.node[dst * STRIDE + CORE];
    if (this.node[u + OUT] >= 0 || cu === ct) return;
    const key = cu * this.coreCount + ct;
    if (this.coreDense !== null) {
      if (this.coreDense[key] < 0) this.count++;
      this.coreDense[key] = dir;
      return;
    }
    this.put(key, dir);
  }

  private probe(key: number): number {
    const keys = this.keys;
    for (let i = slotOf(key, this.shift); ; i = (i + 1) & this.mask) {
      const k = keys[i];
      if (k === key) return this.vals[i];
      if (k < 0) return -1;
    }
  }

  private put(key: number, dir: number): void {
    if (2 * (this.count + 1) > this.keys.length) this.grow();
    for (let i = slotOf(key, this.shift); ; i = (i + 1) & this.mask) {
      const k = this.keys[i];
      if (k === key || k < 0) {
        if (k < 0) this.count++;
        this.keys[i] = key;
        this.vals[i] = dir;
        return;
      }
    }
  }

  private grow(): void {
    const keys = this.keys;
    const vals = this.vals;
    this.keys = new Float64Array(keys.length * 2).fill(-1);
    this.vals = new Int32Array(keys.length * 2);
    this.mask = keys.length * 2 - 1;
    this.shift--;
    this.count = 0;
    for (let i = 0; i < keys.length; i++) if (keys[i] >= 0) this.put(keys[i], vals[i]);
  }
}

/** Fibonacci hashing of a key below 2^53 into 2^(32 − shift) slots (the product's top bits). */
function slotOf(key: number, shift: number): number {
  const lo = key | 0;
  const hi = (key / 4294967296) | 0;
  return Math.imul(lo ^ Math.imul(hi, 0x85ebca6b), 0x9e3779b1) >>> shift;
}
