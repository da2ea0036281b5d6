/**
 * The validation cases: every scenario run both in ns-2.35 and in our engine.
 *
 * Each case is a contract scenario (written to validation/scenarios/<id>.json
 * by `npm run validate:ns2`; the tests check the committed files still match
 * this list) plus what the comparison needs: which ns-2 outputs to collect and
 * how many seeds to run. The Tcl for ns-2 is generated from the same JSON
 * (src/engine/output/ns2/tcl.ts), so both simulators visibly run one scenario.
 *
 * Parameters are ns-2.35's defaults unless a case says otherwise. Every TCP
 * flow states `initialCwnd: 2` (ns-2.35's windowInit_) although it is now the
 * engine's default too: the engine's default was 1 when this suite was
 * written, and the reference data must not depend on a default. Every case
 * runs in the ns2 profile (`"profile": "ns2"`, src/engine/scenario/
 * ns2-profile.ts): ns-2's RTT clock (`tcpTick` 0.01; the engine's default is
 * exact time) with the phase ns-2 draws for each agent and seed (boot_time_,
 * which reference/ticks.csv records and validation/ours.ts checks), and
 * Vegas's packet format.
 */

export type Family = 'drops' | 'outage' | 'udp' | 'two' | 'loss' | 'red';

export interface Case {
  id: string;
  family: Family;
  /** contract scenario JSON */
  scenario: Record<string, unknown>;
  /** ns-2 packet trace (needed for per-packet events, drops and queues) */
  trace: 'full' | 'light';
  /** flows whose cwnd/ssthresh series is kept for the plots */
  series: string[];
  /** seeds to run (the scenario's own seed first) */
  seeds: number[];
  /** free-form parameters the tests read (variant, drops, loss rate, …) */
  params: Record<string, string | number | number[]>;
}

export const LOSS_VARIANTS = ['tahoe', 'reno', 'newreno', 'sack'] as const;
export const ALL_NS2_VARIANTS = ['tahoe', 'reno', 'newreno', 'sack', 'vegas'] as const;

/** ns-2's tcpTick_: its RTT clock counts 10 ms ticks, and cannot count exact time. */
export const NS2_TICK = 0.01;

/**
 * A TCP flow's parameters. ns-2's clock (`tcpTick` 0.01 s, ns-2's tcpTick_)
 * and Vegas's packet format (no SYN, no header bytes) come from the ns2
 * profile every case runs in.
 */
function tcpParams(_variant: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { initialCwnd: 2, ...extra };
}

const SINGLE_NODES = [
  { id: 'server', kind: 'host' },
  { id: 'r1', kind: 'router' },
  { id: 'client', kind: 'host' },
];

function singleFlow(o: {
  name: string;
  description: string;
  variant: string;
  duration: number;
  window: number;
  bottleneck: string;
  delay: string;
  limit: number;
  access?: string;
  faults: unknown[];
  measure?: [number, number];
}): Record<string, unknown> {
  return {
    version: 1,
    name: o.name,
    description: o.description,
    profile: 'ns2',
    seed: 1,
    duration: o.duration,
    sampleInterval: 0.01,
    measure: { from: o.measure?.[0] ?? 0, to: o.measure?.[1] ?? o.duration },
    nodes: SINGLE_NODES,
    links: [
      {
        id: 'access',
        a: 'server',
        b: 'r1',
        bandwidth: o.access ?? '10Mbps',
        delay: '1ms',
        queue: { type: 'droptail', limit: 100 },
      },
      {
        id: 'bottleneck',
        a: 'r1',
        b: 'client',
        bandwidth: o.bottleneck,
        delay: o.delay,
        queue: { type: 'droptail', limit: o.limit },
      },
    ],
    flows: [
      {
        id: 'A',
        kind: 'tcp',
        variant: o.variant,
        from: 'server',
        to: 'client',
        packetSize: 1000,
        tcp: tcpParams(o.variant, { window: o.window }),
      },
    ],
    faults: o.faults,
  };
}

interface DumbbellFlow {
  id: string;
  variant?: string;
  rate?: string;
  start?: number;
  accessDelay?: string;
}

function dumbbell(o: {
  name: string;
  description: string;
  flows: DumbbellFlow[];
  duration: number;
  measure: [number, number];
  queue: Record<string, unknown>;
  seed?: number;
}): Record<string, unknown> {
  const nodes: unknown[] = [
    { id: 'r1', kind: 'router' },
    { id: 'r2', kind: 'router' },
  ];
  const links: unknown[] = [{ id: 'bottleneck', a: 'r1', b: 'r2', bandwidth: '10Mbps', delay: '20ms', queue: o.queue }];
  const flows: unknown[] = [];
  for (const f of o.flows) {
    const s = `s${f.id}`;
    const d = `d${f.id}`;
    nodes.push({ id: s, kind: 'host' }, { id: d, kind: 'host' });
    const delay = f.accessDelay ?? '1ms';
    links.push(
      { id: `in${f.id}`, a: s, b: 'r1', bandwidth: '100Mbps', delay, queue: { type: 'droptail', limit: 1000 } },
      { id: `out${f.id}`, a: 'r2', b: d, bandwidth: '100Mbps', delay: '1ms', queue: { type: 'droptail', limit: 1000 } },
    );
    if (f.variant) {
      flows.push({
        id: f.id,
        kind: 'tcp',
        variant: f.variant,
        from: s,
        to: d,
        start: f.start ?? 0,
        packetSize: 1000,
        tcp: tcpParams(f.variant, { window: 1000 }),
      });
    } else {
      flows.push({ id: f.id, kind: 'cbr', from: s, to: d, rate: f.rate, packetSize: 1000, start: f.start ?? 0 });
    }
  }
  return {
    version: 1,
    name: o.name,
    description: o.description,
    profile: 'ns2',
    seed: o.seed ?? 1,
    duration: o.duration,
    sampleInterval: 0.01,
    measure: { from: o.measure[0], to: o.measure[1] },
    nodes,
    links,
    flows,
    faults: [],
  };
}

const DROP_SETS: Record<string, number[]> = {
  '1': [30],
  '2': [30, 32],
  '5': [30, 32, 34, 36, 38],
};

const VARIANT_NAMES: Record<string, string> = {
  tahoe: 'Tahoe',
  reno: 'Reno',
  newreno: 'NewReno',
  sack: 'SACK',
  vegas: 'Vegas',
};

export const UDP_RATES = ['2Mbps', '4Mbps', '6Mbps', '8Mbps'] as const;
export const LOSS_RATES = [0.001, 0.002, 0.005, 0.01, 0.02, 0.05] as const;
/** Loss rates run for every loss-based variant (Reno runs them all, for the Mathis check). */
export const LOSS_RATES_ALL_VARIANTS = [0.002, 0.01, 0.05] as const;

function buildCases(): Case[] {
  const cases: Case[] = [];

  // 1. One flow, 1, 2 and 5 segments dropped in one window. The window (20)
  //    stays below what the path holds (about 4 packets in flight plus 49
  //    waiting at the bottleneck), so the injected drops are the only losses.
  for (const v of LOSS_VARIANTS) {
    for (const [n, seqs] of Object.entries(DROP_SETS)) {
      cases.push({
        id: `drop-${v}-${n}`,
        family: 'drops',
        scenario: singleFlow({
          name: `${VARIANT_NAMES[v]}, ${n} dropped segment${n === '1' ? '' : 's'}`,
          description: `One ${VARIANT_NAMES[v]} FTP flow over a 1.5 Mbps, 10 ms bottleneck with window 20; data segments ${seqs.join(', ')} are lost the first time they are sent. Compared with ns-2.35 event by event.`,
          variant: v,
          duration: 5,
          window: 20,
          bottleneck: '1.5Mbps',
          delay: '10ms',
          limit: 50,
          faults: [{ kind: 'dropSegments', flow: 'A', seqs }],
        }),
        trace: 'full',
        series: ['A'],
        seeds: [1],
        params: { variant: v, drops: seqs },
      });
    }
  }

  // 2. A link outage: the bottleneck is down from 1.0 s to 2.5 s.
  for (const v of LOSS_VARIANTS) {
    cases.push({
      id: `outage-${v}`,
      family: 'outage',
      scenario: singleFlow({
        name: `${VARIANT_NAMES[v]} through a 1.5 s link outage`,
        description: `One ${VARIANT_NAMES[v]} flow; the bottleneck goes down at 1.0 s for 1.5 s. The sender times out and backs off exponentially until a retransmission gets through.`,
        variant: v,
        duration: 6,
        window: 20,
        bottleneck: '1.5Mbps',
        delay: '10ms',
        limit: 50,
        faults: [{ kind: 'linkDown', link: 'bottleneck', at: 1.0, duration: 1.5 }],
      }),
      trace: 'full',
      series: ['A'],
      seeds: [1],
      params: { variant: v, at: 1.0, duration: 1.5 },
    });
  }

  // 3. TCP against constant-rate UDP on a 10 Mbps, 20 ms bottleneck with a
  //    50-packet DropTail queue; every variant ns-2 has.
  for (const v of ALL_NS2_VARIANTS) {
    for (const rate of UDP_RATES) {
      const mbps = parseInt(rate, 10);
      cases.push({
        id: `udp-${v}-${mbps}mbps`,
        family: 'udp',
        scenario: dumbbell({
          name: `${VARIANT_NAMES[v]} against ${mbps} Mb/s of UDP`,
          description: `One ${VARIANT_NAMES[v]} flow (window 1000) and a ${mbps} Mb/s CBR flow share a 10 Mb/s, 20 ms bottleneck with a 50-packet DropTail queue.`,
          flows: [
            { id: 'T', variant: v },
            { id: 'U', rate },
          ],
          duration: 20,
          measure: [0, 20],
          queue: { type: 'droptail', limit: 50 },
        }),
        trace: 'full',
        series: v === 'vegas' && mbps === 4 ? ['T'] : [],
        seeds: [1],
        params: { variant: v, udpMbps: mbps },
      });
    }
  }

  // 4. Two TCP flows sharing the bottleneck.
  const two: [string, string, DumbbellFlow[]][] = [
    [
      'two-reno',
      'Two Reno flows, equal RTTs',
      [
        { id: 'A', variant: 'reno' },
        { id: 'B', variant: 'reno', start: 0.5 },
      ],
    ],
    [
      'two-newreno-rtt',
      'Two NewReno flows, RTTs of about 44 and 84 ms',
      [
        { id: 'A', variant: 'newreno' },
        { id: 'B', variant: 'newreno', start: 0.5, accessDelay: '21ms' },
      ],
    ],
    [
      'two-sack-tahoe',
      'SACK against Tahoe, equal RTTs',
      [
        { id: 'A', variant: 'sack' },
        { id: 'B', variant: 'tahoe', start: 0.5 },
      ],
    ],
  ];
  for (const [id, name, flows] of two) {
    cases.push({
      id,
      family: 'two',
      scenario: dumbbell({
        name,
        description: `${name}, sharing a 10 Mb/s, 20 ms bottleneck with a 50-packet DropTail queue; throughput measured from 5 s to 40 s.`,
        flows,
        duration: 40,
        measure: [5, 40],
        queue: { type: 'droptail', limit: 50 },
      }),
      trace: 'full',
      series: [],
      seeds: [1],
      params: {},
    });
  }

  // 5. Random loss: one flow, 10 Mb/s bottleneck, 49 ms each way (RTT about
  //    101 ms). The window (200) is far above what the loss rates let cwnd
  //    reach (Mathis: about 39 segments at p = 0.001), and the queue (1000)
  //    holds more than the window, so even the first slow start cannot
  //    overflow it: the random losses are the only ones. Five seeds. Both
  //    simulators lose the same packets (by number) for a given seed: common
  //    random numbers, see validation/regenerate.ts lossLists().
  for (const v of LOSS_VARIANTS) {
    for (const p of LOSS_RATES) {
      if (v !== 'reno' && !(LOSS_RATES_ALL_VARIANTS as readonly number[]).includes(p)) continue;
      // About 160 loss events per run: the sending rate is about 12/sqrt(p) segments/s.
      const duration = Math.max(60, Math.round(160 / (12 * Math.sqrt(p)) / 10) * 10);
      cases.push({
        id: `loss-${v}-p${p}`,
        family: 'loss',
        scenario: singleFlow({
          name: `${VARIANT_NAMES[v]} under ${p * 100}% random loss`,
          description: `One ${VARIANT_NAMES[v]} flow (window 200) over a 10 Mb/s bottleneck, 49 ms each way (1000-packet queue); each data packet entering the bottleneck is lost with probability ${p}. Throughput measured after the first 10 s.`,
          variant: v,
          duration,
          window: 200,
          access: '100Mbps',
          bottleneck: '10Mbps',
          delay: '49ms',
          limit: 1000,
          measure: [10, duration],
          faults: [{ kind: 'randomLoss', link: 'bottleneck', from: 'r1', rate: p }],
        }),
        trace: 'light',
        series: [],
        seeds: [1, 2, 3, 4, 5],
        params: { variant: v, p },
      });
    }
  }

  // 6. RED (packet mode, min 5, max 15, max_p 0.1, w 0.002, gentle).
  const red = {
    type: 'red',
    limit: 50,
    minThresh: 5,
    maxThresh: 15,
    maxP: 0.1,
    weight: 0.002,
    gentle: true,
    meanPacketSize: 500,
  };
  cases.push({
    id: 'red-reno-4',
    family: 'red',
    scenario: dumbbell({
      name: 'Four Reno flows through RED',
      description:
        'Four Reno flows, started 0.25 s apart, share a 10 Mb/s, 20 ms bottleneck with a RED queue (packet mode; thresholds 5 and 15 packets, max_p 0.1, weight 0.002, gentle).',
      flows: ['A', 'B', 'C', 'D'].map((id, i) => ({ id, variant: 'reno', start: 0.25 * i })),
      duration: 40,
      measure: [5, 40],
      queue: red,
    }),
    trace: 'full',
    series: [],
    seeds: [1],
    params: {},
  });
  cases.push({
    id: 'red-sack-udp',
    family: 'red',
    scenario: dumbbell({
      name: 'Two SACK flows and 3 Mb/s of UDP through RED',
      description:
        'Two SACK flows and a 3 Mb/s CBR flow share a 10 Mb/s, 20 ms bottleneck with the RED queue of red-reno-4.',
      flows: [
        { id: 'A', variant: 'sack' },
        { id: 'B', variant: 'sack', start: 0.5 },
        { id: 'U', rate: '3Mbps' },
      ],
      duration: 40,
      measure: [5, 40],
      queue: red,
    }),
    trace: 'full',
    series: [],
    seeds: [1],
    params: {},
  });
  return cases;
}

export const CASES: readonly Case[] = buildCases();

export function caseById(id: string): Case {
  const c = CASES.find((x) => x.id === id);
  if (!c) throw new Error(`no validation case "${id}"`);
  return c;
}
