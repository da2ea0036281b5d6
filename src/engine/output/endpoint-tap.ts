/**
 * A tap on the hosts' interfaces: told of every packet a host puts on the
 * network (at the instant its transport emits it, before the first link's
 * faults and queue) and of every packet the network delivers to its
 * destination host. The packet capture (pcap/capture.ts) is one. The
 * simulator calls a tap only when one is set, so a run without one pays a
 * null check per packet and nothing else.
 */
export interface EndpointTap {
  /** `pkt` (a packet pool index) was created at `node` and handed to the network at `now` (ns). */
  sent(pkt: number, node: number, now: number): void;
  /** `pkt` reached its destination `node` at `now` (ns); the pool entry is freed right after. */
  received(pkt: number, node: number, now: number): void;
}
