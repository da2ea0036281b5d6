/**
 * The run as an ns-2 packet trace (`out.tr`): the classic format ns-2.35's
 * `$ns trace-all` writes (trace/trace.cc, Trace::format), one line per event
 * on a link direction:
 *
 *     + 0.022491 0 1 tcp 1040 ------- 1 0.0 2.0 1 2
 *     event time from to type size flags fid src.port dst.port seq uid
 *
 * `+` a packet enters the direction's queue, `-` its transmission starts,
 * `r` it reaches the far end, `d` it is lost. Nodes are numbered in the
 * scenario's order, as ns-2 numbers them in creation order; ports are the
 * agents' as the ns-2 export (ns2/tcl.ts) attaches them: each flow's source
 * agent then its sink, each node counting its agents from 0. `fid` is the
 * flow's index + 1, types are ns-2's (`tcp` data, `ack`, `cbr`), sequence
 * numbers ns-2's (a TCP flow with a SYN numbers it 0 and its data from 1;
 * an ACK carries the highest in-order segment; CBR packets count from 0),
 * and `uid` numbers the packets in the order they were created, as ns-2's
 * Packet::alloc does. Times are rounded to the microsecond and printed
 * as C's `%.15g`, as ns-2's are (Trace::round, TIME_FORMAT).
 *
 * Where the sources differ: ns-2 traces a packet its queue refuses as `+`
 * then `d` (the enqueue trace sits before the queue), and a packet an error
 * model loses as `d` only; this trace does the same for queue drops and for
 * the engine's faults. Of the flags column only `A` (ns-2's cong_action_,
 * 4th character) is ever set: on the first packet a TCP sender sends after
 * it cut its window (a fast retransmit or a timeout; tcp.cc slowdown() and
 * output(), SetCWRonRetransmit_ true), read from the run's event log —
 * except on Vegas packets, whose agent has its own output() that never sets
 * it. No other field it reports (ECN, priority, fast start) is set by the
 * engine.
 *
 * A linkDown fault writes what ns-2's rtmodel writes: the packets the
 * direction held are lost (`d`), then `v <time> link-down <from> <to>` —
 * twice, as ns-2's two traces of a link each print it — for the far end's
 * direction first; `link-up` lines when it ends. The time is printed in
 * full (`%.17g`), as ns-2 prints the rtmodel's Tcl time. While the link is
 * down, what arrives for it is lost without a line: ns-2 drops it at the
 * node, which has no route then.
 *
 * Lines are encoded as ASCII into one reusable 64 kB chunk handed to the sink
 * when full, so memory stays flat however long the run.
 */
import type { LinkDir } from '../../net/link-dir';
import type { LinkTap } from '../../net/link-tap';
import { PacketKind, type PacketPool } from '../../net/packets';
import type { Scenario } from '../../scenario/types';
import { Ev, type EventLog } from '../event-log';

export type TraceSink = (chunk: Uint8Array) => void;

/** Each flow's addresses in ns-2's `node.port` form. */
export interface Ns2FlowAddress {
  /** the source agent, `node.port` */
  src: string;
  /** the sink agent, `node.port` */
  dst: string;
}

/** The ports ns-2 gives the agents of `s` when they are attached in the export's order. */
export function ns2Addresses(s: Scenario): Ns2FlowAddress[] {
  const index = new Map(s.nodes.map((n, i) => [n.id, i]));
  const ports = new Map<number, number>();
  const attach = (node: number): string => {
    const port = ports.get(node) ?? 0;
    ports.set(node, port + 1);
    return `${node}.${port}`;
  };
  return s.flows.map((f) => {
    const src = attach(index.get(f.from)!);
    const dst = attach(index.get(f.to)!);
    return { src, dst };
  });
}

/** A number as C's printf `%.<p>g` prints it (ns-2's trace times). */
export function formatG(v: number, p = 6): string {
  if (v === 0) return '0';
  if (!Number.isFinite(v)) return String(v);
  const exp = Number(v.toExponential(p - 1).split('e')[1]);
  if (exp < -4 || exp >= p) {
    const [m, e] = v.toExponential(p - 1).split('e');
    const mant = m.includes('.') ? m.replace(/0+$/, '').replace(/\.$/, '') : m;
    const n = Number(e);
    return `${mant}e${n < 0 ? '-' : '+'}${String(Math.abs(n)).padStart(2, '0')}`;
  }
  const s = v.toFixed(Math.max(0, p - 1 - exp));
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
}

const FLAGS = '-------';
const FLAGS_CONG_ACTION = '---A---';
const CHUNK = 1 << 16;

export class Ns2Trace implements LinkTap {
  private readonly buf = new Uint8Array(CHUNK);
  private used = 0;
  /** uid of each live packet, by pool index (grown with the pool) */
  private uid = new Int32Array(1024);
  /** 1 while the packet at a pool index has its uid */
  private live = new Uint8Array(1024);
  private nextUid = 0;
  private readonly fid: string[];
  /** per flow: " src dst " for packets from the source, and reversed for ACKs */
  private readonly fwd: string[];
  private readonly rev: string[];
  private readonly dataType: string[];
  /** 1 per pool index: the packet carries cong_action (its flags are `---A---`) */
  private congAction = new Uint8Array(1024);
  /** 1 per flow: the sender cut its window and has not sent since */
  private readonly cutPending: Uint8Array;
  /** 1 per Vegas flow: ns-2's Vegas output() never copies cong_action_ into a packet */
  private readonly vegas: Uint8Array;
  /** 1 per link direction while it is down (linkDown) */
  private readonly down: Uint8Array;
  /** event log rows read so far */
  private logRead = 0;
  /** lines written so far */
  lines = 0;

  constructor(
    private readonly pool: PacketPool,
    scenario: Scenario,
    private readonly sink: TraceSink,
    private readonly log: EventLog | null = null,
  ) {
    this.cutPending = new Uint8Array(scenario.flows.length);
    this.down = new Uint8Array(2 * scenario.links.length);
    this.vegas = Uint8Array.from(scenario.flows, (f) => (f.kind === 'tcp' && f.variant === 'vegas' ? 1 : 0));
    const addr = ns2Addresses(scenario);
    this.fid = scenario.flows.map((_, i) => String(i + 1));
    this.fwd = addr.map((a) => `${a.src} ${a.dst}`);
    this.rev = addr.map((a) => `${a.dst} ${a.src}`);
    this.dataType = scenario.flows.map((f) => (f.kind === 'cbr' ? 'cbr' : 'tcp'));
  }

  enqueued(pkt: number, dir: LinkDir, now: number): void {
    this.line('+', pkt, dir, now);
  }

  dequeued(pkt: number, dir: LinkDir, now: number): void {
    this.line('-', pkt, dir, now);
  }

  received(pkt: number, dir: LinkDir, now: number): void {
    this.line('r', pkt, dir, now);
  }

  dropped(pkt: number, dir: LinkDir, byQueue: boolean, now: number): void {
    if (!byQueue && this.down[dir.index] === 1) {
      this.live[pkt] = 0;
      return;
    }
    if (byQueue) this.line('+', pkt, dir, now);
    this.line('d', pkt, dir, now);
  }

  linkChanged(dir: LinkDir, up: boolean, now: number): void {
    this.down[dir.index] = up ? 0 : 1;
    const text = `v ${formatG(now / 1e9, 17)} link-${up ? 'up' : 'down'} ${dir.from} ${dir.to}\n`;
    this.text(text);
    this.text(text);
  }

  /** Hand what is buffered to the sink. */
  flush(): void {
    if (this.used === 0) return;
    this.sink(this.buf.subarray(0, this.used));
    this.used = 0;
  }

  private line(ev: string, pkt: number, dir: LinkDir, now: number): void {
    const pool = this.pool;
    const fi = pool.flow(pkt);
    const ack = pool.kind(pkt) === PacketKind.Ack;
    if (pkt >= this.uid.length) this.grow(pkt);
    // A packet takes its uid at its first event; it is done at its `d`, or
    // its `r` at the destination, and its pool index may then be reused.
    if (this.live[pkt] === 0) {
      this.uid[pkt] = this.nextUid++;
      this.live[pkt] = 1;
      this.congAction[pkt] = pool.kind(pkt) === PacketKind.Data ? this.takeCut(fi) : 0;
    }
    const uid = this.uid[pkt];
    if (ev === 'd' || (ev === 'r' && dir.to === pool.dst(pkt))) this.live[pkt] = 0;
    const text = `${ev} ${formatG(Math.floor((now / 1e9) * 1e6 + 0.5) / 1e6, 15)} ${dir.from} ${dir.to} ${ack ? 'ack' : this.dataType[fi]} ${pool.size(pkt)} ${this.congAction[pkt] === 1 ? FLAGS_CONG_ACTION : FLAGS} ${this.fid[fi]} ${ack ? this.rev[fi] : this.fwd[fi]} ${pool.seq(pkt)} ${uid}\n`;
    this.text(text);
  }

  private text(text: string): void {
    if (this.used + text.length > this.buf.length) this.flush();
    const buf = this.buf;
    let at = this.used;
    for (let i = 0; i < text.length; i++) buf[at++] = text.charCodeAt(i);
    this.used = at;
    this.lines++;
  }

  /** Whether flow `fi` cut its window since it last sent (and forget it: this packet carries it). */
  private takeCut(fi: number): number {
    const log = this.log;
    if (log !== null) {
      for (const n = log.length; this.logRead < n; this.logRead++) {
        const k = log.kind.at(this.logRead);
        if (k === Ev.FastRetransmit || k === Ev.Timeout) this.cutPending[log.flow.at(this.logRead)] = 1;
      }
    }
    const cut = this.cutPending[fi];
    this.cutPending[fi] = 0;
    return this.vegas[fi] === 1 ? 0 : cut;
  }

  private grow(pkt: number): void {
    const n = Math.max(pkt + 1, this.uid.length * 2);
    const uid = new Int32Array(n);
    uid.set(this.uid);
    this.uid = uid;
    const live = new Uint8Array(n);
    live.set(this.live);
    this.live = live;
    const cong = new Uint8Array(n);
    cong.set(this.congAction);
    this.congAction = cong;
  }
}
