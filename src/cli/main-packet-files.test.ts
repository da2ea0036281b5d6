/** The sim command's packet-level outputs: --pcap, --ns2-trace, --ns2-script. */
import { describe, expect, it } from 'vitest';
import type { CsvSink } from '../engine/output/csv-stream';
import type { RunStreams } from '../engine/run';
import type { Scenario } from '../engine/scenario/types';
import { main } from './main';
import { VALID, json, fakeRunData, harness, writeAll } from './sim-test-harness';

describe('--pcap', () => {
  it('streams the capture into <out>/packets.pcap while the run goes', async () => {
    const h = harness({ 'a.json': json(VALID) });
    const run = (s: Scenario, sink: CsvSink, streams?: RunStreams) => {
      h.runs.push(s);
      // The folder exists before the run starts, and every chunk lands as it comes.
      expect(h.dirs).toEqual(['out']);
      streams?.pcap?.(Uint8Array.of(1, 2));
      streams?.pcap?.(Uint8Array.of(3));
      return writeAll(fakeRunData(), sink);
    };
    expect(await main(['a.json', '--out', 'out', '--pcap'], h.io, run)).toBe(0);
    expect(h.bytes.get('out/packets.pcap')).toEqual([Uint8Array.of(1, 2), Uint8Array.of(3)]);
    expect(h.err()).toContain('wrote 6 files to out/');
  });

  it('a failed run leaves no partial capture behind', async () => {
    const h = harness({ 'a.json': json(VALID) });
    const code = await main(['a.json', '--out', 'out', '--pcap'], h.io, (_s, _sink, streams) => {
      streams?.pcap?.(Uint8Array.of(1));
      throw new Error('boom');
    });
    expect(code).toBe(1);
    expect([...h.bytes.keys()].filter((k) => k.includes('packets.pcap'))).toEqual([]);
  });
});

describe('--ns2-trace', () => {
  it('streams the ns-2 trace into <out>/out.tr, beside the capture', async () => {
    const h = harness({ 'a.json': json(VALID) });
    const run = (_s: Scenario, sink: CsvSink, streams?: RunStreams) => {
      streams?.ns2Trace?.(Uint8Array.of(43));
      streams?.pcap?.(Uint8Array.of(1));
      return writeAll(fakeRunData(), sink);
    };
    expect(await main(['a.json', '--out', 'out', '--ns2-trace', '--pcap'], h.io, run)).toBe(0);
    expect(h.bytes.get('out/out.tr')).toEqual([Uint8Array.of(43)]);
    expect(h.bytes.get('out/packets.pcap')).toEqual([Uint8Array.of(1)]);
    expect(h.err()).toContain('wrote 7 files to out/');
  });
});

describe('--ns2-script', () => {
  it('writes the scenario as a self-contained ns-2 script', async () => {
    const h = harness({ 'a.json': json({ ...VALID, faults: [] }) });
    expect(await main(['a.json', '--out', 'out', '--ns2-script'], h.io, h.run)).toBe(0);
    const tcl = h.files.get('out/scenario.tcl')!;
    expect(tcl).toContain('proc v_tcp');
    expect(tcl).toContain('v_tcp A Reno server client ');
    expect(tcl).toContain('v_cbr U server client -rate 800000 ');
    expect(tcl.trimEnd().endsWith('v_run')).toBe(true);
    expect(h.err()).toContain('wrote 6 files to out/');
  });

  it('refuses, before running, a scenario ns-2 cannot express the same way', async () => {
    const h = harness({ 'a.json': json(VALID) });
    expect(await main(['a.json', '--out', 'out', '--ns2-script'], h.io, h.run)).toBe(2);
    expect(h.err()).toMatch(/^a\.json: --ns2-script: dropSegments: another flow leaves server/);
    expect(h.runs).toEqual([]);
    expect(h.dirs).toEqual([]);
  });
});
