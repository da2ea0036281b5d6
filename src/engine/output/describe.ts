/**
 * The sentence behind each logged event: what happened and why, in words a
 * student can follow while stepping through a run (events.csv `detail`, the
 * page's Step caption). Composed only when a row is read, never in the
 * per-packet path.
 */
import { DropCause } from '../queues/queue';
import { Ev, type EventLog } from './event-log';
import { variantDescriptor } from '../tcp/variants';

export interface DescribeContext {
  /** the TCP variant of a flow ('' for CBR or link events) */
  variantOf(flow: number): string;
  /** label of a link direction, e.g. "r1→client" */
  dirLabel(dir: number): string;
  /** the queue discipline of a link direction, as people write it ("RED", "CoDel") */
  queueName(dir: number): string;
  linkId(link: number): string;
}

/** Up to two decimals, trailing zeros trimmed: 20 → "20", 10.5 → "10.5", 7.3333 → "7.33". */
export function num(x: number): string {
  if (!Number.isFinite(x)) return '—';
  const r = Math.round(x * 100) / 100;
  return String(r === 0 ? 0 : r);
}

/** A rate given in kb/s, as a person reads it: "9.6 Mb/s", "640 kb/s". */
function rate(kbps: number): string {
  return kbps >= 1000 ? `${num(kbps / 1000)} Mb/s` : `${num(kbps)} kb/s`;
}

function plural(n: number, word: string): string {
  return `${num(n)} ${word}${n === 1 ? '' : 's'}`;
}

const PACKET_DATA = 1;
const PACKET_ACK = 2;

function packetName(kind: number, seq: number, retx: number): string {
  if (kind === PACKET_DATA) {
    if (seq < 0) return 'SYN';
    return `segment ${seq}${retx === 1 ? ' (a retransmission)' : ''}`;
  }
  if (kind === PACKET_ACK) return seq < 0 ? 'ACK of the SYN' : `ACK for segment ${seq}`;
  return `CBR packet ${seq}`;
}

function dropReason(cause: number, dir: string, extra: number): string {
  switch (cause) {
    case DropCause.Overflow:
      return `queue full at ${dir} (${num(extra)} packets waiting)`;
    case DropCause.RedEarly:
      return `RED early drop at ${dir} (average queue ${num(extra)} packets, between the thresholds)`;
    case DropCause.RedForced:
      return `RED drop at ${dir}: average queue ${num(extra)} packets is above the maximum threshold`;
    case DropCause.RedOverflow:
      return `RED queue at ${dir} reached its limit (${num(extra)} packets waiting)`;
    case DropCause.Segment:
      return `dropped on purpose by the scenario (dropSegments)`;
    case DropCause.Burst:
      return `dropped by a burst loss on ${dir} (dropBurst)`;
    case DropCause.LinkDown:
      return `link ${dir} is down`;
    case DropCause.Random:
      return `random loss on ${dir} (loss rate ${num(extra)})`;
    case DropCause.OverflowBytes:
      return `queue full at ${dir} (${num(extra)} bytes waiting: its byte limit)`;
    case DropCause.Codel:
      return `CoDel drop at ${dir}: packets have waited longer than its target for a whole interval (this one ${num(extra)} ms)`;
    case DropCause.Pie:
      return `PIE early drop at ${dir} (drop probability ${num(extra)})`;
    case DropCause.FqOverflow:
      return `FQ-CoDel full at ${dir}: dropped from the head of the longest flow queue (${num(extra)} packets in it)`;
    default:
      return `lost at ${dir}`;
  }
}

export function describe(log: EventLog, i: number, ctx: DescribeContext): string {
  const kind = log.kind.at(i);
  // The variant's own words (its label, why its window is what it is after a loss): tcp/variants.ts.
  const variant = variantDescriptor(ctx.variantOf(log.flow.at(i)));
  const who = variant?.label ?? 'TCP';
  const seq = log.seq.at(i);
  const cwnd = log.cwnd.at(i);
  const ssthresh = log.ssthresh.at(i);
  const a = log.a.at(i);
  const b = log.b.at(i);
  const c = log.c.at(i);
  const d = log.d.at(i);
  switch (kind) {
    case Ev.Drop: {
      // a = cause, b = link direction, c = packet kind + 10 × retransmission flag, d = queue length / average / rate
      return `${packetName(c % 10, seq, Math.floor(c / 10))} lost: ${dropReason(a, ctx.dirLabel(b), d)}`;
    }
    case Ev.FastRetransmit: {
      // a = dupacks, b = old cwnd, c = old ssthresh, d = 1 for Tahoe, 2 when the window was already cut for ECN
      const head =
        a < 3 && variant?.earlyRetransmit !== undefined
          ? `${plural(a, 'duplicate ACK')} for segment ${seq - 1} and segment ${seq} ${variant.earlyRetransmit}: retransmit it without waiting for a third`
          : `${plural(a, 'duplicate ACK')} for segment ${seq - 1}: fast retransmit of segment ${seq}`;
      const change = `ssthresh ${num(c)} → ${num(ssthresh)}, cwnd ${num(b)} → ${num(cwnd)}`;
      if (d === 2)
        return `${head}; the window was already reduced for an ECN echo in this window of data, so it is not reduced again (ssthresh ${num(ssthresh)}, cwnd ${num(cwnd)})`;
      return d === 1
        ? `${head}; ${change}: Tahoe goes back to slow start from segment ${seq}`
        : `${head}; ${change} (${variant?.lossRule ?? 'half the window'})`;
    }
    case Ev.RecoveryEnter:
      // seq = recovery point, a = inflated window or pipe, b = 1 for SACK
      return b === 1
        ? `SACK fast recovery: about ${num(a)} segments still in flight (pipe); holes and new data are sent while pipe < cwnd ${num(cwnd)}, until segment ${seq} is acknowledged`
        : `fast recovery: the window is inflated by the duplicate ACKs to ${num(a)} segments, +1 per further duplicate ACK, until segment ${seq} is acknowledged`;
    case Ev.RecoveryExit:
      // seq = ACKed segment, a = recovery point, b = 0 full ACK, 1 Reno on a partial ACK, 2 timeout
      if (b === 1)
        return `new ACK for segment ${seq}: ${who} leaves fast recovery and deflates to cwnd ${num(cwnd)}, although segments up to ${num(a)} are not all acknowledged — the next hole must wait for more duplicate ACKs or the timer`;
      if (b === 2) return `fast recovery abandoned: the retransmission timer expired`;
      return `ACK for segment ${seq} covers the recovery point ${num(a)}: fast recovery ends with cwnd ${num(cwnd)}, ssthresh ${num(ssthresh)}`;
    case Ev.PartialAck:
      // seq = ACKed segment, a = recovery point, b = segment retransmitted (−1: SACK), c = holes left
      if (b >= 0)
        return `partial ACK for segment ${seq} (recovery point ${num(a)}): segment ${num(b)} was lost too — retransmit it now and stay in fast recovery`;
      return `partial ACK for segment ${seq} (recovery point ${num(a)}): ${plural(c, 'hole')} below the highest SACKed segment still unacknowledged, stay in fast recovery`;
    case Ev.Timeout:
      // a = RTO (s), b = backoff now, c = old cwnd, d = old ssthresh
      return `retransmission timer expired after ${num(a)} s without an ACK: ssthresh ${num(d)} → ${num(ssthresh)}, cwnd ${num(c)} → ${num(cwnd)}; resend from segment ${seq}, next timeout ×${num(b)}`;
    case Ev.SsExit:
      return `cwnd ${num(cwnd)} reached ssthresh ${num(ssthresh)}: slow start ends, congestion avoidance (+1 segment per round trip) begins`;
    case Ev.Retransmit:
      // a = highest SACKed segment (SACK) ; b = 1: Vegas's fine-grained check after a new ACK
      if (b === 1)
        return `retransmit segment ${seq}: the first ACK after a retransmission shows it overdue by Vegas's fine-grained RTT check`;
      return `retransmit segment ${seq}: a hole below the highest SACKed segment ${num(a)}`;
    case Ev.Complete:
      return `download complete: ${num(a)} bytes in ${num(b)} s`;
    case Ev.LinkDown:
      return `link ${ctx.linkId(a)} goes down for ${num(b)} s: ${num(c)} packets in its queues and on the wire are lost`;
    case Ev.LinkUp:
      return `link ${ctx.linkId(a)} is up again`;
    case Ev.EcnMark:
      // a = link direction, b = packets waiting, c = RED's average or the discipline's figure
      return `segment ${seq} marked Congestion Experienced (CE) at ${ctx.dirLabel(a)}: ${ctx.queueName(a)} would have dropped it, but the flow uses ECN, so it goes on (${plural(b, 'packet')} waiting)`;
    case Ev.EcnEcho:
      // seq = the CE segment, a = cumulative ACK
      return `segment ${seq} arrived marked CE: the receiver sets ECN-Echo (ECE) on every ACK until the sender answers with CWR`;
    case Ev.Cwr:
      // seq = ACKed segment, a = old cwnd, b = old ssthresh, c = the highest segment sent
      return `ACK for segment ${seq} echoes congestion (ECE): ${who} reduces once for this window of data, ssthresh ${num(b)} → ${num(ssthresh)}, cwnd ${num(a)} → ${num(cwnd)}, and retransmits nothing; it holds the window until segment ${num(c)} is acknowledged and tells the receiver with CWR`;
    case Ev.BbrDrain:
      // a = BtlBw kb/s, b = RTprop ms, c = in-flight target (segments), d = in flight now
      return `the bandwidth estimate grew less than 25 % in three round trips: the pipe is full at about ${rate(a)}. BBR leaves STARTUP for DRAIN: it paces at 0.35 × that rate to empty the queue STARTUP built, until the ${num(d)} segments in flight are down to one BDP (${num(c)} segments: ${rate(a)} × min RTT ${num(b)} ms, + 3)`;
    case Ev.BbrProbeBw:
      // a = BtlBw, b = RTprop ms, c = cwnd target (segments), d = the state it left (1 DRAIN, 3 PROBE_RTT)
      return d === 3
        ? `200 ms at 4 segments and a round trip: the queue emptied and the min RTT is ${num(b)} ms. BBR leaves PROBE_RTT for PROBE_BW with its window restored (up to ${num(c)} segments, twice the BDP)`
        : `in flight is down to one BDP: the queue is drained. BBR enters PROBE_BW: pacing at ${rate(a)} × a gain that cycles 1.25, 0.75, 1, 1, 1, 1, 1, 1 (one phase per min RTT of ${num(b)} ms), cwnd up to ${num(c)} segments (twice the BDP)`;
    case Ev.BbrProbeRtt:
      // a = BtlBw, b = the expired RTprop ms, c = its age s, d = cwnd saved
      return `the min RTT of ${num(b)} ms was measured ${num(c)} s ago and not seen since: BBR enters PROBE_RTT — cwnd 4 segments for at least 200 ms and a round trip, so the queue empties and the true round-trip time shows (cwnd ${num(d)} is kept for later)`;
    case Ev.BbrStartup:
      // a = BtlBw, b = RTprop ms, c = cwnd restored, d = the state it left (−1: the flow's first ACK)
      if (d < 0)
        return `BBR starts in STARTUP with cwnd ${num(c)}: it paces at 2/ln 2 ≈ 2.89 times the delivery rate it measures, so the rate doubles every round trip as in slow start, until the bandwidth estimate grows less than 25 % in three round trips`;
      return `PROBE_RTT is over (min RTT ${num(b)} ms) but the pipe was never found full: BBR goes back to STARTUP with cwnd ${num(c)}`;
    case Ev.HystartCss:
      // a = this round's min RTT ms, b = last round's min RTT ms, c = threshold ms
      return `HyStart++: this round's smallest RTT (${num(a)} ms) is ${num(a - b)} ms above the last round's (${num(b)} ms), at least the ${num(c)} ms threshold — a queue is building. Conservative slow start: cwnd grows 4 times slower, for up to 5 round trips`;
    case Ev.HystartResume:
      // a = this round's min RTT ms, b = the RTT that started conservative slow start ms
      return `HyStart++: the RTT fell back (${num(a)} ms, below the ${num(b)} ms that started conservative slow start) — the rise was not a queue. Back to standard slow start`;
    default:
      return '';
  }
}
