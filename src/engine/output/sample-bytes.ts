/**
 * timeseries.csv's and queues.csv's rows of a block of samples written as
 * UTF-8 bytes into one buffer, reused from block to block, and handed over a
 * piece at a time: the text of csv-sampled.ts, byte for byte, without a
 * string per cell, a line per row or the join and encoding after them
 * (csv-number-bytes.ts writes the numbers). The command-line runner writes
 * the two big files this way; the page and runDataToCsv keep the text
 * formatters. A row is some twenty to fifty bytes, so what is copied (the
 * time, the ids, a flow's cells that repeat their last value) goes four
 * bytes at a time through DataViews, and what is written is mostly cells
 * of 0 or empty. Browser-safe: no Node APIs.
 */
import type { CsvFileName } from './csv';
import { DECIMALS, csvCell } from './csv-cells';
import { QUEUES_COLUMNS, queueColumnDecimals, seriesColumnDecimals } from './csv-sampled';
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

/** What one file's rows are made of: per flow (or direction) its id and its values in a block's row. */
interface RowsOf {
  file: CsvFileName;
  /** each row's id cells, as bytes: a flow's id, a direction's "link,from" */
  ids: Uint8Array[];
  /**
   * The same ids one after the other in one buffer, each from a multiple of
   * four bytes (headAt) and idLengths long, copied four bytes at a time: a
   * row is some twenty bytes, and a byte at a time they were a quarter of a
   * direction's row (queues.csv 39 → 30 ns a row, in node on a block of the
   * 22-flow run).
   */
  heads: DataView;
  headAt: Int32Array;
  idLengths: Int32Array;
  /** values per flow (direction) in a block's row */
  stride: number;
  /** per cell after the ids: the value's index within the flow's (direction's) values, and its decimals */
  valueAt: number[];
  decimals: number[];
  /** per row and cell: the value last written, its bytes (8 a cell) and their length, 0 if not kept */
  last: Float64Array;
  kept: DataView;
  lengths: Uint8Array;
}

/** ",0,0,,": an idle direction's four cells, as two little-endian words (the second's last two bytes written over next). */
const IDLE_0 = COMMA | (ZERO << 8) | (COMMA << 16) | (ZERO << 24);
const IDLE_1 = COMMA | (COMMA << 8);

/** Bytes of a cell kept (RowsOf.kept): two words. */
const KEPT = 8;

/** Room to keep the cells of `rows` rows of `cells` cells (timeseries.csv's; queues.csv keeps none: queueRows). */
function kept(rows: number, cells: number): Pick<RowsOf, 'last' | 'kept' | 'lengths'> {
  return {
    last: new Float64Array(rows * cells),
    kept: new DataView(new ArrayBuffer(rows * cells * KEPT)),
    lengths: new Uint8Array(rows * cells),
  };
}

/** Each id's bytes from a multiple of four in one buffer, with room to read its last word whole (RowsOf.heads). */
function packIds(ids: Uint8Array[]): Pick<RowsOf, 'heads' | 'headAt' | 'idLengths'> {
  const headAt = new Int32Array(ids.length);
  const idLengths = new Int32Array(ids.length);
  let at = 0;
  ids.forEach((id, r) => {
    headAt[r] = at;
    idLengths[r] = id.length;
    at += (id.length + 3) & ~3;
  });
  const bytes = new Uint8Array(at + 4);
  ids.forEach((id, r) => bytes.set(id, headAt[r]));
  return { heads: new DataView(bytes.buffer), headAt, idLengths };
}

export class SampleBytes {
  private readonly buf: Uint8Array;
  private at = 0;
  private readonly timeseries: RowsOf;
  private readonly queues: RowsOf;
  /** the time cell of the sample being written, and its comma; read four bytes at a time */
  private readonly time = new Uint8Array(MAX_NUMBER_BYTES + 8);
  private readonly timeWords = new DataView(this.time.buffer);
  /** the buffer, written four bytes at a time where bytes are copied (past a row's end too: `buf` has room) */
  private readonly words: DataView;

  constructor(
    layout: SampleLayout,
    private readonly out: BytesOut,
  ) {
    const utf8 = new TextEncoder();
    const columns = layout.seriesColumns;
    const flowIds = layout.flowIds.map((f) => utf8.encode(csvCell(f)));
    const queueIds = layout.queueIds.map((q) => utf8.encode(`${csvCell(q.link)},${csvCell(q.from)}`));
    this.timeseries = {
      file: 'timeseries.csv',
      ids: flowIds,
      ...packIds(flowIds),
      // A flow's values: its series columns, then its cumulative bytes (not written).
      stride: columns.length + 1,
      valueAt: columns.map((_, c) => c),
      decimals: columns.map(seriesColumnDecimals),
      ...kept(flowIds.length, columns.length),
    };
    // A direction's values: QUEUE_VALUES, then the disciplines' columns; queues.csv's own
    // columns after `from` are some of the first, in its order.
    const values = QUEUES_COLUMNS.slice(3);
    this.queues = {
      file: 'queues.csv',
      ids: queueIds,
      ...packIds(queueIds),
      stride: QUEUE_VALUES.length + layout.queueColumns.length,
      valueAt: [
        ...values.map((v) => QUEUE_VALUES.indexOf(v)),
        ...layout.queueColumns.map((_, c) => QUEUE_VALUES.length + c),
      ],
      decimals: [...QUEUES_DECIMALS, ...layout.queueColumns.map(queueColumnDecimals)],
      ...kept(0, 0),
    };
    // A row is written whole before the buffer is checked: room for the longest after PIECE.
    const longest = (r: RowsOf) =>
      Math.max(0, ...r.ids.map((b) => b.length)) + (r.valueAt.length + 2) * (MAX_NUMBER_BYTES + 1);
    this.buf = new Uint8Array(PIECE + Math.max(longest(this.timeseries), longest(this.queues)) + 8);
    this.words = new DataView(this.buf.buffer);
  }

  /** Write the block's rows: all of timeseries.csv's, then all of queues.csv's. */
  write(block: SampleBlock): void {
    this.rowsKept(block.times, block.flowRows, this.timeseries);
    this.queueRows(block.times, block.queueRows, this.queues);
  }

  /**
   * Row `r`'s time and id cells at `at`, and the comma after them, copied
   * in words of four bytes (the few bytes past their end are written over
   * next); returns the index after them.
   */
  private head(at: number, of: RowsOf, r: number, timeLength: number): number {
    const words = this.words;
    const timeWords = this.timeWords;
    for (let k = 0; k <= timeLength; k += 4) words.setUint32(at + k, timeWords.getUint32(k, true), true);
    at += timeLength + 1;
    const h = of.headAt[r]!;
    const idLength = of.idLengths[r]!;
    const heads = of.heads;
    for (let k = 0; k < idLength; k += 4) words.setUint32(at + k, heads.getUint32(h + k, true), true);
    return at + idLength;
  }

  /** The time cell of a sample, and its comma, into `time`; returns its length. */
  private putTime(t: number): number {
    const timeLength = putNumber(this.time, 0, t, DECIMALS.time);
    this.time[timeLength] = COMMA;
    return timeLength;
  }

  /**
   * queues.csv's rows. Most are an idle direction's (the 22-flow run: 70 %),
   * whose first four cells — queue_pkts, queue_bytes, red_avg, sojourn_ms —
   * are "0,0,,": written as two words (30 → 23 ns a row), and otherwise 0
   * and empty cells without a call.
   */
  private queueRows(times: Float64Array, rows: Float64Array, of: RowsOf): void {
    const { ids, stride, valueAt, decimals } = of;
    const cells = valueAt.length;
    const buf = this.buf;
    const words = this.words;
    const q0 = valueAt[0]!;
    const q1 = valueAt[1]!;
    const q2 = valueAt[2]!;
    const q3 = valueAt[3]!;
    let off = 0;
    for (let i = 0; i < times.length; i++) {
      const timeLength = this.putTime(times[i]!);
      for (let r = 0; r < ids.length; r++, off += stride) {
        let at = this.head(this.at, of, r, timeLength);
        let c = 0;
        // An idle direction: nothing queued, no RED average, no packet left.
        const pkts = rows[off + q0]!;
        if (
          pkts === 0 &&
          rows[off + q1] === 0 &&
          rows[off + q2] !== rows[off + q2] &&
          rows[off + q3] !== rows[off + q3]
        ) {
          words.setUint32(at, IDLE_0, true);
          words.setUint32(at + 4, IDLE_1, true);
          at += 6;
          c = 4;
        }
        for (; c < cells; c++) {
          buf[at++] = COMMA;
          const v = rows[off + valueAt[c]!]!;
          if (v === 0) buf[at++] = ZERO;
          else if (v === v) at = putNumber(buf, at, v, decimals[c]!);
        }
        buf[at++] = NEWLINE;
        this.at = at;
        if (at >= PIECE) this.flush(of.file);
      }
    }
    this.flush(of.file);
  }

  /**
   * timeseries.csv's rows, each cell's bytes kept: sampled every few
   * milliseconds, a flow's ssthresh, RTO and inflation seldom change, and
   * its window and RTT often do not (22-flow run: 75–100 % of a column's
   * cells equal the flow's last), so a cell equal to the row's last is the
   * same bytes, copied in two words rather than formatted.
   */
  private rowsKept(times: Float64Array, rows: Float64Array, of: RowsOf): void {
    const { ids, stride, valueAt, decimals, last, kept, lengths } = of;
    const cells = valueAt.length;
    const buf = this.buf;
    const words = this.words;
    let off = 0;
    for (let i = 0; i < times.length; i++) {
      const timeLength = this.putTime(times[i]!);
      for (let r = 0; r < ids.length; r++, off += stride) {
        let at = this.head(this.at, of, r, timeLength);
        for (let c = 0, cell = r * cells; c < cells; c++, cell++) {
          buf[at++] = COMMA;
          const v = rows[off + valueAt[c]!]!;
          if (v === 0) buf[at++] = ZERO;
          else if (v === v) {
            const length = lengths[cell]!;
            if (length > 0 && v === last[cell]) {
              const slot = cell << 3;
              words.setUint32(at, kept.getUint32(slot, true), true);
              words.setUint32(at + 4, kept.getUint32(slot + 4, true), true);
              at += length;
            } else {
              const start = at;
              at = putNumber(buf, at, v, decimals[c]!);
              last[cell] = v;
              // Longer than a slot (8 bytes): formatted each time.
              const written = at - start;
              if (written <= KEPT) {
                const slot = cell << 3;
                kept.setUint32(slot, words.getUint32(start, true), true);
                kept.setUint32(slot + 4, words.getUint32(start + 4, true), true);
              }
              lengths[cell] = written <= KEPT ? written : 0;
            }
          }
        }
        buf[at++] = NEWLINE;
        this.at = at;
        if (at >= PIECE) this.flush(of.file);
      }
    }
    this.flush(of.file);
  }

  private flush(file: CsvFileName): void {
    if (this.at > 0) this.out(file, this.buf.subarray(0, this.at));
    this.at = 0;
  }
}
