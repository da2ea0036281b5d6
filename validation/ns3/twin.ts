/**
 * The twin scenarios: each ns-3 case as a contract scenario (our side),
 * built on the same dumbbell as validation/ns3/src/lab/topology.h:
 *
 *   s<id> —access— r1 —bottleneck— r2 —access— d<id>   (one pair per flow)
 *
 * What ns-3 puts on the wire is stated in every TCP flow: `headerBytes` and
 * `ackBytes` 42 (IPv4 20 + TCP 20 + PPP 2, no TCP options after the SYN);
 * a CBR packet's `packetSize` is its size on the wire (payload + UDP 8 +
 * IPv4 20 + PPP 2). `window` 10000 segments stands for ns-3's receive and
 * send buffers of 10 MB, which never limit a flow here, and for its
 * unbounded initial ssthresh.
 *
 * Fields the engine's loader does not know yet (the contract's "Round 2
 * additions" and the queue parameters proposed in docs/validation-ns3.md)
 * appear only where a case needs them.
 */

export type Json = Record<string, unknown>;

export interface TwinFlow {
  id: string;
  /** tcp variant, or 'cbr' */
  variant: string;
  start: number;
  /** extra `tcp` fields (ecn, pacing, cubic, dctcp, initialCwnd, …) */
  tcp?: Json;
  /** CBR: rate and on-wire size */
  rate?: string;
  packetSize?: number;
}

export interface TwinOptions {
  name: string;
  description: string;
  duration: number;
  measure: [number, number];
  sampleInterval: number;
  startJitter: number;
  bottleneck: { bandwidth: string; delay: string; queue: Json };
  access: { bandwidth: string; delay: string; receiverDelay?: string };
  flows: TwinFlow[];
}

/** ns-3's frame: IPv4 (20) + TCP (20) + PPP (2) bytes around each segment's payload. */
export const NS3_TCP_HEADER = 42;
/** IPv4 (20) + UDP (8) + PPP (2) bytes around a datagram's payload. */
export const NS3_UDP_HEADER = 30;

export function twin(o: TwinOptions): Json {
  const nodes: Json[] = [
    { id: 'r1', kind: 'router' },
    { id: 'r2', kind: 'router' },
  ];
  const links: Json[] = [
    {
      id: 'bottleneck',
      a: 'r1',
      b: 'r2',
      bandwidth: o.bottleneck.bandwidth,
      delay: o.bottleneck.delay,
      queue: o.bottleneck.queue,
    },
  ];
  const flows: Json[] = [];
  for (const f of o.flows) {
    const s = `s${f.id}`;
    const d = `d${f.id}`;
    nodes.push({ id: s, kind: 'host' }, { id: d, kind: 'host' });
    const accessQueue = { type: 'droptail', limit: 1000 };
    links.push(
      { id: `in${f.id}`, a: s, b: 'r1', bandwidth: o.access.bandwidth, delay: o.access.delay, queue: accessQueue },
      {
        id: `out${f.id}`,
        a: 'r2',
        b: d,
        bandwidth: o.access.bandwidth,
        delay: o.access.receiverDelay ?? o.access.delay,
        queue: accessQueue,
      },
    );
    if (f.variant === 'cbr') {
      flows.push({ id: f.id, kind: 'cbr', from: s, to: d, rate: f.rate, packetSize: f.packetSize, start: f.start });
    } else {
      flows.push({
        id: f.id,
        kind: 'tcp',
        variant: f.variant,
        from: s,
        to: d,
        start: f.start,
        packetSize: 1000,
        tcp: { window: 10000, initialCwnd: 2, headerBytes: NS3_TCP_HEADER, ackBytes: NS3_TCP_HEADER, ...f.tcp },
      });
    }
  }
  return {
    version: 1,
    name: o.name,
    description: o.description,
    seed: 1,
    duration: o.duration,
    sampleInterval: o.sampleInterval,
    ...(o.startJitter > 0 ? { startJitter: o.startJitter } : {}),
    measure: { from: o.measure[0], to: o.measure[1] },
    nodes,
    links,
    flows,
    faults: [],
  };
}
