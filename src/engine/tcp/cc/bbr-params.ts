/**
 * BBR v1's states and constants (bbr.ts runs the state machine on them):
 * Linux's net/ipv4/tcp_bbr.c values, each named there as noted, in the
 * units the engine counts in (segments, seconds, round trips). The send
 * quanta are the engine's own (bbr.ts says why: no TSO here).
 */
export const enum BbrMode {
  Startup = 0,
  Drain = 1,
  ProbeBw = 2,
  ProbeRtt = 3,
}

/** Each state's name as the field writes it, indexed by BbrMode. */
export const BBR_STATE_NAMES = ['STARTUP', 'DRAIN', 'PROBE_BW', 'PROBE_RTT'] as const;

/** 2/ln 2: the smallest gain that doubles the delivery rate every round trip (Linux bbr_high_gain). */
export const BBR_HIGH_GAIN = 2885 / 1000;
export const BBR_DRAIN_GAIN = 1000 / 2885;
export const BBR_CWND_GAIN = 2;
/** PROBE_BW's pacing gains, one phase per RTprop. */
export const BBR_GAIN_CYCLE: readonly number[] = [1.25, 0.75, 1, 1, 1, 1, 1, 1];
/** The bandwidth filter's window, round trips (Linux bbr_bw_rtts = CYCLE_LEN + 2). */
export const BBR_BW_ROUNDS = 10;
/** The RTprop filter's window, seconds. */
export const BBR_MIN_RTT_WINDOW = 10;
/** Least time in PROBE_RTT with cwnd at its minimum, seconds. */
export const BBR_PROBE_RTT_TIME = 0.2;
/** cwnd in PROBE_RTT and the least cwnd ever, segments. */
export const BBR_MIN_CWND = 4;
/** Full pipe: BtlBw grew less than this factor … */
export const BBR_FULL_BW_THRESH = 1.25;
/** … for this many round trips. */
export const BBR_FULL_BW_ROUNDS = 3;
/** Pace this far below the estimate (Linux bbr_pacing_margin_percent 1). */
export const BBR_PACING_MARGIN = 0.01;
/** Send quanta budgeted in cwnd, segments (3 quanta of one segment). */
export const BBR_QUANTA = 3;
