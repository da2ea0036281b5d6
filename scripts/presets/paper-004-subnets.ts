/**
 * Paper 004's multiple-clients network (section 3.5): six clients and two
 * servers in four subnets, FTP and database traffic as request/response
 * flows. The congested preset (paper-004-congested.ts) and the lightly
 * congested one (paper-004-light.ts) differ only in the applications' load.
 */
import type { FlowSummaryRow } from '../../src/engine/output/rundata';
import type { Variant } from '../../src/engine/scenario/types';
import { type Json, type Run, type RunSpec, link, node, scenarioBody } from './common';
import { TCP004 } from './paper-004';

export const VARIANTS004: Variant[] = ['reno', 'sack', 'newreno'];
export const CLIENTS = [1, 2, 3, 4, 5, 6];
/** Clients 1–3 use server 1, clients 4–6 server 2 (the paper does not say which uses which). */
const serverOf = (client: number) => (client <= 3 ? 'server1' : 'server2');

/** One application as a request/response flow (traffic/transactions.ts). */
export interface App004 {
  /** bytes */
  request: number;
  /** bytes, or a size such as "1MB" */
  response: number | string;
  thinkTime: { distribution: 'exponential'; mean: number };
  connections: number;
}

export function subnetsBody004(ftp: App004, database: App004, variant: Variant = 'reno'): Json {
  const nodes: Json[] = [
    node('server1', 'host', 60, 90),
    node('routerA', 'router', 200, 90),
    node('server2', 'host', 60, 310),
    node('routerB', 'router', 200, 310),
    node('cloud', 'router', 360, 200),
    node('routerC', 'router', 520, 90),
    node('routerD', 'router', 520, 310),
  ];
  const links: Json[] = [
    link('lanA', 'server1', 'routerA', '100Mbps', '1ms'),
    link('lanB', 'server2', 'routerB', '100Mbps', '1ms'),
    link('wanA', 'routerA', 'cloud', '45Mbps', '20ms'),
    link('wanB', 'routerB', 'cloud', '45Mbps', '20ms'),
    link('wanC', 'routerC', 'cloud', '45Mbps', '20ms'),
    link('wanD', 'routerD', 'cloud', '45Mbps', '20ms'),
  ];
  const flows: Json[] = [];
  for (const c of CLIENTS) {
    const router = c <= 3 ? 'routerC' : 'routerD';
    nodes.push(node(`client${c}`, 'host', 680, (c <= 3 ? 30 : 250) + ((c - 1) % 3) * 60));
    links.push(link(`lan${c}`, `client${c}`, router, '100Mbps', '1ms'));
    const common = {
      kind: 'transaction',
      variant,
      from: `client${c}`,
      to: serverOf(c),
      start: 0,
      stop: null,
      ...TCP004,
    };
    flows.push({ id: `ftp${c}`, ...common, ...ftp });
    flows.push({ id: `db${c}`, ...common, ...database });
  }
  return scenarioBody({ duration: 300, sampleInterval: 0.1, nodes, links, flows });
}

/** One run with every application on variant `v` (and the scenario's seed unless given). */
export function variantRun004(v: Variant, label: string = v, seed?: number): RunSpec {
  return {
    label,
    ...(seed === undefined ? {} : { seed }),
    patch: {
      flows: Object.fromEntries(
        CLIENTS.flatMap((c) => [
          [`ftp${c}`, { variant: v }],
          [`db${c}`, { variant: v }],
        ]),
      ),
    },
  };
}

/** Every response direction of one application's connections (`ftp1.1`, … not `ftp1.1.req`). */
function responses(run: Run, app: 'ftp' | 'db'): FlowSummaryRow[] {
  return run.summary.filter((r) => r.flow.startsWith(app) && !r.flow.endsWith('.req'));
}

export interface AppFigures {
  transactions: number;
  /** ms, over every transaction */
  mean: number;
  /** kbit/s, the responses' payload */
  goodput: number;
}

export function app(run: Run, which: 'ftp' | 'db'): AppFigures {
  const rows = responses(run, which);
  const n = rows.reduce((s, r) => s + (r.transactions ?? 0), 0);
  const total = rows.reduce((s, r) => s + (r.transactions ?? 0) * (r.response_mean_ms ?? 0), 0);
  return { transactions: n, mean: n > 0 ? total / n : NaN, goodput: rows.reduce((s, r) => s + r.throughput_kbps, 0) };
}

export const sum = (run: Run, pick: (r: FlowSummaryRow) => number) => run.summary.reduce((s, r) => s + pick(r), 0);
export const cwndOf = (run: Run, flow: string) => run.summary.find((r) => r.flow === flow)?.avg_cwnd ?? NaN;
