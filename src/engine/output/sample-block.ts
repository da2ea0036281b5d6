/**
 * A run's samples handed to whoever writes timeseries.csv and queues.csv:
 * a block of samples is three buffers (times, the flows' rows, the link
 * directions' rows: Sampler.block), and the layout says what the rows hold.
 * Both are plain data — no simulator behind them — so the command-line
 * runner can post them to a thread of their own and format the two big
 * files on the machine's other core while the run goes on
 * (cli/sample-writer.ts); the streaming runner formats them in place
 * otherwise (csv-stream.ts). Either way the text is csv-sampled.ts's, byte
 * for byte. Browser-safe: no Node APIs.
 */
import type { FlowSeries, QueueSeries, RunData } from './rundata';
import { QUEUE_VALUES } from './sampler';
import { columnOf } from '../core/growable';
import { queuesRows, timeseriesRows } from './csv-sampled';
import type { CsvFileName } from './csv';

/** Samples [from, to) of a run, as the sampler stores them (Sampler.block: views of its storage). */
export interface SampleBlock {
  /** seconds, one per sample */
  times: Float64Array;
  /** per sample: for each flow, its series columns, then its cumulative bytes */
  flowRows: Float64Array;
  /** per sample: for each link direction, QUEUE_VALUES, then the queue columns */
  queueRows: Float64Array;
}

/**
 * A block's arrays copied into buffers of its own: Sampler.block hands out
 * views of its storage, valid until the run records or forgets samples, so
 * a writer that keeps a block past the call (a writer thread) copies it.
 */
export function copyBlock(block: SampleBlock): SampleBlock {
  return { times: block.times.slice(), flowRows: block.flowRows.slice(), queueRows: block.queueRows.slice() };
}

/** What a block's rows hold: the simulator's ids and columns, fixed for the run. */
export interface SampleLayout {
  flowIds: readonly string[];
  seriesColumns: readonly string[];
  queueIds: readonly { link: string; from: string }[];
  /** queues.csv's columns after sojourn_ms (RunData.queueColumns) */
  queueColumns: readonly string[];
}

/** The layout of a simulator's samples (Simulator and SimView have these fields). */
export function sampleLayout(sim: SampleLayout): SampleLayout {
  return {
    flowIds: [...sim.flowIds],
    seriesColumns: [...sim.seriesColumns],
    queueIds: sim.queueIds.map((q) => ({ link: q.link, from: q.from })),
    queueColumns: [...sim.queueColumns],
  };
}

type SeriesPiece = Pick<RunData, 'times' | 'seriesColumns' | 'flowSeries'>;
type QueuesPiece = Pick<RunData, 'times' | 'queueSeries' | 'queueColumns'>;

/** A block as the row formatters of csv-sampled.ts take it: a column per flow (direction) and value. */
export function blockSeries(layout: SampleLayout, block: SampleBlock): { series: SeriesPiece; queues: QueuesPiece } {
  const n = block.times.length;
  const cols = layout.seriesColumns;
  const flowStride = cols.length + 1;
  const flowRow = layout.flowIds.length * flowStride;
  const flowSeries: FlowSeries[] = layout.flowIds.map((flow, fi) => {
    const columns: Record<string, Float64Array> = {};
    cols.forEach((c, ci) => (columns[c] = columnOf(block.flowRows, fi * flowStride + ci, flowRow, n)));
    return { flow, columns };
  });
  const extra = layout.queueColumns;
  const queueStride = QUEUE_VALUES.length + extra.length;
  const queueRow = layout.queueIds.length * queueStride;
  const queueSeries: QueueSeries[] = layout.queueIds.map((q, d) => {
    const at = (name: string) => columnOf(block.queueRows, d * queueStride + QUEUE_VALUES.indexOf(name), queueRow, n);
    const byName: Record<string, Float64Array> = {};
    extra.forEach(
      (c, ci) => (byName[c] = columnOf(block.queueRows, d * queueStride + QUEUE_VALUES.length + ci, queueRow, n)),
    );
    return {
      link: q.link,
      from: q.from,
      queue_pkts: at('queue_pkts'),
      queue_bytes: at('queue_bytes'),
      red_avg: at('red_avg'),
      sojourn_ms: at('sojourn_ms'),
      extra: byName,
    };
  });
  return {
    series: { times: block.times, seriesColumns: [...cols], flowSeries },
    queues: { times: block.times, queueSeries, queueColumns: [...extra] },
  };
}

/**
 * Write a block's rows of timeseries.csv and queues.csv, `chunkSamples`
 * samples of each at a time (so no piece of text grows with the block).
 */
export function writeSampleBlock(
  layout: SampleLayout,
  block: SampleBlock,
  chunkSamples: number,
  write: (file: CsvFileName, text: string) => void,
): void {
  const { series, queues } = blockSeries(layout, block);
  const n = block.times.length;
  const step = Math.max(1, chunkSamples);
  for (let a = 0; a < n; a += step) {
    const b = Math.min(n, a + step);
    write('timeseries.csv', timeseriesRows(series, a, b));
    write('queues.csv', queuesRows(queues, a, b));
  }
}
