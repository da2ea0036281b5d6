/**
 * A time chart's words for assistive technology: its <svg role="img"> has
 * them from the moment it is made, and they are never empty (an image
 * without words is a barrier).
 */
import type { TimeChartSpec } from './chart-spec';

export function chartWords(spec: TimeChartSpec): string {
  return spec.ariaLabel() || 'time chart';
}

/** The same before the chart's first draw, when what the label reads may not be there yet. */
export function firstWords(spec: TimeChartSpec): string {
  try {
    return chartWords(spec);
  } catch {
    return 'time chart';
  }
}
