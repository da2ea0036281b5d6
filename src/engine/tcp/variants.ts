/**
 * The TCP variants, one descriptor each: how the field writes its name, the
 * words the event captions use for it, the tunables the page offers, and how
 * to build it — a loss-recovery module (recovery/) plus congestion ops
 * (cc/). Adding a variant means adding its name to scenario/types.ts and
 * its descriptor here (CONTRIBUTING.md).
 */
import type { TcpParams, Variant } from '../scenario/types';
import { createBbr } from './cc/bbr';
import { createCubic } from './cc/cubic';
import { createDctcp } from './cc/dctcp';
import { createReno } from './cc/reno';
import type { CongestionOps } from './cc/types';
import { createVegas } from './cc/vegas';
import { Ns2Vegas } from './cc/vegas-ns2';
import { createWestwood } from './cc/westwood';
import { createNewReno } from './recovery/newreno';
import { createReno as createRenoRecovery } from './recovery/reno';
import { createSack } from './recovery/sack';
import { createTahoe } from './recovery/tahoe';
import type { RecoveryOps } from './recovery/types';
import { createVegasRecovery } from './recovery/vegas';
import { createNs2VegasRecovery } from './recovery/vegas-ns2';

export interface VariantParts {
  recovery: RecoveryOps;
  cc: CongestionOps;
  /** The receiver echoes each segment's CE mark exactly (DCTCP, RFC 8257 §3.2) rather than until CWR (RFC 3168). */
  exactEcho?: boolean;
}

/** What a connection's variant may draw on beyond its parameters. */
export interface VariantEnv {
  /** uniform in [0, 1), from the flow's own stream of the scenario's seed (BBR's first gain phase) */
  random(): number;
}

/** For tests and tools that need no randomness: a fixed draw. */
export const FIXED_ENV: VariantEnv = { random: () => 0 };

/** The groups of variant-specific parameters in a scenario's `tcp` (tcp.vegas, tcp.cubic, …). */
export type TunableGroup = { [K in keyof TcpParams]: TcpParams[K] extends object ? K : never }[keyof TcpParams];

/** A number the page lets a teacher set for this variant: scenario field tcp.<group>.<key>. */
export interface Tunable {
  readonly group: TunableGroup;
  readonly key: string;
  readonly label: string;
  readonly unit?: string;
  /** a value as the page would write it, for messages ("for example 0.7") */
  readonly example: string;
  /** one short line: what it does */
  readonly hint: string;
}

export interface VariantDescriptor {
  /** how the field writes it (events' sentences, the page, the presets) */
  readonly label: string;
  /** the captions' words for the window after a fast retransmit (output/describe.ts) */
  readonly lossRule: string;
  /**
   * Why it may retransmit before the third duplicate ACK, when it can
   * (Vegas's fine-grained timer); absent: it cannot.
   */
  readonly earlyRetransmit?: string;
  readonly tunables: readonly Tunable[];
  /** A fresh recovery module and congestion ops for one connection. */
  create(params: TcpParams, env: VariantEnv): VariantParts;
}

const HALF = 'half the window';

const WESTWOOD_TUNABLES: readonly Tunable[] = [
  {
    group: 'westwood',
    key: 'filterTau',
    label: 'Filter τ',
    unit: 's',
    example: '0.5 s',
    hint: 'Bandwidth estimate filter.',
  },
];
const WESTWOOD_RULE = 'ssthresh = bandwidth estimate × minimum RTT, cwnd = min(cwnd, ssthresh)';

export const VARIANT_DESCRIPTORS: Readonly<Record<Variant, VariantDescriptor>> = {
  tahoe: {
    label: 'Tahoe',
    lossRule: HALF,
    tunables: [],
    create: () => ({ recovery: createTahoe(), cc: createReno() }),
  },
  reno: {
    label: 'Reno',
    lossRule: HALF,
    tunables: [],
    create: () => ({ recovery: createRenoRecovery(), cc: createReno() }),
  },
  newreno: {
    label: 'NewReno',
    lossRule: HALF,
    tunables: [],
    create: () => ({ recovery: createNewReno(), cc: createReno() }),
  },
  sack: { label: 'SACK', lossRule: HALF, tunables: [], create: () => ({ recovery: createSack(), cc: createReno() }) },
  vegas: {
    label: 'Vegas',
    lossRule: 'Vegas cuts the window to ¾, and only for a segment sent after its last cut',
    earlyRetransmit: "is overdue by Vegas's fine-grained RTT check",
    tunables: [
      {
        group: 'vegas',
        key: 'alpha',
        label: 'Vegas α',
        unit: 'segments',
        example: '1',
        hint: 'Grow while fewer are queued.',
      },
      {
        group: 'vegas',
        key: 'beta',
        label: 'Vegas β',
        unit: 'segments',
        example: '3',
        hint: 'Shrink while more are queued.',
      },
      {
        group: 'vegas',
        key: 'gamma',
        label: 'Vegas γ',
        unit: 'segments',
        example: '1',
        hint: 'Leave slow start above this.',
      },
    ],
    // Reno's recovery plus the fine-grained retransmission check, which reads the congestion ops' send times.
    // ns2: ns-2.35's agent, quirks included (the ns2 profile).
    create: (p) => {
      if (p.vegas.agent === 'ns2') {
        const ns2 = new Ns2Vegas(p.vegas, p.window, p.initialCwnd, p.dupAckThreshold);
        return { recovery: createNs2VegasRecovery(ns2), cc: ns2 };
      }
      const cc = createVegas(p.vegas, p.window);
      return { recovery: createVegasRecovery(cc), cc };
    },
  },
  westwood: {
    label: 'Westwood',
    lossRule: WESTWOOD_RULE,
    tunables: WESTWOOD_TUNABLES,
    create: (p) => ({ recovery: createRenoRecovery(), cc: createWestwood(p.westwood) }),
  },
  westwoodnr: {
    label: 'Westwood-NR',
    lossRule: WESTWOOD_RULE,
    tunables: WESTWOOD_TUNABLES,
    create: (p) => ({ recovery: createNewReno(), cc: createWestwood(p.westwood) }),
  },
  cubic: {
    label: 'CUBIC',
    lossRule: 'CUBIC keeps β = 0.7 of the window',
    tunables: [
      { group: 'cubic', key: 'beta', label: 'CUBIC β', example: '0.7', hint: 'Window kept after a loss.' },
      { group: 'cubic', key: 'c', label: 'CUBIC C', unit: 'seg/s³', example: '0.4', hint: 'How fast the cubic grows.' },
    ],
    // Linux runs CUBIC with SACK.
    create: (p) => ({ recovery: createSack(), cc: createCubic(p.cubic) }),
  },
  bbr: {
    label: 'BBR',
    lossRule:
      'BBR does not cut its window for a loss: for one round trip it sends one segment per segment delivered (packet conservation)',
    tunables: [],
    // Linux runs BBR with SACK, and paces it (tcp.pacing defaults to on for BBR).
    create: (p, env) => ({ recovery: createSack(), cc: createBbr(p.initialCwnd, env.random) }),
  },
  dctcp: {
    label: 'DCTCP',
    lossRule: 'DCTCP halves the window for a loss; for ECN marks it keeps 1 − α/2 of it, α the marked fraction',
    tunables: [
      { group: 'dctcp', key: 'g', label: 'DCTCP g', example: '0.0625', hint: 'Weight of the newest window in α.' },
    ],
    // Linux runs DCTCP with SACK; its receiver echoes every CE mark exactly (RFC 8257 §3.2).
    create: (p) => ({ recovery: createSack(), cc: createDctcp(p.dctcp), exactEcho: true }),
  },
};

/** How each variant is written in the field. */
export const VARIANT_LABELS: Readonly<Record<Variant, string>> = Object.fromEntries(
  Object.entries(VARIANT_DESCRIPTORS).map(([v, d]) => [v, d.label]),
) as Record<Variant, string>;

/** The descriptor of `v`, or undefined for a name that is not a variant. */
export function variantDescriptor(v: string): VariantDescriptor | undefined {
  return Object.hasOwn(VARIANT_DESCRIPTORS, v) ? VARIANT_DESCRIPTORS[v as Variant] : undefined;
}

export function createVariant(v: Variant, params: TcpParams, env: VariantEnv = FIXED_ENV): VariantParts {
  const d = variantDescriptor(v);
  if (!d) throw new Error(`TCP variant "${v}" is not available in this engine`);
  return d.create(params, env);
}
