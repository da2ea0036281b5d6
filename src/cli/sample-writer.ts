/**
 * timeseries.csv and queues.csv formatted and written on a thread of their
 * own: the run posts each block of samples (three buffers, copied once from
 * the sampler's storage and then moved) and goes on simulating while the
 * other core turns them into text. The event loop cannot be split; this is
 * the part that can run beside it. Since the rows are written as bytes
 * (sample-bytes.ts) they are only some 5 % of a 22-flow run, and the thread
 * costs more than it saves there: the run's thread copies each block for
 * it, and V8 compiles that thread's event loop differently (docs/speed.md).
 * It stays an option (`--writer-thread`), not faster than the default in
 * any case measured (the command's help). The text is csv-sampled.ts's, as
 * when the runner writes it itself (sample-writer.test.ts compares the
 * files).
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
import { copyBlock, type SampleBlock, type SampleLayout } from '../engine/output/sample-block';
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

interface Setup {
  role: typeof SAMPLE_WRITER_ROLE;
  layout: SampleLayout;
  /** descriptors of timeseries.csv and queues.csv */
  fds: { timeseries: number; queues: number };
  control: SharedArrayBuffer;
  errors: MessagePort;
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
  const rows = new SampleBytes(setup.layout, (file, bytes) => {
    const fd = file === 'timeseries.csv' ? setup.fds.timeseries : setup.fds.queues;
    for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at, bytes.length - at);
  });
  port.on('message', (block: SampleBlock | 'end') => {
    if (block === 'end') {
      port.postMessage('ended');
      return;
    }
    if (Atomics.load(control, FAILED) !== 0) return;
    try {
      rows.write(block);
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

  constructor(workerUrl: URL, layout: SampleLayout, fds: Setup['fds']) {
    const channel = new MessageChannel();
    this.errors = channel.port1;
    const setup: Setup = {
      role: SAMPLE_WRITER_ROLE,
      layout,
      fds,
      control: this.control.buffer as SharedArrayBuffer,
      errors: channel.port2,
    };
    this.worker = new Worker(workerUrl, {
      workerData: setup,
      transferList: [channel.port2],
      resourceLimits: WRITER_LIMITS,
    });
  }

  write(block: SampleBlock): void {
    this.wait(MAX_PENDING - 1);
    this.posted++;
    // The block is a view of the sampler's storage: copied once into buffers of
    // its own, which are then moved to the thread, not copied again.
    const own = copyBlock(block);
    const buffers = [own.times.buffer, own.flowRows.buffer, own.queueRows.buffer] as ArrayBuffer[];
    this.worker.postMessage(own, buffers);
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
  }

  /** Stop the thread (after finish, or when the run failed). */
  async close(): Promise<void> {
    this.errors.close();
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
