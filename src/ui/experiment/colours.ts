/**
 * One colour, dash and marker per TCP variant, the same on every chart of the
 * Experiment view, so Reno is Reno everywhere. The page's data palette
 * (charts/palette.ts: Okabe–Ito, lines ≥ 3:1 on white); dashes and marker
 * shapes differ too, so nothing relies on colour alone.
 */
import { PALETTE } from '../charts/palette';
import { symbolCircle, symbolCross, symbolDiamond, symbolSquare, symbolStar, symbolTriangle, symbolWye, type SymbolType } from 'd3';

export interface SeriesStyle {
  colour: string;
  /** SVG stroke-dasharray; undefined = solid */
  dash?: string;
  marker: SymbolType;
}

const VARIANT_STYLES: Record<string, SeriesStyle> = {
  reno: { colour: PALETTE.blue, marker: symbolCircle },
  newreno: { colour: PALETTE.vermillion, dash: '7 3', marker: symbolSquare },
  sack: { colour: PALETTE.bluishGreen, dash: '2 2.5', marker: symbolTriangle },
  tahoe: { colour: PALETTE.orange, dash: '9 3 2 3', marker: symbolDiamond },
  vegas: { colour: PALETTE.reddishPurple, dash: '4 4', marker: symbolCross },
  westwood: { colour: PALETTE.skyBlue, dash: '12 3', marker: symbolStar },
  westwoodnr: { colour: '#333333', dash: '1 3', marker: symbolWye },
  cubic: { colour: '#8C6D00', dash: '6 2 1 2', marker: symbolSquare },
  // Past the Okabe–Ito eight: a dark red and an olive, both over 5:1 on white.
  bbr: { colour: '#A6192E', dash: '10 2 2 2', marker: symbolTriangle },
  dctcp: { colour: '#4D7C0F', dash: '3 1', marker: symbolCircle },
};

const FALLBACK: SeriesStyle[] = Object.values(VARIANT_STYLES);

/** The style of a variant, or of the k-th series when it is not a variant. */
export function seriesStyle(key: string, k: number): SeriesStyle {
  return VARIANT_STYLES[key] ?? FALLBACK[k % FALLBACK.length]!;
}
