/**
 * The frame of the small SVG charts (lesson overlays and time-sequence
 * diagram, the Experiment view's result and overlay charts): a plot group
 * inside margins, a layer behind everything (bands, grid), two axes, two
 * axis titles and optionally a clip path for the data. Sizes follow the root
 * font size, so large-text mode scales the frame with the page.
 *
 * Each chart appends its own layers to `plot` (drawn over the axes) or
 * `back` (drawn under them), and calls `fit` at the start of each draw.
 */
import { select, type Selection } from 'd3';

export interface Margins {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface FitResult {
  /** plot width and height, px */
  iw: number;
  ih: number;
  /** root font size, px */
  rem: number;
  /** the margins, px */
  m: Margins;
}

export interface SvgFrame {
  svg: Selection<SVGSVGElement, unknown, null, undefined>;
  plot: Selection<SVGGElement, unknown, null, undefined>;
  /** under the axes: bands, grid lines */
  back: Selection<SVGGElement, unknown, null, undefined>;
  xAxis: Selection<SVGGElement, unknown, null, undefined>;
  yAxis: Selection<SVGGElement, unknown, null, undefined>;
  xLabel: Selection<SVGTextElement, unknown, null, undefined>;
  yLabel: Selection<SVGTextElement, unknown, null, undefined>;
  /** `url(#…)` of the clip path around the plot, when asked for */
  clipUrl: string | null;
  /**
   * Size the SVG to its container, margins given in rem; null when the
   * container has no size (hidden), so the caller skips drawing.
   */
  fit(ariaLabel: string, marginsRem: Margins, clipPad?: number): FitResult | null;
}

let nextClip = 0;

export function createSvgFrame(container: HTMLElement, className: string, opts: { clip?: boolean } = {}): SvgFrame {
  const svg = select(container).append('svg').attr('xmlns', 'http://www.w3.org/2000/svg').attr('class', className).attr('role', 'img');
  const clipId = opts.clip ? `chart-clip-${nextClip++}` : null;
  const clipRect = clipId ? svg.append('defs').append('clipPath').attr('id', clipId).append('rect') : null;
  const plot = svg.append('g').attr('class', 'plot');
  const back = plot.append('g').attr('class', 'back');
  const xAxis = plot.append('g').attr('class', 'axis axis-x');
  const yAxis = plot.append('g').attr('class', 'axis axis-y');
  const xLabel = plot.append('text').attr('class', 'axis-label').attr('text-anchor', 'middle');
  const yLabel = plot.append('text').attr('class', 'axis-label').attr('text-anchor', 'middle').attr('transform', 'rotate(-90)');

  const fit = (ariaLabel: string, mr: Margins, clipPad = 2): FitResult | null => {
    const width = container.clientWidth;
    const height = container.clientHeight;
    if (width <= 0 || height <= 0) return null;
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    const m = { top: mr.top * rem, right: mr.right * rem, bottom: mr.bottom * rem, left: mr.left * rem };
    const iw = Math.max(10, width - m.left - m.right);
    const ih = Math.max(10, height - m.top - m.bottom);
    svg.attr('width', width).attr('height', height).attr('viewBox', `0 0 ${width} ${height}`).attr('aria-label', ariaLabel);
    plot.attr('transform', `translate(${m.left},${m.top})`);
    // A little room above and below, so lines along the plot's edge keep their full width.
    clipRect?.attr('x', 0).attr('y', -clipPad).attr('width', iw).attr('height', ih + 2 * clipPad);
    return { iw, ih, rem, m };
  };

  return { svg, plot, back, xAxis, yAxis, xLabel, yLabel, clipUrl: clipId ? `url(#${clipId})` : null, fit };
}
