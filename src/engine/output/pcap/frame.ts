/**
 * One captured packet as the wire would carry it: Ethernet II, IPv4 and a TCP
 * or UDP header, written into a caller's buffer. The payload is never
 * written (it is all zeros in a simulation, and the capture cuts it at the
 * snap length), but it counts in every length field and in the checksums —
 * zeros add nothing to a ones'-complement sum, so the checksums are exact.
 *
 * References: IEEE 802.3 (Ethernet II framing), RFC 791 (IPv4 header and
 * checksum), RFC 793 / RFC 9293 §3.1 (TCP header and pseudo-header checksum),
 * RFC 768 (UDP), RFC 3168 §5–6 (the ECN field of the IP header, the ECE and
 * CWR flags of TCP), RFC 2018 (SACK-permitted and SACK options), RFC 7323 §2–3
 * (the window-scale and timestamps options).
 *
 * Options are laid out as Linux lays them out (NOP NOP TS, NOP NOP SACK), so
 * every option block stays 4-byte aligned and tools show what they would show
 * for a Linux capture.
 */

export const ETHERTYPE_IPV4 = 0x0800;
export const IPPROTO_TCP = 6;
export const IPPROTO_UDP = 17;

export const TCP_FIN = 0x01;
export const TCP_SYN = 0x02;
export const TCP_RST = 0x04;
export const TCP_PSH = 0x08;
export const TCP_ACK = 0x10;
export const TCP_ECE = 0x40;
export const TCP_CWR = 0x80;

export const ETH_HEADER = 14;
export const IPV4_HEADER = 20;
export const TCP_HEADER = 20;
export const UDP_HEADER = 8;

/** SACK blocks one TCP header can carry beside a timestamps option (RFC 2018 §3). */
export const MAX_PCAP_SACK_BLOCKS = 3;

/**
 * Everything a frame needs. One object is reused for every packet of a
 * capture (the writer fills it in place), so the fields are plain and mutable.
 */
export interface FrameFields {
  srcMac: number; // low 32 bits of a locally administered 02:00:xx:xx:xx:xx address
  dstMac: number;
  srcIp: number; // IPv4 address as an unsigned 32-bit integer
  dstIp: number;
  /** RFC 3168 ECN codepoint in the IP header: 0 not-ECT, 2 ECT(0), 1 ECT(1), 3 CE */
  ecn: number;
  ipId: number;
  ttl: number;
  protocol: number;
  srcPort: number;
  dstPort: number;
  /** TCP only: sequence and acknowledgement numbers, already in bytes (mod 2^32) */
  seq: number;
  ack: number;
  flags: number;
  window: number;
  /** TCP only: MSS option value on a SYN (0: no MSS option) */
  mss: number;
  /** TCP only: SACK-permitted option on a SYN */
  sackPermitted: boolean;
  /** TCP only: window-scale shift on a SYN (RFC 7323 §2), or −1 for no option */
  windowScale: number;
  /** TCP only: timestamps option (RFC 7323), when `timestamps` */
  timestamps: boolean;
  tsVal: number;
  tsEcr: number;
  /** TCP only: SACK blocks as [left, right) byte pairs, `sackCount` of them */
  sackCount: number;
  readonly sackEdges: Uint32Array; // 2 * MAX_PCAP_SACK_BLOCKS
  /** payload bytes the packet carries (counted, never written) */
  payload: number;
}

export function newFrameFields(): FrameFields {
  return {
    srcMac: 0,
    dstMac: 0,
    srcIp: 0,
    dstIp: 0,
    ecn: 0,
    ipId: 0,
    ttl: 64,
    protocol: IPPROTO_TCP,
    srcPort: 0,
    dstPort: 0,
    seq: 0,
    ack: 0,
    flags: 0,
    window: 65535,
    mss: 0,
    sackPermitted: false,
    windowScale: -1,
    timestamps: false,
    tsVal: 0,
    tsEcr: 0,
    sackCount: 0,
    sackEdges: new Uint32Array(2 * MAX_PCAP_SACK_BLOCKS),
    payload: 0,
  };
}

/** Bytes of TCP options the fields ask for (a multiple of 4). */
export function tcpOptionBytes(f: FrameFields): number {
  let n = 0;
  if (f.mss > 0) n += 4;
  if (f.sackPermitted) n += 4; // NOP NOP SACK-permitted
  if (f.windowScale >= 0) n += 4; // NOP WS(3)
  if (f.timestamps) n += 12; // NOP NOP TS(10)
  if (f.sackCount > 0) n += 4 + 8 * f.sackCount; // NOP NOP SACK(2 + 8n)
  return n;
}

/** Length of the frame's headers, Ethernet included (what a capture keeps of it at most). */
export function headerBytes(f: FrameFields): number {
  const l4 = f.protocol === IPPROTO_TCP ? TCP_HEADER + tcpOptionBytes(f) : UDP_HEADER;
  return ETH_HEADER + IPV4_HEADER + l4;
}

/** The whole frame's length on the wire, payload included. */
export function frameBytes(f: FrameFields): number {
  return headerBytes(f) + f.payload;
}

/**
 * Write the frame's headers into `view` at `at`; returns the number of bytes
 * written (= headerBytes(f)). The IP total length and the checksums count the
 * payload that follows but is not written. The caller keeps one DataView over
 * its buffer, so nothing is allocated per packet.
 */
export function writeFrameHeaders(view: DataView, at: number, f: FrameFields): number {
  // Ethernet II: destination, source, type.
  writeMac(view, at, f.dstMac);
  writeMac(view, at + 6, f.srcMac);
  view.setUint16(at + 12, ETHERTYPE_IPV4);
  const ip = at + ETH_HEADER;
  const l4 = ip + IPV4_HEADER;
  const l4Header = f.protocol === IPPROTO_TCP ? TCP_HEADER + tcpOptionBytes(f) : UDP_HEADER;
  const l4Length = l4Header + f.payload;
  const totalLength = IPV4_HEADER + l4Length;

  // IPv4 (RFC 791): version 4, IHL 5; DSCP 0 with the ECN field; DF set.
  view.setUint8(ip, 0x45);
  view.setUint8(ip + 1, f.ecn & 3);
  view.setUint16(ip + 2, totalLength & 0xffff);
  view.setUint16(ip + 4, f.ipId & 0xffff);
  view.setUint16(ip + 6, 0x4000);
  view.setUint8(ip + 8, f.ttl);
  view.setUint8(ip + 9, f.protocol);
  view.setUint16(ip + 10, 0);
  view.setUint32(ip + 12, f.srcIp >>> 0);
  view.setUint32(ip + 16, f.dstIp >>> 0);
  view.setUint16(ip + 10, finish(sum16(view, ip, IPV4_HEADER, 0)));

  if (f.protocol === IPPROTO_TCP) writeTcp(view, l4, l4Header, f);
  else writeUdp(view, l4, f);

  // Pseudo-header (RFC 9293 §3.1, RFC 768): addresses, protocol, L4 length.
  let sum = (f.srcIp >>> 16) + (f.srcIp & 0xffff) + (f.dstIp >>> 16) + (f.dstIp & 0xffff);
  sum += f.protocol + l4Length;
  sum = sum16(view, l4, l4Header, sum);
  const check = finish(sum);
  if (f.protocol === IPPROTO_TCP) view.setUint16(l4 + 16, check);
  else view.setUint16(l4 + 6, check === 0 ? 0xffff : check); // RFC 768: 0 means "no checksum"
  return ETH_HEADER + IPV4_HEADER + l4Header;
}

function writeTcp(view: DataView, at: number, headerLength: number, f: FrameFields): void {
  view.setUint16(at, f.srcPort);
  view.setUint16(at + 2, f.dstPort);
  view.setUint32(at + 4, f.seq >>> 0);
  view.setUint32(at + 8, f.ack >>> 0);
  view.setUint8(at + 12, (headerLength / 4) << 4);
  view.setUint8(at + 13, f.flags & 0xff);
  view.setUint16(at + 14, Math.min(f.window, 0xffff));
  view.setUint16(at + 16, 0);
  view.setUint16(at + 18, 0);
  let o = at + TCP_HEADER;
  if (f.mss > 0) {
    view.setUint8(o, 2);
    view.setUint8(o + 1, 4);
    view.setUint16(o + 2, f.mss);
    o += 4;
  }
  if (f.sackPermitted) {
    view.setUint32(o, 0x01010402); // NOP NOP kind 4 length 2
    o += 4;
  }
  if (f.windowScale >= 0) {
    view.setUint32(o, 0x01030300 | (f.windowScale & 0xff)); // NOP kind 3 length 3 shift
    o += 4;
  }
  if (f.timestamps) {
    view.setUint32(o, 0x0101080a); // NOP NOP kind 8 length 10
    view.setUint32(o + 4, f.tsVal >>> 0);
    view.setUint32(o + 8, f.tsEcr >>> 0);
    o += 12;
  }
  if (f.sackCount > 0) {
    view.setUint8(o, 1);
    view.setUint8(o + 1, 1);
    view.setUint8(o + 2, 5);
    view.setUint8(o + 3, 2 + 8 * f.sackCount);
    o += 4;
    for (let i = 0; i < f.sackCount; i++) {
      view.setUint32(o, f.sackEdges[2 * i] >>> 0);
      view.setUint32(o + 4, f.sackEdges[2 * i + 1] >>> 0);
      o += 8;
    }
  }
}

function writeUdp(view: DataView, at: number, f: FrameFields): void {
  view.setUint16(at, f.srcPort);
  view.setUint16(at + 2, f.dstPort);
  view.setUint16(at + 4, (UDP_HEADER + f.payload) & 0xffff);
  view.setUint16(at + 6, 0);
}

function writeMac(view: DataView, at: number, low32: number): void {
  // 02:00 marks a locally administered unicast address (IEEE 802 U/L bit).
  view.setUint16(at, 0x0200);
  view.setUint32(at + 2, low32 >>> 0);
}

/** Ones'-complement sum of `length` bytes from `at` (odd length padded with zero), added to `sum`. */
function sum16(view: DataView, at: number, length: number, sum: number): number {
  let i = 0;
  for (; i + 1 < length; i += 2) sum += view.getUint16(at + i);
  if (i < length) sum += view.getUint8(at + i) << 8;
  return sum;
}

function finish(sum: number): number {
  while (sum > 0xffff) sum = (sum & 0xffff) + (sum >>> 16);
  return ~sum & 0xffff;
}
