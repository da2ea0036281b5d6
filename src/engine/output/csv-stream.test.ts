/**
 * The command-line runner's streamed files are byte for byte the files of the
 * whole run formatted at the end, whatever the slice sizes, and the simulator
 * never holds more than a slice of samples and events.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { dumbbell, load, singleFlow } from '../../../tests/support/scenarios';
import { runScenario } from '../run';
import type { Scenario } from '../scenario/types';
import { CSV_FILE_NAMES, runDataToCsv, type CsvFileName } from './csv';
import { streamRun, type CsvSink, type StreamOptions } from './csv-stream';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const file = (path: string): Scenario => load(JSON.parse(readFileSync(`${root}${path}`, 'utf8')));

/**
 * The run's files through a sink of text, or (`asBytes`) one that takes the
 * sampled rows as bytes too: the command-line runner's, which writes them
 * from the sampler's own storage before the simulator forgets them.
 */
function streamed(s: Scenario, options?: StreamOptions, asBytes = false) {
  const files = Object.fromEntries(CSV_FILE_NAMES.map((n) => [n, [] as string[]])) as Record<CsvFileName, string[]>;
  const utf8 = new TextDecoder();
  const sink: CsvSink = { write: (name, text) => void files[name].push(text) };
  // The bytes are the writer's again after the call: decoded at once.
  if (asBytes) sink.writeBytes = (name, bytes) => void files[name].push(utf8.decode(bytes));
  const report = streamRun(s, sink, options);
  return {
    report,
    files: Object.fromEntries(CSV_FILE_NAMES.map((n) => [n, files[n].join('')])) as Record<CsvFileName, string>,
  };
}

const CASES: [string, () => Scenario][] = [
  ['single drop, Reno (a shipped scenario)', () => file('scenarios/single-drop-reno.json')],
  ['RED against DropTail', () => file('scenarios/red-vs-droptail.json')],
  [
    'Vegas, Westwood and CUBIC traces with CBR',
    () => dumbbell({ variants: ['vegas', 'westwood', 'cubic', 'sack'], cbrRates: ['3Mbps'], duration: 6, limit: 20 }),
  ],
  [
    'an outage and random loss',
    () =>
      singleFlow({
        variant: 'newreno',
        duration: 6,
        faults: [
          { kind: 'linkDown', link: 'bottleneck', at: 1, duration: 0.7 },
          { kind: 'randomLoss', link: 'bottleneck', rate: 0.02 },
        ],
      }),
  ],
  ['a file that completes', () => singleFlow({ variant: 'tahoe', bytes: 200_000, duration: 4 })],
];

describe.each(CASES)('%s', (_name, make) => {
  const whole = runDataToCsv(runScenario(make()));
  it.each<[string, StreamOptions | undefined, boolean]>([
    ['default slices', undefined, false],
    ['one sample row per slice', { chunkRows: 1 }, false],
    ['slices shortened by every few events', { chunkRows: 7, chunkEvents: 3 }, false],
    ['default slices, rows as bytes', undefined, true],
    ['one sample row per slice, rows as bytes', { chunkRows: 1 }, true],
    ['slices shortened by every few events, rows as bytes', { chunkRows: 7, chunkEvents: 3 }, true],
  ])('writes the same bytes with %s', (_how, options, asBytes) => {
    const { files } = streamed(make(), options, asBytes);
    for (const name of CSV_FILE_NAMES) expect(files[name], name).toBe(whole[name]);
  });
});

it('holds at most a slice of samples and events however long the run', () => {
  // 200 s of a congested dumbbell: 20,001 samples, thousands of events.
  const s = dumbbell({
    variants: ['reno', 'newreno'],
    cbrRates: ['6Mbps'],
    duration: 200,
    limit: 10,
    bottleneck: '5Mbps',
  });
  const { report, files } = streamed(s, { chunkRows: 1000, chunkEvents: 500 });
  expect(report.samples).toBe(20_001);
  expect(report.events).toBeGreaterThan(5_000);
  // 1000 rows of 3 flows and 14 link directions: 58 samples a slice, plus the throughput window kept.
  expect(report.peakHeld.samples).toBeLessThanOrEqual(58 + 50);
  expect(report.peakHeld.events).toBeLessThan(report.events / 5);
  expect(files['timeseries.csv'].split('\n')).toHaveLength(1 + 20_001 * 3 + 1);
});
