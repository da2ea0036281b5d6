/**
 * Setting up a run (sim-core.ts's constructor): each flow's endpoints and the
 * trace columns their variants add, the queues' own columns, and when each
 * flow starts and stops. Construction-time only: nothing here runs per event,
 * and the objects built are the ones the event loop then calls directly.
 */
import type { EventQueue } from './core/event-queue';
import { rngStream } from './core/rng';
import { secondsToNs } from './core/time';
import { nodeOf } from './net/build';
import type { LinkDir } from './net/link-dir';
import type { RouteTable } from './net/routing';
import { BASE_SERIES_COLUMNS, CAPACITY_COLUMN, INFLATION_COLUMN, PACING_COLUMN } from './output/rundata';
import { FlowStats, type WindowSums } from './output/flow-stats';
import type { Scenario } from './scenario/types';
import { SimEvent } from './sim-events';
import type { TcpHost } from './tcp/host';
import { TcpReceiver } from './tcp/receiver';
import { TcpSender } from './tcp/sender';
import { createVariant } from './tcp/variants';
import { CbrSource } from './traffic/cbr';
import type { EngineFlows } from './traffic/transaction-plan';

/** Each engine flow's endpoints and counters, by flow index (null where a flow has none of that kind). */
export interface Endpoints {
  readonly senders: (TcpSender | null)[];
  readonly receivers: (TcpReceiver | null)[];
  readonly cbrs: (CbrSource | null)[];
  readonly stats: FlowStats[];
  /** the flows' window sums, one for all (each flow's FlowStats reads its own) */
  readonly windowSums: WindowSums;
}

/**
 * Build every engine flow's endpoints into `out`, in flow order, and return
 * timeseries.csv's columns: the contract's, then the variants' own in
 * first-seen order. Throws, naming the flow, when a flow has no route.
 */
export function buildEndpoints(
  s: Scenario,
  plan: EngineFlows,
  nodeIndex: ReadonlyMap<string, number>,
  routes: RouteTable,
  host: TcpHost,
  out: Endpoints,
): string[] {
  const extra: string[] = [];
  plan.flows.forEach((f, fi) => {
    out.stats.push(new FlowStats(out.windowSums, fi));
    const from = nodeOf(nodeIndex, f.from);
    const to = nodeOf(nodeIndex, f.to);
    if (routes.next(from, to) < 0) throw new Error(`flows[${fi}]: no route from "${f.from}" to "${f.to}"`);
    if (f.kind === 'tcp') {
      // The variant's own random stream (BBR's first gain phase), drawn from only if it asks.
      let stream: ReturnType<typeof rngStream> | null = null;
      const random = () => (stream ??= rngStream(s.seed, `cc:${f.id}`)).next();
      const parts = createVariant(f.variant, f.tcp, { random });
      const snd = new TcpSender(fi, f, from, to, host, parts.recovery, parts.cc);
      out.senders.push(snd);
      out.receivers.push(
        new TcpReceiver(
          fi,
          f,
          to,
          from,
          host,
          parts.recovery.usesSack,
          snd.base,
          // A transaction flow's directions carry one message after another: no end to wait for.
          plan.owner[fi] >= 0 ? Infinity : snd.nSegments,
          parts.exactEcho ?? false,
        ),
      );
      out.cbrs.push(null);
      for (const c of parts.cc.traceColumns ?? []) if (!extra.includes(c)) extra.push(c);
      if (parts.recovery.inflates && !extra.includes(INFLATION_COLUMN)) extra.push(INFLATION_COLUMN);
      if (f.tcp.pacing && !extra.includes(PACING_COLUMN)) extra.push(PACING_COLUMN);
    } else {
      out.senders.push(null);
      out.receivers.push(null);
      out.cbrs.push(new CbrSource(fi, f, from, to));
    }
  });
  return [...BASE_SERIES_COLUMNS, ...extra];
}

/** queues.csv's columns after sojourn_ms: the disciplines' control variables in first-seen order, then capacity. */
export function queueColumnsOf(dirs: readonly LinkDir[]): string[] {
  const queueExtra: string[] = [];
  for (const d of dirs) for (const c of d.queue.controlColumns ?? []) if (!queueExtra.includes(c)) queueExtra.push(c);
  if (dirs.some((d) => d.capacity !== null)) queueExtra.push(CAPACITY_COLUMN);
  return queueExtra;
}

/** Schedule each flow's start (with its jitter) and stop. */
export function scheduleStarts(s: Scenario, plan: EngineFlows, events: EventQueue): void {
  plan.flows.forEach((f, fi) => {
    // A transaction flow starts once, as a whole, on its first connection's index, with its own id's jitter.
    const tx = plan.owner[fi] >= 0 ? plan.transactions[plan.owner[fi]] : null;
    if (tx !== null && tx.connections[0].response !== fi) return;
    const id = tx !== null ? tx.spec.id : f.id;
    // Start jitter: one draw per flow from its own stream, so adding a flow changes no other start.
    const jitter = s.startJitter > 0 ? rngStream(s.seed, `start:${id}`).next() * s.startJitter : 0;
    events.schedule(secondsToNs(f.start + jitter), SimEvent.AppStart, fi);
    if (f.stop !== null) events.schedule(secondsToNs(f.stop), SimEvent.AppStop, fi);
  });
}
