/**
 * The link directions of a scenario: two per full-duplex link (a→b first,
 * then b→a), each with its own queue (queues/registry.ts). A discipline that
 * draws (RED) gets a random stream of its own per direction, named by link and
 * sending end, so adding a link changes no other queue's draws; the name keeps
 * its `red:` prefix so that existing runs replay.
 */
import { rngStream } from '../core/rng';
import { secondsToNs } from '../core/time';
import { createQueue } from '../queues/registry';
import type { LinkSpec, Scenario } from '../scenario/types';
import { DeliveryTrace, RateSchedule, type Capacity } from './capacity';
import { LinkDir } from './link-dir';

/** A node's index by its id (the loader has checked every id: an unknown one is a bug). */
export function nodeOf(nodeIndex: ReadonlyMap<string, number>, id: string): number {
  const i = nodeIndex.get(id);
  if (i === undefined) throw new Error(`unknown node "${id}"`);
  return i;
}

/** The changing capacity of the direction of `l` sent from node `fromId`, or null (links[].trace wins over schedule). */
function capacityOf(l: LinkSpec, fromId: string): Capacity | null {
  const applies = (from: string | null) => from === null || from === fromId;
  const trace = l.trace?.filter((t) => applies(t.from)).pop();
  if (trace && trace.ms.length > 0) return new DeliveryTrace(Int32Array.from(trace.ms), trace.mtu);
  const steps = (l.schedule ?? []).filter((r) => applies(r.from)).sort((x, y) => x.at - y.at);
  if (steps.length === 0) return null;
  return new RateSchedule(
    l.bandwidth,
    Float64Array.from(steps, (r) => secondsToNs(r.at)),
    Float64Array.from(steps, (r) => r.bandwidth),
  );
}

export function linkDirections(s: Scenario, nodeIndex: ReadonlyMap<string, number>): LinkDir[] {
  const node = (id: string): number => nodeOf(nodeIndex, id);
  const dirs: LinkDir[] = [];
  s.links.forEach((l, li) => {
    const a = node(l.a);
    const b = node(l.b);
    for (const [from, to] of [
      [a, b],
      [b, a],
    ]) {
      const q = createQueue(l.queue, {
        bandwidth: l.bandwidth,
        rng: () => rngStream(s.seed, `red:${l.id}:${s.nodes[from].id}`),
      });
      const dir = new LinkDir(dirs.length, li, from, to, l.bandwidth, secondsToNs(l.delay), q);
      dir.capacity = capacityOf(l, s.nodes[from].id);
      dirs.push(dir);
    }
  });
  return dirs;
}
