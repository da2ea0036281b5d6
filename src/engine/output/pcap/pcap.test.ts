import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  IPPROTO_TCP,
  IPPROTO_UDP,
  TCP_ACK,
  TCP_PSH,
  TCP_SYN,
  headerBytes,
  newFrameFields,
  writeFrameHeaders,
  type FrameFields,
} from './frame';
import { PCAP_GLOBAL_HEADER, PCAP_RECORD_HEADER, PcapWriter } from './pcap-file';

/** Ones'-complement sum over 16-bit words, written independently of frame.ts. */
function onesSum(bytes: Uint8Array, extra = 0): number {
  let sum = extra;
  for (let i = 0; i < bytes.length; i += 2) sum += (bytes[i] << 8) | (bytes[i + 1] ?? 0);
  while (sum > 0xffff) sum = (sum & 0xffff) + (sum >>> 16);
  return sum;
}

function tcpFields(over: Partial<FrameFields> = {}): FrameFields {
  const f = newFrameFields();
  Object.assign(f, {
    srcMac: 1,
    dstMac: 2,
    srcIp: (10 << 24) | 1,
    dstIp: (10 << 24) | 2,
    srcPort: 49152,
    dstPort: 5001,
    seq: 1001,
    ack: 1,
    flags: TCP_ACK | TCP_PSH,
    payload: 1000,
    ...over,
  });
  return f;
}

function frame(f: FrameFields): Uint8Array {
  const out = new Uint8Array(headerBytes(f));
  expect(writeFrameHeaders(new DataView(out.buffer), 0, f)).toBe(out.length);
  return out;
}

describe('frame headers', () => {
  it('writes an IPv4 header whose checksum verifies and whose length counts the payload', () => {
    const f = tcpFields({ ecn: 3 });
    const out = frame(f);
    const ip = out.subarray(14, 34);
    expect(onesSum(ip)).toBe(0xffff);
    expect((ip[2] << 8) | ip[3]).toBe(20 + 20 + 1000);
    expect(ip[1] & 3).toBe(3); // CE
    expect(ip[9]).toBe(IPPROTO_TCP);
  });

  it('writes a TCP checksum that verifies over the pseudo-header and a zero payload', () => {
    const f = tcpFields({ timestamps: true, tsVal: 123, tsEcr: 45, sackCount: 2 });
    f.sackEdges.set([5001, 6001, 8001, 9001]);
    const out = frame(f);
    const tcp = out.subarray(34);
    expect(tcp.length).toBe(20 + 12 + 4 + 16);
    expect(tcp[12] >> 4).toBe(tcp.length / 4);
    const l4Length = tcp.length + f.payload;
    const pseudo = (10 << 8) + 1 + (10 << 8) + 2 + IPPROTO_TCP + l4Length;
    expect(onesSum(tcp, pseudo)).toBe(0xffff);
  });

  it('writes UDP with its length and a checksum that verifies', () => {
    const f = tcpFields({ protocol: IPPROTO_UDP, payload: 992 });
    const out = frame(f);
    const udp = out.subarray(34);
    expect(udp.length).toBe(8);
    expect((udp[4] << 8) | udp[5]).toBe(1000);
    const pseudo = (10 << 8) + 1 + (10 << 8) + 2 + IPPROTO_UDP + 1000;
    expect(onesSum(udp, pseudo)).toBe(0xffff);
  });
});

describe('pcap file', () => {
  it('writes the global header and records cut at the snap length, in chunks of the sink', () => {
    const chunks: Uint8Array[] = [];
    const w = new PcapWriter((c) => chunks.push(c.slice()), 60, 256);
    for (let i = 0; i < 10; i++) w.write(1_500_000_000 + i * 1000, tcpFields({ seq: 1 + i * 1000 }));
    w.flush();
    expect(chunks.length).toBeGreaterThan(1);
    const all = Buffer.concat(chunks);
    expect(all.readUInt32LE(0)).toBe(0xa1b2c3d4);
    expect(all.readUInt32LE(16)).toBe(60);
    expect(all.readUInt32LE(20)).toBe(1);
    let at = PCAP_GLOBAL_HEADER;
    for (let i = 0; i < 10; i++) {
      expect(all.readUInt32LE(at)).toBe(1);
      expect(all.readUInt32LE(at + 4)).toBe(500_000 + i);
      expect(all.readUInt32LE(at + 8)).toBe(54);
      expect(all.readUInt32LE(at + 12)).toBe(14 + 20 + 20 + 1000);
      at += PCAP_RECORD_HEADER + 54;
    }
    expect(at).toBe(all.length);
  });
});

function hasTshark(): boolean {
  try {
    execFileSync('tshark', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe.runIf(hasTshark())('read back by tshark', () => {
  it('sees a handshake and data with valid checksums and SACK blocks', () => {
    const chunks: Uint8Array[] = [];
    const w = new PcapWriter((c) => chunks.push(c.slice()));
    const client = {
      srcIp: (10 << 24) | 1,
      dstIp: (10 << 24) | 2,
      srcMac: 1,
      dstMac: 2,
      srcPort: 49152,
      dstPort: 5001,
    };
    const server = { srcIp: client.dstIp, dstIp: client.srcIp, srcMac: 2, dstMac: 1, srcPort: 5001, dstPort: 49152 };
    w.write(0, tcpFields({ ...client, seq: 0, ack: 0, flags: TCP_SYN, payload: 0, mss: 1000, sackPermitted: true }));
    w.write(
      1e6,
      tcpFields({ ...server, seq: 0, ack: 1, flags: TCP_SYN | TCP_ACK, payload: 0, mss: 1000, sackPermitted: true }),
    );
    w.write(2e6, tcpFields({ ...client, seq: 1, ack: 1 }));
    const sacked = tcpFields({ ...server, seq: 1, ack: 1, flags: TCP_ACK, payload: 0, sackCount: 1 });
    sacked.sackEdges.set([2001, 3001]);
    w.write(3e6, sacked);
    w.flush();
    const dir = mkdtempSync(join(tmpdir(), 'pcap-'));
    const file = join(dir, 'x.pcap');
    writeFileSync(file, Buffer.concat(chunks));
    const out = execFileSync(
      'tshark',
      [
        '-r',
        file,
        '-o',
        'tcp.check_checksum:TRUE',
        '-o',
        'ip.check_checksum:TRUE',
        '-T',
        'fields',
        '-e',
        'tcp.flags.str',
        '-e',
        'ip.checksum.status',
        '-e',
        'tcp.checksum.status',
        '-e',
        'tcp.options.sack_le',
      ],
      { encoding: 'utf8' },
    );
    const rows = out
      .trim()
      .split('\n')
      .map((l) => l.split('\t'));
    expect(rows).toHaveLength(4);
    // tshark's checksum status: 1 good, 0 bad, 2 unverified. It cannot verify
    // the TCP checksum of a segment whose payload the snap length cut.
    for (const r of rows) expect(r[1]).toBe('1');
    expect(rows.map((r) => r[2])).toEqual(['1', '1', '2', '1']);
    expect(rows[0][0]).toContain('S');
    expect(rows[3][3]).toBe('2001');
  });
});
