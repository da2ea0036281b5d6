/**
 * The cwnd / ssthresh chart of one TCP flow, with its fast retransmits and
 * timeouts marked: the sawtooth every lesson starts from.
 */
import { symbolTriangle, symbolX } from 'd3';
import type { FlowTrace } from '../session/traces';
import { SERIES_COLOURS } from './palette';
import { createTimeChart, type Chart, type MarkerStyle } from './time-chart';

export const CWND_MARKER_STYLES: Record<string, MarkerStyle> = {
  fast_retransmit: { symbol: symbolTriangle, fill: SERIES_COLOURS.fastRetransmit, stroke: '#000000', strokeWidth: 1, size: 80 },
  // d3's X is drawn by its stroke alone
  timeout: { symbol: symbolX, fill: 'none', stroke: SERIES_COLOURS.timeout, strokeWidth: 2.5, size: 110 },
};

export const SSTHRESH_DASH = '7 4';

/**
 * Top of the value axis: room above the highest cwnd, and ssthresh only when
 * it is near the window. An unbounded initial ssthresh (the receiver window,
 * often 1000 segments) would otherwise flatten the sawtooth to a line; it is
 * simply drawn off the top until the first loss brings it down.
 */
export function cwndAxisTop(flow: FlowTrace | null): number {
  if (!flow) return 10;
  const cwnd = flow.cwnd.maxY(0);
  const ssthresh = flow.ssthresh.maxY(0);
  const top = Math.max(cwnd, ssthresh <= cwnd * 1.5 ? ssthresh : 0);
  return Math.max(4, top * 1.08);
}

export function createCwndChart(
  container: HTMLElement,
  flowLabel: string,
  flow: () => FlowTrace | null,
  duration: () => number,
): Chart {
  return createTimeChart(container, {
    ariaLabel: () => {
      const f = flow();
      const last = f && f.cwnd.length ? f.cwnd.y(f.cwnd.length - 1) : NaN;
      const now = Number.isFinite(last) ? `, now ${last.toFixed(1)} segments` : '';
      return `Congestion window and slow-start threshold of ${flowLabel} over time${now}`;
    },
    xLabel: 'time (s)',
    yLabel: 'cwnd (segments)',
    lines: [
      { key: 'ssthresh', colour: SERIES_COLOURS.ssthresh, dash: SSTHRESH_DASH, width: 2, buffer: () => flow()?.ssthresh ?? null },
      { key: 'cwnd', colour: SERIES_COLOURS.cwnd, width: 2.25, buffer: () => flow()?.cwnd ?? null },
    ],
    markers: () => flow()?.markers ?? [],
    markerStyles: CWND_MARKER_STYLES,
    xMax: duration,
    yMax: () => cwndAxisTop(flow()),
  });
}
