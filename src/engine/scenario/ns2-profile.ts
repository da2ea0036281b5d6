/**
 * The ns2 profile (`"profile": "ns2"`): every convention of ns-2.35 the
 * validation suite found (docs/validation.md), applied at once to the fields a
 * scenario leaves out, so that a scenario replays ns-2 — the simulator the
 * seed papers used — with no option set by hand. A field the scenario sets
 * always wins over the profile, as it wins over the default.
 *
 * What the profile sets, against the default profile:
 *  - tcpTick 0.01: RTTs and the RTO on ns-2's 10 ms clock (tcp.cc tcpTick_),
 *    instead of exact time;
 *  - tcpTickPhase: the phase ns-2 draws for each agent (its boot_time_,
 *    below), instead of 0;
 *  - Vegas: no SYN and no header bytes on data packets (ns-2's Vegas agent
 *    sends 1000-byte packets where every other agent sends 1040, and no SYN),
 *    and ns-2's Vegas agent itself (`tcp.vegas.agent: "ns2"`,
 *    tcp/cc/vegas-ns2.ts): cwnd 1 at start with the window checked on the
 *    first ACK, RTT samples from its own send-time table, BaseRTT reset after
 *    a round trip with one segment in flight, inflation kept in cwnd, nothing
 *    sent on the first two duplicate ACKs;
 *  - CUBIC without HyStart++ (`tcp.cubic.hystart` false, where the default
 *    profile follows Linux and ns-3 and turns it on): ns-2.35 has no HyStart
 *    (its TCP/Linux agent carries a tcp_cubic.c from before Linux 2.6.29,
 *    where HyStart arrived: the binary knows fast_convergence and
 *    tcp_friendliness but no hystart parameter), so a CUBIC flow leaves slow
 *    start only at a loss, as it does there and in the papers ns-2 ran. A
 *    scenario may still set `tcp.cubic.hystart` in the ns2 profile.
 *
 * The tick phase. ns-2's TcpAgent::reset() sets boot_time_ =
 * Random::uniform(tcpTick_) from the default generator, which the twin
 * script (validation/ns2/lib.tcl) seeds with the scenario's seed + 1. Each
 * agent is reset once when it is created (the agents in the order of the
 * scenario's TCP flows) and again when `$ns run` resets every node: nodes in
 * the order Tcl lists the Simulator's Node_ array (`array names`: a hash
 * table's order, reproduced below), each node's agents in the order they were
 * attached. The second draw is the one that stays. The generator is
 * MRG32k3a (core/mrg32k3a.ts), seeded as ns-2 seeds it, so the phases are
 * ns-2's own: the validation's reference (reference/ticks.csv, read through
 * Tcl's coarser `uniform` command) agrees to 2^-31 of a tick.
 */
import { MRG32K3A_M2, Mrg32k3a } from '../core/mrg32k3a';

/** ns-2.35's tcpTick_ (s). */
export const NS2_TCP_TICK = 0.01;

/** TCP parameters the ns2 profile changes for every variant. */
export const NS2_TCP = Object.freeze({ tcpTick: NS2_TCP_TICK });

/** What the ns2 profile changes for CUBIC: no HyStart++, which ns-2.35 does not have. */
export const NS2_CUBIC = Object.freeze({ hystart: false });

/** What the ns2 profile changes for Vegas: its agent's packet format. */
export const NS2_VEGAS = Object.freeze({ handshake: false, headerBytes: 0 });

/** ...and its agent: ns-2.35's tcp-vegas.cc, quirks included (tcp/cc/vegas-ns2.ts). */
export const NS2_VEGAS_AGENT = 'ns2' as const;

/**
 * The order Tcl 8.6 lists the keys of an array that were set in this order:
 * a hash table of 4 buckets growing ×4 when it holds 3 entries per bucket
 * (tclHash.c), keys hashed by tclVar.c's HashVarKey (h = 9h + c), entries
 * prepended to their bucket's chain, buckets listed in order.
 */
export function tclArrayOrder(keys: readonly string[]): string[] {
  let buckets: string[][] = [[], [], [], []];
  const hash = (k: string): number => {
    let h = 0;
    for (let i = 0; i < k.length; i++) h = (h + (h << 3) + k.charCodeAt(i)) >>> 0;
    return h;
  };
  let n = 0;
  for (const k of keys) {
    buckets[hash(k) & (buckets.length - 1)].unshift(k);
    n++;
    if (n >= buckets.length * 3) {
      // RebuildTable: walk the old buckets in order, prepending into the new ones.
      const old = buckets;
      buckets = Array.from({ length: old.length * 4 }, () => []);
      for (const chain of old) for (const e of chain) buckets[hash(e) & (buckets.length - 1)].unshift(e);
    }
  }
  return buckets.flat();
}

export interface Ns2Agent {
  /** the node the agent is attached to (index) */
  node: number;
  /** its tcpTick_, s */
  tick: number;
}

/**
 * The boot_time_ ns-2.35 gives each TCP agent of a twin script (agents listed
 * in the order they are created, i.e. the scenario's TCP flows), by agent.
 */
export function ns2TickPhases(seed: number, nodeCount: number, agents: readonly Ns2Agent[]): number[] {
  // lib.tcl seeds the default generator with seed + 1 (ns-2 refuses 0). ns-2
  // refuses seeds from MRG32k3a's m2 up; those few (the scenario allows up
  // to 2^32 − 1) wrap around here rather than fail the load.
  const rng = new Mrg32k3a(1 + (seed % (MRG32K3A_M2 - 1)));
  for (let i = 0; i < agents.length; i++) rng.next(); // the reset when each agent is created
  const phases = new Array<number>(agents.length).fill(0);
  const order = tclArrayOrder(Array.from({ length: nodeCount }, (_, i) => String(i)));
  for (const key of order) {
    const node = Number(key);
    agents.forEach((a, i) => {
      if (a.node === node) phases[i] = a.tick * rng.next();
    });
  }
  return phases;
}
