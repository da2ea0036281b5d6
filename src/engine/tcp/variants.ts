/**
 * The TCP variants, one descriptor each: how the field writes its name, the
 * words the event captions use for it, the tunables the page offers, and how
 * to build it — a loss-recovery module (recovery/) plus congestion ops
 * (cc/). The words are in variant-text.ts. Adding a variant means adding
 * its name to scenario/types.ts, its words there and its descriptor here
 * (CONTRIBUTING.md).
 */
import type { TcpParams, Variant } from '../scenario/types';
import { VARIANT_TEXT, type VariantText } from './variant-text';
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

export type { Tunable, TunableGroup } from './variant-text';

export interface VariantDescriptor extends VariantText {
  /** A fresh recovery module and congestion ops for one connection. */
  create(params: TcpParams, env: VariantEnv): VariantParts;
}

export const VARIANT_DESCRIPTORS: Readonly<Record<Variant, VariantDescriptor>> = {
  tahoe: {
    ...VARIANT_TEXT.tahoe,
    create: () => ({ recovery: createTahoe(), cc: createReno() }),
  },
  reno: {
    ...VARIANT_TEXT.reno,
    create: () => ({ recovery: createRenoRecovery(), cc: createReno() }),
  },
  newreno: {
    ...VARIANT_TEXT.newreno,
    create: () => ({ recovery: createNewReno(), cc: createReno() }),
  },
  sack: {
    ...VARIANT_TEXT.sack,
    create: () => ({ recovery: createSack(), cc: createReno() }),
  },
  vegas: {
    ...VARIANT_TEXT.vegas,
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
    ...VARIANT_TEXT.westwood,
    create: (p) => ({ recovery: createRenoRecovery(), cc: createWestwood(p.westwood) }),
  },
  westwoodnr: {
    ...VARIANT_TEXT.westwoodnr,
    create: (p) => ({ recovery: createNewReno(), cc: createWestwood(p.westwood) }),
  },
  cubic: {
    ...VARIANT_TEXT.cubic,
    // Linux runs CUBIC with SACK.
    create: (p) => ({ recovery: createSack(), cc: createCubic(p.cubic) }),
  },
  bbr: {
    ...VARIANT_TEXT.bbr,
    // Linux runs BBR with SACK, and paces it (tcp.pacing defaults to on for BBR).
    create: (p, env) => ({ recovery: createSack(), cc: createBbr(p.initialCwnd, env.random) }),
  },
  dctcp: {
    ...VARIANT_TEXT.dctcp,
    // Linux runs DCTCP with SACK; its receiver echoes every CE mark exactly (RFC 8257 §3.2).
    create: (p) => ({ recovery: createSack(), cc: createDctcp(p.dctcp), exactEcho: true }),
  },
};

export { VARIANT_LABELS } from './variant-text';

/** The descriptor of `v`, or undefined for a name that is not a variant. */
export function variantDescriptor(v: string): VariantDescriptor | undefined {
  return Object.hasOwn(VARIANT_DESCRIPTORS, v) ? VARIANT_DESCRIPTORS[v as Variant] : undefined;
}

export function createVariant(v: Variant, params: TcpParams, env: VariantEnv = FIXED_ENV): VariantParts {
  const d = variantDescriptor(v);
  if (!d) throw new Error(`TCP variant "${v}" is not available in this engine`);
  return d.create(params, env);
}
