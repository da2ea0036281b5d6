/**
 * HyStart++ (Balasubramanian, Huang & Olson, RFC 9406, 2023): leaving the
 * first slow start before the buffer overflows. Used by CUBIC
 * (`tcp.cubic.hystart`; on by default, as Linux and ns-3 run CUBIC; off in the ns2 profile).
 *
 * Per round trip (AckSample.roundStart, counted by the sender) it keeps the
 * smallest RTT of the round. Once a round has N_RTT_SAMPLE samples and its
 * minimum exceeds the previous round's by RttThresh = clamp(last/8, 4 ms,
 * 16 ms), a queue is building: it enters Conservative Slow Start (CSS,
 * §4.2), where cwnd grows CSS_GROWTH_DIVISOR times slower. If a later round's
 * minimum falls back below the one that started CSS, the rise was spurious
 * and standard slow start resumes; after CSS_ROUNDS rounds in CSS it ends
 * slow start (ssthresh = cwnd) and congestion avoidance begins. A loss in
 * either ends HyStart++ as it ends slow start; HyStart++ runs in the first
 * slow start only (§4.3: not after a timeout).
 *
 * Where the sources differ, and what is followed:
 *  - RFC 9406 throughout. Linux's tcp_cubic.c runs the older HyStart
 *    (Ha & Rhee 2011): an ACK-train test and a delay test on the first 8
 *    RTT samples of a round, which leave slow start at once, without CSS.
 *    ns-3.44's TcpCubic runs that HyStart with a delay threshold of the
 *    whole min RTT by default (docs/validation-ns3.md N11).
 *  - RTT samples are every ACK's timestamp echo (RFC 9406 §4.2 asks for one
 *    per ACK; the engine's timed-segment RTT would give one a round).
 *  - L (the per-ACK growth limit, §4.2): the engine's slow start grows one
 *    segment per ACK already, within any L ≥ 1; in CSS by 1/4 segment per ACK.
 */
import type { AckSample, CcEventSink } from './types';
import { Ev } from '../../output/event-log';

export const HYSTART_MIN_RTT_THRESH = 0.004;
export const HYSTART_MAX_RTT_THRESH = 0.016;
export const HYSTART_MIN_RTT_DIVISOR = 8;
export const HYSTART_N_RTT_SAMPLE = 8;
export const HYSTART_CSS_GROWTH_DIVISOR = 4;
export const HYSTART_CSS_ROUNDS = 5;

export const enum HystartPhase {
  /** standard slow start, watching the RTT */
  SlowStart = 0,
  /** Conservative Slow Start */
  Css = 1,
  /** done: slow start was left (by HyStart++ or a loss), or HyStart++ is off */
  Done = 2,
}

export class HyStart {
  phase: HystartPhase;
  /** smallest RTT of the previous round and of this one, seconds (Infinity: none) */
  lastRoundMinRtt = Infinity;
  currentRoundMinRtt = Infinity;
  private samples = 0;
  /** the round minimum that started CSS, seconds */
  cssBaselineMinRtt = Infinity;
  /** rounds begun since CSS started (it ends when CSS_ROUNDS are complete) */
  cssRounds = 0;
  private events: CcEventSink | null = null;

  constructor(on: boolean) {
    this.phase = on ? HystartPhase.SlowStart : HystartPhase.Done;
  }

  attach(events: CcEventSink): void {
    this.events = events;
  }

  /**
   * A new ACK in slow start (cwnd < ssthresh). Returns the growth factor
   * for this ACK (1 in standard slow start, 1/4 in CSS) and, by `exit`, whether
   * slow start ends now (the caller sets ssthresh = cwnd).
   */
  onAck(a: Readonly<AckSample>): { growth: number; exit: boolean } {
    if (this.phase === HystartPhase.Done) return GROW;
    if (a.roundStart) {
      this.lastRoundMinRtt = this.currentRoundMinRtt;
      this.currentRoundMinRtt = Infinity;
      this.samples = 0;
      if (this.phase === HystartPhase.Css && ++this.cssRounds > HYSTART_CSS_ROUNDS) {
        this.phase = HystartPhase.Done;
        return EXIT;
      }
    }
    const rtt = a.echoRtt;
    if (rtt > 0 && !a.dup) {
      if (rtt < this.currentRoundMinRtt) this.currentRoundMinRtt = rtt;
      this.samples++;
    }
    const enough = this.samples >= HYSTART_N_RTT_SAMPLE && this.currentRoundMinRtt < Infinity;
    if (this.phase === HystartPhase.SlowStart) {
      if (enough && this.lastRoundMinRtt < Infinity) {
        const thresh = Math.min(
          Math.max(this.lastRoundMinRtt / HYSTART_MIN_RTT_DIVISOR, HYSTART_MIN_RTT_THRESH),
          HYSTART_MAX_RTT_THRESH,
        );
        if (this.currentRoundMinRtt >= this.lastRoundMinRtt + thresh) {
          this.cssBaselineMinRtt = this.currentRoundMinRtt;
          this.phase = HystartPhase.Css;
          this.cssRounds = 0;
          this.events?.log(Ev.HystartCss, this.currentRoundMinRtt * 1000, this.lastRoundMinRtt * 1000, thresh * 1000);
          return CSS;
        }
      }
      return GROW;
    }
    // CSS: the RTT fell back below the rise that started it — spurious; resume slow start.
    if (enough && this.currentRoundMinRtt < this.cssBaselineMinRtt) {
      this.events?.log(Ev.HystartResume, this.currentRoundMinRtt * 1000, this.cssBaselineMinRtt * 1000);
      this.cssBaselineMinRtt = Infinity;
      this.phase = HystartPhase.SlowStart;
      return GROW;
    }
    return CSS;
  }

  /** A congestion event (or slow start left otherwise): HyStart++ is over for this connection. */
  end(): void {
    this.phase = HystartPhase.Done;
  }
}

const GROW = Object.freeze({ growth: 1, exit: false });
const CSS = Object.freeze({ growth: 1 / HYSTART_CSS_GROWTH_DIVISOR, exit: false });
const EXIT = Object.freeze({ growth: 0, exit: true });
