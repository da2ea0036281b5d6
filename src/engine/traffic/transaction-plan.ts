/**
 * How a transaction flow runs on the engine's one-way TCP agents: each of its
 * connections is two TCP flows, the request direction (client → server,
 * `<id>.<c>.req`) and the response direction (server → client, `<id>.<c>`),
 * as ns-2 builds two-way applications (Application/TcpApp) from two one-way
 * agents. The flow list the engine runs is the scenario's with each
 * transaction flow replaced, in place, by its connections' flows, response
 * first; every output row keyed by flow (timeseries.csv, events.csv,
 * summary.csv) then speaks of these ids.
 *
 * One handshake per connection: the request direction opens it with its SYN
 * when `tcp.handshake` is on; the response direction rides the connection
 * already open when the first request arrives, so it sends no SYN of its own
 * (its cwnd starts at `initialCwnd`).
 *
 * Pure: the scenario loader uses it to check the generated ids, the
 * simulator to build its flows.
 */
import type { CbrFlowSpec, FlowSpec, Scenario, TcpFlowSpec, TransactionFlowSpec } from '../scenario/types';

/** One connection of a transaction flow: its two directions' indexes in the engine's flow list. */
export interface ConnectionPlan {
  /** 1-based, as transactions.csv numbers it */
  number: number;
  request: number;
  response: number;
}

export interface TransactionPlan {
  /** index of the transaction flow in the scenario */
  flow: number;
  spec: TransactionFlowSpec;
  connections: ConnectionPlan[];
}

/** A flow as the engine runs it: TCP or CBR. */
export type EngineFlowSpec = TcpFlowSpec | CbrFlowSpec;

export interface EngineFlows {
  /** what the engine runs: TCP and CBR flows only */
  flows: EngineFlowSpec[];
  transactions: TransactionPlan[];
  /** for each engine flow, the transaction plan it belongs to (index in `transactions`), or −1 */
  owner: number[];
  /** for each engine flow, the index of the scenario's flow it comes from */
  source: number[];
}

/** Id of a connection's response direction (the flow whose cwnd the server grows). */
export const responseFlowId = (id: string, c: number): string => `${id}.${c}`;
/** Id of a connection's request direction. */
export const requestFlowId = (id: string, c: number): string => `${id}.${c}.req`;

/** The scenario's flows as the engine runs them (see the file header). */
export function engineFlows(s: Pick<Scenario, 'flows'>): EngineFlows {
  const flows: EngineFlows['flows'] = [];
  const transactions: TransactionPlan[] = [];
  const owner: number[] = [];
  const source: number[] = [];
  s.flows.forEach((f, fi) => {
    if (f.kind !== 'transaction') {
      flows.push(f);
      owner.push(-1);
      source.push(fi);
      return;
    }
    const plan: TransactionPlan = { flow: fi, spec: f, connections: [] };
    const t = transactions.length;
    for (let c = 1; c <= f.connections; c++) {
      const common = { kind: 'tcp' as const, variant: f.variant, start: f.start, stop: null, packetSize: f.packetSize };
      const response = flows.length;
      flows.push({
        ...common,
        id: responseFlowId(f.id, c),
        from: f.to,
        to: f.from,
        bytes: f.response,
        tcp: { ...f.tcp, handshake: false },
      });
      flows.push({
        ...common,
        id: requestFlowId(f.id, c),
        from: f.from,
        to: f.to,
        bytes: f.request,
        tcp: { ...f.tcp },
      });
      owner.push(t, t);
      source.push(fi, fi);
      plan.connections.push({ number: c, request: response + 1, response });
    }
    transactions.push(plan);
  });
  return { flows, transactions, owner, source };
}

/** How many flows the engine runs for these scenario flows, without building them. */
export function engineFlowCount(flows: readonly FlowSpec[]): number {
  let n = 0;
  for (const f of flows) n += f.kind === 'transaction' ? 2 * f.connections : 1;
  return n;
}

const runFlowsMemo = new WeakMap<object, EngineFlowSpec[]>();

/**
 * The flows of a run by index, as the page's charts number them (the run's
 * flow ids): the scenario's own when it has no transaction flow.
 */
export function runFlows(s: Pick<Scenario, 'flows'>): readonly EngineFlowSpec[] {
  let flows = runFlowsMemo.get(s);
  if (!flows) {
    flows = engineFlows(s).flows;
    runFlowsMemo.set(s, flows);
  }
  return flows;
}
