/**
 * The contract's five CSV files written while the run goes on, for the
 * command-line runner: the run advances a slice of simulated time at a time,
 * the sample rows and protocol events of that slice go to the sink, and the
 * simulator forgets them (Simulator.forgetRecorded). Memory then stays flat
 * however long the run is simulated, instead of growing with every sample
 * and event until the files are written at the end.
 *
 * The files are byte for byte those runDataToCsv writes for the whole run
 * (csv-stream.test.ts checks it): the same row formatters (csv.ts), fed in
 * slices. summary.csv and links.csv come from counters and are written at the
 * end. Browser-safe (no Node APIs): the sink does the writing.
 */
import { STREAM_CHUNK_EVENTS, STREAM_CHUNK_ROWS } from '../scenario/memory';
import type { Scenario } from '../scenario/types';
import type { RunStreams } from '../run';
import { Simulator } from '../simulator';
import { collectRunData } from './collect';
import { transactionRows, transactionsCsv } from './transactions';
import type { CsvFileName } from './csv';
import { queuesHeader, timeseriesHeader } from './csv-sampled';
import { eventsHeader, eventsRows, linksCsv, summaryCsv } from './csv-tables';
import { sampleLayout, writeSampleBlock, type SampleBlock, type SampleLayout } from './sample-block';
import { SampleBytes } from './sample-bytes';
import { throughputWindowSamples } from './sampler';

/** Where the text goes: appended to the named file, in order. */
export interface CsvSink {
  write(file: CsvFileName, text: string): void;
  /**
   * Where a sink takes bytes too, timeseries.csv's and queues.csv's rows
   * come as UTF-8 bytes (sample-bytes.ts: the same text, made faster). The
   * bytes are the caller's again once the call returns.
   */
  writeBytes?(file: CsvFileName, bytes: Uint8Array): void;
}

/**
 * Who writes timeseries.csv's and queues.csv's rows instead of the runner,
 * given each block of samples as the run records it (after the files'
 * headers have gone to the CsvSink); the command-line runner's writes them on
 * a thread of its own (cli/sample-writer.ts). A block is a view of the
 * simulator's storage, good until the call returns: a writer that keeps it
 * copies it (copyBlock).
 */
export interface SampleSink {
  write(block: SampleBlock): void;
}

export interface StreamReport {
  eventsProcessed: number;
  /** samples written (rows of timeseries.csv per flow) */
  samples: number;
  /** rows written to events.csv */
  events: number;
  /** most sample and event rows the simulator held at once */
  peakHeld: { samples: number; events: number };
}

export interface StreamOptions {
  /** most sample rows (timeseries + queues) formatted at once */
  chunkRows?: number;
  /** past this many events in one slice, the next slice is shorter */
  chunkEvents?: number;
  /** packet-level files written as the run goes (the capture, ns-2's trace) */
  streams?: RunStreams;
  /**
   * Hand the sample rows to a writer of their own, made once the run's
   * layout is known; by default they are formatted and written to the
   * CsvSink here.
   */
  samples?: (layout: SampleLayout) => SampleSink;
}

/** Run `scenario` to its end, writing the five files into `sink` as it goes. */
export function streamRun(scenario: Scenario, sink: CsvSink, options: StreamOptions = {}): StreamReport {
  const sim = new Simulator(scenario);
  const writer = new StreamingCsv(sim, sink, options.chunkRows, options.samples);
  const capture = options.streams?.pcap ? sim.capturePackets(options.streams.pcap) : null;
  const trace = options.streams?.ns2Trace ? sim.traceNs2(options.streams.ns2Trace) : null;
  const s = sim.scenario;
  const chunkEvents = options.chunkEvents ?? STREAM_CHUNK_EVENTS;
  // A slice of simulated time: the samples of one drain, shortened while events come thick.
  const longest = drainSamples(sim, options.chunkRows) * s.sampleInterval;
  const shortest = Math.min(longest, 1e-6);
  let slice = longest;
  let t = 0;
  writer.start();
  while (t < s.duration) {
    t = Math.min(s.duration, t + slice);
    sim.runUntil(t);
    const events = writer.drain();
    if (events > chunkEvents) slice = Math.max(shortest, slice / 2);
    else if (events < chunkEvents / 4) slice = Math.min(longest, slice * 2);
  }
  writer.finish();
  // transactions.csv: one row per completed transaction, written at the end (memory.ts counts them).
  if (options.streams?.transactions && sim.transactions.length > 0)
    options.streams.transactions(transactionsCsv(transactionRows(sim.transactions)));
  capture?.flush();
  trace?.flush();
  return {
    eventsProcessed: sim.eventsProcessed,
    samples: writer.samples,
    events: writer.events,
    peakHeld: writer.peakHeld,
  };
}

/** Sample rows (timeseries and queues) of one sample of this run. */
function rowsPerSample(sim: Simulator): number {
  return Math.max(1, sim.flowIds.length + sim.queueIds.length);
}

/** Samples formatted into one piece of text: at most `chunkRows` rows (STREAM_CHUNK_ROWS). */
function chunkSamples(sim: Simulator, chunkRows = STREAM_CHUNK_ROWS): number {
  return Math.max(1, Math.floor(chunkRows / rowsPerSample(sim)));
}

/**
 * Samples the runner lets the simulator record between two drains: a chunk,
 * and never fewer than the throughput window the simulator keeps anyway
 * (Sampler.keepLast). Each drain costs something per flow and per link
 * direction whatever it writes; with thousands of them a chunk of
 * STREAM_CHUNK_ROWS rows is a few samples, and draining every few samples
 * cost a third of a 550-flow run. Held samples stay within twice the
 * window; the text is still formatted a chunk at a time.
 */
export function drainSamples(sim: Simulator, chunkRows?: number): number {
  return Math.max(chunkSamples(sim, chunkRows), throughputWindowSamples(sim.scenario.sampleInterval));
}

/** The five files of one simulator, written in slices (see streamRun). */
export class StreamingCsv {
  /** samples written so far, and events */
  samples = 0;
  events = 0;
  readonly peakHeld = { samples: 0, events: 0 };
  /** index, in the simulator's kept samples, of the first not yet written */
  private next = 0;

  /** samples formatted into one piece of text */
  private readonly chunk: number;
  private readonly layout: SampleLayout;
  /** who writes the sample rows, if not this */
  private readonly samplesTo: SampleSink | null;
  /** the sample rows as bytes, where the sink takes them */
  private readonly bytes: SampleBytes | null;

  constructor(
    private readonly sim: Simulator,
    private readonly sink: CsvSink,
    chunkRows?: number,
    samples?: StreamOptions['samples'],
  ) {
    this.chunk = chunkSamples(sim, chunkRows);
    this.layout = sampleLayout(sim);
    this.samplesTo = samples ? samples(this.layout) : null;
    this.bytes =
      this.samplesTo === null && sink.writeBytes
        ? new SampleBytes(this.layout, (file, bytes) => sink.writeBytes!(file, bytes))
        : null;
  }

  start(): void {
    this.sink.write('timeseries.csv', `${timeseriesHeader(this.sim.seriesColumns)}\n`);
    this.sink.write('queues.csv', `${queuesHeader(this.sim.queueColumns)}\n`);
    this.sink.write('events.csv', `${eventsHeader()}\n`);
  }

  /** Write what the run recorded since the last call, then let the simulator forget it. Returns the events written. */
  drain(): number {
    const sim = this.sim;
    const held = sim.sampleCount();
    const heldEvents = sim.eventCount();
    this.peakHeld.samples = Math.max(this.peakHeld.samples, held);
    this.peakHeld.events = Math.max(this.peakHeld.events, heldEvents);
    const from = this.next;
    if (held > from) {
      const block = sim.sampleBlock(from, held);
      if (this.samplesTo) this.samplesTo.write(block);
      else if (this.bytes) this.bytes.write(block);
      else writeSampleBlock(this.layout, block, this.chunk, (file, text) => this.sink.write(file, text));
      this.samples += held - from;
    }
    if (heldEvents > 0) {
      this.sink.write('events.csv', eventsRows(sim.eventRows(0, heldEvents)));
      this.events += heldEvents;
    }
    const dropped = sim.forgetRecorded(0, 0);
    this.next = held - dropped.samples;
    return heldEvents;
  }

  /** Write the rest, then summary.csv and links.csv (counters over the whole run). */
  finish(): void {
    this.drain();
    const data = collectRunData(this.sim);
    this.sink.write('summary.csv', summaryCsv(data));
    this.sink.write('links.csv', linksCsv(data));
  }
}
