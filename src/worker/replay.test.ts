import { describe, expect, it } from 'vitest';
import { parseScenarioText } from '../engine/scenario';
import { Simulator } from '../engine/simulator';
import { readFileSync } from 'node:fs';
import { replayFile } from './replay';

function scenario() {
  const r = parseScenarioText(readFileSync('scenarios/single-drop-reno.json', 'utf8'));
  if (!r.ok) throw new Error('scenario');
  return r.scenario;
}

describe('replayFile', () => {
  it('gives the packets of the run the page shows, faults injected live included', () => {
    const live = new Simulator(scenario());
    live.runUntil(1);
    live.addFault({ kind: 'dropBurst', link: 'l2', from: 'r1', at: 1, count: 3 });
    live.runUntil(2);
    const tr = new TextDecoder().decode(replayFile(live.scenario, live.time, 'ns2Trace'));
    const lines = tr.trimEnd().split('\n');
    // The burst at 1 s on r1 → client: three drops there, besides the scenario's own.
    expect(lines.filter((l) => /^d 1\.\d+ 1 2 /.test(l)).length).toBe(3);
    expect(Number(lines[lines.length - 1].split(' ')[1])).toBeLessThanOrEqual(2);
    // The capture of the same run: a frame per packet the server sent and per ACK that reached it.
    const pcap = replayFile(live.scenario, live.time, 'pcap');
    const v = new DataView(pcap.buffer);
    expect(v.getUint32(0, true)).toBe(0xa1b2c3d4);
    let frames = 0;
    for (let at = 24; at < pcap.length; at += 16 + v.getUint32(at + 8, true)) frames++;
    const sent = new Set(lines.filter((l) => / 0 1 tcp /.test(l)).map((l) => l.split(' ')[11])).size;
    const acks = lines.filter((l) => /^r \S+ 1 0 ack /.test(l)).length;
    expect(frames).toBe(sent + acks);
  });
});
