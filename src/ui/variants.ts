/** How TCP variants are written in the field (and so on the page). */
const VARIANT_NAMES: Record<string, string> = {
  tahoe: 'Tahoe',
  reno: 'Reno',
  newreno: 'NewReno',
  sack: 'SACK',
  vegas: 'Vegas',
  westwood: 'Westwood',
  westwoodnr: 'Westwood NR',
  cubic: 'CUBIC',
};

export function variantName(variant: string): string {
  return `TCP ${VARIANT_NAMES[variant] ?? variant}`;
}
