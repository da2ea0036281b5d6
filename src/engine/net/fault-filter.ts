/**
 * What the scenario's faults do to the packets entering one link direction,
 * in one place — as ns-3 attaches an ErrorModel to a device: the network
 * asks the direction's filter about each packet before the queue sees it,
 * and the filter answers with the cause that loses it, or DropCause.None.
 *
 * In the order they are checked:
 *  - dropSegments: the first transmission of chosen data segments of a flow
 *    is lost on the first link direction from its sender (net/faults.ts
 *    installs them there). A retransmission of the same segment passes.
 *  - linkDown: while the link is down every packet is lost (the packets
 *    already queued or on the wire are lost when it goes down,
 *    Network.takeDown).
 *  - dropBurst: from its time on, the next `count` packets are lost.
 *  - randomLoss: each packet is lost with the given probability while the
 *    fault lasts, drawn from a random stream of its own.
 *
 * A direction with no fault costs one test per packet (`armed`).
 */
import type { Rng } from '../core/rng';
import { DropCause } from '../queues/queue';
import { PacketKind, type PacketPool } from './packets';

export interface TimedLoss {
  rate: number;
  fromNs: number;
  untilNs: number;
  rng: Rng;
}

interface PendingBurst {
  atNs: number;
  count: number;
}

export class FaultFilter {
  /**
   * Some fault was installed here, or the link went down: only then need a
   * packet be checked (the network tests this field before calling check(),
   * which keeps the per-packet path of a fault-free direction to one load).
   */
  armed = false;
  private isDown = false;
  /** dropSegments: flow index → sequence numbers whose first transmission is lost */
  private readonly segments = new Map<number, Set<number>>();
  /** dropBurst faults not yet begun, by time */
  private readonly bursts: PendingBurst[] = [];
  /** packets still to lose from dropBurst faults that have begun */
  private burstLeft = 0;
  private readonly losses: TimedLoss[] = [];

  /** The link carries nothing (linkDown). */
  get down(): boolean {
    return this.isDown;
  }

  set down(v: boolean) {
    this.isDown = v;
    if (v) this.armed = true;
  }

  /** Lose the first transmission of these sequence numbers (wire numbering) of flow `flow`. */
  loseFirstTransmissions(flow: number, seqs: Iterable<number>): void {
    let set = this.segments.get(flow);
    if (!set) this.segments.set(flow, (set = new Set()));
    for (const s of seqs) set.add(s);
    this.armed = true;
  }

  /** Lose the `count` packets that enter from `atNs` on. */
  addBurst(atNs: number, count: number): void {
    this.bursts.push({ atNs, count });
    this.bursts.sort((x, y) => x.atNs - y.atNs);
    this.armed = true;
  }

  addLoss(loss: TimedLoss): void {
    this.losses.push(loss);
    this.armed = true;
  }

  /** Random losses installed so far (names their random streams). */
  get lossCount(): number {
    return this.losses.length;
  }

  /** The rate of the first random loss installed here, or NaN (for the drop's sentence). */
  get lossRate(): number {
    return this.losses.length > 0 ? this.losses[0].rate : NaN;
  }

  /** Why packet `pkt`, entering at `now` (ns), is lost, or DropCause.None. */
  check(pool: PacketPool, pkt: number, now: number): DropCause {
    if (this.segments.size > 0 && pool.kind(pkt) === PacketKind.Data && pool.retx(pkt) === 0) {
      const seqs = this.segments.get(pool.flow(pkt));
      if (seqs !== undefined && seqs.has(pool.seq(pkt))) return DropCause.Segment;
    }
    if (this.isDown) return DropCause.LinkDown;
    const bursts = this.bursts;
    while (bursts.length > 0 && bursts[0].atNs <= now) this.burstLeft += bursts.shift()!.count;
    if (this.burstLeft > 0) {
      this.burstLeft--;
      return DropCause.Burst;
    }
    for (let i = 0; i < this.losses.length; i++) {
      const l = this.losses[i];
      if (now >= l.fromNs && now < l.untilNs && l.rng.next() < l.rate) return DropCause.Random;
    }
    return DropCause.None;
  }
}
