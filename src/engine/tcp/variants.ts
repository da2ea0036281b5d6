/**
 * Variant registry: each TCP variant is a loss-recovery module plus a
 * congestion-ops module. Adding a variant means adding a line here.
 */
import type { Variant } from '../scenario/types';
import type { TcpParams } from '../scenario/types';
import { createCubic } from './cc/cubic';
import { createReno } from './cc/reno';
import type { CongestionOps } from './cc/types';
import { createVegas } from './cc/vegas';
import { createWestwood } from './cc/westwood';
import { createNewReno } from './recovery/newreno';
import { createReno as createRenoRecovery } from './recovery/reno';
import { createSack } from './recovery/sack';
import { createTahoe } from './recovery/tahoe';
import { createVegasRecovery } from './recovery/vegas';
import type { RecoveryOps } from './recovery/types';

export interface VariantParts {
  recovery: RecoveryOps;
  cc: CongestionOps;
}

type Factory = (params: TcpParams) => VariantParts;

const REGISTRY: Partial<Record<Variant, Factory>> = {
  tahoe: () => ({ recovery: createTahoe(), cc: createReno() }),
  reno: () => ({ recovery: createRenoRecovery(), cc: createReno() }),
  newreno: () => ({ recovery: createNewReno(), cc: createReno() }),
  sack: () => ({ recovery: createSack(), cc: createReno() }),
  // Vegas: Reno's recovery plus its fine-grained retransmission check, which reads the cc's send times.
  vegas: (p) => {
    const cc = createVegas(p.vegas, p.window);
    return { recovery: createVegasRecovery(cc), cc };
  },
  westwood: (p) => ({ recovery: createRenoRecovery(), cc: createWestwood(p.westwood) }),
  westwoodnr: (p) => ({ recovery: createNewReno(), cc: createWestwood(p.westwood) }),
  // Linux runs CUBIC with SACK.
  cubic: (p) => ({ recovery: createSack(), cc: createCubic(p.cubic) }),
};

export function isImplemented(v: Variant): boolean {
  return REGISTRY[v] !== undefined;
}

export function createVariant(v: Variant, params: TcpParams): VariantParts {
  const f = REGISTRY[v];
  if (!f) throw new Error(`TCP variant "${v}" is not available in this engine`);
  return f(params);
}
