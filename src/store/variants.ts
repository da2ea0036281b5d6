import { VARIANT_LABELS } from '../engine/tcp/variant-text';

export function variantName(variant: string): string {
  return `TCP ${VARIANT_LABELS[variant as keyof typeof VARIANT_LABELS] ?? variant}`;
}
