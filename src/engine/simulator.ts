/**
 * The simulator as the page and the runners use it: the run of sim-core.ts,
 * with stepping to the next protocol event (step-cursor.ts), which answers
 * with that event's row, and the queries that read the run without driving
 * it — the event log's rows, the sampled series, the page's snapshot, the
 * five files' data — and the names the event log's descriptions use
 * (DescribeContext). The event loop and its handlers stay in sim-core.ts,
 * apart from these.
 */
import type { SimState } from './api';
import type { SimView } from './view';
import { simState } from './state';
import type { DescribeContext } from './output/describe';
import type { QueueColumnName } from './output/sampler';
import { queueLabel } from './queues/registry';
import type { EventRow, RunData } from './output/rundata';
import { collectRunData } from './output/collect';
import { eventRow, eventRows } from './output/event-rows';
import type { SampleBlock } from './output/sample-block';
import { secondsToNs } from './core/time';
import { SimulatorCore } from './sim-core';

export class Simulator extends SimulatorCore implements DescribeContext, SimView {
  /**
   * Run until the next drop, fast retransmit, timeout, recovery entry or exit
   * or partial ACK (or until `maxTime` seconds), and return that event.
   */
  stepToProtocolEvent(maxTime = Infinity): EventRow | null {
    const limit = Math.min(maxTime === Infinity ? Infinity : secondsToNs(maxTime), this.durationNs);
    const i = this.stepCursor.next(this.log, this.events, limit, this);
    if (i >= 0) return this.eventRow(i);
    if (limit !== Infinity && limit > this.nowNs) this.nowNs = limit;
    return null;
  }

  variantOf(flow: number): string {
    const f = this.flows[flow];
    return f && f.kind === 'tcp' ? f.variant : '';
  }

  dirLabel(dir: number): string {
    const q = this.queueIds[dir];
    return q ? `${q.from}→${q.to}` : `direction ${dir}`;
  }

  queueName(dir: number): string {
    const d = this.dirs[dir];
    return d ? queueLabel(this.scenario.links[d.link].queue.type) : 'the queue';
  }

  linkId(link: number): string {
    return this.scenario.links[link]?.id ?? String(link);
  }

  eventCount(): number {
    return this.log.length;
  }

  eventRow(i: number): EventRow {
    return eventRow(this.log, i, this.flowIds, this);
  }

  eventRows(from: number, to: number): EventRow[] {
    return eventRows(this.log, from, to, this.flowIds, this);
  }

  sampleCount(): number {
    return this.sampler.length;
  }

  /**
   * Forget recorded rows a runner has already written or posted, so that a
   * long run's memory does not grow with simulated time: keep the last
   * `samples` samples (at least the throughput window) and the last `events`
   * events. Sample and event indexes then count from the first kept; returns
   * how many of each were dropped. Summaries (summary.csv, links.csv) are
   * counters and lose nothing.
   */
  forgetRecorded(samples: number, events: number): { samples: number; events: number } {
    const droppedEvents = Math.max(0, this.log.length - Math.max(0, events));
    if (droppedEvents > 0) {
      this.log.keepLast(Math.max(0, events));
      // stepToProtocolEvent's place in the log moves with it.
      this.stepCursor.forget(droppedEvents);
    }
    return { samples: this.sampler.keepLast(samples), events: droppedEvents };
  }

  /** Samples [from, to) as stored, for a writer (output/sample-block.ts). */
  sampleBlock(from: number, to: number): SampleBlock {
    return this.sampler.block(from, to);
  }

  sampleTimes(from: number, to: number): Float64Array {
    return this.sampler.timesBetween(from, to);
  }

  flowColumn(flow: number, column: string, from: number, to: number): Float64Array {
    return this.sampler.flowColumn(flow, column, from, to);
  }

  /** A queue column of samples [from, to): queues.csv's columns, and `drops`, `ecn_marks` (cumulative counts). */
  queueColumn(queue: number, column: QueueColumnName, from: number, to: number): Float64Array {
    return this.sampler.queueColumn(queue, column, from, to);
  }

  /** Packet accounting for the conservation invariant. */
  accounting(): { created: number; delivered: number; dropped: number; alive: number; inNetwork: number } {
    let inNetwork = 0;
    for (const d of this.dirs) inNetwork += d.queue.length + d.wire.length;
    return {
      created: this.pool.allocated,
      delivered: this.delivered,
      dropped: this.droppedCount,
      alive: this.pool.live,
      inNetwork,
    };
  }

  /** What the page shows of the run now: each flow's window state, each queue. */
  state(): SimState {
    return simState(this);
  }

  /** Everything so far, as the rows of the five output files (Export CSV). */
  runData(): RunData {
    return collectRunData(this);
  }

  /** @internal simulated ns */
  get nowNanos(): number {
    return this.nowNs;
  }

  /** @internal when the next event is due, simulated ns (Infinity when none is) */
  get nextEventNanos(): number {
    return this.events.peekTime();
  }
}
