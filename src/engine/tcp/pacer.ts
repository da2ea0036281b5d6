/**
 * Pacing: spacing a flow's packets in time at a rate, instead of sending a
 * window's worth back to back as ACKs open it (scenario `tcp.pacing`; on by
 * default for BBR, which needs it).
 *
 * Semantics of Linux's fq qdisc (Dumazet, "tc-fq", 2013) and of TCP's
 * internal pacing (net/ipv4/tcp_output.c, tcp_internal_pacing): a packet may
 * leave once the previous one's time slot has passed, the slot of a packet
 * being its length at the pacing rate. A flow that was idle gains no credit:
 * after a pause the next packet leaves at once and spacing resumes from it.
 * The sender asks `ready()` before each transmission; when the slot has not
 * passed, the pacer arms its timer for the moment it does, and the sender
 * resumes sending then.
 *
 * The rate is set by the congestion ops when they control it (BBR: pacing
 * gain × bottleneck bandwidth); otherwise as Linux's tcp_update_pacing_rate
 * (and ns-3's TcpSocketBase::UpdatePacingRate) set it on every ACK:
 * max(cwnd, outstanding) segments per smoothed RTT, × 2 while cwnd is below
 * half of ssthresh (slow start) and × 1.2 after (sysctls
 * tcp_pacing_ss_ratio 200, tcp_pacing_ca_ratio 120); no pacing before the
 * first RTT sample.
 *
 * Rates are bit/s of data (payload), as a delivery rate is measured: a
 * full-sized segment's slot is MSS · 8 / rate, and a smaller packet's slot is
 * its share of that by its size on the wire (so headers are paced too).
 *
 * Where the sources differ, and what is followed:
 *  - Linux expresses BBR's pacing rate in payload bytes but fq spaces the
 *    packets by their full length, so Linux paces a little below the rate it
 *    names (by the header's share); ns-3 spaces by payload. Here the rate is
 *    of data and the slot scales with the packet's size, which keeps both the
 *    stated rate and the headers' share of the slot.
 *  - Retransmissions: Linux paces them too, and so does this pacer for every
 *    transmission the sender's loop makes (new data, limited transmit, SACK
 *    recovery); the single retransmission of a fast retransmit or a Reno
 *    partial ACK leaves at once.
 */
import type { Timer, TcpHost } from './host';

/** Linux sysctl tcp_pacing_ss_ratio: 200 % while cwnd < ssthresh / 2. */
export const PACING_SS_RATIO = 2;
/** Linux sysctl tcp_pacing_ca_ratio: 120 % after. */
export const PACING_CA_RATIO = 1.2;

/**
 * Linux's pacing rate for a variant that does not set one, bit/s of data:
 * ratio × max(cwnd, outstanding) · MSS / srtt (0 before an RTT sample).
 */
export function defaultPacingRate(
  cwnd: number,
  ssthresh: number,
  outstanding: number,
  srtt: number,
  mss: number,
): number {
  if (!(srtt > 0)) return 0;
  const ratio = cwnd < ssthresh / 2 ? PACING_SS_RATIO : PACING_CA_RATIO;
  return (ratio * Math.max(cwnd, outstanding) * mss * 8) / srtt;
}

export class Pacer {
  /** bit/s of data; 0: not pacing (every packet may leave) */
  rate = 0;
  /** simulated ns before which the next packet may not leave */
  nextNs = 0;

  constructor(
    private readonly host: TcpHost,
    private readonly timer: Timer,
    /** payload bytes of a full-sized segment */
    private readonly mss: number,
    /** bytes on the wire of a full-sized segment */
    private readonly segmentBytes: number,
  ) {}

  /** May a packet leave at `nowNs`? If not, the timer is armed for when it may. */
  ready(nowNs: number): boolean {
    if (this.rate <= 0 || nowNs >= this.nextNs) return true;
    if (!this.timer.pending || this.timer.deadline !== this.nextNs) this.host.arm(this.timer, this.nextNs);
    return false;
  }

  /** A packet of `wireBytes` left at `nowNs`: the next may leave once its slot has passed. */
  sent(nowNs: number, wireBytes: number): void {
    if (this.rate <= 0) return;
    this.nextNs = nowNs + Math.round((wireBytes * this.mss * 8e9) / (this.segmentBytes * this.rate));
  }
}
