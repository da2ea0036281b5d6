/**
 * The simulator's run: builds the network from a normalized scenario and runs
 * the discrete-event loop. It is steppable — by time or by one event — and
 * can be given faults between events, so the Web Worker can pace it and the
 * page can step through it. Pure and deterministic: no wall clock and no
 * unseeded randomness; the same scenario and seed give the same run. The
 * Simulator (simulator.ts) extends it with what the page and the runners read
 * of a run, and with stepping to the next protocol event.
 *
 * What a run is built from is set up in sim-setup.ts (endpoints, columns,
 * starts), the packet files it can write in sim-taps.ts, and what a lost or
 * marked packet records in sim-losses.ts; the per-event code (dispatch and
 * the hosts' callbacks) stays here, calling the objects it holds directly.
 */
import { EventLog } from './output/event-log';
import { EventQueue } from './core/event-queue';
import { Timers, type Timer, type TimerOwner } from './core/timers';
import { Sampler, throughputWindowSamples } from './output/sampler';
import { nsToSeconds, secondsToNs } from './core/time';
import { LinkDir } from './net/link-dir';
import { Network, type NetHost } from './net/network';
import { PacketKind, PacketPool } from './net/packets';
import { linkDirections, nodeOf } from './net/build';
import { computeRoutes } from './net/routing';
import type { DropCause } from './queues/queue';
import type { FaultSpec, Scenario } from './scenario/types';
import type { TcpHost } from './tcp/host';
import type { TcpReceiver } from './tcp/receiver';
import type { TcpSender } from './tcp/sender';
import type { CbrSource } from './traffic/cbr';
import { engineFlows, type EngineFlowSpec } from './traffic/transaction-plan';
import { TransactionFlow } from './traffic/transactions';
import { WindowSums, type FlowStats } from './output/flow-stats';
import { FaultInstaller } from './net/faults';
import { SimEvent } from './sim-events';
import { PacketTrace, TraceKind } from './output/packet-trace';
import type { EndpointTap } from './output/endpoint-tap';
import type { PcapCapture } from './output/pcap/capture';
import type { PcapSink } from './output/pcap/pcap-file';
import type { Ns2Trace, TraceSink } from './output/ns2/trace';
import { buildEndpoints, queueColumnsOf, scheduleStarts } from './sim-setup';
import { ns2Trace, pcapCapture } from './sim-taps';
import { recordDrop, recordMark } from './sim-losses';
import { StepCursor } from './step-cursor';

export class SimulatorCore implements NetHost, TcpHost {
  readonly scenario: Scenario;
  /** the flows the engine runs: the scenario's, each transaction flow as its connections' two one-way TCP flows (traffic/transaction-plan.ts) */
  readonly flows: EngineFlowSpec[];
  /** the transaction flows' applications, in scenario order */
  readonly transactions: TransactionFlow[] = [];
  /** for each engine flow, its index in `transactions`, or −1 */
  private readonly txOf: Int32Array;
  readonly pool = new PacketPool(4096);
  readonly log = new EventLog();
  readonly events = new EventQueue(1024);
  readonly dirs: LinkDir[];
  readonly network: Network;
  readonly nodeIndex = new Map<string, number>();
  readonly senders: (TcpSender | null)[] = [];
  readonly receivers: (TcpReceiver | null)[] = [];
  readonly cbrs: (CbrSource | null)[] = [];
  readonly stats: FlowStats[] = [];
  readonly windowSums: WindowSums;
  readonly flowIds: string[];
  readonly queueIds: { link: string; from: string; to: string }[];
  readonly seriesColumns: string[];
  /** queues.csv's columns after sojourn_ms (RunData.queueColumns) */
  readonly queueColumns: string[];

  /** time-sequence trace, for the flows switched on with tracePackets() */
  readonly packetTrace: PacketTrace;
  /** a tap on the hosts' interfaces (the packet capture), when one is set */
  endpointTap: EndpointTap | null = null;
  private readonly timers = new Timers(this.events, SimEvent.Timer);
  /** the scenario as the engine runs it: its flows are `flows` */
  private readonly net: Scenario;
  private readonly faults: FaultInstaller;
  protected readonly sampler: Sampler;
  protected readonly durationNs: number;
  private readonly measFromNs: number;
  private readonly measToNs: number;
  /** the time of the event being handled, ns (TcpHost.nowNs) */
  nowNs = 0;
  /** stepToProtocolEvent's place in the event log */
  protected readonly stepCursor = new StepCursor();
  private processed = 0;
  protected delivered = 0;
  protected droppedCount = 0;

  constructor(scenario: Scenario) {
    this.scenario = structuredClone(scenario);
    const s = this.scenario;
    this.durationNs = secondsToNs(s.duration);
    this.measFromNs = secondsToNs(s.measure.from);
    this.measToNs = secondsToNs(s.measure.to);
    s.nodes.forEach((n, i) => this.nodeIndex.set(n.id, i));
    const plan = engineFlows(s);
    this.flows = plan.flows;
    this.txOf = Int32Array.from(plan.owner);
    this.windowSums = new WindowSums(this.flows.length);
    // What the network, the faults and the packet files see: the scenario with the engine's flows.
    const net: Scenario = { ...s, flows: this.flows };
    this.net = net;

    this.dirs = linkDirections(s, this.nodeIndex);
    // Each flow's data path and the way back (its ACKs).
    const ends = this.flows.map((f) => [nodeOf(this.nodeIndex, f.from), nodeOf(this.nodeIndex, f.to)] as const);
    const routes = computeRoutes(
      s.nodes.length,
      this.dirs,
      ends.flatMap(([a, b]) => [[a, b] as const, [b, a] as const]),
    );
    this.network = new Network(this.pool, this.dirs, routes, this.events, this);
    this.faults = new FaultInstaller(net, this.dirs, this.network, this.events, this.log);
    this.queueIds = this.dirs.map((d) => ({
      link: s.links[d.link].id,
      from: s.nodes[d.from].id,
      to: s.nodes[d.to].id,
    }));
    this.flowIds = this.flows.map((f) => f.id);
    this.packetTrace = new PacketTrace(this.flows.length);

    // Variant-specific trace columns follow the contract's; the disciplines' follow queues.csv's.
    this.seriesColumns = buildEndpoints(s, plan, this.nodeIndex, routes, this, this);
    this.queueColumns = queueColumnsOf(this.dirs);
    const back = throughputWindowSamples(s.sampleInterval);
    this.sampler = new Sampler(this.seriesColumns, this, this.dirs, back, this.queueColumns);

    for (const t of plan.transactions) this.transactions.push(new TransactionFlow(t, s.seed, this));
    for (const f of s.faults) this.faults.install(f, 0);
    scheduleStarts(s, plan, this.events);
    this.events.schedule(0, SimEvent.Sample, 0);
  }

  // ---------------------------------------------------------------- faults

  /**
   * Add a fault while the run is in progress. Times before now are taken as
   * now. The fault, with its effective time, is appended to `scenario.faults`
   * so that replaying the scenario reproduces this run exactly; it is returned.
   */
  addFault(fault: FaultSpec): FaultSpec {
    const now = this.time;
    const f: FaultSpec =
      fault.kind === 'dropSegments' ? { ...fault, seqs: [...fault.seqs] } : { ...fault, at: Math.max(fault.at, now) };
    this.faults.install(f, this.nowNs);
    this.scenario.faults.push(f);
    return f;
  }

  // ---------------------------------------------------------------- hosts

  /** Record the time-sequence trace of these flows (by index) from now on. */
  tracePackets(flows: readonly number[]): void {
    this.packetTrace.traceToo(flows);
  }

  /** Record the trace of exactly these flows from now on (others stop). */
  setTracedFlows(flows: readonly number[]): void {
    this.packetTrace.traceOnly(flows);
  }

  /**
   * Capture every packet of every flow on its sender's interface from now on
   * (output/pcap/capture.ts), in libpcap format, into `sink`. Call before the
   * run starts for a whole capture; flush the returned capture at the end.
   */
  capturePackets(sink: PcapSink, snaplen?: number): PcapCapture {
    const capture = pcapCapture(this.net, this, sink, snaplen);
    this.endpointTap = capture;
    return capture;
  }

  /**
   * Write every link event from now on as ns-2's packet trace
   * (output/ns2/trace.ts) into `sink`. Call before the run starts for a
   * whole trace; flush the returned trace at the end.
   */
  traceNs2(sink: TraceSink): Ns2Trace {
    const trace = ns2Trace(this.net, this, sink);
    this.network.linkTap = trace;
    return trace;
  }

  send(pkt: number, node: number): void {
    const now = this.nowNs;
    if (this.endpointTap !== null) this.endpointTap.sent(pkt, node, now);
    this.traceSent(pkt, now);
    // The network reads the time from its clock (Network.now): it is this event's, `now`.
    this.network.atNode(pkt, node);
  }

  private traceSent(pkt: number, now: number): void {
    const pool = this.pool;
    const fi = pool.flow(pkt);
    if (this.packetTrace.on[fi] === 1 && pool.kind(pkt) === PacketKind.Data) {
      const snd = this.senders[fi]!;
      const kind = pool.retx(pkt) === 1 ? TraceKind.Retransmitted : TraceKind.Sent;
      this.packetTrace.add(now, fi, kind, pool.seq(pkt) - snd.base);
    }
  }

  newTimer(owner: TimerOwner, which: number): Timer {
    return this.timers.create(owner, which);
  }

  arm(timer: Timer, atNs: number): void {
    this.timers.arm(timer, atNs);
  }

  disarm(timer: Timer): void {
    this.timers.disarm(timer);
  }

  deliver(pkt: number, node: number): void {
    const now = this.nowNs;
    if (this.endpointTap !== null) this.endpointTap.received(pkt, node, now);
    const pool = this.pool;
    const fi = pool.flow(pkt);
    const st = this.stats[fi];
    const kind = pool.kind(pkt);
    this.delivered++;
    if (kind === PacketKind.Ack) {
      const snd = this.senders[fi]!;
      if (this.packetTrace.on[fi] === 1) this.packetTrace.add(now, fi, TraceKind.AckReceived, pool.seq(pkt) - snd.base);
      snd.onAck(pkt);
    } else {
      const fresh = kind === PacketKind.Cbr || this.receivers[fi]!.onData(pkt);
      if (fresh)
        st.onDelivered(pool.payload(pkt), now - pool.sentAt(pkt), now >= this.measFromNs && now < this.measToNs);
      const tx = this.txOf[fi];
      if (tx >= 0) this.transactions[tx].delivered(fi, now);
    }
    pool.free(pkt);
  }

  dropped(pkt: number, dir: LinkDir, cause: DropCause, now: number): void {
    this.droppedCount++;
    recordDrop(this, pkt, dir, cause, now);
  }

  marked(pkt: number, dir: LinkDir, now: number): void {
    recordMark(this, pkt, dir, now);
  }

  // ---------------------------------------------------------------- loop

  /** simulated seconds */
  get time(): number {
    return nsToSeconds(this.nowNs);
  }

  get done(): boolean {
    return this.events.peekTime() > this.durationNs;
  }

  get eventsProcessed(): number {
    return this.processed;
  }

  /** Process one event. Returns false when the run is over. */
  step(): boolean {
    if (!this.events.popUntil(this.durationNs)) {
      this.nowNs = Math.max(this.nowNs, this.durationNs);
      return false;
    }
    this.dispatch();
    return true;
  }

  /** Process every event up to simulated time `t` seconds (capped at the duration). */
  runUntil(t: number): void {
    const limit = Math.min(secondsToNs(t), this.durationNs);
    this.dispatchUntil(limit);
    if (limit > this.nowNs) this.nowNs = limit;
  }

  /**
   * The event loop proper, in a function of its own: V8 compiles a long loop
   * while it runs (on-stack replacement), before the code after the loop has
   * ever run, and that code then sends every later call of the function back
   * to the interpreter at the loop's end (a deoptimization per runUntil).
   */
  private dispatchUntil(limit: number): void {
    const q = this.events;
    while (q.popUntil(limit)) this.dispatch();
  }

  /** Handle the event just popped from the event list. */
  private dispatch(): void {
    const q = this.events;
    // The handlers read the time from the clocks set here (nowNs, Network.now,
    // the event list's poppedTime) rather than take it as an argument: a time
    // is a double beyond the small-integer range, and a double passed to a
    // function V8 does not inline is boxed into a new heap number, once per
    // event even for the rare kinds' calls (it is boxed before the switch).
    const now = q.poppedTime;
    this.nowNs = now;
    this.network.now = now;
    this.processed++;
    const target = q.poppedTarget;
    switch (q.poppedKind) {
      case SimEvent.TxDone:
        this.network.onTxDone(this.dirs[target]);
        break;
      case SimEvent.Arrive:
        this.network.onArrive(this.dirs[target]);
        break;
      case SimEvent.Timer:
        this.timers.fire(target);
        break;
      case SimEvent.AppStart:
        this.startFlow(target);
        break;
      case SimEvent.AppStop:
        this.senders[target]?.stop();
        break;
      case SimEvent.Cbr:
        this.cbrSend(target);
        break;
      case SimEvent.Sample:
        this.sample(target);
        break;
      case SimEvent.LinkDown:
        this.faults.linkDown(target);
        break;
      case SimEvent.LinkUp:
        this.faults.linkUp(target);
        break;
    }
  }

  /** Run to the end. */
  run(): void {
    this.runUntil(this.scenario.duration);
  }

  private startFlow(fi: number): void {
    const now = this.nowNs;
    const tx = this.txOf[fi];
    if (tx >= 0) return this.transactions[tx].start(now);
    const rcv = this.receivers[fi];
    if (rcv) rcv.startedAt = now;
    const snd = this.senders[fi];
    if (snd) return snd.start(now);
    this.cbrSend(fi);
  }

  private cbrSend(fi: number): void {
    const now = this.nowNs;
    const cbr = this.cbrs[fi]!;
    const stop = cbr.spec.stop === null ? Infinity : secondsToNs(cbr.spec.stop);
    if (now >= stop) return;
    const pkt = cbr.makePacket(this.pool, now);
    this.stats[fi].sent++;
    if (this.endpointTap !== null) this.endpointTap.sent(pkt, cbr.node, now);
    this.network.atNode(pkt, cbr.node);
    const next = now + cbr.intervalNs;
    if (next < stop && next <= this.durationNs) this.events.schedule(next, SimEvent.Cbr, fi);
  }

  private sample(k: number): void {
    const now = this.nowNs;
    const inMeasure = now >= this.measFromNs && now <= this.measToNs;
    this.sampler.record(now, inMeasure);
    const next = secondsToNs((k + 1) * this.scenario.sampleInterval);
    if (next <= this.durationNs) this.events.schedule(next, SimEvent.Sample, k + 1);
  }
}
