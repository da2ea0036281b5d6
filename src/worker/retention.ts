/**
 * What the page's worker keeps of a long run: once a batch has been posted,
 * samples and events beyond the run's retention (engine/scenario/memory.ts
 * pageRetention) are forgotten by the engine, so the worker's memory stays
 * flat in simulated time. This counts what was forgotten, so that batches
 * keep numbering rows from the run's start, and words it for Export CSV.
 */
import type { EngineLike } from './engine-like';

export interface Kept {
  samples: number;
  events: number;
}

export const KEEP_ALL: Kept = { samples: Infinity, events: Infinity };

export class Retention {
  /** samples and events the engine has forgotten */
  droppedSamples = 0;
  droppedEvents = 0;

  constructor(readonly keep: Kept = KEEP_ALL) {}

  /**
   * After a batch: past half again what the run may keep, forget the oldest
   * posted rows down to the retention (the slack makes each forgetting move
   * many rows at once rather than a few every tick). `sent` are the rows the
   * engine holds that have been posted; returns them after forgetting.
   */
  forget(engine: EngineLike, sent: Kept): Kept {
    if (!engine.forgetRecorded) return sent;
    const { samples, events } = this.keep;
    if (sent.samples <= samples * 1.5 && sent.events <= events * 1.5) return sent;
    const dropped = engine.forgetRecorded(Math.min(samples, sent.samples), Math.min(events, sent.events));
    this.droppedSamples += dropped.samples;
    this.droppedEvents += dropped.events;
    return { samples: sent.samples - dropped.samples, events: sent.events - dropped.events };
  }

  /** What Export CSV leaves out, in words (the zip's notes.txt), or '' when it left out nothing. */
  note(engine: EngineLike, now: number): string {
    const lines: string[] = [];
    if (this.droppedSamples > 0) {
      const kept = engine.sampleCount();
      const first = kept > 0 ? engine.sampleTimes(0, 1)[0]! : now;
      lines.push(
        `timeseries.csv and queues.csv hold the last ${kept} samples, from ${first} s on: the page keeps at most ` +
          `${this.keep.samples} samples of this network for Export CSV, and forgot the ${this.droppedSamples} before them.`,
      );
    }
    if (this.droppedEvents > 0) {
      lines.push(
        `events.csv holds the last ${engine.eventCount()} protocol events: the page keeps at most ${this.keep.events}, ` +
          `and forgot the ${this.droppedEvents} before them.`,
      );
    }
    if (lines.length === 0) return '';
    lines.push('summary.csv and links.csv cover the whole run. To write every row, run the scenario with npm run sim.');
    return `${lines.join('\n')}\n`;
  }
}
