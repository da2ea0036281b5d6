/**
 * The link trace's new rows for a batch: copies in buffers of their own (safe
 * to transfer), only the newest `max` of them, and the trace emptied for the
 * next batch. A long step can record many thousands of rows; the page
 * animates only the moments before the event it stops at.
 */
import type { LinkTrace } from '../engine/net/link-trace';
import type { LinkTraceRows } from './protocol';

export function takeLinkRows(trace: LinkTrace, max: number): LinkTraceRows | undefined {
  const n = trace.length;
  if (n === 0) return undefined;
  const from = Math.max(0, n - max);
  const rows: LinkTraceRows = {
    time: trace.time.view(from, n).slice(),
    dir: trace.dir.view(from, n).slice(),
    pkt: trace.pkt.view(from, n).slice(),
    flow: trace.flow.view(from, n).slice(),
    seq: trace.seq.view(from, n).slice(),
    code: trace.code.view(from, n).slice(),
    until: trace.until.view(from, n).slice(),
  };
  trace.clear();
  return rows;
}
