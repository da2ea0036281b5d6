/** Small sweeps for the tests of src/experiment and src/cli/sweep-main (not used by the app). */

/** Two hosts and a router; random loss on the bottleneck, so that seeds matter; 3 s. */
export function smallBase(): Record<string, unknown> {
  return {
    version: 1,
    name: 'Small lossy path',
    seed: 7,
    duration: 3,
    nodes: [
      { id: 'server', kind: 'host' },
      { id: 'r1', kind: 'router' },
      { id: 'client', kind: 'host' },
    ],
    links: [
      { id: 'l1', a: 'server', b: 'r1', bandwidth: '10Mbps', delay: '1ms' },
      { id: 'l2', a: 'r1', b: 'client', bandwidth: '1.5Mbps', delay: '10ms', queue: { type: 'droptail', limit: 20 } },
    ],
    flows: [
      { id: 'A', kind: 'tcp', variant: 'reno', from: 'server', to: 'client' },
      { id: 'U', kind: 'cbr', from: 'server', to: 'client', rate: '500kbps', packetSize: 1000 },
    ],
    faults: [{ kind: 'randomLoss', link: 'l2', from: 'r1', rate: 0.02 }],
  };
}

/** Variant × CBR rate, 3 repetitions, with a comparison: 2 × 2 points, 12 runs. */
export function smallSweep(): Record<string, unknown> {
  return {
    version: 1,
    name: 'Small sweep',
    base: smallBase(),
    parameters: [
      { path: 'flows[0].variant', name: 'variant', values: ['reno', 'newreno'] },
      { path: 'flows[1].rate', name: 'cbr_kbps', values: [300, 600], unit: 'kbps' },
    ],
    repetitions: 3,
    metrics: ['A.throughput_kbps', 'A.timeouts', { jain: ['A', 'U'] }],
    comparisons: [{ parameter: 'variant', a: 'reno', b: 'newreno' }],
  };
}
