/**
 * Constant bit rate over UDP (ns-2 Application/Traffic/CBR on Agent/UDP with
 * random_ 0): one packet of `packetSize` bytes on the wire every
 * packetSize·8/rate seconds from `start` until `stop`. No feedback, no
 * retransmission: what the network drops is gone.
 */
import { PacketKind, type PacketPool } from '../net/packets';
import type { CbrFlowSpec } from '../scenario/types';
import { txTimeNs } from '../core/time';

export class CbrSource {
  /** packets sent so far; also the next packet's number */
  sent = 0;
  readonly intervalNs: number;

  constructor(
    readonly flow: number,
    readonly spec: CbrFlowSpec,
    readonly node: number,
    readonly peer: number,
  ) {
    this.intervalNs = txTimeNs(spec.packetSize, spec.rate);
  }

  /** Make the next packet; the caller puts it on the network. */
  makePacket(pool: PacketPool, now: number): number {
    const pkt = pool.alloc();
    pool.setKind(pkt, PacketKind.Cbr);
    pool.setFlow(pkt, this.flow);
    pool.setSeq(pkt, this.sent++);
    pool.setSize(pkt, this.spec.packetSize);
    pool.setPayload(pkt, this.spec.packetSize);
    pool.setDst(pkt, this.peer);
    pool.setSentAt(pkt, now);
    pool.setRetx(pkt, 0);
    pool.setNsack(pkt, 0);
    return pkt;
  }
}
