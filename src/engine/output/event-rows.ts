/** The event log as the rows of events.csv: names, numbers (NaN → empty) and the sentence that explains each. */
import { describe, type DescribeContext } from './describe';
import { EVENT_NAMES, type EventLog } from './event-log';
import type { EventRow } from './rundata';
import { nsToSeconds } from '../core/time';

const num = (x: number) => (Number.isNaN(x) ? null : x);

/** Row `i` of the log. */
export function eventRow(log: EventLog, i: number, flowIds: readonly string[], ctx: DescribeContext): EventRow {
  const fi = log.flow.at(i);
  return {
    time_s: nsToSeconds(log.time.at(i)),
    flow: fi >= 0 ? flowIds[fi] : '',
    event: EVENT_NAMES[log.kind.at(i)],
    seq: num(log.seq.at(i)),
    cwnd: num(log.cwnd.at(i)),
    ssthresh: num(log.ssthresh.at(i)),
    detail: describe(log, i, ctx),
  };
}

/** Rows [from, to) of the log (to is capped at its length). */
export function eventRows(
  log: EventLog,
  from: number,
  to: number,
  flowIds: readonly string[],
  ctx: DescribeContext,
): EventRow[] {
  const rows: EventRow[] = [];
  for (let i = from; i < Math.min(to, log.length); i++) rows.push(eventRow(log, i, flowIds, ctx));
  return rows;
}
