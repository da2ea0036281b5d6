/**
 * The sampler reads the flows and directions through sources resolved once
 * per run (sample-sources.ts) and keeps summary.csv's window sums in arrays
 * of its own (flow-stats.ts WindowSums). Here every value it records is held
 * against the plain reading of the same objects at the same instant — the
 * sender's getters, the variant's trace by column name, the queue and the
 * direction as they are — for flows of every variant (some not yet started
 * when sampled, some paced) and CBR flows, behind queues of every
 * discipline, with a capacity that changes, a link that goes down and a
 * link that loses packets.
 */
import { describe, expect, it } from 'vitest';
import { dumbbell } from '../../../tests/support/scenarios';
import { Simulator } from '../simulator';
import { VARIANTS, type Scenario } from '../scenario/types';
import { CAPACITY_COLUMN, INFLATION_COLUMN, PACING_COLUMN } from './rundata';
import { QUEUE_VALUES, throughputKbps, throughputWindowSamples, type Sampler } from './sampler';

interface Reading {
  /** per flow, its values in seriesColumns' order */
  flows: number[][];
  /** per direction, QUEUE_VALUES then queueColumns */
  queues: number[][];
}

/** What each column reads, straight from the objects (as the sampler read it before its sources). */
class PlainReading {
  private readonly times: number[] = [];
  private readonly bytes: number[][] = [];
  private readonly lastDepartures: number[];
  private readonly lastSojournNs: number[];
  private readonly lastCapacityAt: number[];
  readonly readings: Reading[] = [];
  readonly cwndSums: number[];
  readonly ssthreshSums: number[];
  samplesInMeasure = 0;

  constructor(private readonly sim: Simulator) {
    this.lastDepartures = sim.dirs.map(() => 0);
    this.lastSojournNs = sim.dirs.map(() => 0);
    this.lastCapacityAt = sim.dirs.map(() => 0);
    this.cwndSums = sim.senders.map(() => 0);
    this.ssthreshSums = sim.senders.map(() => 0);
  }

  take(now: number, inMeasure: boolean): void {
    const sim = this.sim;
    const t = now / 1e9;
    const i = this.times.length;
    const j = Math.max(0, i - throughputWindowSamples(sim.scenario.sampleInterval));
    this.times.push(t);
    this.bytes.push(sim.stats.map((st) => st.bytes));
    const flows = sim.senders.map((snd, fi) => {
      const st = sim.stats[fi];
      if (snd && inMeasure) {
        this.cwndSums[fi] += snd.cwnd;
        this.ssthreshSums[fi] += snd.ssthresh;
      }
      return sim.seriesColumns.map((col) => {
        switch (col) {
          case 'cwnd':
            return snd ? snd.cwnd : NaN;
          case 'ssthresh':
            return snd ? snd.ssthresh : NaN;
          case 'srtt_ms':
            return snd ? (snd.rtt.valid ? snd.rtt.srtt * 1000 : NaN) : NaN;
          case 'rto_s':
            return snd ? snd.rtt.rto() : NaN;
          case 'inflight':
            return snd ? snd.outstanding : NaN;
          case 'throughput_kbps':
            return throughputKbps(st.bytes, this.bytes[j][fi], t - this.times[j]);
          case INFLATION_COLUMN:
            return snd && snd.recovery.inflates ? snd.inflation : NaN;
          case PACING_COLUMN:
            return snd && snd.pacingRate > 0 ? snd.pacingRate / 1000 : NaN;
          default: {
            const ci = snd?.cc.traceColumns ? snd.cc.traceColumns.indexOf(col) : -1;
            return ci < 0 ? NaN : snd!.cc.trace!(ci);
          }
        }
      });
    });
    if (inMeasure) this.samplesInMeasure++;
    const queues = sim.dirs.map((dir, d) => {
      const q = dir.queue;
      const left = dir.departures - this.lastDepartures[d];
      const sojourn = left > 0 ? (dir.sojournNs - this.lastSojournNs[d]) / left / 1e6 : NaN;
      this.lastDepartures[d] = dir.departures;
      this.lastSojournNs[d] = dir.sojournNs;
      const extra = sim.queueColumns.map((col) => {
        if (col === CAPACITY_COLUMN) {
          const from = this.lastCapacityAt[d];
          this.lastCapacityAt[d] = now;
          return dir.capacity === null ? dir.bandwidth / 1000 : dir.capacity.kbps(from, now);
        }
        const ci = q.controlColumns ? q.controlColumns.indexOf(col) : -1;
        return ci < 0 ? NaN : q.control!(ci);
      });
      return [q.length, q.bytes, q.average, sojourn, dir.queueDrops + dir.faultDrops, dir.ecnMarks, ...extra];
    });
    this.readings.push({ flows, queues });
  }
}

/** Run `s`, taking the plain reading just before the sampler records each sample. */
function runBeside(s: Scenario): { sim: Simulator; plain: PlainReading } {
  const sim = new Simulator(s);
  const plain = new PlainReading(sim);
  const sampler = (sim as unknown as { sampler: Sampler }).sampler;
  const record = sampler.record.bind(sampler);
  sampler.record = (now: number, inMeasure: boolean) => {
    plain.take(now, inMeasure);
    record(now, inMeasure);
  };
  sim.run();
  return { sim, plain };
}

/** Every recorded value, as the plain reading's rows. */
function recorded(sim: Simulator): Reading[] {
  const n = sim.sampleCount();
  const flows = sim.senders.map((_, fi) => sim.seriesColumns.map((c) => sim.flowColumn(fi, c, 0, n)));
  const queueCols = [...QUEUE_VALUES, ...sim.queueColumns];
  const queues = sim.dirs.map((_, d) => queueCols.map((c) => sim.queueColumn(d, c, 0, n)));
  return Array.from({ length: n }, (_, i) => ({
    flows: flows.map((cols) => cols.map((col) => col[i])),
    queues: queues.map((cols) => cols.map((col) => col[i])),
  }));
}

/** Every variant and two CBR flows on a dumbbell; starts spread over 2 s of a 1.6 s run, so the last flows never start. */
function everyVariant(queue: Record<string, unknown>, tcp: Record<string, unknown> = {}): Scenario {
  const s = dumbbell({
    variants: [...VARIANTS],
    cbrRates: ['2Mbps', '500kbps'],
    duration: 1.6,
    bottleneck: '20Mbps',
    queue,
    window: 64,
    tcp,
    stagger: 2 / VARIANTS.length,
  });
  // A capacity that changes under the bottleneck (queues.csv capacity_kbps).
  const links = s.links.map((l, i) => (i === 0 ? { ...l, schedule: [{ at: 0.7, bandwidth: 8e6, from: null }] } : l));
  // The bottleneck goes down for a while (its queue flushed), and one access link loses packets.
  const faults = [
    { kind: 'linkDown', link: 'bn', at: 0.83, duration: 0.04 },
    { kind: 'randomLoss', link: 'ast0', from: null, rate: 0.05, at: 0.2, until: null },
  ];
  return { ...s, links, faults, sampleInterval: 0.05, measure: { from: 0.4, to: 1.2 } } as Scenario;
}

describe('Sampler', () => {
  it.each([
    ['droptail', { type: 'droptail', limit: 30 }, {}],
    ['red with ECN', { type: 'red', ecn: true }, { ecn: true }],
    ['codel', { type: 'codel' }, {}],
    ['fqcodel', { type: 'fqcodel' }, {}],
    ['pie', { type: 'pie' }, { pacing: true }],
  ] as const)('records what the objects hold behind %s', (_, queue, tcp) => {
    const { sim, plain } = runBeside(everyVariant(queue, tcp));
    expect(sim.sampleCount()).toBe(33);
    // The scenario reaches what the test is for: variant columns, flows not started, queue extras.
    expect(sim.seriesColumns.length).toBeGreaterThan(6);
    expect(sim.queueColumns).toContain(CAPACITY_COLUMN);
    expect(sim.senders.some((snd) => snd !== null && snd.packetsSent === 0)).toBe(true);
    expect(sim.senders.filter((snd) => snd === null)).toHaveLength(2);
    expect(sim.dirs.some((d) => d.faultDrops > 0 && d.link === 0)).toBe(true);
    expect(recorded(sim)).toEqual(plain.readings);
  });

  it('adds up cwnd and ssthresh over the measure window for summary.csv', () => {
    const { sim, plain } = runBeside(everyVariant({ type: 'droptail', limit: 30 }));
    // 0.4 s to 1.2 s at 0.05 s: 17 samples
    expect(plain.samplesInMeasure).toBe(17);
    sim.senders.forEach((snd, fi) => {
      const st = sim.stats[fi];
      expect(st.samples).toBe(17);
      if (!snd) return;
      expect([st.cwndSum, st.ssthreshSum]).toEqual([plain.cwndSums[fi], plain.ssthreshSums[fi]]);
    });
    expect(plain.cwndSums.some((v) => v > 0)).toBe(true);
  });
});
