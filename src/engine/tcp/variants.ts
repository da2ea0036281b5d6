/**
 * Variant registry: each TCP variant is a loss-recovery module plus a
 * congestion-ops module. Adding a variant means adding a line here.
 */
import type { Variant } from '../scenario/types';
import type { TcpParams } from '../scenario/types';
import { createReno } from './cc/reno';
import type { CongestionOps } from './cc/types';
import { newreno } from './recovery/newreno';
import { reno } from './recovery/reno';
import { sack } from './recovery/sack';
import { tahoe } from './recovery/tahoe';
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
};

export function isImplemented(v: Variant): boolean {
  return REGISTRY[v] !== undefined;
}

export function createVariant(v: Variant, params: TcpParams): VariantParts {
  const f = REGISTRY[v];
  if (!f) throw new Error(`TCP variant "${v}" is not available in this engine`);
  return f(params);
}
