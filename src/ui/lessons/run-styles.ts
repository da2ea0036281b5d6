/**
 * How each of a lesson's runs is drawn, everywhere on the lesson page:
 * Okabe–Ito colours (distinct for the common colour blindnesses) and a dash
 * pattern each, so the overlaid lines differ by more than colour.
 */
export interface RunStyle {
  colour: string;
  /** SVG stroke-dasharray; solid if absent */
  dash?: string;
}

export const RUN_STYLES: readonly RunStyle[] = [
  { colour: '#0072B2' },
  { colour: '#D55E00', dash: '8 4' },
  { colour: '#009E73', dash: '2 3' },
  { colour: '#CC79A7', dash: '10 3 2 3' },
  { colour: '#E69F00', dash: '5 2' },
  { colour: '#56B4E9', dash: '1 2' },
];

export function runStyle(i: number): RunStyle {
  return RUN_STYLES[i % RUN_STYLES.length];
}
