import type { Rng } from '../core/rng';
import type { PieSpec } from '../scenario/types';
import { DropCause, type PacketQueue, type QueueEnv } from './queue';
import { TimedFifo } from './timed-fifo';

/**
 * PIE, Proportional Integral controller Enhanced (RFC 8033): drops arrivals
 * at random with a probability that a controller moves every `tUpdate`
 * (15 ms) from the queueing delay — by α per second of delay above `target`
 * (15 ms) and β per second of change since the last update.
 *
 * - Queueing delay (§4.3, `dequeueRateEstimator` false, Linux's default and
 *   the twins'): the sojourn of the last packet to leave, from its enqueue
 *   timestamp; 0 once the queue is empty (Linux pie_process_dequeue).
 * - Update (§4.2, §5.2): p = α·(qdelay − target) + β·(qdelay − qdelay_old),
 *   scaled down while the probability is small (auto-tuning: ÷2048 below
 *   10⁻⁶ … ÷2 below 0.1); with `capDropAdjustment` a step is at most 0.02
 *   once the probability is 0.1 or more (§5.5); above 250 ms of delay 0.02
 *   more (Linux and ns-3, "non-linear drop"); with no delay now or before,
 *   the probability decays by 2 % (§4.2); it stays in [0, 1].
 * - Burst allowance (§4.4): no early drop while it lasts; it starts at
 *   `maxBurst` (150 ms), shrinks by tUpdate per update, and is restored once
 *   the probability is 0 and the delay has been under target/2 twice.
 * - Early drop (§4.1, §5.1): none while the old delay is under target/2 and
 *   the probability under 0.2, nor while 2·meanPacketSize bytes or fewer
 *   wait; otherwise drop with the probability — or, with `derandomize`
 *   (§5.1), by the accumulated probability (never below 0.85, always from
 *   8.5). With `ecn`, an ECN-capable packet is marked CE instead while the
 *   probability is at most `ecnThreshold` (§5.1; ns-3 MarkEcnThreshold).
 *
 * The update timer is kept lazily: before each arrival or departure the
 * updates due since the last one run in order, with the queue as it was
 * (nothing changes in between), so the result is that of a real timer
 * without an event per tUpdate. The first update is at tUpdate.
 *
 * Where the sources differ: the RFC compares bytes waiting with
 * 2·MEAN_PKTSIZE, which this follows; ns-3 in packet mode compares packets
 * with 2. Linux scales the probability by packet size in byte mode; this is
 * packet mode (as ns-3 by default). `limit` counts packets waiting (Linux,
 * ns-3). The dequeue-rate estimator (§4.3's other option) is not modelled.
 */
export class PieQueue implements PacketQueue {
  private readonly fifo = new TimedFifo(64);
  readonly average = NaN;
  readonly controlColumns = ['pie_prob', 'pie_qdelay_ms'] as const;
  private readonly limitBytes: number;

  /** drop probability */
  prob = 0;
  /** current queueing delay estimate (s) */
  qdelay = 0;
  private qdelayOld = 0;
  burstAllowance: number;
  private accuProb = 0;
  /** updates due so far: the next is at (updates + 1)·tUpdate (a product, so no drift from summing) */
  private updates = 0;

  constructor(
    private readonly spec: PieSpec,
    private readonly rng: Rng,
  ) {
    this.limitBytes = spec.limitBytes ?? Infinity;
    this.burstAllowance = spec.maxBurst;
  }

  get length(): number {
    return this.fifo.length;
  }
  get bytes(): number {
    return this.fifo.bytes;
  }
  /** the drop probability when the last packet was dropped or marked */
  get lastDetail(): number {
    return this.prob;
  }

  control(i: number): number {
    return i === 0 ? this.prob : this.qdelay * 1000;
  }

  /** Run the controller's updates due by `now` (RFC 8033 §4.2, every tUpdate). */
  private catchUp(now: number): void {
    const t = this.spec.tUpdate;
    while (now >= (this.updates + 1) * t) {
      // Nothing moves while the queue stays empty, the probability 0 and the allowance full: skip ahead.
      if (
        this.fifo.length === 0 &&
        this.qdelay === 0 &&
        this.qdelayOld === 0 &&
        this.prob === 0 &&
        this.burstAllowance === this.spec.maxBurst
      ) {
        this.updates = Math.max(this.updates + 1, Math.floor(now / t));
        while ((this.updates + 1) * t <= now) this.updates++;
        return;
      }
      this.update();
      this.updates++;
    }
  }

  /** One controller update (RFC 8033 §5.2 calculate_drop_prob, §4.4 burst allowance). */
  private update(): void {
    const s = this.spec;
    const qdelay = this.qdelay;
    this.prob = pieProbability(s, this.prob, qdelay, this.qdelayOld);
    if (this.burstAllowance > 0) this.burstAllowance = Math.max(0, this.burstAllowance - s.tUpdate);
    if (this.prob === 0 && qdelay < s.target / 2 && this.qdelayOld < s.target / 2) this.burstAllowance = s.maxBurst;
    this.qdelayOld = qdelay;
  }

  /** RFC 8033 §5.1 drop_early. */
  private dropEarly(): boolean {
    const s = this.spec;
    if ((this.qdelayOld < s.target / 2 && this.prob < 0.2) || this.fifo.bytes <= 2 * s.meanPacketSize) return false;
    if (!s.derandomize) return this.rng.next() < this.prob;
    if (this.prob === 0) this.accuProb = 0;
    this.accuProb += this.prob;
    if (this.accuProb < 0.85) return false;
    if (this.accuProb >= 8.5 || this.rng.next() < this.prob) {
      this.accuProb = 0;
      return true;
    }
    return false;
  }

  enqueue(pkt: number, size: number, now: number, _idleSince: number, env: QueueEnv): DropCause {
    this.catchUp(now);
    if (this.fifo.length >= this.spec.limit) return DropCause.Overflow;
    if (this.fifo.bytes + size > this.limitBytes) return DropCause.OverflowBytes;
    if (this.burstAllowance === 0 && this.dropEarly()) {
      if (!(this.spec.ecn && this.prob <= this.spec.ecnThreshold && env.ect(pkt))) return DropCause.Pie;
      env.markCe(pkt);
    }
    this.fifo.push(pkt, size, now);
    return DropCause.None;
  }

  dequeue(now: number): number {
    this.catchUp(now);
    const pkt = this.fifo.shift();
    if (pkt < 0) return -1;
    this.qdelay = this.fifo.length === 0 ? 0 : now - this.fifo.shiftedAt;
    return pkt;
  }

  flush(drop: (pkt: number) => void): void {
    for (let p = this.fifo.shift(); p >= 0; p = this.fifo.shift()) drop(p);
  }
}

/** PIE's next drop probability from the current one and the queueing delays now and at the last update (RFC 8033 §4.2, §5.2, §5.5). */
export function pieProbability(
  s: Pick<PieSpec, 'alpha' | 'beta' | 'target' | 'capDropAdjustment'>,
  prob: number,
  qdelay: number,
  qdelayOld: number,
): number {
  let p = s.alpha * (qdelay - s.target) + s.beta * (qdelay - qdelayOld);
  // Auto-tuning (§4.2): small steps while the probability is small.
  if (prob < 0.000001) p /= 2048;
  else if (prob < 0.00001) p /= 512;
  else if (prob < 0.0001) p /= 128;
  else if (prob < 0.001) p /= 32;
  else if (prob < 0.01) p /= 8;
  else if (prob < 0.1) p /= 2;
  if (s.capDropAdjustment && prob >= 0.1 && p > 0.02) p = 0.02;
  // Linux and ns-3: climb faster above 250 ms of delay.
  if (qdelay > 0.25) p += 0.02;
  let next = prob + p;
  if (qdelay === 0 && qdelayOld === 0) next *= 0.98;
  return Math.min(1, Math.max(0, next));
}
