/**
 * What a lost or CE-marked packet leaves in a run's records: the flow's
 * counters (summary.csv's drops, ack_drops, ce_marks), the time-sequence
 * trace of a traced flow, and a row of the event log (events.csv) with the
 * sender's window and what the cause can say of itself — the queue's length
 * or average, the loss rate of a random fault, the discipline's own figure.
 * The simulator calls these from its network callbacks (sim-core.ts
 * dropped, marked), once per lost or marked packet.
 */
import { Ev, type EventLog } from './output/event-log';
import type { FlowStats } from './output/flow-stats';
import { TraceKind, type PacketTrace } from './output/packet-trace';
import type { LinkDir } from './net/link-dir';
import { PacketKind, type PacketPool } from './net/packets';
import { DropCause } from './queues/queue';
import type { TcpSender } from './tcp/sender';

/** What the records of a loss are kept in. */
export interface LossContext {
  readonly pool: PacketPool;
  readonly log: EventLog;
  readonly stats: readonly FlowStats[];
  readonly senders: readonly (TcpSender | null)[];
  readonly packetTrace: PacketTrace;
}

/** `pkt`'s sequence number as its flow's records give it: from the sender's first segment, for a TCP flow. */
function segmentOf(pool: PacketPool, pkt: number, snd: TcpSender | null): number {
  const seq = pool.seq(pkt);
  return snd ? seq - snd.base : seq;
}

/** A row of the event log about a packet of flow `fi`, with its sender's window beside it (NaN for a CBR flow). */
function logPacket(
  run: LossContext,
  now: number,
  fi: number,
  ev: Ev,
  seq: number,
  a: number,
  b: number,
  c: number,
  d = NaN,
): void {
  const snd = run.senders[fi];
  run.log.add(now, fi, ev, seq, snd ? snd.cwnd : NaN, snd ? snd.ssthresh : NaN, a, b, c, d);
}

/** Record `pkt`, lost on `dir` for `cause` at `now` (ns). */
export function recordDrop(run: LossContext, pkt: number, dir: LinkDir, cause: DropCause, now: number): void {
  const pool = run.pool;
  const fi = pool.flow(pkt);
  const kind = pool.kind(pkt);
  const st = run.stats[fi];
  const seq = segmentOf(pool, pkt, run.senders[fi]);
  // summary.csv's drops count data packets, as packets_sent does: a lost SYN (data
  // segment −1) carries no data and is in neither (it is in events.csv and links.csv).
  if (kind === PacketKind.Ack) st.ackDrops++;
  else if (seq >= 0) st.drops++;
  if (run.packetTrace.on[fi] === 1 && kind === PacketKind.Data) run.packetTrace.add(now, fi, TraceKind.Dropped, seq);
  let extra = NaN;
  if (cause === DropCause.Overflow || cause === DropCause.RedOverflow) extra = dir.queue.length;
  else if (cause === DropCause.RedEarly || cause === DropCause.RedForced) extra = dir.queue.average;
  else if (cause === DropCause.Random) extra = dir.faults.lossRate;
  else if (cause === DropCause.OverflowBytes) extra = dir.queue.bytes;
  else if (cause >= DropCause.Codel) extra = dir.queue.lastDetail ?? NaN;
  logPacket(run, now, fi, Ev.Drop, seq, cause, dir.index, kind + 10 * pool.retx(pkt), extra);
}

/** Record `pkt`, marked CE by `dir`'s queue at `now` (ns) instead of dropped (RFC 3168 §5). */
export function recordMark(run: LossContext, pkt: number, dir: LinkDir, now: number): void {
  const fi = run.pool.flow(pkt);
  run.stats[fi].ceMarks++;
  const q = dir.queue;
  const detail = Number.isNaN(q.average) ? (q.lastDetail ?? NaN) : q.average;
  logPacket(run, now, fi, Ev.EcnMark, segmentOf(run.pool, pkt, run.senders[fi]), dir.index, q.length, detail);
}
