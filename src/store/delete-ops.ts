/**
 * Deleting from a scenario as written: what a deletion takes with it (the
 * links of a node, the flows left without a route, the faults on what goes),
 * so that the result is a scenario the loader accepts, and the confirm line
 * that says so. Pure, like edit-ops.ts.
 */
import { mustFind, type LinkDoc, type ScenarioDoc } from './edit-ops';

export type DeleteTarget = { kind: 'node' | 'link' | 'flow'; id: string };

/** What a deletion takes with it: everything that would otherwise name something gone. */
export interface DeleteImpact {
  nodes: string[];
  links: string[];
  flows: string[];
  /** indices into `faults` */
  faults: number[];
}

/** Whether `from` reaches `to` over the links (full duplex, every node forwards). */
export function connected(links: readonly LinkDoc[], from: string, to: string): boolean {
  if (from === to) return true;
  const seen = new Set([from]);
  const todo = [from];
  while (todo.length) {
    const at = todo.pop()!;
    for (const l of links) {
      const other = l.a === at ? l.b : l.b === at ? l.a : null;
      if (other === null || seen.has(other)) continue;
      if (other === to) return true;
      seen.add(other);
      todo.push(other);
    }
  }
  return false;
}

/**
 * Deleting a node deletes its links; deleting a link (or a node) deletes the
 * flows that start or end there and those left without a route (the loader
 * would refuse them); faults go with their link or flow.
 */
export function deletionImpact(doc: ScenarioDoc, target: DeleteTarget): DeleteImpact {
  const nodes = target.kind === 'node' ? [target.id] : [];
  const goneLinks = new Set(
    target.kind === 'link'
      ? [target.id]
      : target.kind === 'node'
        ? doc.links.filter((l) => l.a === target.id || l.b === target.id).map((l) => l.id)
        : [],
  );
  const links = doc.links.filter((l) => !goneLinks.has(l.id));
  const flows = doc.flows
    .filter((f) => {
      if (target.kind === 'flow') return f.id === target.id;
      if (nodes.includes(f.from) || nodes.includes(f.to)) return true;
      return goneLinks.size > 0 && connected(doc.links, f.from, f.to) && !connected(links, f.from, f.to);
    })
    .map((f) => f.id);
  const faults = (doc.faults ?? []).flatMap((f, i) => {
    const onLink = typeof f.link === 'string' && goneLinks.has(f.link);
    const ofFlow = typeof f.flow === 'string' && flows.includes(f.flow);
    return onLink || ofFlow ? [i] : [];
  });
  return { nodes, links: [...goneLinks], flows, faults };
}

/** What deleting several things at once takes with it (a multi-selection): the union of their impacts. */
export function deletionImpactAll(doc: ScenarioDoc, targets: readonly DeleteTarget[]): DeleteImpact {
  const union = (a: readonly (string | number)[], b: readonly (string | number)[]) => [...new Set([...a, ...b])];
  let out: DeleteImpact = { nodes: [], links: [], flows: [], faults: [] };
  for (const t of targets) {
    const one = deletionImpact(doc, t);
    out = {
      nodes: union(out.nodes, one.nodes) as string[],
      links: union(out.links, one.links) as string[],
      flows: union(out.flows, one.flows) as string[],
      faults: union(out.faults, one.faults) as number[],
    };
  }
  // Flows left without a route once every target is gone (each impact alone may keep a detour).
  const links = doc.links.filter((l) => !out.links.includes(l.id));
  for (const f of doc.flows) {
    if (out.flows.includes(f.id)) continue;
    if (
      out.nodes.includes(f.from) ||
      out.nodes.includes(f.to) ||
      (connected(doc.links, f.from, f.to) && !connected(links, f.from, f.to))
    ) {
      out.flows.push(f.id);
    }
  }
  (doc.faults ?? []).forEach((f, i) => {
    if (out.faults.includes(i)) return;
    if (
      (typeof f.link === 'string' && out.links.includes(f.link)) ||
      (typeof f.flow === 'string' && out.flows.includes(f.flow))
    )
      out.faults.push(i);
  });
  return out;
}

export function deleteItems(doc: ScenarioDoc, impact: DeleteImpact): ScenarioDoc {
  const faults = doc.faults?.filter((_, i) => !impact.faults.includes(i));
  return {
    ...doc,
    nodes: doc.nodes.filter((n) => !impact.nodes.includes(n.id)),
    links: doc.links.filter((l) => !impact.links.includes(l.id)),
    flows: doc.flows.filter((f) => !impact.flows.includes(f.id)),
    ...(faults ? { faults } : {}),
  };
}

export function deleteNode(doc: ScenarioDoc, id: string): ScenarioDoc {
  mustFind(doc.nodes, id, 'node');
  return deleteItems(doc, deletionImpact(doc, { kind: 'node', id }));
}

export function deleteLink(doc: ScenarioDoc, id: string): ScenarioDoc {
  mustFind(doc.links, id, 'link');
  return deleteItems(doc, deletionImpact(doc, { kind: 'link', id }));
}

export function deleteFlow(doc: ScenarioDoc, id: string): ScenarioDoc {
  mustFind(doc.flows, id, 'flow');
  return deleteItems(doc, deletionImpact(doc, { kind: 'flow', id }));
}

/** The confirm line of a deletion: "Also deletes links l1 and l2, flow reno and 1 fault." */
export function describeImpact(impact: DeleteImpact, target: DeleteTarget): string {
  const parts: string[] = [];
  const names = (what: string, ids: string[]) => `${what}${ids.length === 1 ? '' : 's'} ${listWords(ids)}`;
  const links = impact.links.filter((id) => !(target.kind === 'link' && id === target.id));
  const flows = impact.flows.filter((id) => !(target.kind === 'flow' && id === target.id));
  if (links.length) parts.push(names('link', links));
  if (flows.length) parts.push(names('flow', flows));
  if (impact.faults.length) parts.push(`${impact.faults.length} fault${impact.faults.length === 1 ? '' : 's'}`);
  return parts.length ? `Also deletes ${listWords(parts)}.` : 'Nothing else refers to it.';
}

function listWords(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
