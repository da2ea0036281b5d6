/**
 * A point-to-point scenario for the Westwood experiments of seed paper 002:
 * two hosts joined by one link (10 Mb/s, 10 ms, DropTail 50 by default), one
 * FTP flow, and optionally random packet errors on the data direction.
 */
import type { Scenario } from '../../src/engine/scenario/types';
import { load } from './scenarios';

export interface P2pOptions {
  variant: string;
  /** packet error rate on the data direction (0: none) */
  lossRate?: number;
  bandwidth?: string;
  delay?: string;
  limit?: number;
  window?: number;
  duration?: number;
  seed?: number;
  tcp?: Record<string, unknown>;
}

export function p2p(o: P2pOptions): Scenario {
  const faults: unknown[] = [];
  if (o.lossRate && o.lossRate > 0) faults.push({ kind: 'randomLoss', link: 'l', from: 'n0', rate: o.lossRate, at: 0 });
  return load({
    version: 1,
    name: `point-to-point ${o.variant}`,
    seed: o.seed ?? 1,
    duration: o.duration ?? 50,
    nodes: [
      { id: 'n0', kind: 'host' },
      { id: 'n1', kind: 'host' },
    ],
    links: [
      {
        id: 'l',
        a: 'n0',
        b: 'n1',
        bandwidth: o.bandwidth ?? '10Mbps',
        delay: o.delay ?? '10ms',
        queue: { type: 'droptail', limit: o.limit ?? 50 },
      },
    ],
    flows: [
      {
        id: 'A',
        kind: 'tcp',
        variant: o.variant,
        from: 'n0',
        to: 'n1',
        tcp: { window: o.window ?? 20, ...(o.tcp ?? {}) },
      },
    ],
    faults,
  });
}
