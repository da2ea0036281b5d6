/**
 * The protocol event log behind events.csv and the page's Step captions.
 *
 * Events are stored as numbers (kind, flow index, sequence number, cwnd,
 * ssthresh and four kind-specific arguments) in growable typed columns, so
 * logging a drop in the per-packet path allocates nothing; the sentence a
 * student reads is composed only when a row is asked for (see describe.ts).
 */
import { GrowableF64, GrowableI32 } from '../core/growable';
import { EVENT_NAMES, type ProtocolEventName } from './event-names';

export const enum Ev {
  Drop = 1,
  FastRetransmit = 2,
  Timeout = 3,
  RecoveryEnter = 4,
  RecoveryExit = 5,
  PartialAck = 6,
  SsExit = 7,
  Retransmit = 8,
  Complete = 9,
  LinkDown = 10,
  LinkUp = 11,
  /** a queue set CE on a packet instead of dropping it */
  EcnMark = 12,
  /** the receiver saw CE and begins echoing it with ECE until the sender's CWR */
  EcnEcho = 13,
  /** the sender reduced its window for an ECN echo (entered CWR), without a retransmission */
  Cwr = 14,
  /** BBR enters a state (cc/bbr.ts): STARTUP (again, after PROBE_RTT before the pipe was full), DRAIN, PROBE_BW, PROBE_RTT */
  BbrStartup = 15,
  BbrDrain = 16,
  BbrProbeBw = 17,
  BbrProbeRtt = 18,
  /** HyStart++ (RFC 9406) sees the RTT rise and enters conservative slow start */
  HystartCss = 19,
  /** the RTT rise was spurious: back from conservative to standard slow start */
  HystartResume = 20,
}

export { EVENT_NAMES, type ProtocolEventName };

/** Kinds a student steps to with Step (the contract's protocol events, ECN's and BBR's states, without the quieter ones). */
export function isStepEvent(kind: number): boolean {
  return (
    (kind >= Ev.Drop && kind <= Ev.PartialAck) ||
    (kind >= Ev.EcnMark && kind <= Ev.Cwr) ||
    (kind >= Ev.BbrStartup && kind <= Ev.BbrProbeRtt)
  );
}

/** The names of the kinds a student steps to, in Ev order. */
export const STEP_EVENTS: readonly ProtocolEventName[] = EVENT_NAMES.filter(
  (name, kind): name is ProtocolEventName => name !== '' && isStepEvent(kind),
);

export class EventLog {
  readonly time = new GrowableF64(1024);
  readonly flow = new GrowableI32(1024);
  readonly kind = new GrowableI32(1024);
  readonly seq = new GrowableF64(1024);
  readonly cwnd = new GrowableF64(1024);
  readonly ssthresh = new GrowableF64(1024);
  readonly a = new GrowableF64(1024);
  readonly b = new GrowableF64(1024);
  readonly c = new GrowableF64(1024);
  readonly d = new GrowableF64(1024);

  get length(): number {
    return this.kind.length;
  }

  /** Keep only the last `n` events (a runner that has written or posted the rest). */
  keepLast(n: number): void {
    for (const col of [
      this.time,
      this.flow,
      this.kind,
      this.seq,
      this.cwnd,
      this.ssthresh,
      this.a,
      this.b,
      this.c,
      this.d,
    ])
      col.keepLast(n);
  }

  /** Record an event; seq/cwnd/ssthresh NaN where they do not apply. */
  add(
    timeNs: number,
    flow: number,
    kind: Ev,
    seq: number,
    cwnd: number,
    ssthresh: number,
    a = NaN,
    b = NaN,
    c = NaN,
    d = NaN,
  ): void {
    this.time.push(timeNs);
    this.flow.push(flow);
    this.kind.push(kind);
    this.seq.push(seq);
    this.cwnd.push(cwnd);
    this.ssthresh.push(ssthresh);
    this.a.push(a);
    this.b.push(b);
    this.c.push(c);
    this.d.push(d);
  }
}
