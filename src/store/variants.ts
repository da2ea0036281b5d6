import { VARIANT_LABELS } from '../engine/tcp/variants';

export function variantName(variant: string): string {
  return `TCP ${VARIANT_LABELS[variant as keyof typeof VARIANT_LABELS] ?? variant}`;
}
