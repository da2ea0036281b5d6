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
import { newreno } from './recovery/newreno';
import { reno } from './recovery/reno';
import { sack } from './recovery/sack';
import { tahoe } from './recovery/tahoe';
import { createVegasRecovery } from './recovery/vegas';
import type { RecoveryOps } from './recovery/types';

export interface VariantParts {
  recovery: RecoveryOps;
  cc: CongestionOps;
}

type Factory = (params: TcpParams) => VariantParts;

const REGISTRY: Partial<Record<Variant, Factory>> = {
  tahoe: () => ({ recovery: tahoe, cc: createReno() }),
  reno: () => ({ recovery: reno, cc: createReno() }),
  newreno: () => ({ recovery: newreno, cc: createReno() }),
  sack: () => ({ recovery: sack, cc: createReno() }),
  // Vegas: Reno's recovery plus its fine-grained retransmission check, which reads the cc's send times.
  vegas: (p) => {
    const cc = createVegas(p.vegas, p.window);
    return { recovery: createVegasRecovery(cc), cc };
  },
  westwood: (p) => ({ recovery: reno, cc: createWestwood(p.westwood) }),
  westwoodnr: (p) => ({ recovery: newreno, cc: createWestwood(p.westwood) }),
  // Linux runs CUBIC with SACK.
  cubic: (p) => ({ recovery: sack, cc: createCubic(p.cubic) }),
};

export function isImplemented(v: Variant): boolean {
  return REGISTRY[v] !== undefined;
}

export function createVariant(v: Variant, params: TcpParams): VariantParts {
  const f = REGISTRY[v];
  if (!f) throw new Error(`TCP variant "${v}" is not available in this engine`);
  return f(params);
}
