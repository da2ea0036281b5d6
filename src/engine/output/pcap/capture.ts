/**
 * The packet capture (`--pcap`, the page's "Export pcap"): every packet of
 * every TCP and CBR flow as seen on its sender's interface, written as a
 * classic libpcap file (pcap-file.ts) of Ethernet/IPv4/TCP or UDP frames
 * (frame.ts), so that tcpdump, Wireshark/tshark and tcptrace read a run.
 *
 * Where the capture sits. Outgoing packets are taken at the instant the
 * sender's transport emits them, before the first link's fault filter and
 * queue; incoming ones when the network delivers them to the sender's node.
 * That is a tap between TCP and the interface queue: unlike tcpdump on Linux
 * (which sees a packet after the qdisc), a segment the first link drops — a
 * `dropSegments` fault, or the sender's own queue overflowing — is still in
 * the capture, so every transmission the sender made is there, and a tool's
 * retransmission count equals the run's `retransmissions`. A CBR flow's
 * capture has only its outgoing datagrams.
 *
 * What the engine's numbers become:
 *  - Addresses: node i is 10.x.y.z with x.y.z = i + 1 (10.0.0.1 is the first
 *    node) and MAC 02:00:00:00:00:01 likewise; a frame's other MAC is the
 *    neighbour on the sender's first hop toward the peer.
 *  - Ports: the sender of flow k uses 49152 + k; a TCP receiver listens on
 *    5001, a CBR sink on 9 (discard).
 *  - Sequence numbers: the engine counts segments; the capture counts bytes
 *    from a per-flow initial sequence number (ISN, drawn from the stream
 *    `isn:<flow>` of the run's seed). The engine's SYN is the SYN (seq = ISN)
 *    and the ACK of it the SYN-ACK (the receiver's own ISN from
 *    `isn:<flow>:peer`); data segment i starts at ISN + 1 + i·MSS (ISN + i·MSS
 *    without a handshake, when no SYN is shown). ACKs acknowledge the byte
 *    after the highest in-order segment; SACK blocks become byte ranges.
 *  - Options: MSS, SACK-permitted (SACK variants) and window scale on the
 *    SYN and SYN-ACK; timestamps (1 ms clock of simulated time; an ACK echoes
 *    the send time of the segment that caused it, as the engine's ACKs do)
 *    on every segment, unless the flow may carry 4 SACK blocks, which leave
 *    no room for them (RFC 2018 §3): then the flow goes without timestamps.
 *  - Lengths: a frame is what a real stack would send for the same payload
 *    (20 bytes of IPv4, 20 of TCP plus the options written, 8 of UDP), which
 *    may differ from the simulated packet's size by the option bytes (the
 *    engine's 40-byte header, ns-2's convention, has none); a CBR packet's
 *    payload is its size less 28. Payload bytes are zeros and are cut by the
 *    snap length; checksums are exact (zeros add nothing to them).
 *  - Receiver window: the flow's window in bytes, scaled to fit 16 bits.
 *  - TTL: 64 less the routers on the path, on incoming packets.
 *  - ECN: the IP ECN field and the ECE/CWR flags come from one place,
 *    `ecnBits` below; packets carry no ECN state yet, so it gives not-ECT.
 *
 * Memory stays flat: the writer hands fixed-size chunks to its sink, and the
 * capture keeps a few numbers per flow.
 */
import { rngStream } from '../../core/rng';
import { MAX_SACK_BLOCKS, PacketKind, type PacketPool } from '../../net/packets';
import type { Scenario } from '../../scenario/types';
import type { EndpointTap } from '../endpoint-tap';
import {
  IPPROTO_TCP,
  IPPROTO_UDP,
  MAX_PCAP_SACK_BLOCKS,
  TCP_ACK,
  TCP_PSH,
  TCP_SYN,
  newFrameFields,
  type FrameFields,
} from './frame';
import { PcapWriter, type PcapSink } from './pcap-file';

export const TCP_SERVER_PORT = 5001;
export const UDP_SINK_PORT = 9;
export const FIRST_CLIENT_PORT = 49152;
const TTL = 64;
const TWO32 = 4294967296;

/** What the capture knows of one transport: a TCP connection's sender half or a CBR source. */
export interface CaptureFlow {
  tcp: boolean;
  /** the node whose interface is captured (the sender) */
  node: number;
  peer: number;
  /** TCP: payload bytes per segment */
  mss: number;
  /** TCP: 1 when the connection opens with a SYN (sequence number 0 on the wire) */
  base: number;
  /** TCP: bytes the file holds (Infinity when endless) */
  fileBytes: number;
  sack: boolean;
  timestamps: boolean;
  /** TCP: the receiver window, bytes */
  window: number;
  windowScale: number;
  isn: number;
  peerIsn: number;
  srcPort: number;
  dstPort: number;
  /** routers between the two ends */
  routers: number;
  /** MAC of the neighbour on the sender's first hop */
  hopMac: number;
}

/** IPv4 address of node `i` (10.0.0.1 for the first). */
export function nodeAddress(i: number): number {
  return (0x0a000000 + i + 1) >>> 0;
}

/** The low 32 bits of node `i`'s MAC (02:00 + these). */
export function nodeMac(i: number): number {
  return i + 1;
}

function isn(seed: number, name: string): number {
  return Math.floor(rngStream(seed, name).next() * TWO32);
}

/** Smallest window-scale shift that fits `bytes` in the 16-bit window field (RFC 7323 §2.3: at most 14). */
export function windowShift(bytes: number): number {
  let s = 0;
  while (s < 14 && bytes / 2 ** s > 0xffff) s++;
  return s;
}

/**
 * The capture description of each flow of a scenario, by flow index.
 * `routes` gives the link direction from a node toward another (net/routing.ts), `dirTo`
 * the far node of each link direction.
 */
export function captureFlows(
  s: Scenario,
  routes: { next(from: number, to: number): number },
  dirTo: ArrayLike<number>,
  /** by flow index: the flow's receiver reports SACK blocks */
  sackFlows: readonly boolean[],
): CaptureFlow[] {
  const n = s.nodes.length;
  const index = new Map(s.nodes.map((x, i) => [x.id, i]));
  const routers = (from: number, to: number): number => {
    let hops = 0;
    for (let at = from; at !== to && hops <= n; hops++) at = dirTo[routes.next(at, to)];
    return Math.max(0, hops - 1);
  };
  return s.flows.map((f, k) => {
    const node = index.get(f.from)!;
    const peer = index.get(f.to)!;
    const common = {
      node,
      peer,
      srcPort: FIRST_CLIENT_PORT + k,
      routers: routers(peer, node),
      hopMac: nodeMac(dirTo[routes.next(node, peer)]),
      isn: isn(s.seed, `isn:${f.id}`),
      peerIsn: isn(s.seed, `isn:${f.id}:peer`),
    };
    if (f.kind !== 'tcp')
      return {
        ...common,
        tcp: false,
        mss: 0,
        base: 0,
        fileBytes: Infinity,
        sack: false,
        timestamps: false,
        window: 0,
        windowScale: 0,
        dstPort: UDP_SINK_PORT,
      };
    const sack = sackFlows[k] === true;
    const window = Math.floor(f.tcp.window * f.packetSize);
    return {
      ...common,
      tcp: true,
      mss: f.packetSize,
      base: f.tcp.handshake ? 1 : 0,
      fileBytes: f.bytes ?? Infinity,
      sack,
      timestamps: !sack || f.tcp.maxSackBlocks <= MAX_PCAP_SACK_BLOCKS,
      window,
      // Window scaling is negotiated on the SYN exchange; without one the window is not scaled.
      windowScale: f.tcp.handshake ? windowShift(window) : 0,
      dstPort: TCP_SERVER_PORT,
    };
  });
}

/**
 * The ECN codepoint of the IP header and the ECE/CWR flags of TCP for a
 * packet: the one place to read the packet's ECN state once packets carry it
 * (RFC 3168 §5: not-ECT 0, ECT(1) 1, ECT(0) 2, CE 3; §6.1: ECE 0x40, CWR 0x80).
 */
function ecnBits(_pool: PacketPool, _pkt: number, f: FrameFields): void {
  f.ecn = 0;
}

export class PcapCapture implements EndpointTap {
  readonly writer: PcapWriter;
  private readonly f = newFrameFields();
  /** per flow: the last timestamp value the sender received (its TSecr), ms */
  private readonly tsRecent: Float64Array;
  /** per flow: IP identification counters of the two directions */
  private readonly ipIdOut: Int32Array;
  private readonly ipIdIn: Int32Array;

  constructor(
    private readonly pool: PacketPool,
    private readonly flows: readonly CaptureFlow[],
    sink: PcapSink,
    snaplen?: number,
  ) {
    this.writer = new PcapWriter(sink, snaplen);
    this.tsRecent = new Float64Array(flows.length);
    this.ipIdOut = new Int32Array(flows.length);
    this.ipIdIn = new Int32Array(flows.length);
  }

  /** Hand what is buffered to the sink (call at the end of the run, or before reading the sink). */
  flush(): void {
    this.writer.flush();
  }

  get packets(): number {
    return this.writer.count;
  }

  sent(pkt: number, node: number, now: number): void {
    const c = this.flows[this.pool.flow(pkt)];
    if (c === undefined || node !== c.node) return;
    this.frame(pkt, c, true, now);
  }

  received(pkt: number, node: number, now: number): void {
    const c = this.flows[this.pool.flow(pkt)];
    if (c === undefined || node !== c.node) return;
    this.frame(pkt, c, false, now);
  }

  /** Bytes before data segment `seg` of the flow's stream. */
  private offset(c: CaptureFlow, seg: number): number {
    return Math.min(seg * c.mss, c.fileBytes);
  }

  private frame(pkt: number, c: CaptureFlow, out: boolean, now: number): void {
    const pool = this.pool;
    const fi = pool.flow(pkt);
    const f = this.f;
    const local = nodeAddress(c.node);
    const remote = nodeAddress(c.peer);
    f.srcIp = out ? local : remote;
    f.dstIp = out ? remote : local;
    f.srcMac = out ? nodeMac(c.node) : c.hopMac;
    f.dstMac = out ? c.hopMac : nodeMac(c.node);
    f.srcPort = out ? c.srcPort : c.dstPort;
    f.dstPort = out ? c.dstPort : c.srcPort;
    f.ttl = out ? TTL : TTL - c.routers;
    f.ipId = out ? this.ipIdOut[fi]++ & 0xffff : this.ipIdIn[fi]++ & 0xffff;
    f.mss = 0;
    f.sackPermitted = false;
    f.windowScale = -1;
    f.sackCount = 0;
    f.flags = 0;
    ecnBits(pool, pkt, f);
    if (!c.tcp) {
      f.protocol = IPPROTO_UDP;
      f.timestamps = false;
      f.payload = Math.max(0, pool.size(pkt) - 28);
      this.writer.write(now, f);
      return;
    }
    f.protocol = IPPROTO_TCP;
    f.timestamps = c.timestamps;
    const seq = pool.seq(pkt);
    if (pool.kind(pkt) === PacketKind.Data) this.data(pkt, c, seq, now);
    else this.ack(pkt, c, seq, fi);
    this.writer.write(now, f);
  }

  /** A data segment (or the SYN) from the sender. */
  private data(pkt: number, c: CaptureFlow, seq: number, now: number): void {
    const f = this.f;
    const pool = this.pool;
    f.tsVal = ms(now);
    f.tsEcr = this.tsRecent[pool.flow(pkt)];
    f.window = 0xffff;
    if (c.base === 1 && seq === 0) {
      f.flags = TCP_SYN;
      f.seq = c.isn;
      f.ack = 0;
      f.tsEcr = 0;
      this.synOptions(c, 0);
      f.payload = 0;
      return;
    }
    const seg = seq - c.base;
    f.seq = (c.isn + c.base + this.offset(c, seg)) >>> 0;
    f.ack = (c.peerIsn + c.base) >>> 0;
    f.flags = TCP_ACK;
    f.payload = pool.payload(pkt);
    if (this.offset(c, seg + 1) >= c.fileBytes) f.flags |= TCP_PSH;
  }

  /** An ACK from the receiver, arriving at the sender. */
  private ack(pkt: number, c: CaptureFlow, cum: number, fi: number): void {
    const f = this.f;
    const pool = this.pool;
    f.payload = 0;
    f.tsVal = ms(pool.sentAt(pkt));
    f.tsEcr = ms(pool.echo(pkt));
    this.tsRecent[fi] = f.tsVal;
    f.window = Math.min(0xffff, Math.floor(c.window / 2 ** c.windowScale));
    if (c.base === 1 && cum === 0) {
      f.flags = TCP_SYN | TCP_ACK;
      f.seq = c.peerIsn;
      f.ack = (c.isn + 1) >>> 0;
      f.window = Math.min(0xffff, c.window);
      this.synOptions(c, c.windowScale);
      return;
    }
    f.flags = TCP_ACK;
    f.seq = (c.peerIsn + c.base) >>> 0;
    f.ack = this.byteAfter(c, cum);
    const n = Math.min(pool.nsack(pkt), MAX_PCAP_SACK_BLOCKS);
    const at = pkt * MAX_SACK_BLOCKS * 2;
    for (let i = 0; i < n; i++) {
      f.sackEdges[2 * i] = (c.isn + c.base + this.offset(c, pool.sack[at + 2 * i] - c.base)) >>> 0;
      f.sackEdges[2 * i + 1] = this.byteAfter(c, pool.sack[at + 2 * i + 1]);
    }
    f.sackCount = n;
  }

  /** The sequence number of the byte after segment number `seq` (counting the SYN). */
  private byteAfter(c: CaptureFlow, seq: number): number {
    return (c.isn + c.base + this.offset(c, seq + 1 - c.base)) >>> 0;
  }

  private synOptions(c: CaptureFlow, shift: number): void {
    const f = this.f;
    f.mss = Math.min(c.mss, 0xffff);
    f.sackPermitted = c.sack;
    f.windowScale = shift;
  }
}

/** RFC 7323 timestamp clock: whole milliseconds of simulated time, mod 2^32. */
function ms(ns: number): number {
  return Math.floor(ns / 1e6) % TWO32;
}
