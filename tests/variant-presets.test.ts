/**
 * The example scenarios of BBR and DCTCP (scenarios/bbr-*.json,
 * scenarios/dctcp-step-marking.json): what their descriptions tell a
 * student to look for is what the engine does.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { RunData } from '../src/engine/output/rundata';
import { parseScenario } from '../src/engine/scenario';
import { Simulator } from '../src/engine/simulator';

function run(name: string): { data: RunData; from: number } {
  const parsed = parseScenario(JSON.parse(readFileSync(`scenarios/${name}.json`, 'utf8')));
  if (!parsed.ok) throw new Error(parsed.issues.map((i) => `${i.path}: ${i.message}`).join('; '));
  const sim = new Simulator(parsed.scenario);
  sim.run();
  return { data: sim.runData(), from: parsed.scenario.measure.from };
}

/** Mean of a sampled column over the measurement window. */
function mean(data: RunData, col: ArrayLike<number>, from: number): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < col.length; i++) {
    if (data.times[i] < from || !Number.isFinite(col[i])) continue;
    sum += col[i];
    n++;
  }
  return sum / n;
}

const bottleneckQueue = (data: RunData) =>
  data.queueSeries.find((q) => q.link === 'bottleneck' && q.from === 'R1')!.queue_pkts;
const flow = (data: RunData, id: string) => data.summary.find((s) => s.flow === id)!;
const share = (data: RunData, id: string, other: string) =>
  flow(data, id).throughput_kbps / (flow(data, id).throughput_kbps + flow(data, other).throughput_kbps);

describe('BBR examples', () => {
  it('BBR alone: STARTUP, DRAIN within 0.7 s, PROBE_BW, PROBE_RTT every 10 s; a short queue, nothing lost', () => {
    const { data, from } = run('bbr-alone');
    const bbr = data.events.filter((e) => e.event.startsWith('bbr_'));
    expect(bbr.map((e) => e.event)).toEqual([
      'bbr_startup',
      'bbr_drain',
      'bbr_probe_bw',
      'bbr_probe_rtt',
      'bbr_probe_bw',
      'bbr_probe_rtt',
      'bbr_probe_bw',
    ]);
    expect(bbr[1].time_s).toBeLessThan(0.7);
    expect(bbr[3].time_s).toBeGreaterThan(10);
    expect(bbr[3].time_s).toBeLessThan(10.5);
    expect(flow(data, 'tcp').drops).toBe(0);
    expect(mean(data, bottleneckQueue(data), from)).toBeLessThan(8);
    const cols = data.flowSeries[0].columns;
    expect(mean(data, cols.bbr_btlbw_kbps, from)).toBeCloseTo(9600, -2);
    expect(mean(data, cols.bbr_min_rtt_ms, from)).toBeGreaterThan(40);
    expect(mean(data, cols.bbr_min_rtt_ms, from)).toBeLessThan(42);
    expect(mean(data, cols.pacing_rate_kbps, from)).toBeGreaterThan(9000);
  });

  it('shallow buffer: BBR takes nearly all of the link from CUBIC', () => {
    const { data } = run('bbr-vs-cubic-shallow');
    expect(share(data, 'bbr', 'cubic')).toBeGreaterThan(0.8);
    expect(flow(data, 'cubic').avg_latency_ms).toBeLessThan(35);
  });

  it('deep buffer: CUBIC keeps the queue long, BBR’s min RTT never sees 40 ms, the link splits about evenly', () => {
    const { data, from } = run('bbr-vs-cubic-deep');
    const s = share(data, 'bbr', 'cubic');
    expect(s).toBeGreaterThan(0.3);
    expect(s).toBeLessThan(0.6);
    expect(flow(data, 'cubic').avg_latency_ms).toBeGreaterThan(150);
    expect(mean(data, data.flowSeries[0].columns.bbr_min_rtt_ms, from)).toBeGreaterThan(60);
  });
});

describe('DCTCP example', () => {
  it('holds the queue near K = 20 with nothing lost and the link full', () => {
    const { data, from } = run('dctcp-step-marking');
    const q = mean(data, bottleneckQueue(data), from);
    expect(q).toBeGreaterThan(17);
    expect(q).toBeLessThan(23);
    for (const id of ['A', 'B']) expect(flow(data, id).drops).toBe(0);
    expect(flow(data, 'A').throughput_kbps + flow(data, 'B').throughput_kbps).toBeGreaterThan(90_000);
    for (const f of data.flowSeries) {
      const alpha = mean(data, f.columns.dctcp_alpha, from);
      expect(alpha).toBeGreaterThan(0.1);
      expect(alpha).toBeLessThan(0.6);
    }
  });
});
