/**
 * The classic libpcap file format (the one tcpdump -w writes and every tool
 * reads: Wireshark, tshark, tcptrace, tcpdump -r): a 24-byte global header,
 * then per packet a 16-byte record header and the captured bytes.
 * Reference: draft-ietf-opsawg-pcap §4–5 (the format as libpcap defines it).
 *
 * Choices: microsecond timestamps (magic a1b2c3d4), the resolution every
 * reader accepts; little-endian, which readers detect from the magic; link
 * type 1 (Ethernet). Records are cut at the snap length: the simulated
 * payload is zeros, so keeping the headers loses nothing (`orig_len` keeps the
 * length on the wire).
 *
 * The writer fills one reusable chunk and hands it to a sink when full (and
 * on flush): memory stays flat however long the run. The sink must use or
 * copy the bytes before it returns.
 */
import { frameBytes, headerBytes, writeFrameHeaders, type FrameFields } from './frame';

export const PCAP_MAGIC_US = 0xa1b2c3d4;
export const LINKTYPE_ETHERNET = 1;
export const PCAP_GLOBAL_HEADER = 24;
export const PCAP_RECORD_HEADER = 16;
/** Long enough for Ethernet + IPv4 + TCP with every option this writer emits. */
export const DEFAULT_SNAPLEN = 128;

export type PcapSink = (chunk: Uint8Array) => void;

export class PcapWriter {
  private readonly buf: Uint8Array;
  private readonly view: DataView;
  private used = 0;
  /** packets written so far */
  count = 0;

  constructor(
    private readonly sink: PcapSink,
    readonly snaplen = DEFAULT_SNAPLEN,
    chunkBytes = 1 << 16,
  ) {
    this.buf = new Uint8Array(Math.max(chunkBytes, PCAP_GLOBAL_HEADER + PCAP_RECORD_HEADER + 256));
    this.view = new DataView(this.buf.buffer);
    const v = this.view;
    v.setUint32(0, PCAP_MAGIC_US, true);
    v.setUint16(4, 2, true); // version 2.4
    v.setUint16(6, 4, true);
    v.setInt32(8, 0, true); // thiszone
    v.setUint32(12, 0, true); // sigfigs
    v.setUint32(16, snaplen, true);
    v.setUint32(20, LINKTYPE_ETHERNET, true);
    this.used = PCAP_GLOBAL_HEADER;
  }

  /** Append one packet seen at `timeNs` (simulated nanoseconds). */
  write(timeNs: number, f: FrameFields): void {
    const headers = headerBytes(f);
    if (this.used + PCAP_RECORD_HEADER + headers > this.buf.length) this.flush();
    const v = this.view;
    const at = this.used;
    const us = Math.round(timeNs / 1000);
    const sec = Math.floor(us / 1e6);
    v.setUint32(at, sec, true);
    v.setUint32(at + 4, us - sec * 1e6, true);
    const wire = frameBytes(f);
    const kept = Math.min(headers, this.snaplen);
    v.setUint32(at + 8, kept, true);
    v.setUint32(at + 12, wire, true);
    // The headers are always written whole (room for them was made above); a
    // snap length shorter than them keeps only their start, and the next
    // record overwrites the rest.
    writeFrameHeaders(v, at + PCAP_RECORD_HEADER, f);
    this.used = at + PCAP_RECORD_HEADER + kept;
    this.count++;
  }

  /** Hand what is buffered to the sink. */
  flush(): void {
    if (this.used === 0) return;
    this.sink(this.buf.subarray(0, this.used));
    this.used = 0;
  }
}
