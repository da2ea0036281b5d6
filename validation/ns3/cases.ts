/**
 * The ns-3.44 reference cases: every scenario run in ns-3 (one C++ program
 * per family, validation/ns3/src/*.cc) and, as far as the engine can, in the
 * engine (its twin, validation/ns3/cases/<id>.json).
 *
 * One list of numbers per case feeds both sides: `args` is the ns-3 program's
 * command line and `scenario` the twin, both built below from the same
 * constants, so the two cannot drift apart (tests/ns3-reference.test.ts
 * checks the committed JSON against this list). `npm run validate:ns3`
 * writes the JSON, runs ns-3 and rewrites validation/ns3/reference/.
 *
 * Each case runs `runs` times in ns-3 with its flows' start times perturbed
 * by up to `jitter` seconds (lab/replica.h), as the twin does with
 * `startJitter` and seeds 1..runs: a comparison is between means over runs.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { twin, type Json, type TwinFlow } from './twin';

/** validation/ns3/cases/: the twins as committed JSON files */
export const CASE_DIR = join(dirname(fileURLToPath(import.meta.url)), 'cases');

export type Family = 'calibration' | 'aqm' | 'bbr' | 'dctcp' | 'cubic';

export interface Ns3Case {
  id: string;
  family: Family;
  /** validation/ns3/src/<program>.cc */
  program: 'calibration' | 'aqm' | 'bbr' | 'dctcp' | 'cubic-hystart';
  /** the program's arguments (without --run, --jitter and --out) */
  args: Record<string, string | number | boolean>;
  runs: number;
  /** seconds; ns-3's --jitter and the twin's startJitter */
  jitter: number;
  scenario: Json;
  /** whether the engine's loader accepts the twin today */
  loadsToday: boolean;
}

const ids = (n: number) => Array.from({ length: n }, (_, i) => String.fromCharCode(65 + i));

// ---------------------------------------------------------------------------
// The 10 Mb/s path of every case but DCTCP: 100 Mb/s, 1 ms access links and a
// 10 Mb/s, 18 ms bottleneck: a propagation RTT of 40 ms, a BDP of 50 kB (48
// packets of 1042 bytes).
const PATH = { bandwidth: '10Mbps', delay: '18ms' };
const ACCESS = { bandwidth: '100Mbps', delay: '1ms' };

// ---------------------------------------------------------------------------
// Calibration: NewReno's congestion control (ns-3 TcpNewReno) with SACK
// recovery — the engine's `sack` variant. ns-3.44's TCP without SACK (its SACK
// emulation for SACK-less peers) overruns its window in recovery: one flow
// here sent 35 % of its segments twice and left the link 59 % idle, where it
// loses one segment per cycle with SACK (docs/validation-ns3.md).
function calibration(n: number, limit: number): Ns3Case {
  const duration = 60;
  const measure: [number, number] = [10, 60];
  const gap = 0.25;
  const jitter = 0.25;
  const id = `calibration-${n}`;
  const flows: TwinFlow[] = ids(n).map((f, i) => ({ id: f, variant: 'sack', start: gap * i }));
  return {
    id,
    family: 'calibration',
    program: 'calibration',
    args: { flows: n, limit, sack: true, gap, duration, from: measure[0], to: measure[1], series: 0.2 },
    runs: 5,
    jitter,
    loadsToday: true,
    scenario: twin({
      name: n === 1 ? 'ns-3 calibration: one Reno/SACK flow' : `ns-3 calibration: ${n} Reno/SACK flows, DropTail`,
      description:
        `${n === 1 ? 'One flow' : `${n} flows, started ${gap} s apart,`} with Reno's congestion control and SACK recovery ` +
        `on a 10 Mb/s, 40 ms path with a ${limit}-packet DropTail bottleneck. The same case runs in ns-3.44 ` +
        '(validation/ns3/src/calibration.cc); docs/validation-ns3.md compares the two.',
      duration,
      measure,
      sampleInterval: 0.2,
      startJitter: jitter,
      bottleneck: { ...PATH, queue: { type: 'droptail', limit } },
      access: ACCESS,
      flows,
    }),
  };
}

// ---------------------------------------------------------------------------
// AQM: four long-lived Reno/SACK flows and a 100-byte, 80 kb/s CBR probe (one
// packet every 10 ms) share the bottleneck. Every queue holds 1000 packets.
// The parameters are each RFC's defaults, stated in full (the names are the
// ones proposed for the engine in docs/validation-ns3.md).
const AQM_LIMIT = 1000;
const CODEL = { target: 5, interval: 100, maxPacket: 1500 };
const FQCODEL = { quantum: 1500, flows: 1024, dropBatch: 64 };
const PIE = {
  target: 15,
  tUpdate: 15,
  alpha: 0.125,
  beta: 1.25,
  maxBurst: 150,
  meanPacketSize: 1000,
  ecnThreshold: 0.1,
};
const PROBE = { bytes: 100, bps: 80000 };

type Aqm = 'droptail' | 'codel' | 'fqcodel' | 'pie';

function aqmQueue(q: Aqm, ecn: boolean): Json {
  switch (q) {
    case 'droptail':
      return { type: 'droptail', limit: AQM_LIMIT };
    case 'codel':
      return {
        type: 'codel',
        limit: AQM_LIMIT,
        target: `${CODEL.target}ms`,
        interval: `${CODEL.interval}ms`,
        maxPacket: CODEL.maxPacket,
        ecn,
      };
    case 'fqcodel':
      return {
        type: 'fqcodel',
        limit: AQM_LIMIT,
        target: `${CODEL.target}ms`,
        interval: `${CODEL.interval}ms`,
        maxPacket: CODEL.maxPacket,
        quantum: FQCODEL.quantum,
        flows: FQCODEL.flows,
        dropBatch: FQCODEL.dropBatch,
        ecn,
      };
    case 'pie':
      return {
        type: 'pie',
        limit: AQM_LIMIT,
        target: `${PIE.target}ms`,
        tUpdate: `${PIE.tUpdate}ms`,
        alpha: PIE.alpha,
        beta: PIE.beta,
        maxBurst: `${PIE.maxBurst}ms`,
        meanPacketSize: PIE.meanPacketSize,
        dequeueRateEstimator: false,
        capDropAdjustment: true,
        derandomize: false,
        ecn,
        ecnThreshold: PIE.ecnThreshold,
      };
  }
}

/** The queues the engine runs (the AQM twins it loads). */
const ENGINE_QUEUES: readonly Aqm[] = ['droptail', 'codel', 'fqcodel', 'pie'];

const AQM_NAMES: Record<Aqm, string> = { droptail: 'DropTail', codel: 'CoDel', fqcodel: 'FQ-CoDel', pie: 'PIE' };

function aqm(q: Aqm, ecn: boolean): Ns3Case {
  const duration = 60;
  const measure: [number, number] = [20, 60];
  const jitter = 0.25;
  const n = 4;
  const flows: TwinFlow[] = ids(n).map((f, i) => ({
    id: f,
    variant: 'sack',
    start: 0.25 * i,
    tcp: ecn ? { ecn: true } : undefined,
  }));
  flows.push({ id: 'P', variant: 'cbr', start: 0, rate: `${PROBE.bps / 1000}kbps`, packetSize: PROBE.bytes });
  return {
    id: `aqm-${q}${ecn ? '-ecn' : ''}`,
    family: 'aqm',
    program: 'aqm',
    args: {
      queue: q,
      ecn,
      flows: n,
      limit: AQM_LIMIT,
      duration,
      from: measure[0],
      to: measure[1],
      series: 0.5,
      target: CODEL.target,
      interval: CODEL.interval,
      maxPacket: CODEL.maxPacket,
      quantum: FQCODEL.quantum,
      fqFlows: FQCODEL.flows,
      dropBatch: FQCODEL.dropBatch,
      pieTarget: PIE.target,
      tUpdate: PIE.tUpdate,
      alpha: PIE.alpha,
      beta: PIE.beta,
      maxBurst: PIE.maxBurst,
      meanPacketSize: PIE.meanPacketSize,
      ecnThreshold: PIE.ecnThreshold,
      probeBytes: PROBE.bytes,
      probeRate: PROBE.bps,
    },
    runs: 5,
    jitter,
    loadsToday: ENGINE_QUEUES.includes(q),
    scenario: twin({
      name: `ns-3 AQM: ${AQM_NAMES[q]}${ecn ? ' with ECN' : ''}, four Reno/SACK flows and a ping`,
      description:
        `Four long-lived flows (Reno's congestion control, SACK recovery${ecn ? ', ECN' : ''}) and a 100-byte CBR probe ` +
        `every 10 ms share a 10 Mb/s, 40 ms bottleneck whose queue is ${AQM_NAMES[q]} (1000 packets` +
        `${q === 'droptail' ? '' : ', RFC defaults'}${ecn ? ', marking ECN-capable packets' : ''}). ` +
        'The same case runs in ns-3.44 (validation/ns3/src/aqm.cc); docs/validation-ns3.md gives its figures.',
      duration,
      measure,
      sampleInterval: 0.5,
      startJitter: jitter,
      bottleneck: { ...PATH, queue: aqmQueue(q, ecn) },
      access: ACCESS,
      flows,
    }),
  };
}

// ---------------------------------------------------------------------------
// BBR v1 alone with a shallow (12 packets, a quarter of the BDP) or deep (250,
// five BDPs) DropTail buffer; and BBR against CUBIC on the same two buffers.
// Linux's setting for both variants: SACK and an initial window of 10.
const SHALLOW = 12;
const DEEP = 250;
const BBR_TCP = { initialCwnd: 10, pacing: true };
const CUBIC_TCP = {
  initialCwnd: 10,
  pacing: false,
  cubic: { beta: 0.7, c: 0.4, fastConvergence: true, renoFriendly: true, hystart: true },
};

function bbr(kind: 'alone' | 'cubic', limit: number): Ns3Case {
  const alone = kind === 'alone';
  const duration = alone ? 40 : 60;
  const measure: [number, number] = alone ? [5, 40] : [20, 60];
  const jitter = alone ? 0.1 : 0.25;
  const depth = limit === SHALLOW ? 'shallow' : 'deep';
  const flows: TwinFlow[] = [{ id: 'A', variant: 'bbr', start: 0, tcp: BBR_TCP }];
  if (!alone) flows.push({ id: 'B', variant: 'cubic', start: 0, tcp: CUBIC_TCP });
  const buffer = `a ${depth} ${limit}-packet DropTail buffer (${limit === SHALLOW ? 'a quarter of' : 'five times'} the BDP)`;
  return {
    id: alone ? `bbr-${depth}` : `bbr-cubic-${depth}`,
    family: 'bbr',
    program: 'bbr',
    args: {
      variants: alone ? 'bbr' : 'bbr,cubic',
      limit,
      gap: 0,
      duration,
      from: measure[0],
      to: measure[1],
      series: alone ? 0.1 : 0.2,
    },
    // BBR against CUBIC in a deep buffer settles differently run by run (BBR's
    // share anywhere from 0.13 to 0.67), so it runs ten times.
    runs: alone ? 3 : limit === DEEP ? 10 : 5,
    jitter,
    loadsToday: true,
    scenario: twin({
      name: alone ? `ns-3 BBR v1 alone, ${depth} buffer` : `ns-3 BBR v1 against CUBIC, ${depth} buffer`,
      description:
        (alone ? 'One BBR v1 flow' : 'A BBR v1 flow and a CUBIC flow, started together,') +
        ` on a 10 Mb/s, 40 ms path with ${buffer}. The same case runs in ns-3.44 (validation/ns3/src/bbr.cc, ` +
        'TcpBbr); docs/validation-ns3.md gives its figures.',
      duration,
      measure,
      sampleInterval: alone ? 0.1 : 0.2,
      startJitter: jitter,
      bottleneck: { ...PATH, queue: { type: 'droptail', limit } },
      access: ACCESS,
      flows,
    }),
  };
}

// ---------------------------------------------------------------------------
// DCTCP: two flows on a 1 Gb/s, ~100 us path with a step-marking queue at
// K = 20 packets (RED, min = max = K, weight 1, gentle off, ECN): the DCTCP
// paper's 1 Gb/s setting, the 10 Gb/s class scaled down by ten.
const K = 20;
const DCTCP = { g: 0.0625, initialAlpha: 1 };
function dctcp(): Ns3Case {
  const duration = 1;
  const measure: [number, number] = [0.2, 1];
  const jitter = 0.001;
  const limit = 250;
  return {
    id: 'dctcp-2',
    family: 'dctcp',
    program: 'dctcp',
    args: {
      flows: 2,
      k: K,
      limit,
      g: DCTCP.g,
      initialAlpha: DCTCP.initialAlpha,
      duration,
      from: measure[0],
      to: measure[1],
      series: 0.002,
    },
    runs: 3,
    jitter,
    loadsToday: true,
    scenario: twin({
      name: 'ns-3 DCTCP: two flows, step marking at K = 20',
      description:
        'Two DCTCP flows on a 1 Gb/s bottleneck with 20 us of delay and 10 Gb/s, 10 us access links (about 100 us of RTT), ' +
        'through a queue that marks every packet arriving to 20 or more waiting. The same case runs in ns-3.44 ' +
        '(validation/ns3/src/dctcp.cc, TcpDctcp); docs/validation-ns3.md gives its figures.',
      duration,
      measure,
      sampleInterval: 0.002,
      startJitter: jitter,
      bottleneck: {
        bandwidth: '1Gbps',
        delay: '20us',
        queue: { type: 'red', limit, minThresh: K, maxThresh: K, maxP: 1, weight: 1, gentle: false, ecn: true },
      },
      access: { bandwidth: '10Gbps', delay: '10us' },
      flows: ids(2).map((f, i) => ({
        id: f,
        variant: 'dctcp',
        start: 0.001 * i,
        tcp: { initialCwnd: 10, ecn: true, dctcp: DCTCP },
      })),
    }),
  };
}

// ---------------------------------------------------------------------------
// CUBIC's slow-start exit, one flow, deep (250-packet) buffer: HyStart off,
// ns-3's HyStart as shipped, and its delay test alone at RFC 9406's threshold
// for this path (5 ms).
type Hystart = 'off' | 'ns3' | 'delay';
function cubic(h: Hystart): Ns3Case {
  const duration = 10;
  const measure: [number, number] = [0, 10];
  const detect = { off: 'none', ns3: 'both', delay: 'delay' }[h];
  const delays = h === 'delay' ? { delayMin: 5, delayMax: 5 } : { delayMin: 4, delayMax: 1000 };
  const what = {
    off: 'with HyStart off: slow start ends with the first loss',
    ns3: "with ns-3's HyStart as shipped (ACK-train and delay tests)",
    delay: "with HyStart's delay test alone at RFC 9406's threshold for this path (5 ms)",
  }[h];
  return {
    id: `cubic-hystart-${h}`,
    family: 'cubic',
    program: 'cubic-hystart',
    args: { detect, ...delays, limit: DEEP, duration, from: measure[0], to: measure[1], series: 0.02 },
    runs: 1,
    jitter: 0,
    loadsToday: true,
    scenario: twin({
      name: `ns-3 CUBIC slow start, HyStart ${h === 'off' ? 'off' : 'on'}`,
      description:
        `One CUBIC flow on a 10 Mb/s, 40 ms path with a 250-packet DropTail buffer, ${what}. The same case runs in ` +
        'ns-3.44 (validation/ns3/src/cubic-hystart.cc, TcpCubic); docs/validation-ns3.md gives its figures.',
      duration,
      measure,
      sampleInterval: 0.02,
      startJitter: 0,
      bottleneck: { ...PATH, queue: { type: 'droptail', limit: DEEP } },
      access: ACCESS,
      flows: [
        {
          id: 'A',
          variant: 'cubic',
          start: 0,
          tcp: { ...CUBIC_TCP, cubic: { ...CUBIC_TCP.cubic, hystart: h !== 'off' } },
        },
      ],
    }),
  };
}

export const NS3_CASES: Ns3Case[] = [
  calibration(1, 25),
  calibration(4, 50),
  aqm('droptail', false),
  aqm('codel', false),
  aqm('codel', true),
  aqm('fqcodel', false),
  aqm('fqcodel', true),
  aqm('pie', false),
  aqm('pie', true),
  bbr('alone', SHALLOW),
  bbr('alone', DEEP),
  bbr('cubic', SHALLOW),
  bbr('cubic', DEEP),
  dctcp(),
  cubic('off'),
  cubic('ns3'),
  cubic('delay'),
];

export function ns3Case(id: string): Ns3Case {
  const c = NS3_CASES.find((x) => x.id === id);
  if (!c) throw new Error(`no ns-3 case ${id}`);
  return c;
}

/** A case's twin as its committed file holds it. */
export function caseJson(c: Ns3Case): string {
  return JSON.stringify(c.scenario, null, 2) + '\n';
}
