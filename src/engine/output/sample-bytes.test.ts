/**
 * SampleBytes writes the bytes of the text writeSampleBlock writes, for a
 * real run's blocks and for generated layouts and values: ids that need
 * quoting or a formula guard, letters beyond ASCII, NaN and huge values,
 * disciplines' extra columns, and rows whose cells repeat their last
 * values, change back, or go to zero or empty and return.
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CsvFileName } from './csv';
import { copyBlock, writeSampleBlock, type SampleBlock, type SampleLayout } from './sample-block';
import { SampleBytes } from './sample-bytes';
import { QUEUE_VALUES } from './sampler';
import { parseScenarioText } from '../scenario/index';
import { Simulator } from '../simulator';

type Files = Record<'timeseries.csv' | 'queues.csv', string>;

function asText(layout: SampleLayout, blocks: SampleBlock[]): Files {
  const files: Files = { 'timeseries.csv': '', 'queues.csv': '' };
  for (const b of blocks)
    writeSampleBlock(layout, b, 7, (file: CsvFileName, text) => (files[file as keyof Files] += text));
  return files;
}

function asBytes(layout: SampleLayout, blocks: SampleBlock[]): Files & { pieces: number } {
  const chunks: Record<string, Uint8Array[]> = { 'timeseries.csv': [], 'queues.csv': [] };
  let pieces = 0;
  const writer = new SampleBytes(layout, (file, bytes) => {
    pieces++;
    chunks[file]!.push(bytes.slice());
  });
  for (const b of blocks) writer.write(b);
  const text = (file: string) => Buffer.concat(chunks[file]!).toString('utf8');
  return { 'timeseries.csv': text('timeseries.csv'), 'queues.csv': text('queues.csv'), pieces };
}

describe('SampleBytes', () => {
  it('writes the rows of a real run as the text formatters do', () => {
    const parsed = parseScenarioText(readFileSync(join(__dirname, '../../../bench/dumbbell-22.json'), 'utf8'));
    if (!parsed.ok) throw new Error('the scenario does not load');
    const sim = new Simulator({ ...parsed.scenario, duration: 3 });
    const blocks: SampleBlock[] = [];
    for (let t = 0.5; t <= 3; t += 0.5) {
      const from = blocks.reduce((s, b) => s + b.times.length, 0);
      sim.runUntil(t);
      blocks.push(copyBlock(sim.sampleBlock(from, sim.sampleCount())));
    }
    const bytes = asBytes(sim, blocks);
    const text = asText(sim, blocks);
    expect(bytes['timeseries.csv'].split('\n').length).toBeGreaterThan(6000);
    expect(bytes['timeseries.csv']).toBe(text['timeseries.csv']);
    expect(bytes['queues.csv']).toBe(text['queues.csv']);
    // A block of all 300 samples is more than one buffer's worth: handed over as it fills.
    const whole = [sim.sampleBlock(0, sim.sampleCount())];
    const inPieces = asBytes(sim, whole);
    expect(inPieces.pieces).toBeGreaterThan(2);
    expect(inPieces['queues.csv']).toBe(text['queues.csv']);
    expect(inPieces['timeseries.csv']).toBe(text['timeseries.csv']);
  });

  const id = fc.oneof(
    fc.string({ maxLength: 6 }),
    fc.constantFrom('a,b', 'say "hi"', '=1+1', '-x', '@', 'naïve', '流', 'line\nbreak', ''),
  );
  const value = fc.oneof(
    // zeros often, so that whole rows of them (an idle direction) come up
    { arbitrary: fc.constantFrom(0, -0), weight: 6 },
    fc.double(),
    fc.double({ min: -1e4, max: 1e4, noNaN: true }),
    fc.integer({ min: -1e6, max: 1e9 }),
    fc.constant(NaN),
  );
  const layoutAndBlocks = fc
    .record({
      flowIds: fc.array(id, { maxLength: 4 }),
      seriesColumns: fc.subarray(['cwnd', 'ssthresh', 'srtt_ms', 'rto_s', 'throughput_kbps', 'w_est', 'x_ms']),
      queueIds: fc.array(fc.record({ link: id, from: id }), { maxLength: 4 }),
      queueColumns: fc.subarray(['drop_p', 'delay_ms', 'rate_kbps']),
      samples: fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 3 }),
    })
    .chain((l) => {
      const flowValues = l.flowIds.length * (l.seriesColumns.length + 1);
      const queueValues = l.queueIds.length * (QUEUE_VALUES.length + l.queueColumns.length);
      const blocks = fc.tuple(
        ...l.samples.map((n) =>
          fc.record({
            times: fc.array(fc.double({ min: 0, max: 1e4, noNaN: true }), { minLength: n, maxLength: n }),
            flowRows: fc.array(value, { minLength: n * flowValues, maxLength: n * flowValues }),
            queueRows: fc.array(value, { minLength: n * queueValues, maxLength: n * queueValues }),
          }),
        ),
      );
      return blocks.map((bs) => ({
        layout: l as SampleLayout,
        blocks: bs.map((b) => ({
          times: Float64Array.from(b.times),
          flowRows: Float64Array.from(b.flowRows),
          queueRows: Float64Array.from(b.queueRows),
        })),
      }));
    });

  // Values from a few, so that a row's cells often equal its last (copied,
  // not formatted: SampleBytes.rowsKept), then change, change back, go to
  // zero or empty and return; some longer than a kept cell's 8 bytes.
  const few = fc.constantFrom(0, -0, NaN, 20, 0.2, 26.5383, -3.25, 1234567.891, 98765432.1, 1e-7, 7e21, Infinity);
  // a direction's QUEUE_VALUES and one extra column
  const idle = fc.constantFrom([0, 0, NaN, NaN, 0, 0, NaN], [-0, 0, NaN, NaN, 3, 1, 0.5]);
  const nearlyIdle = fc
    .tuple(fc.integer({ min: 0, max: 3 }), few)
    .map(([k, v]) => Object.assign([0, 0, NaN, NaN, 0, 0, NaN], { [k]: v }));
  const repeating = fc
    .record({
      flows: fc.integer({ min: 1, max: 3 }),
      queues: fc.integer({ min: 0, max: 2 }),
      seriesColumns: fc.subarray(['cwnd', 'ssthresh', 'srtt_ms', 'rto_s', 'throughput_kbps', 'w_est'], {
        minLength: 1,
      }),
      samples: fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 4 }),
    })
    .chain((l) => {
      const flowValues = l.flows * (l.seriesColumns.length + 1);
      return fc
        .tuple(
          ...l.samples.map((n) =>
            fc.record({
              flowRows: fc.array(few, { minLength: n * flowValues, maxLength: n * flowValues }),
              // directions idle ("0,0,,") half the time, or all but one cell
              queueRows: fc
                .array(fc.oneof(idle, nearlyIdle, fc.array(few, { minLength: 7, maxLength: 7 })), {
                  minLength: n * l.queues,
                  maxLength: n * l.queues,
                })
                .map((rows) => rows.flat()),
            }),
          ),
        )
        .map((bs) => {
          let t = 0;
          const layout: SampleLayout = {
            flowIds: Array.from({ length: l.flows }, (_, f) => `tcp${f}`),
            seriesColumns: l.seriesColumns,
            queueIds: Array.from({ length: l.queues }, (_, q) => ({ link: `l${q}`, from: 'n' })),
            queueColumns: ['drop_p'],
          };
          const blocks = bs.map((b, i) => ({
            times: Float64Array.from({ length: l.samples[i]! }, () => (t += 0.01)),
            flowRows: Float64Array.from(b.flowRows),
            queueRows: Float64Array.from(b.queueRows),
          }));
          return { layout, blocks };
        });
    });

  it('writes what the text formatters write where rows repeat their last values', () => {
    fc.assert(
      fc.property(repeating, ({ layout, blocks }) => {
        const bytes = asBytes(layout, blocks);
        const text = asText(layout, blocks);
        expect(bytes['timeseries.csv']).toBe(text['timeseries.csv']);
        expect(bytes['queues.csv']).toBe(text['queues.csv']);
      }),
      { numRuns: 500 },
    );
  });

  it('writes a flow whose value stays, changes back, goes to zero or empty and returns', () => {
    const layout: SampleLayout = {
      flowIds: ['a', 'b'],
      seriesColumns: ['cwnd'],
      queueIds: [{ link: 'l', from: 'n' }],
      queueColumns: [],
    };
    // flow a's cwnd by sample; flow b's is a's reversed, so that each flow's cells are its own
    const a = [26.5383, 26.5383, 20, 26.5383, 0, 26.5383, NaN, 26.5383, -0, 98765432.1, 98765432.1, 26.5383, 26.5383];
    const b = [...a].reverse();
    const queue = [0, 0, 3, 3, 0, 0, 3, 3, 0, 0, 3, 3, 0];
    const row = (i: number) => [a[i]!, 0, b[i]!, 0];
    const blocks = [0, 5, 9].map((from, k, starts) => {
      const to = starts[k + 1] ?? a.length;
      const idx = Array.from({ length: to - from }, (_, j) => from + j);
      return {
        times: Float64Array.from(idx, (i) => i / 100),
        flowRows: Float64Array.from(idx.flatMap(row)),
        queueRows: Float64Array.from(
          idx.flatMap((i) => [queue[i]!, queue[i]! * 1500, NaN, queue[i] ? 1.25 : NaN, 0, 0]),
        ),
      };
    });
    const bytes = asBytes(layout, blocks);
    expect(bytes['timeseries.csv']).toBe(asText(layout, blocks)['timeseries.csv']);
    expect(bytes['queues.csv']).toBe(asText(layout, blocks)['queues.csv']);
    expect(bytes['timeseries.csv'].split('\n').slice(0, 8)).toEqual([
      '0,a,26.5383',
      '0,b,26.5383',
      '0.01,a,26.5383',
      '0.01,b,26.5383',
      '0.02,a,20',
      '0.02,b,98765432.1',
      '0.03,a,26.5383',
      '0.03,b,98765432.1',
    ]);
  });

  it('writes what the text formatters write, for any layout and values', () => {
    fc.assert(
      fc.property(layoutAndBlocks, ({ layout, blocks }) => {
        const bytes = asBytes(layout, blocks);
        const text = asText(layout, blocks);
        expect(bytes['timeseries.csv']).toBe(text['timeseries.csv']);
        expect(bytes['queues.csv']).toBe(text['queues.csv']);
      }),
      { numRuns: 300 },
    );
  });
});
