/**
 * Retransmission timeout per RFC 6298, with ns-2.35's choices where the RFC
 * leaves room:
 *  - one segment is timed per round trip (no timestamps option), and a
 *    retransmitted segment is never timed (Karn's rule, RFC 6298 §3);
 *  - RTO = max(minRto, SRTT + K·RTTVAR) (§2.4; RFC's G is 0 here: time is exact,
 *    ns-2's 10 ms tcpTick_ is not modelled), then × backoff, capped at maxRto
 *    (§5.5, ns-2 rfc2988_: the minimum is applied before the backoff);
 *  - before the first sample RTO = initialRto (§2.1);
 *  - after the backoff passes 8 the estimate is cleared and the next sample
 *    initializes it afresh, as RFC 6298 §5 allows and ns-2's rtt_backoff does.
 */
export class RttEstimator {
  srtt = 0;
  rttvar = 0;
  /** an estimate exists (a sample was taken since the last reset) */
  valid = false;
  /** RTO before backoff, seconds */
  baseRto: number;
  backoff = 1;

  constructor(
    private readonly gain: number,
    private readonly varGain: number,
    private readonly k: number,
    private readonly minRto: number,
    private readonly maxRto: number,
    initialRto: number,
  ) {
    this.baseRto = initialRto;
  }

  /** Feed one RTT sample, seconds. */
  sample(r: number): void {
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

  /** The timeout to arm now, seconds. */
  rto(): number {
    return Math.min(this.maxRto, Math.max(this.minRto, this.baseRto) * this.backoff);
  }

  /** Double the timer after an expiry (RFC 6298 §5.5). */
  backOff(): void {
    if (this.rto() < this.maxRto) this.backoff *= 2;
    if (this.backoff > 8) this.valid = false;
  }
}
