/**
 * timeseries.csv's and queues.csv's rows of a block of samples written as
 * UTF-8 bytes into one buffer, reused from block to block, and handed over a
 * piece at a time: the text of csv-sampled.ts, byte for byte, without a
 * string per cell, a line per row or the join and encoding after them
 * (csv-number-bytes.ts writes the numbers). The command-line runner writes
 * the two big files this way; the page and runDataToCsv keep the text
 * formatters. Browser-safe: no Node APIs.
 */
import type { CsvFileName } from './csv';
import { DECIMALS, csvCell } from './csv-cells';
import { queueColumnDecimals, seriesColumnDecimals } from './csv-sampled';
import { MAX_NUMBER_BYTES, putNumber } from './csv-number-bytes';
import type { SampleBlock, SampleLayout } from './sample-block';
import { QUEUE_VALUES } from './sampler';

/** Bytes gathered before they are handed over: large enough that each write is worth a system call. */
const PIECE = 1 << 18;
const COMMA = 44;
const NEWLINE = 10;
const ZERO = 48;
const QUEUES_DECIMALS = [DECIMALS.window, DECIMALS.window, DECIMALS.window, DECIMALS.ms];

/**
 * Where the bytes go: appended to the named file. The bytes are the
 * writer's again once the call returns (copy them to keep them).
 */
export type BytesOut = (file: CsvFileName, bytes: Uint8Array) => void;

export class SampleBytes {
  private buf: Uint8Array;
  private at = 0;
  /** each flow's id, and each direction's "link,from", as the bytes of its CSV cells */
  private readonly flowIds: Uint8Array[];
  private readonly queueIds: Uint8Array[];
  private readonly seriesDecimals: number[];
  /** per value of a direction in a block's row: its column's decimals, in queues.csv's order */
  private readonly queueDecimals: number[];
  /** per column of queues.csv after `from`: the value's index within a direction's values */
  private readonly queueValueAt: number[];
  /** values a direction has in a block's row (QUEUE_VALUES, then the disciplines' columns) */
  private readonly queueStride: number;
  /** the time cell of the sample being written */
  private readonly time = new Uint8Array(MAX_NUMBER_BYTES);
  private timeLength = 0;
  /** most bytes a row can take: a row is written whole before the buffer is checked */
  private readonly rowRoom: number;

  constructor(
    layout: SampleLayout,
    private readonly out: BytesOut,
  ) {
    const utf8 = new TextEncoder();
    this.flowIds = layout.flowIds.map((f) => utf8.encode(csvCell(f)));
    this.queueIds = layout.queueIds.map((q) => utf8.encode(`${csvCell(q.link)},${csvCell(q.from)}`));
    this.seriesDecimals = layout.seriesColumns.map(seriesColumnDecimals);
    const values = ['queue_pkts', 'queue_bytes', 'red_avg', 'sojourn_ms'];
    this.queueValueAt = [
      ...values.map((v) => QUEUE_VALUES.indexOf(v)),
      ...layout.queueColumns.map((_, c) => QUEUE_VALUES.length + c),
    ];
    this.queueStride = QUEUE_VALUES.length + layout.queueColumns.length;
    this.queueDecimals = [...QUEUES_DECIMALS, ...layout.queueColumns.map(queueColumnDecimals)];
    const longestId = Math.max(0, ...this.flowIds.map((b) => b.length), ...this.queueIds.map((b) => b.length));
    const cells = 1 + Math.max(layout.seriesColumns.length, this.queueValueAt.length);
    this.rowRoom = longestId + (cells + 1) * (MAX_NUMBER_BYTES + 1);
    this.buf = new Uint8Array(PIECE + this.rowRoom);
  }

  /** Write the block's rows: all of timeseries.csv's, then all of queues.csv's. */
  write(block: SampleBlock): void {
    this.timeseries(block);
    this.queues(block);
  }

  private timeseries(block: SampleBlock): void {
    const rows = block.flowRows;
    const decimals = this.seriesDecimals;
    const nc = decimals.length;
    const stride = nc + 1; // the series columns, then the cumulative bytes (not written)
    const ids = this.flowIds;
    let off = 0;
    for (let i = 0; i < block.times.length; i++) {
      this.setTime(block.times[i]!);
      for (let f = 0; f < ids.length; f++, off += stride) {
        let at = this.rowStart(ids[f]!);
        const buf = this.buf;
        for (let c = 0; c < nc; c++) {
          buf[at++] = COMMA;
          const v = rows[off + c]!;
          if (v === 0) buf[at++] = ZERO;
          else if (v === v) at = putNumber(buf, at, v, decimals[c]!);
        }
        buf[at++] = NEWLINE;
        this.rowEnd(at, 'timeseries.csv');
      }
    }
    this.flush('timeseries.csv');
  }

  private queues(block: SampleBlock): void {
    const rows = block.queueRows;
    const valueAt = this.queueValueAt;
    const decimals = this.queueDecimals;
    const cells = valueAt.length;
    const stride = this.queueStride;
    const ids = this.queueIds;
    let off = 0;
    for (let i = 0; i < block.times.length; i++) {
      this.setTime(block.times[i]!);
      for (let d = 0; d < ids.length; d++, off += stride) {
        let at = this.rowStart(ids[d]!);
        const buf = this.buf;
        for (let c = 0; c < cells; c++) {
          buf[at++] = COMMA;
          const v = rows[off + valueAt[c]!]!;
          // Most cells of an idle direction are 0 or empty (no RED average,
          // no packet left the queue): written here, without the call.
          if (v === 0) buf[at++] = ZERO;
          else if (v === v) at = putNumber(buf, at, v, decimals[c]!);
        }
        buf[at++] = NEWLINE;
        this.rowEnd(at, 'queues.csv');
      }
    }
    this.flush('queues.csv');
  }

  private setTime(t: number): void {
    this.timeLength = putNumber(this.time, 0, t, DECIMALS.time);
  }

  /** Write the time cell and `id`'s cells; returns where the next cell goes. */
  private rowStart(id: Uint8Array): number {
    const buf = this.buf;
    let at = this.at;
    const time = this.time;
    for (let k = 0; k < this.timeLength; k++) buf[at++] = time[k]!;
    buf[at++] = COMMA;
    // A loop, not buf.set: ids are a few bytes, shorter than set()'s own cost.
    for (let k = 0; k < id.length; k++) buf[at++] = id[k]!;
    return at;
  }

  private rowEnd(at: number, file: CsvFileName): void {
    this.at = at;
    if (at >= PIECE) this.flush(file);
  }

  private flush(file: CsvFileName): void {
    if (this.at > 0) this.out(file, this.buf.subarray(0, this.at));
    this.at = 0;
  }
}
