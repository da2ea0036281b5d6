/**
 * The packet capture (src/engine/output/pcap/capture.ts) read back by
 * Wireshark's dissectors (tests/support/wireshark.ts, everywhere) and, where
 * they are installed, by tshark and tcptrace: the frames parse, sequence
 * numbers, flags and options are the engine's events in bytes, a SACK flow
 * shows its SACK blocks, and the tools' retransmission counts are the run's.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectRunData } from '../src/engine/output/collect';
import { runDataToCsv } from '../src/engine/output/csv';
import type { FlowSummaryRow } from '../src/engine/output/rundata';
import type { Scenario } from '../src/engine/scenario/types';
import { Simulator } from '../src/engine/simulator';
import { dumbbell, singleFlow } from './support/scenarios';
import { dissect } from './support/wireshark';

interface Captured {
  pcap: Uint8Array;
  chunks: number;
  summary: FlowSummaryRow[];
  csv: Record<string, string>;
}

function capture(s: Scenario): Captured {
  const chunks: Uint8Array[] = [];
  const sim = new Simulator(s);
  const cap = sim.capturePackets((c) => chunks.push(c.slice()));
  sim.run();
  cap.flush();
  const data = collectRunData(sim);
  return { pcap: Buffer.concat(chunks), chunks: chunks.length, summary: data.summary, csv: runDataToCsv(data) };
}

const has = (tool: string, arg = '--version'): boolean => {
  try {
    execFileSync(tool, [arg], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

function tempFile(bytes: Uint8Array): string {
  const file = join(mkdtempSync(join(tmpdir(), 'pcap-')), 'packets.pcap');
  writeFileSync(file, bytes);
  return file;
}

const renoDrops = () => singleFlow({ variant: 'reno', drops: [30, 32], duration: 3 });
const sackDrops = () => singleFlow({ variant: 'sack', drops: [30, 32, 34], duration: 3 });
const outage = () =>
  singleFlow({
    variant: 'newreno',
    duration: 6,
    faults: [{ kind: 'linkDown', link: 'bottleneck', at: 1, duration: 1.5 }],
  });

describe('the capture read by Wireshark', () => {
  it('shows the handshake, every data segment in bytes and every ACK', async () => {
    const c = capture(renoDrops());
    const ws = await dissect(c.pcap);
    const a = c.summary[0];
    // One SYN, one SYN-ACK; every data segment the sender emitted, and every ACK that reached it.
    expect(ws.count('tcp.flags.syn == 1 && tcp.flags.ack == 0')).toBe(1);
    expect(ws.count('tcp.flags.syn == 1 && tcp.flags.ack == 1')).toBe(1);
    expect(ws.count('tcp.len == 1000')).toBe(a.packets_sent);
    expect(ws.count('tcp.srcport == 49152 && tcp.dstport == 5001 && tcp.len == 1000')).toBe(a.packets_sent);
    // Data segment i starts at relative sequence number 1 + 1000 i; segment 30 was sent twice.
    expect(ws.count('tcp.seq == 30001 && tcp.len == 1000')).toBe(2);
    expect(ws.count('tcp.seq == 30001 && tcp.analysis.retransmission')).toBe(1);
    expect(ws.count('tcp.seq == 29001 && tcp.len == 1000')).toBe(1);
    // The duplicate ACKs acknowledge the byte before the hole.
    expect(ws.count('tcp.ack == 30001 && tcp.analysis.duplicate_ack')).toBeGreaterThanOrEqual(3);
    // Options on the SYN; timestamps on every segment; checksums verify.
    expect(ws.count('tcp.flags.syn == 1 && tcp.options.mss_val == 1000 && tcp.options.wscale.shift == 0')).toBe(2);
    expect(ws.count('tcp.options.timestamp.tsval')).toBe(ws.count('tcp'));
    expect(ws.count('ip.dst == 10.0.0.3 && ip.src == 10.0.0.1 && ip.ttl == 64')).toBe(a.packets_sent + 1);
    ws.close();
  });

  it("counts the run's retransmissions, after fast retransmits and after timeouts", async () => {
    for (const s of [renoDrops(), sackDrops(), outage()]) {
      const c = capture(s);
      const ws = await dissect(c.pcap);
      expect(c.summary[0].retransmissions).toBeGreaterThan(0);
      expect(ws.count('tcp.analysis.retransmission || tcp.analysis.spurious_retransmission')).toBe(
        c.summary[0].retransmissions,
      );
      // (Wireshark calls a retransmission after two duplicate ACKs "fast", so its count of those is not the run's.)
      ws.close();
    }
  });

  it('shows the SACK blocks of a SACK flow', async () => {
    const c = capture(sackDrops());
    const ws = await dissect(c.pcap);
    expect(ws.count('tcp.flags.syn == 1 && tcp.options.sack_perm')).toBe(2);
    // After the hole at segment 30, segment 31 arrives alone: the first SACK ACK has one block, [31001, 32001).
    expect(
      ws.count(
        'tcp.ack == 30001 && tcp.options.sack.count == 1 && tcp.options.sack_le == 31001 && tcp.options.sack_re == 32001',
      ),
    ).toBe(1);
    // Once 33 arrives, the block holding it comes first (RFC 2018 §4) and 31's follows.
    expect(ws.count('tcp.options.sack.count == 2 && tcp.options.sack_le == 33001')).toBeGreaterThan(0);
    expect(ws.count('tcp.options.sack_le')).toBeGreaterThan(10);
    ws.close();
  });

  it('writes each CBR packet as a UDP datagram of its size', async () => {
    const c = capture(dumbbell({ variants: ['reno'], cbrRates: ['2Mbps'], duration: 2 }));
    const ws = await dissect(c.pcap);
    const u = c.summary.find((r) => r.flow === 'u0')!;
    expect(ws.count('udp && udp.dstport == 9')).toBe(u.packets_sent);
    expect(ws.count('udp && ip.len == 1000')).toBe(u.packets_sent);
    expect(ws.count('tcp.srcport == 49152')).toBeGreaterThan(0);
    expect(ws.count('udp.srcport == 49153')).toBe(u.packets_sent);
    ws.close();
  });
});

describe('the capture', () => {
  it('changes nothing in the run', () => {
    const plain = new Simulator(sackDrops());
    plain.run();
    expect(capture(sackDrops()).csv).toEqual(runDataToCsv(collectRunData(plain)));
  });

  it('streams in chunks as the run goes, so memory stays flat', () => {
    const c = capture(singleFlow({ variant: 'reno', duration: 30 }));
    // ~11 k frames of ~80 bytes: many 64 kB chunks, none held back until the end.
    expect(c.pcap.length).toBeGreaterThan(800_000);
    expect(c.chunks).toBeGreaterThan(c.pcap.length / 70_000);
  });
});

describe.runIf(has('tshark'))('read by tshark', () => {
  it("verifies every checksum and counts the run's retransmissions", () => {
    const c = capture(sackDrops());
    const file = tempFile(c.pcap);
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
        'ip.checksum.status',
        '-e',
        'tcp.analysis.retransmission',
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    const rows = out.split('\n').filter((r) => r !== '');
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.every((r) => r.startsWith('1\t'))).toBe(true);
    expect(rows.filter((r) => r.split('\t')[1] === '1').length).toBe(c.summary[0].retransmissions);
  });
});

describe.runIf(has('tcptrace', '-v'))('read by tcptrace', () => {
  it('finds one connection with the run’s data packets and retransmissions', () => {
    const c = capture(renoDrops());
    const out = execFileSync('tcptrace', ['-l', tempFile(c.pcap)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    expect(out).toContain('1 TCP connection traced');
    const field = (name: string): number => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(out)?.[1]);
    expect(field('rexmt data pkts')).toBe(c.summary[0].retransmissions);
    expect(field('actual data pkts')).toBe(c.summary[0].packets_sent);
  });
});
