/**
 * The packet files a run can write besides the CSVs: a libpcap capture on the
 * hosts' interfaces (output/pcap/capture.ts) and ns-2's packet trace on every
 * link (output/ns2/trace.ts). Setting one up happens once, before or during a
 * run; the simulator then calls the tap it holds directly, per packet.
 */
import type { EventLog } from './output/event-log';
import type { LinkDir } from './net/link-dir';
import type { Network } from './net/network';
import type { PacketPool } from './net/packets';
import { PcapCapture, captureFlows } from './output/pcap/capture';
import type { PcapSink } from './output/pcap/pcap-file';
import { Ns2Trace, type TraceSink } from './output/ns2/trace';
import type { Scenario } from './scenario/types';
import type { TcpSender } from './tcp/sender';

/** What a tap needs of the built run, besides the scenario as the engine runs it (its flows are the engine's). */
export interface TapContext {
  readonly pool: PacketPool;
  readonly network: Network;
  readonly dirs: readonly LinkDir[];
  readonly senders: readonly (TcpSender | null)[];
  readonly log: EventLog;
}

/** A libpcap capture of every flow's packets on its sender's interface, into `sink`. */
export function pcapCapture(net: Scenario, run: TapContext, sink: PcapSink, snaplen?: number): PcapCapture {
  const flows = captureFlows(
    net,
    run.network.routes,
    run.dirs.map((d) => d.to),
    run.senders.map((snd) => snd !== null && snd.recovery.usesSack),
  );
  return new PcapCapture(run.pool, flows, sink, snaplen);
}

/** ns-2's packet trace of every link event, into `sink`. */
export function ns2Trace(net: Scenario, run: TapContext, sink: TraceSink): Ns2Trace {
  return new Ns2Trace(run.pool, net, sink, run.log);
}
