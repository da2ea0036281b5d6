/**
 * Cross-field rules the schema cannot express, checked on the normalized
 * scenario (defaults filled, base units): unique ids, references between
 * nodes, links, flows and faults, orderings between fields, and that every
 * flow has a route. Each problem gives the path of the field to fix.
 */
import type { LinkSpec, Scenario, ScenarioIssue, TcpFlowSpec, TransactionFlowSpec } from './types';
import { engineFlowCount, requestFlowId, responseFlowId } from '../traffic/transaction-plan';
import { suggest } from './suggest';
import { MAX_ENGINE_FLOWS, MAX_IP_PACKET, MAX_SAMPLES, MAX_SEGMENTS } from './limits';
import { mahimahiProblem } from './mahimahi';
import { SAMPLE_TRACES, sampleTrace } from './trace-samples';

export { MAX_SAMPLES } from './limits';

export function validateScenario(s: Scenario): ScenarioIssue[] {
  const issues: ScenarioIssue[] = [];
  const add = (path: string, message: string) => issues.push({ path, message });

  checkRunWindow(s, add);

  const nodeIds = indexIds('nodes', s.nodes, add);
  const linkIds = indexIds('links', s.links, add);
  const flowIds = indexIds('flows', s.flows, add);

  s.links.forEach((link, i) => {
    const at = `links[${i}]`;
    checkNodeRef(`${at}.a`, link.a, nodeIds, add);
    checkNodeRef(`${at}.b`, link.b, nodeIds, add);
    if (link.a === link.b) add(`${at}.b`, `a link must join two different nodes (both ends are ${quote(link.a)})`);
    checkCapacity(link, at, add);
    const q = link.queue;
    if (q.type === 'pie' && q.dequeueRateEstimator) {
      add(
        `${at}.queue.dequeueRateEstimator`,
        'the dequeue-rate estimator (RFC 8033 §4.3) is not modelled: must be false (timestamps)',
      );
    }
    if (q.type === 'red') {
      // Equal thresholds are a step at K (with weight 1 and gentle off, DCTCP's marking, RFC 8257 §3.3).
      if (q.minThresh > q.maxThresh) {
        add(`${at}.queue.maxThresh`, `must be at least minThresh (${q.minThresh}) (got ${q.maxThresh})`);
      } else if (q.maxThresh > q.limit) {
        add(
          `${at}.queue.maxThresh`,
          `must not exceed the queue limit (${q.limit} packets): the average queue could never reach it (got ${q.maxThresh})`,
        );
      }
    }
  });

  const component = components(
    s.nodes.map((n) => n.id),
    s.links,
  );
  // A link with a bad end already has its message; the route it was meant to
  // give is then unknowable, so "no route" is not claimed on top of it.
  const linkKnown = (l: LinkSpec) => nodeIds.has(l.a) && nodeIds.has(l.b) && l.a !== l.b;
  const topologyKnown = s.links.every(linkKnown);
  s.flows.forEach((flow, i) => {
    const at = `flows[${i}]`;
    const fromOk = checkNodeRef(`${at}.from`, flow.from, nodeIds, add);
    const toOk = checkNodeRef(`${at}.to`, flow.to, nodeIds, add);
    if (flow.from === flow.to) {
      add(`${at}.to`, `a flow must go to another node (from and to are both ${quote(flow.from)})`);
    } else if (topologyKnown && fromOk && toOk && component.get(flow.from) !== component.get(flow.to)) {
      add(at, `no route from ${quote(flow.from)} to ${quote(flow.to)}: no chain of links joins them`);
    }
    if (flow.stop !== null && flow.stop <= flow.start) {
      add(`${at}.stop`, `must be later than start (${flow.start} s) (got ${flow.stop} s)`);
    }
    if (flow.kind === 'tcp') checkTcp(at, flow, add);
    if (flow.kind === 'transaction') {
      checkTcp(at, flow, add);
      checkTransactionIds(at, flow, flowIds, add);
    }
  });
  const engineCount = engineFlowCount(s.flows);
  if (engineCount > MAX_ENGINE_FLOWS) {
    add(
      'flows',
      `too many connections: the run would need ${engineCount} one-way TCP and CBR flows (each connection of a transaction flow takes two), at most ${MAX_ENGINE_FLOWS}: lower some transaction flow's connections`,
    );
  }

  s.faults.forEach((fault, i) => {
    const at = `faults[${i}]`;
    if (fault.kind === 'dropSegments') {
      const flow = flowIds.get(fault.flow);
      if (flow === undefined) {
        add(`${at}.flow`, unknownRef('flow', fault.flow, flowIds));
      } else if (s.flows[flow]!.kind !== 'tcp') {
        add(
          `${at}.flow`,
          `${quote(fault.flow)} is a ${s.flows[flow]!.kind.toUpperCase()} flow: dropSegments drops numbered TCP data segments, so it needs a TCP flow`,
        );
      }
      return;
    }
    const index = linkIds.get(fault.link);
    if (index === undefined) {
      add(`${at}.link`, unknownRef('link', fault.link, linkIds));
    } else if (fault.kind !== 'linkDown' && fault.from !== null) {
      const link = s.links[index]!;
      // Checked only against a well-formed link, for the same reason as routes.
      if (linkKnown(link) && fault.from !== link.a && fault.from !== link.b) {
        add(
          `${at}.from`,
          `${quote(fault.from)} is not an end of link ${quote(link.id)} (its ends are ${quote(link.a)} and ${quote(link.b)}); leave it out for both directions`,
        );
      }
    }
    if (fault.kind === 'randomLoss' && fault.until !== null && fault.until <= fault.at) {
      add(`${at}.until`, `must be later than at (${fault.at} s) (got ${fault.until} s)`);
    }
  });

  return issues;
}

type Add = (path: string, message: string) => void;

/** An id as it appears in a message: quoted and escaped, so an odd id cannot break the one-line format. */
const quote = (id: string): string => JSON.stringify(id);

function checkRunWindow(s: Scenario, add: Add): void {
  const samples = s.duration / s.sampleInterval;
  if (samples > MAX_SAMPLES) {
    add(
      'sampleInterval',
      `too small for a ${s.duration} s run: it would take ${Math.ceil(samples)} samples, at most ${MAX_SAMPLES} are kept ` +
        `(use at least ${s.duration / MAX_SAMPLES} s) (got ${s.sampleInterval} s)`,
    );
  }
  if (s.measure.from >= s.duration) {
    add('measure.from', `must be earlier than the end of the run (duration ${s.duration} s) (got ${s.measure.from} s)`);
  } else if (s.measure.to > s.duration) {
    add('measure.to', `must be at most the duration (${s.duration} s) (got ${s.measure.to} s)`);
  } else if (s.measure.to <= s.measure.from) {
    add('measure.to', `must be later than measure.from (${s.measure.from} s) (got ${s.measure.to} s)`);
  }
}

/**
 * A transaction flow's connections run as flows named `<id>.<c>` and
 * `<id>.<c>.req` (traffic/transaction-plan.ts): another flow must not already
 * have one of those names, or the outputs could not tell them apart.
 */
function checkTransactionIds(at: string, flow: TransactionFlowSpec, flowIds: Map<string, number>, add: Add): void {
  // Only ids of the form <this id>.<n>… can collide: check those, not every connection.
  for (const other of flowIds.keys()) {
    if (!other.startsWith(`${flow.id}.`)) continue;
    const m = /^(\d+)(\.req)?$/.exec(other.slice(flow.id.length + 1));
    const c = m ? Number(m[1]) : 0;
    if (
      c >= 1 &&
      c <= flow.connections &&
      (other === responseFlowId(flow.id, c) || other === requestFlowId(flow.id, c))
    ) {
      add(
        `${at}.id`,
        `its connection ${c} runs as flow ${quote(other)}, which is already another flow's id: rename one of them`,
      );
      return;
    }
  }
}

function checkTcp(at: string, flow: TcpFlowSpec | TransactionFlowSpec, add: Add): void {
  const t = flow.tcp;
  if (t.minRto > t.maxRto) add(`${at}.tcp.maxRto`, `must be at least minRto (${t.minRto} s) (got ${t.maxRto} s)`);
  if (t.tcpTick > 0) {
    // The tick arithmetic keeps srtt and rttvar as integers scaled by 2^T_SRTT_BITS and
    // 2^T_RTTVAR_BITS (ns-2 tcp.cc rtt_update), so each gain must be a power of two.
    for (const [key, bits] of [
      ['rttGain', 'T_SRTT_BITS'],
      ['rttVarGain', 'T_RTTVAR_BITS'],
    ] as const) {
      if (!isPowerOfTwoFraction(t[key])) {
        add(
          `${at}.tcp.${key}`,
          `must be 1, 1/2, 1/4, 1/8, … when tcpTick is set: the tick arithmetic divides by it as a bit shift (ns-2 ${bits}) (got ${t[key]})`,
        );
      }
    }
    if (t.tcpTickPhase >= t.tcpTick) {
      add(`${at}.tcp.tcpTickPhase`, `must be less than tcpTick (${t.tcpTick} s) (got ${t.tcpTickPhase} s)`);
    }
  } else if (t.tcpTickPhase !== 0) {
    add(
      `${at}.tcp.tcpTickPhase`,
      `places the boundaries of the RTT clock's ticks, but tcpTick is 0 (exact time): set tcpTick too, or leave this out (got ${t.tcpTickPhase} s)`,
    );
  }
  if (t.vegas.alpha > t.vegas.beta) {
    add(`${at}.tcp.vegas.beta`, `must be at least alpha (${t.vegas.alpha}) (got ${t.vegas.beta})`);
  }
  if (flow.packetSize + t.headerBytes > MAX_IP_PACKET) {
    add(
      `${at}.packetSize`,
      `with ${t.headerBytes} header bytes the packet would exceed ${MAX_IP_PACKET} bytes (got ${flow.packetSize})`,
    );
  }
  // Segments are numbered in 32 bits (the packet pool's sequence numbers).
  if (flow.kind === 'tcp' && flow.bytes !== null && Math.ceil(flow.bytes / flow.packetSize) > MAX_SEGMENTS) {
    add(
      `${at}.bytes`,
      `would take ${Math.ceil(flow.bytes / flow.packetSize)} segments of ${flow.packetSize} bytes, at most ${MAX_SEGMENTS} can be numbered: ` +
        `use a larger packetSize or a smaller file (got ${flow.bytes} bytes)`,
    );
  }
}

/** x = 1/2^n for a whole n ≥ 0. */
function isPowerOfTwoFraction(x: number): boolean {
  const n = Math.round(-Math.log2(x));
  return n >= 0 && 2 ** -n === x;
}

/** Map each id to its first index, reporting repeats. */
function indexIds(list: string, items: readonly { id: string }[], add: Add): Map<string, number> {
  const first = new Map<string, number>();
  items.forEach((item, i) => {
    const earlier = first.get(item.id);
    if (earlier === undefined) first.set(item.id, i);
    else add(`${list}[${i}].id`, `duplicate id ${quote(item.id)} (also ${list}[${earlier}])`);
  });
  return first;
}

function checkNodeRef(path: string, id: string, nodes: Map<string, number>, add: Add): boolean {
  if (nodes.has(id)) return true;
  add(path, unknownRef('node', id, nodes));
  return false;
}

function unknownRef(what: string, id: string, known: Map<string, number>): string {
  const ids = [...known.keys()];
  const listed = ids.length === 0 ? `there are no ${what}s` : `${what}s are ${listIds(ids)}`;
  const hint = suggest(id, ids);
  return `unknown ${what} ${quote(id)} (${listed})${hint ? `; did you mean ${quote(hint)}?` : ''}`;
}

function listIds(ids: string[]): string {
  const shown = ids.slice(0, 12).map(quote);
  return ids.length > shown.length ? `${shown.join(', ')} and ${ids.length - shown.length} more` : shown.join(', ');
}

/**
 * Label each node with its connected component. Links are full duplex and
 * every node forwards, so a route exists exactly when both ends share a label.
 */
function components(nodes: readonly string[], links: readonly LinkSpec[]): Map<string, number> {
  const parent = new Map<string, string>(nodes.map((n) => [n, n]));
  const find = (n: string): string => {
    let root = n;
    while (parent.get(root) !== root) root = parent.get(root)!;
    // Path compression keeps this linear on long chains.
    let cur = n;
    while (cur !== root) {
      const next = parent.get(cur)!;
      parent.set(cur, root);
      cur = next;
    }
    return root;
  };
  for (const link of links) {
    if (parent.has(link.a) && parent.has(link.b)) parent.set(find(link.a), find(link.b));
  }
  const labels = new Map<string, number>();
  const roots = new Map<string, number>();
  for (const n of nodes) {
    const root = find(n);
    if (!roots.has(root)) roots.set(root, roots.size);
    labels.set(n, roots.get(root)!);
  }
  return labels;
}

/** A link's schedule and delivery traces: directions that exist, a known sample, a usable trace. */
function checkCapacity(link: LinkSpec, at: string, add: (path: string, message: string) => void): void {
  const end = (path: string, from: string | null) => {
    if (from !== null && from !== link.a && from !== link.b)
      add(path, `must be an end of the link, ${quote(link.a)} or ${quote(link.b)} (got ${quote(from)})`);
  };
  (link.schedule ?? []).forEach((r, j) => end(`${at}.schedule[${j}].from`, r.from));
  const traces = link.trace ?? [];
  traces.forEach((t, j) => {
    const tp = traces.length === 1 ? `${at}.trace` : `${at}.trace[${j}]`;
    end(`${tp}.from`, t.from);
    if (t.file !== undefined) {
      add(
        `${tp}.file`,
        `only the command-line runner reads a trace file (${quote(t.file)}); give its timestamps as \`ms\``,
      );
      return;
    }
    if (t.sample !== null && sampleTrace(t.sample) === undefined) {
      const hint = suggest(t.sample, SAMPLE_TRACES);
      add(
        `${tp}.sample`,
        `unknown trace ${quote(t.sample)}${hint ? ` (did you mean ${quote(hint)}?)` : ''}: one of ${SAMPLE_TRACES.join(', ')}`,
      );
      return;
    }
    if (t.sample !== null && t.ms !== sampleTrace(t.sample)) {
      add(`${tp}.sample`, `give either a sample or ms, not both`);
      return;
    }
    if (t.ms.length === 0) {
      add(tp, 'give the delivery opportunities: `sample` (a shipped trace), `ms` (Mahimahi timestamps) or `file`');
      return;
    }
    const problem = mahimahiProblem(t.ms);
    if (problem) add(problem.at === null ? `${tp}.ms` : `${tp}.ms[${problem.at}]`, problem.message);
  });
  if (traces.length === 2 && (traces[0].from ?? '') === (traces[1].from ?? ''))
    add(`${at}.trace[1].from`, 'two traces for the same direction: give each a different `from`');
}
