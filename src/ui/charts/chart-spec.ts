/**
 * What a time chart is made of (time-chart.ts draws it): lines read from ring
 * buffers, event markers, reference lines, shaded bands, an optional line on
 * a second value axis and an optional custom drawing (the time-sequence
 * diagram).
 */
import type { SymbolType } from 'd3';
import type { RingBuffer } from './ring-buffer';
import type { Ctx2D } from './svg-recorder';

export interface ChartLine {
  key: string;
  colour: string;
  /** dash pattern, e.g. '6 4'; solid if absent */
  dash?: string;
  /** line width in px at 16 px root font size */
  width?: number;
  /** Shade the area under the line (a queue's occupancy). */
  area?: boolean;
  /**
   * Values above the value axis are left out (a gap), not drawn along the top
   * edge: an ssthresh far above the window would otherwise draw a line at the
   * top and a vertical stroke where it comes down into view.
   */
  clipAbove?: boolean;
  /** Draw each point as a dot, not a line (RTT samples). */
  dots?: boolean;
  buffer(): RingBuffer | null;
}

export interface ChartMarker {
  time: number;
  y: number;
  event: string;
  detail: string;
}

export interface MarkerStyle {
  symbol: SymbolType;
  fill: string;
  stroke: string;
  strokeWidth: number;
  /** area in px² at 16 px root font size */
  size: number;
}

export interface ReferenceLine {
  y: number;
  colour: string;
  dash: string;
  /** drawn above the line at the right; a line above the value axis is a tag at the top edge instead */
  label: string;
}

/** A shaded time interval (a loss-recovery period). */
export interface Band {
  start: number;
  end: number;
}

/** One extra line on its own value axis, on the right. */
export interface SecondaryLine {
  colour: string;
  dash?: string;
  /** axis label, unit included; '' hides the axis */
  label(): string;
  buffer(): RingBuffer | null;
}

/**
 * What a custom drawing (the time-sequence diagram) gets: the canvas, clipped
 * to the part of the plot to draw (origin at the plot's top left), and the
 * time span to draw [t0, t1]: the whole window, or on an incremental draw
 * the strip from `t0` (> windowStart) on, the rest being drawn already.
 */
export interface DrawContext {
  ctx: Ctx2D;
  /** time (s) → x pixel */
  x(t: number): number;
  /** value → y pixel */
  y(v: number): number;
  t0: number;
  t1: number;
  /** start of the whole window shown */
  windowStart: number;
  rem: number;
  /** plot size, px */
  width: number;
  height: number;
}

export interface TimeChartSpec {
  /** Read by screen readers in place of the drawing. */
  ariaLabel(): string;
  xLabel: string;
  yLabel: string;
  lines: ChartLine[];
  markers?(): readonly ChartMarker[];
  markerStyles?: Record<string, MarkerStyle>;
  referenceLines?(): ReferenceLine[];
  /** Shaded intervals behind the lines. */
  bands?(): readonly Band[];
  bandColour?: string;
  secondary?: SecondaryLine;
  /** Value axis [bottom, top] for the time window shown; overrides yMax. */
  yDomain?(t0: number, t1: number): [number, number];
  /** Extra drawing on top of the lines (the time-sequence diagram); returns points drawn. */
  draw?(ctx: DrawContext): number;
  /**
   * The end of the run so far, seconds: the time axis shows [0, xMax] in
   * follow mode, or the shared zoomed window (time-axis.ts).
   */
  xMax(): number;
  /** Top of the value axis for the window [t0, t1] shown. */
  yMax(t0: number, t1: number): number;
}

export interface Chart {
  /** Redraw in the next animation frame (at most once per frame however often called). */
  update(): void;
  /** The chart as a standalone SVG, its data as vector paths (Save SVG / PNG); null before it has a size. */
  snapshot?(): SVGSVGElement | null;
  destroy(): void;
}
