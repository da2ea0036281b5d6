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
import type { Scenario } from '../scenario/types';
import { LinkDir } from './link-dir';

/** A node's index by its id (the loader has checked every id: an unknown one is a bug). */
export function nodeOf(nodeIndex: ReadonlyMap<string, number>, id: string): number {
  const i = nodeIndex.get(id);
  if (i === undefined) throw new Error(`unknown node "${id}"`);
  return i;
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
      dirs.push(new LinkDir(dirs.length, li, from, to, l.bandwidth, secondsToNs(l.delay), q));
    }
  });
  return dirs;
}
