/**
 * One colour, dash and marker per TCP variant, the same on every chart of the
 * Experiment view, so Reno is Reno everywhere. Okabe–Ito colours (they stay
 * apart for the common colour blindnesses); dashes and marker shapes differ
 * too, so nothing relies on colour alone.
 */
import { symbolCircle, symbolCross, symbolDiamond, symbolSquare, symbolStar, symbolTriangle, symbolWye, type SymbolType } from 'd3';

export interface SeriesStyle {
  colour: string;
  /** SVG stroke-dasharray; undefined = solid */
  dash?: string;
  marker: SymbolType;
}

const VARIANT_STYLES: Record<string, SeriesStyle> = {
  reno: { colour: '#0072B2', marker: symbolCircle },
  newreno: { colour: '#D55E00', dash: '7 3', marker: symbolSquare },
  sack: { colour: '#009E73', dash: '2 2.5', marker: symbolTriangle },
  tahoe: { colour: '#E69F00', dash: '9 3 2 3', marker: symbolDiamond },
  vegas: { colour: '#CC79A7', dash: '4 4', marker: symbolCross },
  westwood: { colour: '#56B4E9', dash: '12 3', marker: symbolStar },
  westwoodnr: { colour: '#333333', dash: '1 3', marker: symbolWye },
  cubic: { colour: '#8C6D00', dash: '6 2 1 2', marker: symbolSquare },
};

const FALLBACK: SeriesStyle[] = Object.values(VARIANT_STYLES);

/** The style of a variant, or of the k-th series when it is not a variant. */
export function seriesStyle(key: string, k: number): SeriesStyle {
  return VARIANT_STYLES[key] ?? FALLBACK[k % FALLBACK.length]!;
}
