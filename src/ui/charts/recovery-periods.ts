/**
 * Loss-recovery periods of one flow, for shading the cwnd chart: each runs
 * from a `recovery_enter` to the flow's next `recovery_exit`, or to a
 * `timeout` (which abandons fast recovery for slow start). A period still
 * open at the end of the data runs to `now`.
 */
import type { PhaseEvent } from '../session/traces';

export interface Period {
  start: number;
  end: number;
  /** still in recovery at `now` */
  open: boolean;
}

export function recoveryPeriods(events: readonly PhaseEvent[], now: number): Period[] {
  const out: Period[] = [];
  let start: number | null = null;
  for (const e of events) {
    if (e.event === 'recovery_enter') {
      // A second enter without an exit (NewReno's partial ACKs do not log one) continues the period.
      if (start === null) start = e.time;
    } else if (e.event === 'recovery_exit' || e.event === 'timeout') {
      if (start !== null) out.push({ start, end: Math.max(start, e.time), open: false });
      start = null;
    }
  }
  if (start !== null) out.push({ start, end: Math.max(start, now), open: true });
  return out;
}
