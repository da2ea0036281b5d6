/**
 * Moving packets: offering a packet to a link direction (faults, then the
 * queue), serializing it, propagating it and handing it to the next node,
 * which either delivers it (it is the destination) or forwards it along the
 * static route.
 */
import { EventQueue } from '../core/event-queue';
import { nsToSeconds } from '../core/time';
import { DropCause, type QueueEnv } from '../queues/queue';
import type { LinkDir } from './link-dir';
import { LINK_CE, LINK_DROP, LINK_ENQUEUE, LINK_TRANSMIT, type LinkTrace } from './link-trace';
import type { LinkTap } from './link-tap';
import { Ecn, PacketKind, type PacketPool } from './packets';
import type { RouteTable } from './routing';
import { SimEvent } from '../sim-events';

export interface NetHost {
  /** A packet reached its destination node at Network.now; the host owns it from now on (and frees it). */
  deliver(pkt: number, node: number): void;
  /** A packet was lost; the pool entry is freed by the network right after. */
  dropped(pkt: number, dir: LinkDir, cause: DropCause, now: number): void;
  /** A queue set CE on a packet instead of dropping it (RFC 3168 §5). */
  marked(pkt: number, dir: LinkDir, now: number): void;
}

/**
 * What a link direction's queue may ask of the network about a packet
 * (queues/queue.ts QueueEnv): one object per direction, told the time
 * before each call into the queue, so nothing is allocated per packet.
 */
class DirQueueEnv implements QueueEnv {
  /** simulated ns of the call in progress */
  now = 0;
  constructor(
    private readonly net: Network,
    private readonly dir: LinkDir,
  ) {}

  ect(pkt: number): boolean {
    const e = this.net.pool.ecn(pkt);
    return e === Ecn.Ect0 || e === Ecn.Ect1;
  }

  markCe(pkt: number): void {
    this.net.pool.setEcn(pkt, Ecn.Ce);
    this.dir.ecnMarks++;
    this.net.host.marked(pkt, this.dir, this.now);
  }

  dropQueued(pkt: number, cause: DropCause): void {
    this.net.dropFromQueue(pkt, this.dir, cause, this.now, false);
  }

  flowKey(pkt: number): number {
    const pool = this.net.pool;
    return pool.flow(pkt) * 2 + (pool.kind(pkt) === PacketKind.Ack ? 1 : 0);
  }
}

export class Network {
  /** Every packet's passage through the link directions, when switched on (link-trace.ts). */
  linkTrace: LinkTrace | null = null;
  /** A tap on every link event (the ns-2 trace), when one is set (link-tap.ts). */
  linkTap: LinkTap | null = null;
  /** each direction's QueueEnv, by direction index */
  private readonly envs: DirQueueEnv[];
  /**
   * The time of the event being handled, ns, which the simulator sets before
   * each event. A packet's way through the network reads it here rather than
   * taking it as an argument: a time is a double beyond the small-integer
   * range, and V8 boxes a double passed to a function it does not inline
   * into a new heap number on every call (a field is updated in place).
   */
  now = 0;

  constructor(
    readonly pool: PacketPool,
    readonly dirs: LinkDir[],
    /** the next hops of the flows' paths (net/routing.ts) */
    readonly routes: RouteTable,
    private readonly events: EventQueue,
    readonly host: NetHost,
  ) {
    this.envs = dirs.map((d) => new DirQueueEnv(this, d));
  }

  /** Hand a packet to `node` (it was just created there, or just arrived there) now. */
  atNode(pkt: number, node: number): void {
    const dst = this.pool.dst(pkt);
    if (dst === node) {
      this.host.deliver(pkt, node);
      return;
    }
    const d = this.routes.next(node, dst);
    this.offer(pkt, this.dirs[d]);
  }

  /** A packet enters a link direction now: its fault filter acts first, then the queue decides. */
  offer(pkt: number, dir: LinkDir): void {
    const now = this.now;
    dir.offered++;
    const faults = dir.faults;
    if (faults.armed) {
      const lost = faults.check(this.pool, pkt, now);
      if (lost !== DropCause.None) return this.drop(pkt, dir, lost, now);
    }
    const size = this.pool.size(pkt);
    const dropTail = dir.dropTail;
    if (dropTail !== null && dir.queueLength === 0 && now >= dir.busyUntil && size <= dir.passAlone) {
      // An idle transmitter and an empty DropTail queue: the packet would be queued and taken out
      // again at once, with no wait and an empty queue throughout, so it starts at once. Most
      // arrivals are of this kind (access links, the ACKs' way back). The test reads the
      // direction alone (its copy of the queue's length, what an empty queue admits), not the
      // queue's object: at thousands of directions that is a cache miss less on most hops.
      if (this.linkTrace !== null) this.traceRow(pkt, dir, LINK_ENQUEUE, 0, now, NaN);
      if (this.linkTap !== null) this.linkTap.enqueued(pkt, dir, now);
      this.transmit(dir, pkt, size);
      return;
    }
    this.pool.setQueuedAt(pkt, now);
    let cause: DropCause;
    if (dropTail !== null) {
      // DropTail needs neither the time nor the environment: a direct, monomorphic call.
      dir.touchQueue(now);
      cause = dropTail.enqueue(pkt, size);
      dir.queueLength = dropTail.length;
      dir.queueBytes = dropTail.bytes;
    } else {
      const idle = dir.queue.length === 0 && now >= dir.busyUntil;
      const idleSince = idle ? nsToSeconds(dir.busyUntil) : -1;
      dir.touchQueue(now);
      const env = this.envs[dir.index];
      env.now = now;
      cause = dir.queue.enqueue(pkt, size, nsToSeconds(now), idleSince, env);
      dir.queueChanged();
    }
    if (cause !== DropCause.None) return this.dropFromQueue(pkt, dir, cause, now, true);
    if (this.linkTrace !== null) this.traceRow(pkt, dir, LINK_ENQUEUE, 0, now, NaN);
    if (this.linkTap !== null) this.linkTap.enqueued(pkt, dir, now);
    if (now >= dir.busyUntil) this.transmitNext(dir);
    else if (dir.txDoneAt < 0) {
      dir.txDoneAt = dir.busyUntil;
      this.events.scheduleAs(dir.busyUntil, SimEvent.TxDone, dir.index, dir.txDoneSeq);
    }
  }

  /**
   * Lose a packet to the queue discipline: refused on arrival, or taken out of
   * the queue (CoDel, FQ-CoDel), when ns-2's trace has its `+` already.
   */
  dropFromQueue(pkt: number, dir: LinkDir, cause: DropCause, now: number, onArrival: boolean): void {
    dir.queueDrops++;
    if (this.linkTrace !== null) this.traceRow(pkt, dir, LINK_DROP, cause, now, NaN);
    if (this.linkTap !== null) this.linkTap.dropped(pkt, dir, onArrival, now);
    this.host.dropped(pkt, dir, cause, now);
    this.pool.free(pkt);
  }

  /** Lose a packet to a fault (not to the queue). */
  drop(pkt: number, dir: LinkDir, cause: DropCause, now: number): void {
    dir.faultDrops++;
    if (this.linkTrace !== null) this.traceRow(pkt, dir, LINK_DROP, cause, now, NaN);
    if (this.linkTap !== null) this.linkTap.dropped(pkt, dir, false, now);
    this.host.dropped(pkt, dir, cause, now);
    this.pool.free(pkt);
  }

  /**
   * Start serializing the next queued packet, if any. Its arrival and the
   * transmitter's release are scheduled only when needed (one pending event
   * per direction), but their sequence numbers are taken now, arrival first,
   * so same-time events fire in the order ns-2's LinkDelay gives them.
   */
  private transmitNext(dir: LinkDir): void {
    const now = this.now;
    dir.touchQueue(now);
    let pkt: number;
    const dropTail = dir.dropTail;
    if (dropTail !== null) {
      pkt = dropTail.dequeue();
      dir.queueLength = dropTail.length;
      dir.queueBytes = dropTail.bytes;
    } else {
      const env = this.envs[dir.index];
      env.now = now;
      pkt = dir.queue.dequeue(nsToSeconds(now), env);
      dir.queueChanged();
    }
    if (pkt < 0) return;
    dir.sojournNs += now - this.pool.queuedAt(pkt);
    this.transmit(dir, pkt, this.pool.size(pkt));
  }

  /** Serialize `pkt` (`size` bytes), just taken from the queue (or never queued), on the idle transmitter. */
  private transmit(dir: LinkDir, pkt: number, size: number): void {
    const now = this.now;
    dir.departures++;
    dir.txEnd(now, size);
    const busyUntil = dir.busyUntil;
    dir.busyNs += busyUntil - now;
    const arrive = busyUntil + dir.delayNs;
    if (this.linkTrace !== null) this.traceRow(pkt, dir, LINK_TRANSMIT, 0, now, arrive);
    if (this.linkTap !== null) this.linkTap.dequeued(pkt, dir, now);
    const arriveSeq = this.events.reserve();
    dir.txDoneSeq = this.events.reserve();
    dir.wire.push(this.pool, pkt, arrive, arriveSeq);
    if (dir.arrivalAt < 0) {
      dir.arrivalAt = arrive;
      this.events.scheduleAs(arrive, SimEvent.Arrive, dir.index, arriveSeq);
    }
    if (dir.queueLength > 0) {
      dir.txDoneAt = busyUntil;
      this.events.scheduleAs(busyUntil, SimEvent.TxDone, dir.index, dir.txDoneSeq);
    }
  }

  /** The transmitter of `dir` is free now. */
  onTxDone(dir: LinkDir): void {
    if (this.now !== dir.txDoneAt) return; // stale: the link went down meanwhile
    dir.txDoneAt = -1;
    this.transmitNext(dir);
  }

  /** The head of `dir`'s wire arrives now. */
  onArrive(dir: LinkDir): void {
    const now = this.now;
    if (now !== dir.arrivalAt) return; // stale: the wire was cleared by an outage
    dir.arrivalAt = -1;
    const wire = dir.wire;
    const pool = this.pool;
    // The head arrives now (its time is the event's); so may the packets behind it.
    for (;;) {
      const pkt = wire.shift(pool);
      dir.forwarded++;
      if (this.linkTap !== null) this.linkTap.received(pkt, dir, now);
      this.atNode(pkt, dir.to);
      if (wire.length === 0) return;
      const next = wire.headAt;
      if (next > now) {
        if (dir.arrivalAt < 0) {
          dir.arrivalAt = next;
          this.events.scheduleAs(next, SimEvent.Arrive, dir.index, wire.headSeq(pool));
        }
        return;
      }
    }
  }

  private traceRow(pkt: number, dir: LinkDir, what: number, cause: number, now: number, untilNs: number): void {
    const pool = this.pool;
    this.linkTrace!.add(
      now,
      dir.index,
      pkt,
      pool.flow(pkt),
      pool.seq(pkt),
      what | (pool.ecn(pkt) === Ecn.Ce ? LINK_CE : 0),
      pool.kind(pkt),
      pool.retx(pkt),
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
    dir.queueChanged();
    while (dir.wire.length > 0) {
      lost++;
      this.drop(dir.wire.shift(this.pool), dir, DropCause.LinkDown, now);
    }
    // The transmitter stops at once: what it was sending is lost with the wire.
    if (dir.busyUntil > now) dir.busyNs -= dir.busyUntil - now;
    dir.busyUntil = now;
    dir.txDoneAt = -1;
    dir.arrivalAt = -1;
    this.linkTap?.linkChanged?.(dir, false, now);
    return lost;
  }
}
