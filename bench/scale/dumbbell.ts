/**
 * The scaled dumbbell of `npm run bench:scale`: N NewReno FTP flows and N/10
 * CBR flows at 10 Mb/s over one bottleneck of N × 5 Mb/s, 20 ms, DropTail 50;
 * access links 1 Gb/s, 1 ms; the flows start evenly over the first 1.1 s.
 * At N = 20 it is bench/dumbbell-22.json. Its ns-2.35 twin is
 * bench/ns2/dumbbell.tcl, given the same N and duration.
 */
export function dumbbell(n: number, duration: number): Record<string, unknown> {
  const cbr = Math.floor(n / 10);
  const total = n + cbr;
  const nodes: Record<string, unknown>[] = [
    { id: 'r1', kind: 'router' },
    { id: 'r2', kind: 'router' },
  ];
  const links: Record<string, unknown>[] = [
    {
      id: 'bottleneck',
      a: 'r1',
      b: 'r2',
      bandwidth: `${n * 5}Mbps`,
      delay: '20ms',
      queue: { type: 'droptail', limit: 50 },
    },
  ];
  const flows: Record<string, unknown>[] = [];
  for (let i = 0; i < total; i++) {
    nodes.push({ id: `s${i}`, kind: 'host' }, { id: `d${i}`, kind: 'host' });
    const access = { bandwidth: '1Gbps', delay: '1ms', queue: { type: 'droptail', limit: 50 } };
    links.push({ id: `a${i}`, a: `s${i}`, b: 'r1', ...access }, { id: `b${i}`, a: 'r2', b: `d${i}`, ...access });
    // Same start times as ns-2 computes them (i × 1.1 / total, in doubles).
    const start = (i * 1.1) / total;
    flows.push(
      i < n
        ? { id: `tcp${i}`, kind: 'tcp', variant: 'newreno', from: `s${i}`, to: `d${i}`, start, packetSize: 1000 }
        : { id: `cbr${i - n}`, kind: 'cbr', from: `s${i}`, to: `d${i}`, rate: '10Mbps', packetSize: 1000, start },
    );
  }
  return {
    version: 1,
    name: `Benchmark: ${total}-flow dumbbell`,
    description: `${n} NewReno FTP flows and ${cbr} CBR flows at 10 Mb/s share a ${n * 5} Mb/s, 20 ms bottleneck (DropTail 50); access links 1 Gb/s, 1 ms. The scaling benchmark of npm run bench:scale.`,
    seed: 1,
    duration,
    sampleInterval: 0.01,
    nodes,
    links,
    flows,
  };
}
