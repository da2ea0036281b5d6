/**
 * The bandwidth-delay product of a flow's path, in data packets: how many
 * packets fill the pipe when none waits in a queue. A window above it only
 * lengthens the queue; above BDP + the bottleneck's queue, packets are lost.
 *
 * The path is the engine's static route (net/routing.ts, least propagation
 * delay) there and back; the base round trip is the propagation delays plus
 * serializing one data packet on each link out and one ACK on each link back
 * (what the first segment of an idle connection sees). The bottleneck is
 * the slowest link out.
 */
import { runFlows } from '../../engine/traffic/transaction-plan';
import { computeRoutes, routePath } from '../../engine/net/routing';
import type { Scenario } from '../../engine/scenario/types';

export interface PathInfo {
  /** bottleneck bandwidth, bit/s */
  bottleneck: number;
  /** base round-trip time, seconds */
  baseRtt: number;
  /** bandwidth × base RTT, in data packets of the flow */
  bdpPackets: number;
}

export function pathInfo(scenario: Scenario, flowIndex: number): PathInfo | null {
  const flow = runFlows(scenario)[flowIndex];
  if (!flow || flow.kind !== 'tcp') return null;
  const index = new Map(scenario.nodes.map((nd, i) => [nd.id, i]));
  // Two directions per link, a→b then b→a, as the engine numbers them (net/build.ts).
  const dirs = scenario.links.flatMap((l) => {
    const a = index.get(l.a) ?? -1;
    const b = index.get(l.b) ?? -1;
    const delayNs = Math.round(l.delay * 1e9);
    return [
      { from: a, to: b, delayNs, bandwidth: l.bandwidth, delay: l.delay },
      { from: b, to: a, delayNs, bandwidth: l.bandwidth, delay: l.delay },
    ];
  });
  const n = scenario.nodes.length;
  const src = index.get(flow.from);
  const dst = index.get(flow.to);
  if (src === undefined || dst === undefined) return null;
  const routes = computeRoutes(n, dirs, [
    [src, dst],
    [dst, src],
  ]);
  const out = routePath(routes, dirs, src, dst);
  const back = routePath(routes, dirs, dst, src);
  if (!out || !back || out.length === 0) return null;
  const dataBits = (flow.packetSize + flow.tcp.headerBytes) * 8;
  const ackBits = flow.tcp.ackBytes * 8;
  let baseRtt = 0;
  let bottleneck = Infinity;
  for (const d of out) {
    baseRtt += dirs[d].delay + dataBits / dirs[d].bandwidth;
    bottleneck = Math.min(bottleneck, dirs[d].bandwidth);
  }
  for (const d of back) baseRtt += dirs[d].delay + ackBits / dirs[d].bandwidth;
  return { bottleneck, baseRtt, bdpPackets: (bottleneck * baseRtt) / dataBits };
}
