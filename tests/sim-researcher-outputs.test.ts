/**
 * The runner's researcher outputs end to end, on a preset of the papers:
 * `npm run sim -- <preset> --pcap --ns2-trace` writes packets.pcap and out.tr
 * beside the CSVs, and the tools researchers trust read them — tshark's TCP
 * analysis and tcptrace find the run's retransmissions, and the ns-2 trace
 * has one `d` line per packet lost.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { csvParse } from 'd3-dsv';
import { beforeAll, describe, expect, it } from 'vitest';

const has = (tool: string, arg = '--version'): boolean => {
  try {
    execFileSync(tool, [arg], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

const PRESET = 'scenarios/paper-001/p001-exp3-sack-droptail.json';
let out = '';
let summary: Record<string, string>[] = [];

beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), 'sim-outputs-'));
  execFileSync('node', ['scripts/run-ts.mjs', 'src/cli/sim.ts', PRESET, '--out', out, '--pcap', '--ns2-trace'], {
    stdio: 'ignore',
  });
  summary = csvParse(readFileSync(join(out, 'summary.csv'), 'utf8'));
}, 60_000);

const tcp = () => summary.find((r) => r.kind === 'tcp')!;

describe(`npm run sim -- ${PRESET} --pcap --ns2-trace`, () => {
  it('writes out.tr with one d line per lost packet and a + line per transmission', () => {
    const lines = readFileSync(join(out, 'out.tr'), 'latin1').trimEnd().split('\n');
    const drops = summary.reduce((n, r) => n + Number(r.drops) + Number(r.ack_drops || 0), 0);
    expect(drops).toBeGreaterThan(0);
    expect(lines.filter((l) => l.startsWith('d ')).length).toBe(drops);
    // Every TCP data packet the sender emitted enters its first link once: N1 is node 0.
    const firstHop = lines.filter((l) => / tcp 1040 /.test(l) && /^[+d] \S+ 0 /.test(l) && !l.startsWith('d '));
    expect(firstHop.length).toBe(Number(tcp().packets_sent));
  });

  it.runIf(has('tshark'))("tshark's TCP analysis finds the run's retransmissions", () => {
    const count = (filter: string): number =>
      execFileSync('tshark', ['-r', join(out, 'packets.pcap'), '-Y', filter, '-T', 'fields', '-e', 'frame.number'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
        maxBuffer: 1 << 26,
      })
        .split('\n')
        .filter((l) => l.trim() !== '').length;
    const retx = Number(tcp().retransmissions);
    expect(retx).toBeGreaterThan(10);
    // Wireshark calls a retransmission sent within an RTT of the segment it repeats
    // "out-of-order" (SACK recovery sends several back to back); the two together are the run's.
    expect(count('tcp.analysis.retransmission') + count('tcp.analysis.out_of_order')).toBe(retx);
    expect(count('tcp.analysis.fast_retransmission')).toBe(Number(tcp().fast_retransmits));
    expect(count('udp')).toBe(Number(summary.find((r) => r.kind === 'cbr')!.packets_sent));
  });

  it.runIf(has('tcptrace', '-v'))('tcptrace reads one connection with the run’s data and retransmissions', () => {
    const text = execFileSync('tcptrace', ['-l', join(out, 'packets.pcap')], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    expect(text).toContain('1 TCP connection traced');
    const field = (name: string): number => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(text)?.[1]);
    expect(field('rexmt data pkts')).toBe(Number(tcp().retransmissions));
    expect(field('actual data pkts')).toBe(Number(tcp().packets_sent));
  });
});
