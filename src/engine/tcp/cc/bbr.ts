/**
 * BBR v1, "Bottleneck Bandwidth and Round-trip propagation time" (Cardwell,
 * Cheng, Gunn, Hassas Yeganeh & Jacobson, "BBR: Congestion-Based Congestion
 * Control", ACM Queue 14(5), 2016; draft-cardwell-iccrg-bbr-congestion-
 * control-00; Linux net/ipv4/tcp_bbr.c). Runs on SACK loss recovery, as
 * Linux runs it (../variants.ts), with pacing on (tcp.pacing, ../pacer.ts).
 *
 * BBR does not read loss as congestion. It models the path from the
 * delivery-rate samples of every ACK (../delivery-rate.ts):
 *   BtlBw  = the largest delivery rate over the last 10 round trips,
 *   RTprop = the smallest RTT over the last 10 seconds,
 * and sends at pacing_gain × BtlBw with cwnd = cwnd_gain × BtlBw × RTprop
 * (the BDP) plus a little headroom. A state machine sets the gains:
 *  - STARTUP: gains 2/ln 2 ≈ 2.89, the smallest that doubles the sending rate
 *    every round trip. When BtlBw has grown by less than 25 % for three round
 *    trips the pipe is full ("full-pipe detection").
 *  - DRAIN: pacing gain 1/2.89 drains the queue STARTUP built, until what is
 *    in flight is no more than one BDP; ssthresh is set to the BDP (display
 *    only: BBR does not use it).
 *  - PROBE_BW: the gain cycle 1.25, 0.75, 1, 1, 1, 1, 1, 1, one phase per
 *    RTprop: probe for more bandwidth, drain what the probe queued, cruise.
 *    The 1.25 phase lasts until in flight reaches 1.25 BDP (or a loss), the
 *    0.75 phase ends early once in flight is down to the BDP. The first
 *    phase is drawn at random, never the 0.75 one.
 *  - PROBE_RTT: when RTprop has not been measured anew for 10 s, cwnd drops
 *    to 4 segments for at least 200 ms and one round trip, so the queue
 *    empties and the true propagation RTT is seen; then back to PROBE_BW (or
 *    STARTUP if the pipe was never full), cwnd restored.
 *  - Loss (Linux): in the first round of fast recovery, packet conservation
 *    (cwnd = in flight + delivered); after it, cwnd may grow again by what is
 *    delivered; cwnd is restored when recovery ends. After a timeout cwnd
 *    restarts at 1 and grows by what each ACK delivers.
 *
 * cwnd target = cwnd_gain × BDP + ACK-aggregation allowance + 3 segments of
 * send quanta (+2 in the 1.25 phase), at least 4; before the pipe is full
 * cwnd grows by what each ACK delivers (slow start) towards it, after it
 * never beyond it.
 *
 * Where the sources differ, and what is followed:
 *  - Linux's v1 as of its ACK-aggregation allowance (extra_acked, 2019),
 *    which ns-3.44 also has and the paper and draft-00 do not: without it a
 *    BBR flow whose ACKs arrive in bunches is starved of cwnd.
 *  - Send quanta: 3 segments. Linux budgets 3 TSO bursts (2 segments each at
 *    10 Mb/s) and rounds cwnd up to an even number for delayed ACKs; draft-00
 *    budgets 3 send quanta of 2 segments below 24 Mb/s. The engine has no
 *    TSO: a packet is a segment, as ns-3 counts it (one-segment quanta).
 *  - The first PROBE_BW phase is one of 7 (all but the 0.75), as Linux and
 *    draft-00; ns-3 draws among 6. Drawn from the scenario seed's stream.
 *  - In flight for the state machine is what the sender has in flight:
 *    Linux subtracts what its pacing layer will have delivered by the next
 *    departure time (EDT), because fq holds packets with scheduled departure
 *    times; the engine's pacer holds no packets (a packet is in flight only
 *    once it leaves), so there is nothing to subtract. ns-3 does the same.
 *  - Linux's long-term ("policer") bandwidth estimate is left out: the
 *    engine's networks have no token-bucket policers for it to find. Nor is
 *    there a restart-from-idle: the engine's FTP flows never idle mid-run.
 *  - Rates and windows are real numbers (Linux: fixed point, pkts/µs << 24);
 *    the BDP is rounded up as Linux rounds it.
 *  - RTprop is refreshed only by a strictly lower RTT (Linux, ns-3; draft-00
 *    writes ≤). The engine's RTTs have no jitter: the propagation RTT recurs
 *    exactly each time the queue empties, and with ≤ PROBE_RTT would never
 *    come in a shallow buffer.
 *  - RTprop starts as the handshake's RTT (Linux tcp_min_rtt, ns-3's last
 *    RTT at the handshake); RTT samples are the timestamp echo of each ACK
 *    that delivers data (Linux with timestamps).
 *
 * Tunables: none (the constants are Linux's, in bbr-params.ts). Trace
 * columns: bbr_state (0 STARTUP, 1 DRAIN, 2 PROBE_BW, 3 PROBE_RTT, Linux's
 * numbering), bbr_btlbw_kbps (of data), bbr_min_rtt_ms, bbr_pacing_gain,
 * bbr_cwnd_gain.
 */
import { Ev } from '../../output/event-log';
import { CaState } from '../ca-state';
import {
  CongestionEvent,
  type AckSample,
  type CcEventSink,
  type CongestionOps,
  type SocketState,
  type WindowUpdate,
} from './types';
import { WindowedMax } from './windowed-filter';
import { AckAggregation } from './bbr-ack-aggregation';
import {
  BbrMode,
  BBR_HIGH_GAIN,
  BBR_DRAIN_GAIN,
  BBR_CWND_GAIN,
  BBR_GAIN_CYCLE,
  BBR_BW_ROUNDS,
  BBR_MIN_RTT_WINDOW,
  BBR_PROBE_RTT_TIME,
  BBR_MIN_CWND,
  BBR_FULL_BW_THRESH,
  BBR_FULL_BW_ROUNDS,
  BBR_PACING_MARGIN,
  BBR_QUANTA,
} from './bbr-params';

const TRACE_COLUMNS = ['bbr_state', 'bbr_btlbw_kbps', 'bbr_min_rtt_ms', 'bbr_pacing_gain', 'bbr_cwnd_gain'] as const;

const MODE_EVENT = [Ev.BbrStartup, Ev.BbrDrain, Ev.BbrProbeBw, Ev.BbrProbeRtt] as const;

export class Bbr implements CongestionOps {
  readonly name = 'bbr';
  readonly traceColumns: readonly string[] = TRACE_COLUMNS;
  readonly rateSampling = true;

  mode = BbrMode.Startup;
  pacingGain = BBR_HIGH_GAIN;
  cwndGain = BBR_HIGH_GAIN;
  /** BtlBw: windowed max of the delivery rate, segments/s, over round trips */
  readonly bw = new WindowedMax(BBR_BW_ROUNDS);
  /** RTprop, seconds (Infinity: none yet) and when it was last measured */
  minRtt = Infinity;
  minRttStamp = 0;
  /** round trips counted by delivery (Linux rtt_cnt) and the delivered count that ends this one */
  rounds = 0;
  private nextRoundDelivered = 0;
  private roundStart = false;
  /** PROBE_BW: the phase and when it began (delivered time, seconds) */
  cycleIndex = 0;
  private cycleStamp = 0;
  /** full-pipe detection */
  fullBwReached = false;
  private fullBw = 0;
  private fullBwCount = 0;
  /** PROBE_RTT: when it may end (0: not yet at 4 segments), and whether a round passed there */
  private probeRttDone = 0;
  private probeRttRoundDone = false;
  /** loss recovery */
  private packetConservation = false;
  private prevState = CaState.Open;
  /** cwnd before recovery or PROBE_RTT cut it, segments */
  priorCwnd = 0;
  /** ACK aggregation (Linux extra_acked) */
  private readonly aggregation = new AckAggregation();
  private initialised = false;
  private hasSeenRtt = false;
  /** payload bytes per segment (for the trace) */
  private mss = 0;
  private events: CcEventSink | null = null;

  constructor(
    /** segments; the window BBR keeps before it has an RTT sample (Linux TCP_INIT_CWND) */
    private readonly initialCwnd: number,
    /** uniform [0, 1): the first PROBE_BW phase */
    private readonly random: () => number,
  ) {}

  attach(events: CcEventSink): void {
    this.events = events;
  }

  /** Never called: BBR sets the window in control(). */
  increase(): void {}

  /** BBR keeps ssthresh as it is on a loss (Linux bbr_ssthresh); cwnd is its control's. */
  ssthresh(s: Readonly<SocketState>): number {
    return s.ssthresh;
  }

  /** Save cwnd to restore after recovery; after a timeout cwnd restarts at 1 (Linux tcp_enter_loss). */
  onCongestionEvent(s: Readonly<SocketState>, ev: CongestionEvent): { ssthresh: number; cwnd: number } {
    this.saveCwnd(s.cwnd);
    return { ssthresh: s.ssthresh, cwnd: ev === CongestionEvent.Timeout ? 1 : s.cwnd };
  }

  /** A timeout: its recovery starts from scratch (Linux bbr_set_state, TCP_CA_Loss). */
  onStateChange(_s: Readonly<SocketState>, _from: CaState, to: CaState): void {
    if (to === CaState.Loss) {
      this.prevState = CaState.Loss;
      this.fullBw = 0;
    }
  }

  /** BtlBw × RTprop, segments. */
  get bdp(): number {
    return this.bw.best * this.minRtt;
  }

  control(s: Readonly<SocketState>, a: Readonly<AckSample>, w: WindowUpdate): void {
    if (!this.initialised) this.init(s, w);
    this.updateModel(s, a, w);
    this.setPacingRate(s, w, this.pacingGain);
    this.setCwnd(s, a, w);
  }

  private init(s: Readonly<SocketState>, w: WindowUpdate): void {
    this.initialised = true;
    this.mss = s.mss;
    if (s.srtt > 0) this.minRtt = s.srtt;
    this.minRttStamp = s.now;
    this.aggregation.start(s.now);
    this.initPacingRate(s, w);
    // The first state, reported as every later one is, so that a log (and a lesson) starts from it;
    // d = -1: entered at the start, not from another state.
    this.report(0, this.minRtt === Infinity ? NaN : this.minRtt * 1000, s.cwnd, -1);
  }

  /** Pacing at high gain × cwnd per RTT before any bandwidth sample (1 ms if there is no RTT yet). */
  private initPacingRate(s: Readonly<SocketState>, w: WindowUpdate): void {
    const rtt = s.srtt > 0 ? s.srtt : 0.001;
    this.hasSeenRtt = s.srtt > 0;
    w.pacingRate = this.rate(s, s.cwnd / rtt, BBR_HIGH_GAIN);
  }

  /** bit/s of data for `bw` segments/s at `gain`, less the pacing margin. */
  private rate(s: Readonly<SocketState>, bw: number, gain: number): number {
    return gain * bw * s.mss * 8 * (1 - BBR_PACING_MARGIN);
  }

  private updateModel(s: Readonly<SocketState>, a: Readonly<AckSample>, w: WindowUpdate): void {
    this.updateBw(s, a);
    this.aggregation.update(s, a.rate, this.bw.best, this.roundStart);
    if (this.mode === BbrMode.ProbeBw && this.isNextCyclePhase(s, a)) this.advanceCyclePhase(s);
    this.checkFullPipe(a);
    this.checkDrain(s, w);
    this.updateMinRtt(s, a, w);
    this.updateGains();
  }

  private updateBw(s: Readonly<SocketState>, a: Readonly<AckSample>): void {
    const rs = a.rate;
    this.roundStart = false;
    if (rs.delivered < 0 || rs.interval <= 0) return;
    // A round trip ends when a segment sent after the previous round's end is delivered.
    if (rs.priorDelivered >= this.nextRoundDelivered) {
      this.nextRoundDelivered = s.delivered;
      this.rounds++;
      this.roundStart = true;
      this.packetConservation = false;
    }
    const bw = rs.delivered / rs.interval;
    // An application-limited sample says little about the path unless it beats the estimate.
    if (!rs.appLimited || bw >= this.bw.best) this.bw.update(this.rounds, bw);
  }

  private isNextCyclePhase(s: Readonly<SocketState>, a: Readonly<AckSample>): boolean {
    const fullLength = s.deliveredTime - this.cycleStamp > this.minRtt;
    const gain = this.pacingGain;
    if (gain === 1) return fullLength;
    const inFlight = a.rate.priorInFlight;
    // Probing: until in flight reaches gain × BDP, unless that does not fit (a loss).
    if (gain > 1) return fullLength && (a.rate.losses > 0 || inFlight >= this.inflight(gain));
    // Draining: until in flight is down to the BDP, or a phase has passed.
    return fullLength || inFlight <= this.inflight(1);
  }

  private advanceCyclePhase(s: Readonly<SocketState>): void {
    this.cycleIndex = (this.cycleIndex + 1) % BBR_GAIN_CYCLE.length;
    this.cycleStamp = s.deliveredTime;
  }

  private checkFullPipe(a: Readonly<AckSample>): void {
    if (this.fullBwReached || !this.roundStart || a.rate.appLimited) return;
    const best = this.bw.best;
    if (best >= this.fullBw * BBR_FULL_BW_THRESH) {
      this.fullBw = best;
      this.fullBwCount = 0;
      return;
    }
    this.fullBwCount++;
    this.fullBwReached = this.fullBwCount >= BBR_FULL_BW_ROUNDS;
  }

  private checkDrain(s: Readonly<SocketState>, w: WindowUpdate): void {
    if (this.mode === BbrMode.Startup && this.fullBwReached) {
      this.mode = BbrMode.Drain;
      this.report(this.kbps(s), this.minRtt * 1000, this.inflight(1), s.inFlight);
      w.ssthresh = this.inflight(1);
    }
    if (this.mode === BbrMode.Drain && s.inFlight <= this.inflight(1)) this.enterProbeBw(s);
  }

  private enterProbeBw(s: Readonly<SocketState>): void {
    const from = this.mode;
    // A random first phase, never the 0.75 one: the cycle then advances into it.
    this.cycleIndex = BBR_GAIN_CYCLE.length - 1 - Math.floor(this.random() * (BBR_GAIN_CYCLE.length - 1));
    this.advanceCyclePhase(s);
    this.mode = BbrMode.ProbeBw;
    this.report(this.kbps(s), this.minRtt * 1000, this.inflight(BBR_CWND_GAIN), from);
  }

  private updateMinRtt(s: Readonly<SocketState>, a: Readonly<AckSample>, w: WindowUpdate): void {
    const now = s.now;
    const expired = now > this.minRttStamp + BBR_MIN_RTT_WINDOW;
    const rtt = a.rate.ackedSacked > 0 ? a.echoRtt : -1;
    const old = this.minRtt;
    const age = now - this.minRttStamp;
    // Strictly lower, as Linux (draft-00 says ≤): in a simulation without jitter the propagation RTT
    // recurs exactly whenever the queue empties, and ≤ would then put PROBE_RTT off for ever.
    if (rtt >= 0 && (rtt < this.minRtt || expired)) {
      this.minRtt = rtt;
      this.minRttStamp = now;
    }
    if (expired && this.mode !== BbrMode.ProbeRtt) {
      this.saveCwnd(s.cwnd);
      this.probeRttDone = 0;
      this.mode = BbrMode.ProbeRtt;
      this.report(this.kbps(s), old * 1000, age, this.priorCwnd);
    }
    if (this.mode !== BbrMode.ProbeRtt) return;
    // Samples at 4 segments say nothing about the bandwidth.
    w.markAppLimited = true;
    if (this.probeRttDone === 0 && s.inFlight <= BBR_MIN_CWND) {
      this.probeRttDone = now + BBR_PROBE_RTT_TIME;
      this.probeRttRoundDone = false;
      this.nextRoundDelivered = s.delivered;
    } else if (this.probeRttDone !== 0) {
      if (this.roundStart) this.probeRttRoundDone = true;
      if (this.probeRttRoundDone && now > this.probeRttDone) {
        this.minRttStamp = now;
        w.cwnd = Math.max(w.cwnd, this.priorCwnd);
        if (this.fullBwReached) this.enterProbeBw(s);
        else {
          this.mode = BbrMode.Startup;
          this.report(this.kbps(s), this.minRtt * 1000, w.cwnd, BbrMode.ProbeRtt);
        }
      }
    }
  }

  private updateGains(): void {
    switch (this.mode) {
      case BbrMode.Startup:
        this.pacingGain = BBR_HIGH_GAIN;
        this.cwndGain = BBR_HIGH_GAIN;
        break;
      case BbrMode.Drain:
        this.pacingGain = BBR_DRAIN_GAIN;
        this.cwndGain = BBR_HIGH_GAIN;
        break;
      case BbrMode.ProbeBw:
        this.pacingGain = BBR_GAIN_CYCLE[this.cycleIndex];
        this.cwndGain = BBR_CWND_GAIN;
        break;
      case BbrMode.ProbeRtt:
        this.pacingGain = 1;
        this.cwndGain = 1;
        break;
    }
  }

  /** Linux bbr_set_pacing_rate: before the pipe is full the rate only rises. */
  private setPacingRate(s: Readonly<SocketState>, w: WindowUpdate, gain: number): void {
    if (!this.hasSeenRtt && s.srtt > 0) this.initPacingRate(s, w);
    const rate = this.rate(s, this.bw.best, gain);
    if (this.fullBwReached || rate > w.pacingRate) w.pacingRate = rate;
  }

  private setCwnd(s: Readonly<SocketState>, a: Readonly<AckSample>, w: WindowUpdate): void {
    const acked = a.rate.ackedSacked;
    if (acked > 0 && !this.recoverOrRestore(s, a, w)) {
      let cwnd = w.cwnd;
      const target = this.inflight(this.cwndGain) + this.ackAggregationCwnd();
      if (this.fullBwReached) cwnd = Math.min(cwnd + acked, target);
      else if (cwnd < target || s.delivered < this.initialCwnd) cwnd += acked;
      w.cwnd = Math.max(cwnd, BBR_MIN_CWND);
    }
    if (this.mode === BbrMode.ProbeRtt) w.cwnd = Math.min(w.cwnd, BBR_MIN_CWND);
  }

  /** Linux bbr_set_cwnd_to_recover_or_restore: true while packet conservation sets cwnd. */
  private recoverOrRestore(s: Readonly<SocketState>, a: Readonly<AckSample>, w: WindowUpdate): boolean {
    const acked = a.rate.ackedSacked;
    const state = s.state;
    let cwnd = w.cwnd;
    if (a.rate.losses > 0) cwnd = Math.max(cwnd - a.rate.losses, 1);
    if (state === CaState.Recovery && this.prevState !== CaState.Recovery) {
      // The first round of recovery: send one segment per segment delivered.
      this.packetConservation = true;
      this.nextRoundDelivered = s.delivered;
      cwnd = s.inFlight + acked;
    } else if (this.prevState >= CaState.Recovery && state < CaState.Recovery) {
      cwnd = Math.max(cwnd, this.priorCwnd);
      this.packetConservation = false;
    }
    this.prevState = state;
    w.cwnd = this.packetConservation ? Math.max(cwnd, s.inFlight + acked) : cwnd;
    return this.packetConservation;
  }

  /** The cwnd BBR aims at for `gain`: gain × BDP rounded up, plus the send quanta (more in the probing phase). */
  inflight(gain: number): number {
    if (this.minRtt === Infinity) return this.initialCwnd;
    let w = Math.ceil(gain * this.bdp - 1e-9) + BBR_QUANTA;
    if (this.mode === BbrMode.ProbeBw && this.cycleIndex === 0) w += 2;
    return w;
  }

  private ackAggregationCwnd(): number {
    if (!this.fullBwReached) return 0;
    return this.aggregation.cwnd(this.bw.best);
  }

  private saveCwnd(cwnd: number): void {
    if (this.prevState < CaState.Recovery && this.mode !== BbrMode.ProbeRtt) this.priorCwnd = cwnd;
    else this.priorCwnd = Math.max(this.priorCwnd, cwnd);
  }

  private kbps(s: Readonly<SocketState>): number {
    return (this.bw.best * s.mss * 8) / 1000;
  }

  /**
   * Report the state just entered, with BtlBw (kb/s), RTprop (ms) and two
   * figures of the state (output/describe.ts reads them):
   *  - DRAIN: the in-flight target (one BDP, segments) and what is in flight;
   *  - PROBE_BW: the cwnd target (2 BDP) and the state it came from;
   *  - PROBE_RTT: how old RTprop is (s) and the cwnd saved to restore;
   *  - STARTUP (after PROBE_RTT, the pipe never full): the cwnd restored and the state it came from;
   *    at the first ACK: cwnd and −1.
   */
  private report(a: number, b: number, c: number, d: number): void {
    this.events?.log(MODE_EVENT[this.mode], a, b, c, d);
  }

  trace(i: number): number {
    switch (i) {
      case 0:
        return this.mode;
      case 1:
        return this.bw.best > 0 ? (this.bw.best * this.mss * 8) / 1000 : NaN;
      case 2:
        return this.minRtt === Infinity ? NaN : this.minRtt * 1000;
      case 3:
        return this.pacingGain;
      case 4:
        return this.cwndGain;
      default:
        return NaN;
    }
  }
}

export function createBbr(initialCwnd: number, random: () => number): Bbr {
  return new Bbr(initialCwnd, random);
}
