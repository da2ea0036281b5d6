/**
 * Moving packets: offering a packet to a link direction (faults, then the
 * queue), serializing it, propagating it and handing it to the next node,
 * which either delivers it (it is the destination) or forwards it along the
 * static route.
 */
import { EventQueue } from '../core/event-queue';
import { nsToSeconds, txTimeNs } from '../core/time';
import { DropCause } from '../queues/queue';
import type { LinkDir } from './link-dir';
import { LINK_DROP, LINK_ENQUEUE, LINK_TRANSMIT, type LinkTrace } from './link-trace';
import type { PacketPool } from './packets';
import type { RouteTable } from './routing';
import { SimEvent } from '../sim-events';

export interface NetHost {
  /** A packet reached its destination node; the host owns it from now on (and frees it). */
  deliver(pkt: number, node: number, now: number): void;
  /** A packet was lost; the pool entry is freed by the network right after. */
  dropped(pkt: number, dir: LinkDir, cause: DropCause, now: number): void;
}

export class Network {
  /** Every packet's passage through the link directions, when switched on (link-trace.ts). */
  linkTrace: LinkTrace | null = null;

  constructor(
    readonly pool: PacketPool,
    readonly dirs: LinkDir[],
    /** the next hops of the flows' paths (net/routing.ts) */
    readonly routes: RouteTable,
    private readonly events: EventQueue,
    private readonly host: NetHost,
  ) {}

  /** Hand a packet to `node` (it was just created there, or just arrived there). */
  atNode(pkt: number, node: number, now: number): void {
    const dst = this.pool.dst[pkt];
    if (dst === node) {
      this.host.deliver(pkt, node, now);
      return;
    }
    const d = this.routes.next(node, dst);
    this.offer(pkt, this.dirs[d], now);
  }

  /** A packet enters a link direction: its fault filter acts first, then the queue decides. */
  offer(pkt: number, dir: LinkDir, now: number): void {
    dir.offered++;
    const faults = dir.faults;
    if (faults.armed) {
      const lost = faults.check(this.pool, pkt, now);
      if (lost !== DropCause.None) return this.drop(pkt, dir, lost, now);
    }
    const idle = dir.queue.length === 0 && now >= dir.busyUntil;
    const idleSince = idle ? nsToSeconds(dir.busyUntil) : -1;
    dir.touchQueue(now);
    const cause = dir.queue.enqueue(pkt, this.pool.size[pkt], nsToSeconds(now), idleSince);
    if (cause !== DropCause.None) {
      dir.queueDrops++;
      if (this.linkTrace !== null) this.traceRow(pkt, dir, LINK_DROP, cause, now, NaN);
      this.host.dropped(pkt, dir, cause, now);
      this.pool.free(pkt);
      return;
    }
    if (this.linkTrace !== null) this.traceRow(pkt, dir, LINK_ENQUEUE, 0, now, NaN);
    if (now >= dir.busyUntil) this.transmitNext(dir, now);
    else if (dir.txDoneAt < 0) {
      dir.txDoneAt = dir.busyUntil;
      this.events.scheduleAs(dir.busyUntil, SimEvent.TxDone, dir.index, dir.txDoneSeq);
    }
  }

  /** Lose a packet to a fault (not to the queue). */
  drop(pkt: number, dir: LinkDir, cause: DropCause, now: number): void {
    dir.faultDrops++;
    if (this.linkTrace !== null) this.traceRow(pkt, dir, LINK_DROP, cause, now, NaN);
    this.host.dropped(pkt, dir, cause, now);
    this.pool.free(pkt);
  }

  /**
   * Start serializing the next queued packet, if any. Its arrival and the
   * transmitter's release are scheduled only when needed (one pending event
   * per direction), but their sequence numbers are taken now, arrival first,
   * so same-time events fire in the order ns-2's LinkDelay gives them.
   */
  private transmitNext(dir: LinkDir, now: number): void {
    dir.touchQueue(now);
    const pkt = dir.queue.dequeue();
    if (pkt < 0) return;
    const tx = txTimeNs(this.pool.size[pkt], dir.bandwidth);
    dir.busyUntil = now + tx;
    dir.busyNs += tx;
    const arrive = dir.busyUntil + dir.delayNs;
    if (this.linkTrace !== null) this.traceRow(pkt, dir, LINK_TRANSMIT, 0, now, arrive);
    const arriveSeq = this.events.reserve();
    dir.txDoneSeq = this.events.reserve();
    dir.wire.push(pkt, arrive, arriveSeq);
    if (dir.arrivalAt < 0) {
      dir.arrivalAt = arrive;
      this.events.scheduleAs(arrive, SimEvent.Arrive, dir.index, arriveSeq);
    }
    if (dir.queue.length > 0) {
      dir.txDoneAt = dir.busyUntil;
      this.events.scheduleAs(dir.busyUntil, SimEvent.TxDone, dir.index, dir.txDoneSeq);
    }
  }

  onTxDone(dir: LinkDir, now: number): void {
    if (now !== dir.txDoneAt) return; // stale: the link went down meanwhile
    dir.txDoneAt = -1;
    this.transmitNext(dir, now);
  }

  onArrive(dir: LinkDir, now: number): void {
    if (now !== dir.arrivalAt) return; // stale: the wire was cleared by an outage
    dir.arrivalAt = -1;
    const wire = dir.wire;
    while (wire.length > 0 && wire.headTime() <= now) {
      const pkt = wire.shift();
      dir.forwarded++;
      this.atNode(pkt, dir.to, now);
    }
    if (wire.length > 0 && dir.arrivalAt < 0) {
      dir.arrivalAt = wire.headTime();
      this.events.scheduleAs(dir.arrivalAt, SimEvent.Arrive, dir.index, wire.headSeq());
    }
  }

  private traceRow(pkt: number, dir: LinkDir, what: number, cause: number, now: number, untilNs: number): void {
    const pool = this.pool;
    this.linkTrace!.add(
      now,
      dir.index,
      pkt,
      pool.flow[pkt],
      pool.seq[pkt],
      what,
      pool.kind[pkt],
      pool.retx[pkt],
      cause,
      untilNs,
    );
  }

  /** linkDown: lose everything queued, being sent or on the wire in this direction. */
  takeDown(dir: LinkDir, now: number): number {
    let lost = 0;
    dir.faults.down = true;
    dir.touchQueue(now);
    dir.queue.flush((pkt) => {
      lost++;
      this.drop(pkt, dir, DropCause.LinkDown, now);
    });
    while (dir.wire.length > 0) {
      lost++;
      this.drop(dir.wire.shift(), dir, DropCause.LinkDown, now);
    }
    // The transmitter stops at once: what it was sending is lost with the wire.
    if (dir.busyUntil > now) dir.busyNs -= dir.busyUntil - now;
    dir.busyUntil = now;
    dir.txDoneAt = -1;
    dir.arrivalAt = -1;
    return lost;
  }
}
