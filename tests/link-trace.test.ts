/**
 * The link trace behind the page's packet animation: every packet's
 * enqueue, transmission (with its arrival time) and loss per link direction.
 * Switching it on changes nothing in the run.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runDataToCsv } from '../src/engine/output/csv';
import { LINK_DROP, LINK_ENQUEUE, LINK_TRANSMIT, LinkTrace } from '../src/engine/net/link-trace';
import { Simulator } from '../src/engine/simulator';
import { load } from './support/scenarios';

const scenario = () => load(JSON.parse(readFileSync('scenarios/single-drop-reno.json', 'utf8')));

function traced(until: number): { sim: Simulator; trace: LinkTrace } {
  const sim = new Simulator(scenario());
  const trace = new LinkTrace();
  sim.network.linkTrace = trace;
  sim.runUntil(until);
  return { sim, trace };
}

describe('link trace', () => {
  it('times each transmission by the link’s serialization and propagation delay', () => {
    const { sim, trace } = traced(0.3);
    expect(trace.length).toBeGreaterThan(100);
    for (let i = 0; i < trace.length; i++) {
      if ((trace.code.at(i) & 3) !== LINK_TRANSMIT) continue;
      const d = sim.dirs[trace.dir.at(i)];
      const flight = trace.until.at(i) - trace.time.at(i);
      // at least the propagation delay, at most delay + a 1040-byte packet's serialization
      expect(flight).toBeGreaterThanOrEqual(d.delayNs / 1e9 - 1e-12);
      expect(flight).toBeLessThanOrEqual(d.delayNs / 1e9 + (1040 * 8) / d.bandwidth + 1e-9);
    }
  });

  it('a packet is enqueued before it is transmitted, in each direction, in FIFO order', () => {
    const { trace } = traced(0.3);
    const waiting = new Map<number, number[]>();
    for (let i = 0; i < trace.length; i++) {
      const what = trace.code.at(i) & 3;
      const dir = trace.dir.at(i);
      const q = waiting.get(dir) ?? [];
      waiting.set(dir, q);
      if (what === LINK_ENQUEUE) q.push(trace.pkt.at(i));
      else if (what === LINK_TRANSMIT) expect(q.shift()).toBe(trace.pkt.at(i));
    }
  });

  it('records the scripted loss of segment 100 where it happens, with its cause', () => {
    const { sim, trace } = traced(1);
    const drops = [];
    for (let i = 0; i < trace.length; i++) if ((trace.code.at(i) & 3) === LINK_DROP) drops.push(i);
    expect(drops.length).toBe(1);
    const i = drops[0];
    // the pool counts the SYN as segment 0 (handshake), so data segment 100 is 101
    expect(trace.seq.at(i)).toBe(101);
    expect(trace.code.at(i) >> 8).toBe(5); // DropCause.Segment
    expect(sim.queueIds[trace.dir.at(i)]).toEqual({ link: 'l1', from: 'server', to: 'r1' });
  });

  it('changes nothing in the run’s outputs', () => {
    const plain = new Simulator(scenario());
    plain.run();
    const { sim } = traced(Infinity);
    expect(runDataToCsv(sim.runData())).toEqual(runDataToCsv(plain.runData()));
  });
});
