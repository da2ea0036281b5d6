/**
 * A link direction whose capacity changes: when a packet that starts its
 * serialization at `now` has been sent. Two kinds, built from the link's
 * `schedule` and `trace` (scenario/types.ts):
 *
 * - RateSchedule: piecewise-constant rates. A packet is serialized at the
 *   rate in force when it starts; a change while it is on the transmitter
 *   applies from the next packet (as ns-3's PointToPointNetDevice reads its
 *   DataRate at the start of each transmission).
 * - DeliveryTrace: Mahimahi's model (Netravali et al., USENIX ATC 2015;
 *   mahimahi's link_queue.cc). The trace lists millisecond timestamps, each
 *   an opportunity to deliver `mtu` bytes; it loops with its last timestamp
 *   as period. A packet takes the bytes of the opportunities from the first
 *   at or after its start, across as many as it needs, and is sent at the
 *   one that completes it; bytes left in that opportunity serve the next
 *   packet if it starts at the same instant, and are lost otherwise (an
 *   opportunity with nothing to send is wasted, as in mahimahi).
 *
 * Times are ns; both answer in O(1) amortized per packet (time only moves
 * forward) and allocate nothing.
 */
import { txTimeNs } from '../core/time';

export interface Capacity {
  /** ns at which a packet of `bytes` starting at `now` has been serialized */
  finish(now: number, bytes: number): number;
  /** the capacity, kb/s, over (from, to] (the rate in force at `to` for a schedule) */
  kbps(from: number, to: number): number;
}

const MS = 1_000_000;

export class RateSchedule implements Capacity {
  private i = 0;
  /** @param at step times, ns, non-decreasing; @param rates bit/s from each; `initial` before the first */
  constructor(
    private readonly initial: number,
    private readonly at: Float64Array,
    private readonly rates: Float64Array,
  ) {}

  /** The rate at `now`; `now` never goes back. */
  rateAt(now: number): number {
    while (this.i < this.at.length && this.at[this.i] <= now) this.i++;
    return this.i === 0 ? this.initial : this.rates[this.i - 1];
  }

  finish(now: number, bytes: number): number {
    return now + txTimeNs(bytes, this.rateAt(now));
  }

  kbps(_from: number, to: number): number {
    return this.rateAt(to) / 1000;
  }
}

export class DeliveryTrace implements Capacity {
  private readonly period: number;
  /** the current opportunity: index in ms, loop number, bytes still unused in it */
  private k = -1;
  private loop = 0;
  private left = 0;

  /** @param ms timestamps, ms, non-decreasing, the last > 0 */
  constructor(
    private readonly ms: Int32Array,
    private readonly mtu: number,
  ) {
    this.period = ms[ms.length - 1];
  }

  private timeOf(k: number, loop: number): number {
    return (loop * this.period + this.ms[k]) * MS;
  }

  private advance(): void {
    this.k++;
    if (this.k === this.ms.length) {
      this.k = 0;
      this.loop++;
    }
    this.left = this.mtu;
  }

  finish(now: number, bytes: number): number {
    // Skip to the first opportunity at or after now (whole periods at once after a long idle time).
    if (this.k < 0 || this.timeOf(this.k, this.loop) < now) {
      const loop = Math.floor(now / MS / this.period);
      if (this.k < 0 || loop > this.loop + 1) {
        this.loop = loop;
        this.k = -1;
        this.advance();
      } else this.advance();
      while (this.timeOf(this.k, this.loop) < now) this.advance();
    }
    let need = bytes;
    while (need > this.left) {
      need -= this.left;
      this.advance();
    }
    this.left -= need;
    return this.timeOf(this.k, this.loop);
  }

  /** Opportunities at or before `t` ns since time 0. */
  private countTo(t: number): number {
    const tMs = t / MS;
    const loops = Math.floor(tMs / this.period);
    const r = tMs - loops * this.period;
    let lo = 0;
    let hi = this.ms.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.ms[mid] <= r) lo = mid + 1;
      else hi = mid;
    }
    return loops * this.ms.length + lo;
  }

  kbps(from: number, to: number): number {
    if (to <= from) return NaN;
    return ((this.countTo(to) - this.countTo(from)) * this.mtu * 8) / ((to - from) / 1e9) / 1000;
  }
}
