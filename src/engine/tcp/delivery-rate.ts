/**
 * Delivery-rate sampling (Cheng, Cardwell, Hassas Yeganeh & Jacobson,
 * draft-cheng-iccrg-delivery-rate-estimation-00; Linux net/ipv4/tcp_rate.c),
 * with the sender's view of what is in flight (Linux tcp_packets_in_flight):
 * what BBR (cc/bbr.ts) builds its model from.
 *
 * When a segment is sent it is stamped with the connection's state then:
 * how many segments had been delivered (`delivered`), when the last of them
 * was (`deliveredTime`), when the first segment of the current send phase
 * left (`firstSent`), and whether the sending was application-limited. When
 * an ACK delivers segments — cumulatively or by SACK — the most recently
 * sent of them gives the sample: the segments delivered since it was sent,
 * over the longer of its send phase (its send time minus its `firstSent`)
 * and its ACK phase (now minus its `deliveredTime`), so that neither ACK
 * compression nor a burst of sends overstates the rate (draft §3.3; Linux
 * tcp_rate_gen). A sample shorter than the smallest RTT seen is discarded.
 *
 * In flight = sent and not cumulatively acknowledged (`outstanding`) − SACKed
 * − marked lost + retransmitted and not yet delivered (RFC 6675's pipe as
 * Linux counts it). A segment is marked lost once a segment `dupThresh`
 * beyond it is SACKed (Linux's FACK heuristic, which agrees with the engine's
 * SACK recovery retransmitting the holes below the highest SACKed segment),
 * and everything not SACKed is marked lost on a retransmission timeout
 * (Linux tcp_enter_loss).
 *
 * The sender may be application-limited (nothing left to send while the
 * window has room, draft §3.4; Linux tcp_rate_check_app_limited): the samples
 * of segments sent from then until what was in flight is delivered are
 * marked so, and BBR does not let them lower its estimate.
 *
 * Per-segment state lives in typed arrays indexed by sequence number modulo
 * their (power-of-two) size, grown only when more segments are outstanding
 * than ever before: nothing here allocates per packet.
 *
 * Where the sources differ, and what is followed:
 *  - Which delivered segment gives the sample: the most recently sent (the
 *    draft, and Linux since tcp_skb_sent_after); older Linux took the one
 *    with the highest delivered count. ns-3's TcpRateLinux follows the older.
 *  - The SYN takes no part (Linux samples from the first data segment on).
 *  - The smallest RTT is the smallest timestamp-echo RTT of the connection;
 *    Linux keeps a windowed minimum over 5 minutes, longer than a lesson runs.
 *  - Lost segments are found by the FACK rule above; Linux today uses RACK
 *    (time-based), ns-3 RFC 6675's IsLost (DupThresh SACKed segments above).
 *    With no reordering in the engine the three agree but for timing.
 */
import { MAX_SACK_BLOCKS, type PacketPool } from '../net/packets';
import type { RateSample } from './cc/types';

const SACKED = 1;
const LOST = 2;
const RETRANS = 4;
const APP_LIMITED = 8;
/** the segment carries send-time stamps (data segments; not the SYN) */
const STAMPED = 16;

/** A rate sample that measured nothing: a sender's before any ACK, or one that keeps none. */
export function noRateSample(): RateSample {
  return {
    delivered: -1,
    interval: -1,
    priorDelivered: 0,
    ackedSacked: 0,
    losses: 0,
    appLimited: false,
    priorInFlight: 0,
  };
}

export class DeliveryRate {
  /** the sample of the current ACK, refilled by onAck */
  readonly rs: RateSample = noRateSample();

  /** segments delivered so far (Linux tp->delivered) */
  delivered = 0;
  /** simulated ns of the latest delivery (Linux tp->delivered_mstamp) */
  deliveredTimeNs = 0;
  /** segments marked lost so far (Linux tp->lost) */
  lost = 0;
  /** 0, or the delivered count until which samples are application-limited (Linux tp->app_limited) */
  appLimited = 0;
  /** smallest RTT seen, ns */
  minRttNs = Infinity;

  sackedOut = 0;
  lostOut = 0;
  retransOut = 0;

  /** send time of the first segment of the current send phase, ns (Linux tp->first_tx_mstamp) */
  private firstSentNs = 0;
  /** first sequence number not cumulatively acknowledged */
  private una = 0;
  /** highest sequence number sent */
  private maxSeq = -1;
  /** highest SACKed sequence number */
  private highestSacked = -1;
  /** sequence numbers up to here have been checked by the loss-marking rule */
  private lossChecked = -1;

  private txDelivered: Float64Array;
  private txDeliveredNs: Float64Array;
  private txFirstSentNs: Float64Array;
  private txSentNs: Float64Array;
  private flags: Uint8Array;
  private mask: number;

  // the current ACK's choice of sample
  private found = false;
  private bestSentNs = 0;
  private bestSeq = 0;
  private ackPhaseNs = 0;
  private sendPhaseNs = 0;

  constructor(
    /** SACKed segments beyond a hole that mark it lost */
    private readonly dupThresh: number,
    /** sequence number of data segment 0 (1 with the handshake: the SYN, 0, takes no part) */
    private readonly base: number,
    capacity = 256,
  ) {
    this.txDelivered = new Float64Array(capacity);
    this.txDeliveredNs = new Float64Array(capacity);
    this.txFirstSentNs = new Float64Array(capacity);
    this.txSentNs = new Float64Array(capacity);
    this.flags = new Uint8Array(capacity);
    this.mask = capacity - 1;
  }

  /** Segments sent and not cumulatively acknowledged (Linux packets_out). */
  get packetsOut(): number {
    return Math.max(0, this.maxSeq - this.una + 1);
  }

  /** Segments in flight (Linux tcp_packets_in_flight). */
  get inFlight(): number {
    return Math.max(0, this.packetsOut - this.sackedOut - this.lostOut + this.retransOut);
  }

  /** Sequence number `seq` left the sender at `nowNs` (Linux tcp_rate_skb_sent). */
  onSend(seq: number, nowNs: number): void {
    if (seq < this.base) return;
    if (seq < this.una) return; // already acknowledged: nothing to stamp
    if (this.packetsOut === 0) {
      // Nothing in flight: the send phase (and the ACK phase) of the next samples start now.
      this.firstSentNs = nowNs;
      this.deliveredTimeNs = nowNs;
    }
    if (seq > this.maxSeq) {
      if (seq - this.una + 1 > this.flags.length) this.grow(seq - this.una + 1);
      for (let s = this.maxSeq + 1; s <= seq; s++) this.flags[s & this.mask] = 0;
      this.maxSeq = seq;
    }
    const i = seq & this.mask;
    let f = this.flags[i];
    if (f & STAMPED && !(f & RETRANS)) {
      // Sent again before it was acknowledged: a retransmission, in flight until delivered (go-back-N
      // after a timeout resends even SACKed segments).
      f |= RETRANS;
      this.retransOut++;
    }
    f = (f & ~APP_LIMITED) | STAMPED | (this.appLimited !== 0 ? APP_LIMITED : 0);
    this.flags[i] = f;
    this.txDelivered[i] = this.delivered;
    this.txDeliveredNs[i] = this.deliveredTimeNs;
    this.txFirstSentNs[i] = this.firstSentNs;
    this.txSentNs[i] = nowNs;
  }

  /**
   * An ACK arrived at `nowNs`: cumulative point `ack` and the SACK blocks of
   * packet `pkt`; `rttNs` its RTT sample (−1: none). Fills `rs` (Linux
   * tcp_sacktag_write_queue, tcp_clean_rtx_queue and tcp_rate_gen).
   */
  private nowTmp = 0;
  onAck(ack: number, pool: PacketPool, pkt: number, nowNs: number, rttNs: number): void {
    this.nowTmp = nowNs;
    const rs = this.rs;
    rs.priorInFlight = this.inFlight;
    rs.ackedSacked = 0;
    rs.losses = 0;
    rs.appLimited = false;
    this.found = false;
    rs.priorDelivered = 0;
    if (rttNs > 0 && rttNs < this.minRttNs) this.minRttNs = rttNs;

    // Cumulatively acknowledged.
    const to = Math.min(ack, this.maxSeq);
    for (let s = this.una; s <= to; s++) {
      const i = s & this.mask;
      const f = this.flags[i];
      if (f & SACKED) this.sackedOut--;
      else this.deliver(s, i);
      if (f & LOST) this.lostOut--;
      if (f & RETRANS) this.retransOut--;
      this.flags[i] = 0;
    }
    if (ack + 1 > this.una) this.una = ack + 1;
    if (this.lossChecked < this.una - 1) this.lossChecked = this.una - 1;

    // SACKed.
    const n = pool.nsack(pkt);
    const at = pkt * MAX_SACK_BLOCKS * 2;
    for (let b = 0; b < n; b++) {
      const l = Math.max(pool.sack[at + 2 * b], this.una);
      const r = Math.min(pool.sack[at + 2 * b + 1], this.maxSeq);
      for (let s = l; s <= r; s++) {
        const i = s & this.mask;
        const f = this.flags[i];
        if (f & SACKED) continue;
        this.sackedOut++;
        if (f & LOST) this.lostOut--;
        if (f & RETRANS) this.retransOut--;
        this.deliver(s, i);
        this.flags[i] = (f & ~(LOST | RETRANS)) | SACKED;
      }
      if (r > this.highestSacked) this.highestSacked = r;
    }

    // Holes dupThresh or more below the highest SACKed segment are lost.
    const lastLost = this.highestSacked - this.dupThresh;
    for (let s = this.lossChecked + 1; s <= lastLost; s++) {
      const i = s & this.mask;
      const f = this.flags[i];
      if (f & (SACKED | LOST)) continue;
      this.flags[i] = f | LOST;
      this.lostOut++;
      this.lost++;
      rs.losses++;
    }
    if (lastLost > this.lossChecked) this.lossChecked = lastLost;

    // The sample (Linux tcp_rate_gen).
    if (this.appLimited !== 0 && this.delivered > this.appLimited) this.appLimited = 0;
    if (rs.ackedSacked > 0) this.deliveredTimeNs = nowNs;
    if (!this.found) {
      rs.delivered = -1;
      rs.interval = -1;
      return;
    }
    rs.delivered = this.delivered - rs.priorDelivered;
    const interval = Math.max(this.sendPhaseNs, this.ackPhaseNs);
    // Shorter than a round trip: the ACKs or sends were compressed; no sample (Linux: interval_us = −1).
    rs.interval = interval < this.minRttNs ? -1 : interval / 1e9;
  }

  /** Segment `s` (slot `i`) is delivered by the current ACK (Linux tcp_rate_skb_delivered). */
  private deliver(s: number, i: number): void {
    this.delivered++;
    this.rs.ackedSacked++;
    const f = this.flags[i];
    if (!(f & STAMPED)) return;
    const sent = this.txSentNs[i];
    // The most recently sent of the segments this ACK delivers (ties: the highest; Linux tcp_skb_sent_after).
    if (!this.found || sent > this.bestSentNs || (sent === this.bestSentNs && s > this.bestSeq)) {
      this.found = true;
      this.bestSentNs = sent;
      this.bestSeq = s;
      this.ackPhaseNs = this.nowTmp - this.txDeliveredNs[i];
      const rs = this.rs;
      rs.priorDelivered = this.txDelivered[i];
      rs.appLimited = (f & APP_LIMITED) !== 0;
      this.sendPhaseNs = sent - this.txFirstSentNs[i];
      // The next send phase starts from the send time of the most recently delivered segment.
      this.firstSentNs = sent;
    }
  }

  /** The retransmission timer expired: whatever is not SACKed is lost, nothing retransmitted is in flight (Linux tcp_enter_loss). */
  onTimeout(): void {
    for (let s = this.una; s <= this.maxSeq; s++) {
      const i = s & this.mask;
      let f = this.flags[i];
      if (f & RETRANS) {
        f &= ~RETRANS;
        this.retransOut--;
      }
      if (!(f & (SACKED | LOST))) {
        f |= LOST;
        this.lostOut++;
        this.lost++;
      }
      this.flags[i] = f;
    }
    if (this.maxSeq > this.lossChecked) this.lossChecked = this.maxSeq;
  }

  /**
   * The sender had nothing to send although the window had room (Linux
   * tcp_rate_check_app_limited): samples until what is in flight now is
   * delivered are application-limited. `cwnd` in segments.
   */
  checkAppLimited(cwnd: number): void {
    const inFlight = this.inFlight;
    if (inFlight < cwnd && this.lostOut <= this.retransOut) this.markAppLimited();
  }

  /** Mark the samples application-limited until what is in flight is delivered (BBR's PROBE_RTT asks this). */
  markAppLimited(): void {
    this.appLimited = this.delivered + this.inFlight || 1;
  }

  private grow(need: number): void {
    let n = this.flags.length * 2;
    while (n < need) n *= 2;
    const m = n - 1;
    const copy = <T extends Float64Array | Uint8Array>(a: T, b: T): T => {
      for (let s = this.una; s <= this.maxSeq; s++) b[s & m] = a[s & this.mask];
      return b;
    };
    this.txDelivered = copy(this.txDelivered, new Float64Array(n));
    this.txDeliveredNs = copy(this.txDeliveredNs, new Float64Array(n));
    this.txFirstSentNs = copy(this.txFirstSentNs, new Float64Array(n));
    this.txSentNs = copy(this.txSentNs, new Float64Array(n));
    this.flags = copy(this.flags, new Uint8Array(n));
    this.mask = m;
  }
}
