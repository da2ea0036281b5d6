/**
 * Request/response traffic: one transaction flow's connections, each running
 * its own sequence of transactions over two one-way TCP flows
 * (transaction-plan.ts). A transaction:
 *
 *  1. the client writes a request of `request` bytes (the first as soon as
 *     the flow starts: its response time includes the connection's SYN
 *     exchange, when the handshake is on);
 *  2. when the whole request has arrived in order at the server, the server
 *     writes a response of `response` bytes;
 *  3. when the whole response has arrived in order at the client, the
 *     transaction is done: its response time is from step 1 to here. The
 *     client thinks — a constant time, or one drawn from an exponential
 *     distribution with the given mean, from the seed's stream
 *     `think:<flow id>.<connection>` — and starts the next transaction, unless
 *     the flow's `stop` time has passed or its connection has done
 *     `transactions` of them.
 *
 * This is OPNET's database application (a query, an answer, an inter-request
 * time) and, with `transactions: 1` and many connections, web-like short
 * flows. Where the models differ: OPNET's inter-request time runs from one
 * request to the next whatever the answer does; here the think time starts at
 * the answer, as in closed-loop client models (a client waits for its answer
 * before thinking), so a congested server slows its clients down. One-way
 * agents cannot piggyback: the server's ACK of the request leaves just before
 * the response's first segment, as a separate 40-byte packet, and the client's
 * ACKs of the response travel alone too. An idle connection keeps its cwnd
 * (ns-2's default; RFC 2861's restart after idle is not modelled).
 */
import { GrowableF64 } from '../core/growable';
import { rngStream, type Rng } from '../core/rng';
import { secondsToNs } from '../core/time';
import type { Timer, TimerOwner } from '../core/timers';
import type { TcpReceiver } from '../tcp/receiver';
import type { TcpSender } from '../tcp/sender';
import type { TransactionPlan } from './transaction-plan';

/** What the transactions need from the simulator. */
export interface TransactionHost {
  senders: readonly (TcpSender | null)[];
  receivers: readonly (TcpReceiver | null)[];
  newTimer(owner: TimerOwner, which: number): Timer;
  arm(timer: Timer, atNs: number): void;
}

/** One connection's progress. */
class Connection {
  /** transactions begun (requests written) */
  begun = 0;
  /** requests the server has answered */
  answered = 0;
  /** transactions done (responses fully received) */
  done = 0;
  /** when the current transaction's request was written (ns) */
  requestAtNs = 0;
  constructor(
    readonly number: number,
    readonly request: TcpSender,
    readonly requestRcv: TcpReceiver,
    readonly response: TcpSender,
    readonly responseRcv: TcpReceiver,
    readonly think: Rng,
    readonly timer: Timer,
  ) {}
}

/** The transactions of one transaction flow, and their response times. */
export class TransactionFlow implements TimerOwner {
  /** completed transactions, in order of completion: connection number, transaction number (1-based), start and end (ns) */
  readonly connection = new GrowableF64(64);
  readonly number = new GrowableF64(64);
  readonly startNs = new GrowableF64(64);
  readonly endNs = new GrowableF64(64);
  private readonly conns: Connection[];
  private readonly stopNs: number;
  private readonly requestSegments: number;
  /** engine flow index of the first connection's response direction */
  private readonly firstFlow: number;
  private readonly responseSegments: number;

  constructor(
    readonly plan: TransactionPlan,
    seed: number,
    private readonly host: TransactionHost,
  ) {
    const spec = plan.spec;
    this.stopNs = spec.stop === null ? Infinity : secondsToNs(spec.stop);
    this.conns = plan.connections.map((c, i) => {
      const rcvOf = (fi: number) => host.receivers[fi]!;
      return new Connection(
        c.number,
        host.senders[c.request]!,
        rcvOf(c.request),
        host.senders[c.response]!,
        rcvOf(c.response),
        rngStream(seed, `think:${spec.id}.${c.number}`),
        host.newTimer(this, i),
      );
    });
    this.firstFlow = plan.connections[0]?.response ?? 0;
    this.requestSegments = this.conns.length ? this.conns[0].request.tcb.messageSegments : 1;
    this.responseSegments = this.conns.length ? this.conns[0].response.tcb.messageSegments : 1;
  }

  /** The flow starts (its start time, plus any start jitter): every connection opens and sends its first request. */
  start(now: number): void {
    for (const c of this.conns) {
      c.request.open(now);
      c.response.open(now);
      c.requestRcv.startedAt = now;
      c.responseRcv.startedAt = now;
      this.begin(c, now);
    }
  }

  /** A data segment of engine flow `fi` (one of this flow's) was delivered in the receiver: see what that completes. */
  delivered(fi: number, now: number): void {
    // The plan lays each connection's two flows side by side, response first.
    const k = fi - this.firstFlow;
    const c = this.conns[k >> 1];
    if (c === undefined) return;
    if ((k & 1) === 1) {
      // Whole requests held in order at the server, each answered once.
      const held = Math.floor((c.requestRcv.nextExpected - c.request.base) / this.requestSegments);
      while (c.answered < held) {
        c.answered++;
        c.response.write(now);
      }
    } else {
      const held = Math.floor((c.responseRcv.nextExpected - c.response.base) / this.responseSegments);
      if (held > c.done) this.complete(c, now);
    }
  }

  /** The think timer: the next transaction begins. */
  onTimer(which: number, now: number): void {
    const c = this.conns[which];
    if (c) this.begin(c, now);
  }

  /** transactions done, over all connections */
  get count(): number {
    return this.endNs.length;
  }

  private begin(c: Connection, now: number): void {
    const limit = this.plan.spec.transactions;
    if (now >= this.stopNs || (limit !== null && c.begun >= limit)) return;
    c.begun++;
    c.requestAtNs = now;
    c.request.write(now);
  }

  private complete(c: Connection, now: number): void {
    c.done++;
    this.connection.push(c.number);
    this.number.push(c.done);
    this.startNs.push(c.requestAtNs);
    this.endNs.push(now);
    const think = this.plan.spec.thinkTime;
    const seconds = think.distribution === 'constant' ? think.mean : -think.mean * Math.log(1 - c.think.next());
    const at = now + secondsToNs(seconds);
    if (at < this.stopNs) this.host.arm(c.timer, at);
  }
}
