/**
 * Gather a run's outputs (the rows of the five CSV files) from a simulation
 * (its read-only view), finished or paused: summaries per flow and per link direction, the sampled
 * series and the event log with its sentences.
 */
import type { SimView } from '../view';
import type { FlowSummaryRow, LinkSummaryRow, QueueSeries, RunData } from './rundata';
import { nsToMs, nsToSeconds } from '../core/time';
import { connectionFigures, transactionRows } from './transactions';

export function collectRunData(sim: SimView): RunData {
  const s = sim.scenario;
  const measFrom = s.measure.from;
  const measTo = Math.min(s.measure.to, Math.max(sim.time, measFrom));
  const span = measTo - measFrom;
  const n = sim.sampleCount();

  const hasTx = s.flows.some((f) => f.kind === 'transaction');
  const figures = hasTx ? connectionFigures(sim.transactions) : null;
  const summary: FlowSummaryRow[] = sim.flows.map((f, fi) => {
    const st = sim.stats[fi];
    const snd = sim.senders[fi];
    const rcv = sim.receivers[fi];
    const sent = snd ? snd.packetsSent : st.sent;
    const completion =
      f.kind === 'tcp' && f.bytes !== null && rcv && rcv.completedAt >= 0
        ? nsToSeconds(rcv.completedAt - rcv.startedAt)
        : null;
    const row: FlowSummaryRow = {
      flow: f.id,
      kind: f.kind === 'cbr' ? 'cbr' : 'tcp',
      variant: f.kind === 'tcp' ? f.variant : '',
      from: f.from,
      to: f.to,
      throughput_kbps: span > 0 ? (st.measBytes * 8) / span / 1000 : 0,
      packets_sent: sent,
      packets_delivered: st.delivered,
      retransmissions: snd ? snd.retransmissions : 0,
      timeouts: snd ? snd.timeouts : 0,
      fast_retransmits: snd ? snd.fastRetransmits : 0,
      drops: st.drops,
      drop_rate: sent > 0 ? st.drops / sent : 0,
      avg_latency_ms: st.measPackets > 0 ? nsToMs(st.latencySumNs / st.measPackets) : null,
      avg_cwnd: snd && st.samples > 0 ? st.cwndSum / st.samples : null,
      avg_ssthresh: snd && st.samples > 0 ? st.ssthreshSum / st.samples : null,
      completion_s: completion,
      ack_drops: st.ackDrops,
    };
    if (figures) {
      const fig = figures.get(fi);
      row.transactions = fig ? fig.transactions : null;
      row.response_mean_ms = fig ? fig.response_mean_ms : null;
      row.response_p95_ms = fig ? fig.response_p95_ms : null;
    }
    return row;
  });

  const elapsedNs = sim.nowNanos;
  const links: LinkSummaryRow[] = sim.dirs.map((d, i) => {
    const q = sim.queueIds[i];
    return {
      link: q.link,
      from: q.from,
      to: q.to,
      packets_forwarded: d.forwarded,
      queue_drops: d.queueDrops,
      fault_drops: d.faultDrops,
      utilization: elapsedNs > 0 ? Math.min(1, Math.min(d.busyNs, elapsedNs) / elapsedNs) : 0,
      avg_queue_pkts: elapsedNs > 0 ? d.queueArea(elapsedNs) / elapsedNs : 0,
      ecn_marks: d.ecnMarks,
    };
  });

  return {
    eventsProcessed: sim.eventsProcessed,
    times: sim.sampleTimes(0, n),
    seriesColumns: [...sim.seriesColumns],
    flowSeries: sim.flows.map((f, fi) => {
      const columns: Record<string, Float64Array> = {};
      for (const c of sim.seriesColumns) columns[c] = sim.flowColumn(fi, c, 0, n);
      return { flow: f.id, columns };
    }),
    queueColumns: [...sim.queueColumns],
    queueSeries: queueSeriesOf(sim, 0, n),
    summary,
    links,
    events: sim.eventRows(0, sim.eventCount()),
    ...(hasTx ? { transactions: transactionRows(sim.transactions) } : {}),
  };
}

/** Each link direction's queue samples from..to (of the simulator's kept samples), as queues.csv writes them. */
export function queueSeriesOf(sim: SimView, from: number, to: number): QueueSeries[] {
  return sim.queueIds.map((q, i) => {
    const extra: Record<string, Float64Array> = {};
    for (const c of sim.queueColumns) extra[c] = sim.queueColumn(i, c, from, to);
    return {
      link: q.link,
      from: q.from,
      queue_pkts: sim.queueColumn(i, 'queue_pkts', from, to),
      queue_bytes: sim.queueColumn(i, 'queue_bytes', from, to),
      red_avg: sim.queueColumn(i, 'red_avg', from, to),
      sojourn_ms: sim.queueColumn(i, 'sojourn_ms', from, to),
      extra,
    };
  });
}
