/**
 * Where each sampled value comes from, resolved once per run instead of at
 * every sample (output/sampler.ts reads these).
 *
 * A sample of the 2,000-flow dumbbell reads 2,200 flows and 8,802 link
 * directions, and between two samples the per-packet path has pushed nearly
 * all of their objects out of the caches, so a sample costs about one cache
 * miss per object and per double it reads (V8 keeps each double field in a
 * heap box of its own). Resolving here, per flow, the control block and the
 * RTT estimator the sampler reads (not the sender, its getters and then the
 * control block), which of a variant's trace values fills each extra column
 * (not `traceColumns.indexOf` per column, flow and sample), and per
 * direction its queue and whether that queue keeps an average, takes the
 * chains of dependent loads and the searches out of the sample's loop: what
 * is left is the values themselves.
 */
import type { LinkDir } from '../net/link-dir';
import type { PacketQueue } from '../queues/queue';
import type { CongestionOps } from '../tcp/cc/types';
import type { ControlBlock } from '../tcp/control-block';
import type { RttEstimator } from '../tcp/rtt';
import type { TcpSender } from '../tcp/sender';
import { CAPACITY_COLUMN, INFLATION_COLUMN, PACING_COLUMN } from './rundata';

/** What fills an extra column of a flow or a direction (≥ 0: the variant's trace value or the queue's control value of that index). */
export const enum Source {
  /** nothing: NaN */
  None = -1,
  /** the fast-recovery inflation (flows whose recovery inflates the window) */
  Inflation = -2,
  /** the pacing rate (every TCP flow) */
  Pacing = -3,
  /** the direction's capacity (every direction) */
  Capacity = -4,
}

/** Each flow's objects and extra columns' sources, by flow index. */
export class FlowSources {
  /** the TCP control block, or null (a CBR flow) */
  readonly tcbs: (ControlBlock | null)[];
  /** the RTT estimator of each TCP flow, or null */
  readonly rtts: (RttEstimator | null)[];
  /** the congestion ops of each TCP flow, or null */
  readonly ccs: (CongestionOps | null)[];
  /** per flow, `extra` entries: the Source of each column after the contract's six */
  readonly extra: Int32Array;

  constructor(
    senders: readonly (TcpSender | null)[],
    /** the columns after the contract's six */
    extraColumns: readonly string[],
  ) {
    const n = senders.length;
    const k = extraColumns.length;
    this.tcbs = senders.map((s) => (s ? s.tcb : null));
    this.rtts = senders.map((s) => (s ? s.tcb.rtt : null));
    this.ccs = senders.map((s) => (s ? s.cc : null));
    this.extra = new Int32Array(n * k).fill(Source.None);
    for (let fi = 0; fi < n; fi++) {
      const snd = senders[fi];
      if (!snd) continue;
      for (let c = 0; c < k; c++) {
        const name = extraColumns[c];
        let src: number = Source.None;
        if (name === INFLATION_COLUMN) src = snd.recovery.inflates ? Source.Inflation : Source.None;
        else if (name === PACING_COLUMN) src = Source.Pacing;
        else if (snd.cc.traceColumns && snd.cc.trace) src = snd.cc.traceColumns.indexOf(name);
        this.extra[fi * k + c] = src;
      }
    }
  }
}

/** Each direction's queue and extra columns' sources, by direction index. */
export class DirSources {
  readonly queues: PacketQueue[];
  /** 1 unless the queue is a plain DropTail, whose average is always NaN and is therefore not read */
  readonly averaged: Uint8Array;
  /** per direction, `extra` entries: the Source of each queues.csv column after the six */
  readonly extra: Int32Array;

  constructor(dirs: readonly LinkDir[], extraColumns: readonly string[]) {
    const n = dirs.length;
    const k = extraColumns.length;
    this.queues = dirs.map((d) => d.queue);
    this.averaged = Uint8Array.from(dirs, (d) => (d.dropTail === null ? 1 : 0));
    this.extra = new Int32Array(n * k).fill(Source.None);
    for (let d = 0; d < n; d++) {
      const q = dirs[d].queue;
      for (let c = 0; c < k; c++) {
        const name = extraColumns[c];
        let src: number = Source.None;
        if (name === CAPACITY_COLUMN) src = Source.Capacity;
        else if (q.controlColumns && q.control) src = q.controlColumns.indexOf(name);
        this.extra[d * k + c] = src;
      }
    }
  }
}
