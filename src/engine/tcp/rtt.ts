/**
 * Retransmission timeout per RFC 6298, with ns-2.35's choices where the RFC
 * leaves room:
 *  - one segment is timed per round trip (no timestamps option), and a
 *    retransmitted segment is never timed (Karn's rule, RFC 6298 §3);
 *  - RTO = max(minRto, SRTT + K·RTTVAR) (§2.4), then × backoff, capped at
 *    maxRto (§5.5, ns-2 rfc2988_: the minimum is applied before the backoff);
 *  - before the first sample RTO = initialRto (§2.1);
 *  - after the backoff passes 8 the estimate is cleared and the next sample
 *    initializes it afresh, as RFC 6298 §5 allows and ns-2's rtt_backoff does.
 *
 * The clock has two modes (the flow's `tcpTick`):
 *  - tick 0 (the default): exact time. Samples, SRTT and RTTVAR are real
 *    numbers of seconds (RFC 6298 with G = 0).
 *  - tick > 0: ns-2.35's coarse clock (tcp.cc, tcpTick_). rtt_update() counts
 *    the tick boundaries a sample spans (boundaries at k·tick − phase, ns-2's
 *    boot_time_) and keeps SRTT and RTTVAR as integers of ticks scaled by
 *    2^T_SRTT_BITS and 2^T_RTTVAR_BITS (rttGain = 2^−T_SRTT_BITS, rttVarGain =
 *    2^−T_RTTVAR_BITS); the RTO is a whole number of ticks; rtt_timeout()
 *    never arms less than two ticks; rtt_backoff() doubles while the backoff
 *    is below 64 or the RTO below maxRto. The one liberty taken: ns-2 holds
 *    the sample's difference in a C `short` (it wraps beyond 32767 ticks); the
 *    engine's integers do not wrap.
 * Neither mode allocates: a sample updates a few numbers.
 */
export class RttEstimator {
  // The three a sample reads (srtt, valid, rto()) come first, side by side
  // (V8 lays fields out in the order they are defined).
  /** smoothed RTT, seconds (tick mode: t_srtt_ / 2^T_SRTT_BITS ticks) */
  srtt = 0;
  /** an estimate exists (a sample was taken since the last reset; ns-2: t_srtt_ ≠ 0) */
  valid = false;
  /**
   * rto(), kept up to date by every change of its inputs (the base RTO and
   * the backoff; the rest are constants) rather than worked out at each
   * call: the sender arms its timer with it on every ACK, and the sampler
   * reads it for every flow every sample, where the minimum, the maximum and
   * the base RTO are three more doubles (each a heap box of its own in V8)
   * to fetch from memory (output/sampler.ts).
   */
  private timeout = 0;
  /** RTT variation, seconds (tick mode: t_rttvar_ / 2^T_RTTVAR_BITS ticks) */
  rttvar = 0;
  // The base RTO (ns-2 t_rtxcur_) and the backoff, read through baseRto and
  // backoff below. Both start as numbers, not undefined: V8 then keeps a
  // double field in a box it updates in place, not a new heap number a change.
  private base = 0;
  private factor = 1;

  // --- tick mode (ns-2 tcp.h names) ---
  /** the last sample, whole ticks (t_rtt_) */
  tRtt = 0;
  /** smoothed RTT in ticks × 2^T_SRTT_BITS (t_srtt_) */
  tSrtt = 0;
  /** RTT variation in ticks × 2^T_RTTVAR_BITS (t_rttvar_) */
  tRttvar = 0;
  /** 2^T_SRTT_BITS = 1 / rttGain */
  private readonly srttScale: number;
  /** 2^T_RTTVAR_BITS = 1 / rttVarGain */
  private readonly rttvarScale: number;

  /**
   * @param tick seconds per tick (ns-2 tcpTick_); 0: exact time
   * @param phase where the tick boundaries lie, seconds in [0, tick) (ns-2 boot_time_)
   */
  constructor(
    private readonly gain: number,
    private readonly varGain: number,
    private readonly k: number,
    private readonly minRto: number,
    private readonly maxRto: number,
    initialRto: number,
    readonly tick = 0,
    readonly phase = 0,
  ) {
    this.base = initialRto;
    this.srttScale = 1 / gain;
    this.rttvarScale = 1 / varGain;
    this.timeout = this.timeoutNow();
  }

  /** RTO before minimum and backoff, seconds (ns-2 t_rtxcur_). */
  get baseRto(): number {
    return this.base;
  }
  private set baseRto(v: number) {
    this.base = v;
    this.timeout = this.timeoutNow();
  }

  /** The RTO's multiplier: doubled by each expiry, 1 again after a new RTT sample or ACK (RFC 6298 §5.5, §5.7). */
  get backoff(): number {
    return this.factor;
  }
  set backoff(v: number) {
    // Set to 1 on nearly every ACK, mostly when it is 1 already.
    if (v === this.factor) return;
    this.factor = v;
    this.timeout = this.timeoutNow();
  }

  /**
   * Feed one RTT sample: `r` seconds, measured at `now` (seconds; the tick
   * mode needs it to place the sample between tick boundaries).
   */
  sample(r: number, now = 0): void {
    if (this.tick > 0) {
      this.sampleTicks(r, now);
      return;
    }
    if (!this.valid) {
      // RFC 6298 §2.2
      this.srtt = r;
      this.rttvar = r / 2;
      this.valid = true;
    } else {
      // RFC 6298 §2.3: RTTVAR first, with the old SRTT
      this.rttvar = (1 - this.varGain) * this.rttvar + this.varGain * Math.abs(this.srtt - r);
      this.srtt = (1 - this.gain) * this.srtt + this.gain * r;
    }
    this.baseRto = Math.max(this.minRto, this.srtt + this.k * this.rttvar);
  }

  /** ns-2.35 tcp.cc rtt_update(tao), without the timestamps option. */
  private sampleTicks(tao: number, now: number): void {
    const tick = this.tick;
    const s = this.srttScale;
    const v = this.rttvarScale;
    // The number of tick boundaries between the send and now: the send
    // instant's offset into its tick (shifted by boot_time_) plus tao.
    const sendtime = now - tao + this.phase;
    const tickoff = sendtime % tick; // fmod
    let m = Math.trunc((tao + tickoff) / tick);
    if (m < 1) m = 1;
    this.tRtt = m;
    if (this.tSrtt !== 0) {
      // a1 = 7/8 a0 + 1/8 m, in fixed point: t_srtt_ += m − (t_srtt_ >> T_SRTT_BITS)
      let delta = m - Math.floor(this.tSrtt / s);
      this.tSrtt += delta;
      if (this.tSrtt <= 0) this.tSrtt = 1;
      // var1 = 3/4 var0 + 1/4 |d|: t_rttvar_ += |d| − (t_rttvar_ >> T_RTTVAR_BITS)
      if (delta < 0) delta = -delta;
      delta -= Math.floor(this.tRttvar / v);
      this.tRttvar += delta;
      if (this.tRttvar <= 0) this.tRttvar = 1;
    } else {
      // The first sample (or the first after rtt_backoff cleared t_srtt_): srtt = m, rttvar = m/2.
      this.tSrtt = m * s;
      this.tRttvar = Math.floor((m * v) / 2); // t_rtt_ << (T_RTTVAR_BITS − 1)
    }
    this.valid = true;
    this.srtt = (this.tSrtt / s) * tick;
    this.rttvar = (this.tRttvar / v) * tick;
    // t_rtxcur_ = (((t_rttvar_ << (rttvar_exp_ + T_SRTT_BITS − T_RTTVAR_BITS)) + t_srtt_) >> T_SRTT_BITS) · tcpTick_:
    // srtt + K·rttvar, rounded down to whole ticks.
    this.baseRto = Math.floor((this.tRttvar * this.k * (s / v) + this.tSrtt) / s) * tick;
  }

  /** The timeout to arm now, seconds (ns-2 rtt_timeout() with rfc2988_). */
  rto(): number {
    return this.timeout;
  }

  private timeoutNow(): number {
    const t = Math.min(this.maxRto, Math.max(this.minRto, this.base) * this.factor);
    // ns-2 arms at least two ticks (0 in exact mode, so never).
    return t < 2 * this.tick ? 2 * this.tick : t;
  }

  /** Double the timer after an expiry (RFC 6298 §5.5; ns-2 rtt_backoff()). */
  backOff(): void {
    if (this.tick > 0) {
      if (this.backoff < 64 || this.rto() < this.maxRto) this.backoff *= 2;
      if (this.backoff > 8) {
        // ns-2 clobbers srtt, keeping it in the variation instead; the next sample starts afresh.
        this.tRttvar += Math.floor(this.tSrtt / this.srttScale);
        this.tSrtt = 0;
        this.valid = false;
        this.srtt = 0;
        this.rttvar = (this.tRttvar / this.rttvarScale) * this.tick;
      }
      return;
    }
    if (this.rto() < this.maxRto) this.backoff *= 2;
    if (this.backoff > 8) this.valid = false;
  }
}
