/**
 * How each of a lesson's runs is drawn, everywhere on the lesson page: the
 * page's data palette (charts/palette.ts: Okabe–Ito, lines ≥ 3:1 on white)
 * and a dash pattern each, so the overlaid lines differ by more than colour.
 */
import { PALETTE } from '../charts/palette';

export interface RunStyle {
  colour: string;
  /** SVG stroke-dasharray; solid if absent */
  dash?: string;
}

export const RUN_STYLES: readonly RunStyle[] = [
  { colour: PALETTE.blue },
  { colour: PALETTE.vermillion, dash: '8 4' },
  { colour: PALETTE.bluishGreen, dash: '2 3' },
  { colour: PALETTE.reddishPurple, dash: '10 3 2 3' },
  { colour: PALETTE.orange, dash: '5 2' },
  { colour: PALETTE.skyBlue, dash: '1 2' },
];

export function runStyle(i: number): RunStyle {
  return RUN_STYLES[i % RUN_STYLES.length];
}
