/**
 * The queue disciplines, by the scenario's `queue.type`: how to build one
 * for a link direction. Adding a discipline means adding its scenario spec
 * (scenario/types.ts, schema.ts, defaults.ts) and a line here
 * (CONTRIBUTING.md).
 */
import type { Rng } from '../core/rng';
import type { QueueSpec } from '../scenario/types';
import { CodelQueue } from './codel';
import { DropTailQueue } from './droptail';
import { FqCodelQueue } from './fq-codel';
import { PieQueue } from './pie';
import type { PacketQueue } from './queue';
import { RedQueue } from './red';

/** What a discipline may need besides its spec. */
export interface QueueContext {
  /** the link's bandwidth, bit/s */
  readonly bandwidth: number;
  /** this direction's own random stream (named by link and sending end); ask only if the discipline draws */
  rng(): Rng;
}

type Builders = { [T in QueueSpec['type']]: (spec: Extract<QueueSpec, { type: T }>, ctx: QueueContext) => PacketQueue };

const QUEUES: Builders = {
  droptail: (q) => new DropTailQueue(q.limit, q.limitBytes ?? Infinity),
  red: (q, ctx) => new RedQueue(q, ctx.bandwidth, ctx.rng()),
  codel: (q) => new CodelQueue(q),
  fqcodel: (q, ctx) => new FqCodelQueue(q, ctx.rng()),
  pie: (q, ctx) => new PieQueue(q, ctx.rng()),
};

const LABELS: { [T in QueueSpec['type']]: string } = {
  droptail: 'DropTail',
  red: 'RED',
  codel: 'CoDel',
  fqcodel: 'FQ-CoDel',
  pie: 'PIE',
};

/** A discipline's name as people write it ("RED", "CoDel"). */
export function queueLabel(type: QueueSpec['type']): string {
  return LABELS[type];
}

/** The scenario's queue types, in the order the loader lists them. */
export const QUEUE_TYPES = Object.keys(QUEUES) as readonly QueueSpec['type'][];

export function createQueue(spec: QueueSpec, ctx: QueueContext): PacketQueue {
  const build = QUEUES[spec.type] as (spec: QueueSpec, ctx: QueueContext) => PacketQueue;
  return build(spec, ctx);
}
