/**
 * A tap on the link directions: told of every packet as it enters a
 * direction's queue, leaves it onto the wire, reaches the far end, or is
 * lost. The ns-2 trace (output/ns2/trace.ts) is one. The network calls a tap
 * only when one is set, so a run without one pays a null check per event.
 */
import type { LinkDir } from './link-dir';

export interface LinkTap {
  /** `pkt` was accepted into `dir`'s queue (ns-2's `+`). */
  enqueued(pkt: number, dir: LinkDir, now: number): void;
  /** `pkt` left the queue and its transmission starts (ns-2's `-`). */
  dequeued(pkt: number, dir: LinkDir, now: number): void;
  /** `pkt` reached the far end of `dir` (ns-2's `r`); called before the node handles it. */
  received(pkt: number, dir: LinkDir, now: number): void;
  /**
   * `pkt` was lost in `dir` (ns-2's `d`): `byQueue` when the queue refused it
   * (ns-2 traces such a packet as enqueued first), not for a fault's loss.
   */
  dropped(pkt: number, dir: LinkDir, byQueue: boolean, now: number): void;
  /**
   * `dir` went down (a linkDown fault, after what it held was lost) or came
   * back up (ns-2's rtmodel `v` lines).
   */
  linkChanged?(dir: LinkDir, up: boolean, now: number): void;
}
