/**
 * Scenario builders for tests: small topologies written as contract JSON and
 * passed through the real loader, so tests see exactly what users get.
 */
import { parseScenario } from '../../src/engine/scenario';
import type { Scenario } from '../../src/engine/scenario/types';

export function load(json: unknown): Scenario {
  const r = parseScenario(json);
  if (!r.ok) throw new Error(r.issues.map((i) => `${i.path}: ${i.message}`).join('\n'));
  return r.scenario;
}

export interface SingleFlowOptions {
  variant: string;
  drops?: number[];
  faults?: unknown[];
  duration?: number;
  window?: number;
  bottleneck?: string;
  delay?: string;
  limit?: number;
  bytes?: number | null;
  tcp?: Record<string, unknown>;
  seed?: number;
}

/**
 * server —10 Mb/s, 1 ms— r1 —1.5 Mb/s, 10 ms, DropTail— client: one FTP flow.
 * The default window (20) stays below the bottleneck buffer (50), so the
 * injected drops are the only losses.
 */
export function singleFlow(o: SingleFlowOptions): Scenario {
  const faults: unknown[] = [...(o.faults ?? [])];
  if (o.drops && o.drops.length > 0) faults.push({ kind: 'dropSegments', flow: 'A', seqs: o.drops });
  return load({
    version: 1,
    name: `single flow ${o.variant}`,
    seed: o.seed ?? 1,
    duration: o.duration ?? 5,
    nodes: [
      { id: 'server', kind: 'host' },
      { id: 'r1', kind: 'router' },
      { id: 'client', kind: 'host' },
    ],
    links: [
      {
        id: 'access',
        a: 'server',
        b: 'r1',
        bandwidth: '10Mbps',
        delay: '1ms',
        queue: { type: 'droptail', limit: 100 },
      },
      {
        id: 'bottleneck',
        a: 'r1',
        b: 'client',
        bandwidth: o.bottleneck ?? '1.5Mbps',
        delay: o.delay ?? '10ms',
        queue: { type: 'droptail', limit: o.limit ?? 50 },
      },
    ],
    flows: [
      {
        id: 'A',
        kind: 'tcp',
        variant: o.variant,
        from: 'server',
        to: 'client',
        bytes: o.bytes ?? null,
        tcp: { window: o.window ?? 20, ...(o.tcp ?? {}) },
      },
    ],
    faults,
  });
}

/** A dumbbell: n TCP senders and optional CBR senders share one bottleneck. */
export function dumbbell(o: {
  variants: string[];
  cbrRates?: string[];
  duration?: number;
  bottleneck?: string;
  delay?: string;
  limit?: number;
  queue?: Record<string, unknown>;
  window?: number;
  seed?: number;
  stagger?: number;
  /** more `tcp` parameters for every TCP flow */
  tcp?: Record<string, unknown>;
}): Scenario {
  const nodes: unknown[] = [
    { id: 'r1', kind: 'router' },
    { id: 'r2', kind: 'router' },
  ];
  const links: unknown[] = [
    {
      id: 'bn',
      a: 'r1',
      b: 'r2',
      bandwidth: o.bottleneck ?? '10Mbps',
      delay: o.delay ?? '20ms',
      queue: o.queue ?? { type: 'droptail', limit: o.limit ?? 50 },
    },
  ];
  const flows: unknown[] = [];
  const add = (id: string) => {
    nodes.push({ id: `s${id}`, kind: 'host' }, { id: `d${id}`, kind: 'host' });
    links.push(
      {
        id: `as${id}`,
        a: `s${id}`,
        b: 'r1',
        bandwidth: '100Mbps',
        delay: '1ms',
        queue: { type: 'droptail', limit: 1000 },
      },
      {
        id: `ad${id}`,
        a: 'r2',
        b: `d${id}`,
        bandwidth: '100Mbps',
        delay: '1ms',
        queue: { type: 'droptail', limit: 1000 },
      },
    );
  };
  o.variants.forEach((v, i) => {
    const id = `t${i}`;
    add(id);
    flows.push({
      id,
      kind: 'tcp',
      variant: v,
      from: `s${id}`,
      to: `d${id}`,
      start: i * (o.stagger ?? 0.1),
      tcp: { window: o.window ?? 1000, ...(o.tcp ?? {}) },
    });
  });
  (o.cbrRates ?? []).forEach((rate, i) => {
    const id = `u${i}`;
    add(id);
    flows.push({ id, kind: 'cbr', from: `s${id}`, to: `d${id}`, rate, packetSize: 1000 });
  });
  return load({ version: 1, name: 'dumbbell', seed: o.seed ?? 1, duration: o.duration ?? 20, nodes, links, flows });
}
