/**
 * Edits of a scenario as written: pure functions from one scenario JSON to the
 * next. They never mutate their input (the store keeps the last valid version
 * to fall back on) and never validate: the loader (parseScenario) judges every
 * result, so an edit can only ever be refused with the loader's own
 * field-path message, never half-applied.
 *
 * Values are kept as the user wrote them ("10Mbps" stays a string), so that
 * Export scenario saves the file the way a person would write it.
 */

import { parseTime } from '../engine/scenario/units';

/** A node, link, flow or fault as written: known fields typed, anything else carried along. */
export interface NodeDoc {
  id: string;
  kind: string;
  x?: number;
  y?: number;
  [field: string]: unknown;
}

export interface QueueDoc {
  type?: string;
  limit?: unknown;
  [field: string]: unknown;
}

export interface LinkDoc {
  id: string;
  a: string;
  b: string;
  bandwidth?: unknown;
  delay?: unknown;
  queue?: QueueDoc;
  [field: string]: unknown;
}

export interface FlowDoc {
  id: string;
  kind?: string;
  from: string;
  to: string;
  tcp?: Record<string, unknown>;
  [field: string]: unknown;
}

export interface FaultDoc {
  kind: string;
  [field: string]: unknown;
}

export interface ScenarioDoc {
  nodes: NodeDoc[];
  links: LinkDoc[];
  flows: FlowDoc[];
  faults?: FaultDoc[];
  [field: string]: unknown;
}

export type NodeKind = 'host' | 'router';
export type FlowKind = 'tcp' | 'cbr' | 'transaction';
export type QueueType = 'droptail' | 'red' | 'codel' | 'fqcodel' | 'pie';

/** A patch: a field set to `undefined` is removed (the loader then fills its default). */
export type Patch = Record<string, unknown>;

/**
 * Read a scenario as written for editing. The store only holds inputs the
 * loader accepted, so the lists are there; anything else is an empty scenario.
 */
export function asDoc(input: unknown): ScenarioDoc {
  const o = (typeof input === 'object' && input !== null && !Array.isArray(input) ? input : {}) as Record<
    string,
    unknown
  >;
  const list = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);
  const doc: ScenarioDoc = {
    ...o,
    nodes: list<NodeDoc>(o.nodes),
    links: list<LinkDoc>(o.links),
    flows: list<FlowDoc>(o.flows),
  };
  if (o.faults !== undefined) doc.faults = list<FaultDoc>(o.faults);
  return doc;
}

/** `prefix` + the smallest n ≥ 1 not taken. */
export function uniqueId(prefix: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  for (let n = 1; ; n++) if (!used.has(`${prefix}${n}`)) return `${prefix}${n}`;
}

function applyPatch<T extends object>(obj: T, patch: Patch): T {
  const out = { ...obj } as Record<string, unknown>;
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) delete out[k];
    else out[k] = v;
  }
  return out as T;
}

/** The index of the item called `id`; throws (the edit is refused) if there is none. */
export function mustFind<T extends { id: string }>(list: T[], id: string, what: string): number {
  const i = list.findIndex((x) => x.id === id);
  if (i < 0) throw new Error(`there is no ${what} "${id}"`);
  return i;
}

function replaceAt<T>(list: T[], i: number, item: T): T[] {
  const out = list.slice();
  out[i] = item;
  return out;
}

// ------------------------------------------------------------------ scenario

/** Top-level fields: name, seed, … */
export function updateScenario(doc: ScenarioDoc, patch: Patch): ScenarioDoc {
  return applyPatch(doc, patch);
}

/**
 * A new duration. A measurement window that ran to the old end of the run
 * follows the new end (the usual intent), instead of being refused as longer
 * than the run — if the new duration is one (a refused value would only make
 * the window wrong too).
 */
export function setDuration(doc: ScenarioDoc, value: unknown): ScenarioDoc {
  const measure = doc.measure;
  const next: ScenarioDoc = applyPatch(doc, { duration: value });
  if (!parseTime(value, 'positive').ok) return next;
  if (typeof measure === 'object' && measure !== null && (measure as Record<string, unknown>).to === doc.duration) {
    next.measure = applyPatch(measure as Record<string, unknown>, { to: value });
  }
  return next;
}

// ------------------------------------------------------------------ nodes

export function addNode(
  doc: ScenarioDoc,
  kind: NodeKind,
  at: { x: number; y: number },
): { doc: ScenarioDoc; id: string } {
  const id = uniqueId(
    kind === 'host' ? 'h' : 'r',
    doc.nodes.map((n) => n.id),
  );
  const node: NodeDoc = { id, kind, x: Math.round(at.x), y: Math.round(at.y) };
  return { doc: { ...doc, nodes: [...doc.nodes, node] }, id };
}

/** Positions are whole pixels: the file stays readable. */
export function moveNode(doc: ScenarioDoc, id: string, x: number, y: number): ScenarioDoc {
  const i = mustFind(doc.nodes, id, 'node');
  return { ...doc, nodes: replaceAt(doc.nodes, i, { ...doc.nodes[i], x: Math.round(x), y: Math.round(y) }) };
}

/** Move several nodes at once (a multi-selection dragged or nudged): one edit. */
export function moveNodes(doc: ScenarioDoc, moves: readonly { id: string; x: number; y: number }[]): ScenarioDoc {
  const at = new Map(moves.map((m) => [m.id, m]));
  for (const m of moves) mustFind(doc.nodes, m.id, 'node');
  return {
    ...doc,
    nodes: doc.nodes.map((n) => {
      const m = at.get(n.id);
      return m ? { ...n, x: Math.round(m.x), y: Math.round(m.y) } : n;
    }),
  };
}

export function setNodeKind(doc: ScenarioDoc, id: string, kind: NodeKind): ScenarioDoc {
  const i = mustFind(doc.nodes, id, 'node');
  return { ...doc, nodes: replaceAt(doc.nodes, i, { ...doc.nodes[i], kind }) };
}

/** Rename a node and every reference to it (link ends, flow ends, fault directions). */
export function renameNode(doc: ScenarioDoc, id: string, next: string): ScenarioDoc {
  const i = mustFind(doc.nodes, id, 'node');
  if (next === id) return doc;
  const swap = (v: unknown) => (v === id ? next : v);
  return {
    ...doc,
    nodes: replaceAt(doc.nodes, i, { ...doc.nodes[i], id: next }),
    links: doc.links.map((l) =>
      l.a === id || l.b === id ? { ...l, a: swap(l.a) as string, b: swap(l.b) as string } : l,
    ),
    flows: doc.flows.map((f) =>
      f.from === id || f.to === id ? { ...f, from: swap(f.from) as string, to: swap(f.to) as string } : f,
    ),
    ...(doc.faults ? { faults: doc.faults.map((f) => (f.from === id ? { ...f, from: next } : f)) } : {}),
  };
}

// ------------------------------------------------------------------ links

export const NEW_LINK = { bandwidth: '10Mbps', delay: '10ms', queue: { type: 'droptail', limit: 50 } } as const;

export function addLink(doc: ScenarioDoc, a: string, b: string): { doc: ScenarioDoc; id: string } {
  const id = uniqueId(
    'l',
    doc.links.map((l) => l.id),
  );
  const link: LinkDoc = {
    id,
    a,
    b,
    bandwidth: NEW_LINK.bandwidth,
    delay: NEW_LINK.delay,
    queue: { ...NEW_LINK.queue },
  };
  return { doc: { ...doc, links: [...doc.links, link] }, id };
}

export function updateLink(doc: ScenarioDoc, id: string, patch: Patch): ScenarioDoc {
  const i = mustFind(doc.links, id, 'link');
  return { ...doc, links: replaceAt(doc.links, i, applyPatch(doc.links[i], patch)) };
}

export function updateQueue(doc: ScenarioDoc, id: string, patch: Patch): ScenarioDoc {
  const i = mustFind(doc.links, id, 'link');
  const link = doc.links[i];
  return { ...doc, links: replaceAt(doc.links, i, { ...link, queue: applyPatch(link.queue ?? {}, patch) }) };
}

/**
 * Switch a link's queue discipline, keeping its buffer size. RED starts from
 * the classic thresholds (5 and 15 packets), brought within a smaller buffer.
 */
export function setQueueType(doc: ScenarioDoc, id: string, type: QueueType): ScenarioDoc {
  const i = mustFind(doc.links, id, 'link');
  const link = doc.links[i];
  const limit = link.queue?.limit ?? 50;
  let queue: QueueDoc;
  if (type !== 'red') queue = { type, limit };
  else {
    const n = typeof limit === 'number' && Number.isFinite(limit) ? limit : 50;
    const maxThresh = Math.min(15, n);
    const minThresh = Math.min(5, Math.floor(maxThresh / 3));
    queue = { type, limit, minThresh, maxThresh, maxP: 0.1, weight: 0.002, gentle: true };
  }
  return { ...doc, links: replaceAt(doc.links, i, { ...link, queue }) };
}

// ------------------------------------------------------------------ flows

export function addFlow(doc: ScenarioDoc, kind: FlowKind, from: string, to: string): { doc: ScenarioDoc; id: string } {
  const id = uniqueId(
    kind === 'transaction' ? 'rr' : kind,
    doc.flows.map((f) => f.id),
  );
  // A request/response flow's client is `from`: the new flow's first end asks the second.
  const flow: FlowDoc =
    kind === 'tcp'
      ? { id, kind, variant: 'reno', from, to, start: 0, stop: null, bytes: null, packetSize: 1000 }
      : kind === 'transaction'
        ? { id, kind, variant: 'reno', from, to, start: 0, stop: null, request: 512, response: '32KB', thinkTime: { distribution: 'exponential', mean: 1 }, connections: 1 }
        : { id, kind, from, to, rate: '800kbps', packetSize: 1000, start: 0, stop: null };
  return { doc: { ...doc, flows: [...doc.flows, flow] }, id };
}

export function updateFlow(doc: ScenarioDoc, id: string, patch: Patch): ScenarioDoc {
  const i = mustFind(doc.flows, id, 'flow');
  return { ...doc, flows: replaceAt(doc.flows, i, applyPatch(doc.flows[i], patch)) };
}

/**
 * Set one advanced TCP parameter (`['window']`, `['vegas', 'alpha']`);
 * `undefined` removes it, and an object left empty goes too, so the file
 * holds only what differs from the defaults.
 */
export function setTcpParam(
  doc: ScenarioDoc,
  id: string,
  path: readonly [string] | readonly [string, string],
  value: unknown,
): ScenarioDoc {
  const i = mustFind(doc.flows, id, 'flow');
  const flow = doc.flows[i];
  const tcp: Record<string, unknown> = { ...(flow.tcp ?? {}) };
  if (path.length === 1) {
    if (value === undefined) delete tcp[path[0]];
    else tcp[path[0]] = value;
  } else {
    const [group, key] = path;
    const inner =
      typeof tcp[group] === 'object' && tcp[group] !== null ? { ...(tcp[group] as Record<string, unknown>) } : {};
    if (value === undefined) delete inner[key];
    else inner[key] = value;
    if (Object.keys(inner).length) tcp[group] = inner;
    else delete tcp[group];
  }
  const next: FlowDoc = { ...flow, tcp };
  if (!Object.keys(tcp).length) delete next.tcp;
  return { ...doc, flows: replaceAt(doc.flows, i, next) };
}

// ------------------------------------------------------------------ faults

export function addFault(doc: ScenarioDoc, fault: FaultDoc): ScenarioDoc {
  return { ...doc, faults: [...(doc.faults ?? []), fault] };
}

/** Change fields of the fault at `index` (a patch field set to `undefined` is removed). */
export function updateFault(doc: ScenarioDoc, index: number, patch: Patch): ScenarioDoc {
  const faults = doc.faults ?? [];
  if (index < 0 || index >= faults.length) throw new Error(`there is no fault ${index + 1}`);
  return { ...doc, faults: replaceAt(faults, index, applyPatch(faults[index], patch)) };
}

export function deleteFault(doc: ScenarioDoc, index: number): ScenarioDoc {
  const faults = doc.faults ?? [];
  if (index < 0 || index >= faults.length) throw new Error(`there is no fault ${index + 1}`);
  return { ...doc, faults: faults.filter((_, i) => i !== index) };
}

// ------------------------------------------------------------------ suggestions

/**
 * Where a new flow goes: the first host to the host farthest from it (the
 * other side of the network), or any two connected nodes; null if no two
 * nodes are connected.
 */
export function defaultFlowEnds(doc: ScenarioDoc): { from: string; to: string } | null {
  const hosts = doc.nodes.filter((n) => n.kind === 'host').map((n) => n.id);
  const all = doc.nodes.map((n) => n.id);
  for (const pool of [hosts, all]) {
    for (const from of pool) {
      const hops = hopCounts(doc.links, from);
      let best: string | null = null;
      for (const to of pool) {
        if (to === from || !hops.has(to)) continue;
        if (best === null || hops.get(to)! > hops.get(best)!) best = to;
      }
      if (best !== null) return { from, to: best };
    }
  }
  return null;
}

/** Hops from `from` to every node it reaches (itself 0). */
export function hopCounts(links: readonly LinkDoc[], from: string): Map<string, number> {
  const hops = new Map([[from, 0]]);
  let frontier = [from];
  while (frontier.length) {
    const next: string[] = [];
    for (const at of frontier) {
      for (const l of links) {
        const other = l.a === at ? l.b : l.b === at ? l.a : null;
        if (other !== null && !hops.has(other)) {
          hops.set(other, hops.get(at)! + 1);
          next.push(other);
        }
      }
    }
    frontier = next;
  }
  return hops;
}

// ------------------------------------------------------------------ form text

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;

/**
 * A form field's text as a scenario value: a plain number becomes a JSON
 * number, anything else stays text for the loader to judge ("10Mbps" is a
 * quantity, "fast" gets the loader's message), and an empty field is
 * `undefined` (remove the field: its default applies).
 */
export function fieldValue(text: string): number | string | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  return NUMBER.test(t) ? Number(t) : t;
}

/** How a written value reads in a form field. */
export function fieldText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
