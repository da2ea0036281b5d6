/**
 * timeseries.csv and queues.csv formatted and written on a thread of their
 * own: the run copies each block of samples into a slot of shared memory
 * and goes on simulating while the other core turns it into text and writes
 * it. The event loop cannot be split; this is the part that can run beside
 * it: recording, formatting and writing the rows is some 9 % of a 22-flow
 * run. The text is csv-sampled.ts's, as when the runner writes it itself
 * (sample-writer.test.ts compares the files).
 *
 * The blocks go through SharedArrayBuffers and are never transferred.
 * Transferring an ArrayBuffer detaches it, and the first detach in a
 * thread makes V8 give up an assumption its optimized code makes about
 * every typed array (its "array buffer detaching protector"): all of it is
 * thrown away and compiled again with a check on each access. The engine
 * lives on typed arrays, and the 22-flow, 100 s run took 0.16 s longer
 * (1.20 against 1.00 s) when its thread had posted its first block with a
 * transfer list; a bare engine run, 1.03–1.09 against 0.88–0.91 s after one
 * 8-byte buffer was transferred (docs/speed.md).
 *
 * The writer thread writes to the files' descriptors, opened by the main
 * thread, which wrote their headers first and writes nothing more to them.
 * At most MAX_PENDING blocks wait (a block is at most a few megabytes; see
 * scenario/memory.ts): past that the run waits for the writer, so memory
 * stays bounded when the disk or the formatting is the slower side. A
 * failed write stops the run with the writer's message. Node-only.
 */
import {
  MessageChannel,
  Worker,
  isMainThread,
  parentPort,
  receiveMessageOnPort,
  workerData,
} from 'node:worker_threads';
import { writeSync } from 'node:fs';
import type { MessagePort } from 'node:worker_threads';
import type { SampleSink } from '../engine/output/csv-stream';
import { SAMPLE_BLOCKS_PENDING } from '../engine/scenario/memory';
import type { SampleBlock, SampleLayout } from '../engine/output/sample-block';
import { SampleBytes } from '../engine/output/sample-bytes';

/** workerData of a writer thread. */
export const SAMPLE_WRITER_ROLE = 'tcp-lab-sample-writer';

/** Blocks posted and not yet written, past which the run waits (counted by scenario/memory.ts). */
export const MAX_PENDING = SAMPLE_BLOCKS_PENDING;

/** Seconds without a block written, while the run waits, after which the writer is given up. */
const STALL_S = 120;

/**
 * The writer thread's heap. Left alone, V8 grows a thread's young generation
 * to 48 MB as the formatting churns through strings (the lines of a chunk
 * live until joined, and each collection that finds them alive makes the
 * young generation grow), though what the thread holds at once is a block
 * and the text of one chunk (scenario/memory.ts). Bounded to 6 MB (2 MB
 * semi-spaces) the process peaks some 50 MB lower on a long run (22 flows ×
 * 3,600 s: 172 → 125 MB, with the writer's own small entry) at no measurable
 * cost in CPU time; 3 MB peaked at 104 MB but cost the run 6 % more CPU
 * time. The old generation keeps V8's default bound: what it holds grows
 * with the number of flows (one sample of 20,000 flows is a chunk of 20,000
 * rows), and a writer out of heap would end the run.
 */
export const WRITER_LIMITS = { maxYoungGenerationSizeMb: 6 };

/** Control words shared with the writer: blocks written, and whether it failed. */
const WRITTEN = 0;
const FAILED = 1;

/** What a writer thread starts with (its workerData): the shared control words and the error port. */
interface Setup {
  role: typeof SAMPLE_WRITER_ROLE;
  control: SharedArrayBuffer;
  errors: MessagePort;
}

/** The first message to a writer thread: what it writes, and where. */
interface Begin {
  layout: SampleLayout;
  /** descriptors of timeseries.csv and queues.csv */
  fds: { timeseries: number; queues: number };
}

/** Whether this thread was started as a sample writer. */
export function isSampleWriter(): boolean {
  return !isMainThread && (workerData as { role?: unknown } | null)?.role === SAMPLE_WRITER_ROLE;
}

/** The writer thread: format and write every block posted, in order, until told to end. */
export function serveSampleWriter(): void {
  const setup = workerData as Setup;
  const port = parentPort!;
  const control = new Int32Array(setup.control);
  let rows: SampleBytes | null = null;
  // Each slot's shared buffers, as the run last sent them (they come again only when grown).
  const slots: SampleBlock[] = [];
  port.on('message', (m: Begin | Posted | 'end') => {
    if (m === 'end') {
      port.postMessage('ended');
      return;
    }
    if ('layout' in m) {
      const { timeseries, queues } = m.fds;
      rows = new SampleBytes(m.layout, (file, bytes) => {
        const fd = file === 'timeseries.csv' ? timeseries : queues;
        for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at, bytes.length - at);
      });
      return;
    }
    if (m.buffers) slots[m.slot] = m.buffers;
    const bufs = slots[m.slot];
    if (Atomics.load(control, FAILED) !== 0) return;
    try {
      rows!.write({
        times: bufs.times.subarray(0, m.lengths[0]),
        flowRows: bufs.flowRows.subarray(0, m.lengths[1]),
        queueRows: bufs.queueRows.subarray(0, m.lengths[2]),
      });
    } catch (e) {
      setup.errors.postMessage(e instanceof Error ? e.message : String(e));
      Atomics.store(control, FAILED, 1);
    }
    Atomics.add(control, WRITTEN, 1);
    Atomics.notify(control, WRITTEN);
  });
}

/** The run's side: posts blocks to a writer thread. */
export class SampleWriter implements SampleSink {
  private readonly worker: Worker;
  private readonly control = new Int32Array(new SharedArrayBuffer(8));
  private readonly errors: MessagePort;
  private posted = 0;
  /** whether the thread will write nothing more: not yet given a run, or finished */
  private done = true;
  private readonly slots = Array.from({ length: MAX_PENDING }, () => new SharedBlock());

  /**
   * Start the thread. It can be started before the run's layout is known
   * (begin gives it): its start, some 30 ms of CPU, then goes on the other
   * core while this one reads and checks the scenario, rather than while V8
   * compiles the engine there.
   */
  constructor(workerUrl: URL) {
    const channel = new MessageChannel();
    this.errors = channel.port1;
    const setup: Setup = {
      role: SAMPLE_WRITER_ROLE,
      control: this.control.buffer as SharedArrayBuffer,
      errors: channel.port2,
    };
    this.worker = new Worker(workerUrl, {
      workerData: setup,
      transferList: [channel.port2],
      resourceLimits: WRITER_LIMITS,
    });
  }

  /** Tell the thread what the blocks hold and which files the rows go to; before the first write. */
  begin(layout: SampleLayout, fds: Begin['fds']): this {
    const m: Begin = { layout, fds };
    this.done = false;
    this.worker.postMessage(m);
    return this;
  }

  write(block: SampleBlock): void {
    // The block is a view of the sampler's storage, valid until the run goes
    // on: copied into a slot of shared memory, sent as its lengths. With at
    // most MAX_PENDING - 1 blocks unwritten, the block that last used this
    // slot, MAX_PENDING blocks ago, has been written: the slot is free.
    this.wait(MAX_PENDING - 1);
    const slot = this.posted % MAX_PENDING;
    this.posted++;
    const held = this.slots[slot];
    const grown = held.fit(block);
    held.times.set(block.times);
    held.flowRows.set(block.flowRows);
    held.queueRows.set(block.queueRows);
    const m: Posted = {
      slot,
      lengths: [block.times.length, block.flowRows.length, block.queueRows.length],
      buffers: grown ? { times: held.times, flowRows: held.flowRows, queueRows: held.queueRows } : undefined,
    };
    this.worker.postMessage(m);
  }

  /** Wait until every block is written (or the writer failed: then throw its message). */
  async finish(): Promise<void> {
    this.wait(0);
    const ended = new Promise<void>((resolve, reject) => {
      this.worker.once('message', () => resolve());
      this.worker.once('error', reject);
    });
    this.worker.postMessage('end');
    await ended;
    this.done = true;
  }

  /**
   * Stop the thread. When it will write nothing more (finished, or never
   * given a run) it is not waited for: 2.5–3.4 ms at the end of every run,
   * and the process need not stay for it. After a failure it is, so that
   * it cannot write to a descriptor the run then closes and the system
   * gives to another file.
   */
  async close(): Promise<void> {
    this.errors.close();
    if (this.done) {
      this.worker.unref();
      void this.worker.terminate();
      return;
    }
    await this.worker.terminate();
  }

  /** Block until at most `pending` posted blocks are unwritten; throw if the writer failed. */
  private wait(pending: number): void {
    let idle = 0;
    for (;;) {
      this.throwIfFailed();
      const written = Atomics.load(this.control, WRITTEN);
      if (this.posted - written <= pending) return;
      // Timed, so that a writer thread that died without a word (it could
      // not start) cannot hang the run: a block takes milliseconds to write.
      if (Atomics.wait(this.control, WRITTEN, written, 1000) === 'timed-out' && ++idle >= STALL_S)
        throw new Error(`writing timeseries.csv and queues.csv failed: the writer thread stopped answering`);
    }
  }

  private throwIfFailed(): void {
    if (Atomics.load(this.control, FAILED) === 0) return;
    const m = receiveMessageOnPort(this.errors);
    throw new Error(
      `writing timeseries.csv and queues.csv failed: ${m ? String(m.message) : 'the writer thread stopped'}`,
    );
  }
}

/** One block handed over: the slot it was copied into, its arrays' lengths, and the slot's buffers when they are new. */
interface Posted {
  slot: number;
  lengths: [number, number, number];
  buffers?: SampleBlock;
}

/**
 * A slot a block is copied into before the writer thread reads it: three
 * arrays over SharedArrayBuffers, kept from block to block and grown when a
 * block does not fit (then sent to the thread again).
 */
class SharedBlock {
  times: Float64Array = new Float64Array(new SharedArrayBuffer(0));
  flowRows: Float64Array = new Float64Array(new SharedArrayBuffer(0));
  queueRows: Float64Array = new Float64Array(new SharedArrayBuffer(0));

  /** Make room for `block`; whether a buffer was made anew. */
  fit(block: SampleBlock): boolean {
    if (
      this.times.length >= block.times.length &&
      this.flowRows.length >= block.flowRows.length &&
      this.queueRows.length >= block.queueRows.length
    )
      return false;
    const grow = (have: Float64Array, need: number) =>
      have.length >= need
        ? have
        : new Float64Array(new SharedArrayBuffer(Math.max(need, Math.ceil(have.length * 1.25)) * 8));
    this.times = grow(this.times, block.times.length);
    this.flowRows = grow(this.flowRows, block.flowRows.length);
    this.queueRows = grow(this.queueRows, block.queueRows.length);
    return true;
  }
}
