/**
 * A QueueEnv for the disciplines' unit tests: it says which packet ids are
 * ECN-capable and records what the discipline marked and dropped.
 */
import type { DropCause, QueueEnv } from './queue';

export class RecordingEnv implements QueueEnv {
  readonly marked: number[] = [];
  readonly dropped: { pkt: number; cause: DropCause }[] = [];
  constructor(
    private readonly isEct: (pkt: number) => boolean = () => false,
    /** the packet's flow (FQ-CoDel's classifier); by default every packet is its own flow's id divided by 1000 */
    private readonly flowOf: (pkt: number) => number = (pkt) => Math.floor(pkt / 1000),
  ) {}
  flowKey(pkt: number): number {
    return this.flowOf(pkt);
  }
  ect(pkt: number): boolean {
    return this.isEct(pkt);
  }
  markCe(pkt: number): void {
    this.marked.push(pkt);
  }
  dropQueued(pkt: number, cause: DropCause): void {
    this.dropped.push({ pkt, cause });
  }
}
