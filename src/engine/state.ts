/** A snapshot of a running simulation, for the page (SimState in api.ts). */
import type { FlowState, QueueState, SimState } from './api';
import { secondsToNs } from './core/time';
import type { SimView } from './view';

export function simState(sim: SimView): SimState {
  const flows: FlowState[] = sim.flows.map((f, fi) => {
    const snd = sim.senders[fi];
    const st = sim.stats[fi];
    if (!snd) {
      return {
        id: f.id,
        kind: 'cbr',
        variant: '',
        cwnd: NaN,
        ssthresh: NaN,
        inflation: 0,
        srttMs: NaN,
        rtoS: NaN,
        inflight: 0,
        phase: sim.nowNanos < secondsToNs(f.start) ? 'closed' : 'sending',
        ackedSeq: -1,
        nextSeq: sim.cbrs[fi]!.sent,
        packetsSent: st.sent,
        packetsDelivered: st.delivered,
      };
    }
    return {
      id: f.id,
      kind: 'tcp',
      variant: f.kind === 'tcp' ? f.variant : '',
      cwnd: snd.cwnd,
      ssthresh: snd.ssthresh,
      inflation: snd.inflation,
      srttMs: snd.rtt.valid ? snd.rtt.srtt * 1000 : NaN,
      rtoS: snd.rtt.rto(),
      inflight: snd.outstanding,
      phase: snd.phase(sim.receivers[fi]!.completedAt >= 0),
      ackedSeq: snd.highestAck - snd.base,
      nextSeq: snd.tSeqno - snd.base,
      packetsSent: snd.packetsSent,
      packetsDelivered: st.delivered,
    };
  });
  const queues: QueueState[] = sim.dirs.map((d, i) => ({
    ...sim.queueIds[i],
    queuePkts: d.queue.length,
    queueBytes: d.queue.bytes,
    redAvg: d.queue.average,
    down: d.down,
  }));
  return { time: sim.time, done: sim.done, eventsProcessed: sim.eventsProcessed, flows, queues };
}
