/**
 * A D3 chart of several runs' series over time, overlaid on one set of axes
 * (cwnd of Tahoe, Reno, NewReno and SACK; their queues; …), as a factory
 * created once on a container: React renders the container, D3 owns the SVG.
 *
 * The lines are drawn up to a cursor (the current lesson step), so what
 * comes next stays hidden until it is stepped to; markers ring the values at
 * the current step, shaded bands mark outages. Sizes follow the root font
 * size, so large-text mode scales the chart too.
 */
import { axisBottom, axisLeft, line, scaleLinear, scaleLog, type ScaleContinuousNumeric } from 'd3';
import { createSvgFrame } from '../charts/svg-frame';

export interface OverlayLine {
  key: string;
  label: string;
  colour: string;
  /** stroke-dasharray; solid if absent */
  dash?: string;
  width?: number;
  opacity?: number;
  times: Float64Array;
  values: Float64Array;
  /** values above this are not drawn (an "infinite" initial ssthresh) */
  clipAbove?: number;
  /** points drawn after the samples up to the cursor (the value at the current step, between samples) */
  tail?: { time: number; value: number }[];
}

export interface OverlayMarker {
  time: number;
  value: number;
  colour: string;
  label: string;
}

export interface OverlayBand {
  from: number;
  to: number;
  label: string;
}

export interface OverlayState {
  lines: OverlayLine[];
  /** draw each line up to this time (seconds); Infinity: everything */
  cursor: number;
  /** x axis from 0 to this, seconds */
  xMax: number;
  /** y axis range; log scale when `log` (yMin > 0 then) */
  yMin: number;
  yMax: number;
  log?: boolean;
  markers: OverlayMarker[];
  bands?: OverlayBand[];
  xLabel: string;
  yLabel: string;
  ariaLabel: string;
}

export interface OverlayChart {
  update(state: OverlayState): void;
  destroy(): void;
}

/** Index of the last sample at or before `t` (−1 if none). */
export function lastIndexAtOrBefore(times: ArrayLike<number>, t: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (times[mid] <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

export function createOverlayChart(container: HTMLElement): OverlayChart {
  const frame = createSvgFrame(container, 'time-chart overlay-chart', { clip: true });
  const { svg, plot, xAxis, yAxis, xLabel, yLabel } = frame;
  const bandLayer = frame.back.append('g').attr('class', 'bands');
  const grid = frame.back.append('g').attr('class', 'grid');
  const data = plot.append('g').attr('clip-path', frame.clipUrl);
  const lineLayer = data.append('g').attr('class', 'lines');
  const cursorLine = data.append('line').attr('class', 'cursor-line');
  const markerLayer = plot.append('g').attr('class', 'step-markers');
  let last: OverlayState | null = null;

  const draw = (st: OverlayState): void => {
    last = st;
    const size = frame.fit(st.ariaLabel, { top: 0.75, right: 1.1, bottom: 2.6, left: 3.75 }, 3);
    if (!size) return;
    const { iw, ih, rem } = size;

    const x = scaleLinear().domain([0, Math.max(st.xMax, 1e-9)]).range([0, iw]);
    const y: ScaleContinuousNumeric<number, number> = st.log
      ? scaleLog().domain([Math.max(st.yMin, 1e-3), Math.max(st.yMax, st.yMin * 2)]).range([ih, 0]).clamp(true)
      : scaleLinear().domain([st.yMin, Math.max(st.yMax, st.yMin + 1e-9)]).range([ih, 0]).nice();

    const xTicks = Math.max(2, Math.floor(iw / (5.5 * rem)));
    const yTicks = Math.max(2, Math.floor(ih / (2.4 * rem)));
    xAxis.attr('transform', `translate(0,${ih})`).call(axisBottom(x).ticks(xTicks).tickSizeOuter(0));
    const yAx = axisLeft(y).tickSizeOuter(0);
    if (st.log) yAx.ticks(yTicks, '~s');
    else yAx.ticks(yTicks);
    yAxis.call(yAx);
    // On a log scale a grid line per tick is a thicket: one per power of ten.
    const gridAxis = axisLeft(y).tickSize(-iw).tickFormat(() => '');
    if (st.log) gridAxis.tickValues(y.ticks(yTicks).filter((v) => Math.abs(Math.log10(v) - Math.round(Math.log10(v))) < 1e-9));
    else gridAxis.ticks(yTicks);
    grid
      .call(gridAxis)
      .call((g) => g.select('.domain').remove());
    xLabel.attr('x', iw / 2).attr('y', ih + 2.3 * rem).text(st.xLabel);
    yLabel.attr('x', -ih / 2).attr('y', -2.9 * rem).text(st.yLabel);

    bandLayer
      .selectAll<SVGRectElement, OverlayBand>('rect')
      .data(st.bands ?? [])
      .join((enter) => enter.append('rect').attr('class', 'band').call((r) => r.append('title')))
      .attr('x', (b) => x(b.from))
      .attr('y', 0)
      .attr('width', (b) => Math.max(1, x(Math.min(b.to, st.cursor)) - x(b.from)))
      .attr('height', ih)
      .attr('display', (b) => (b.from <= st.cursor ? null : 'none'))
      .select('title')
      .text((b) => b.label);

    const yTop = st.log ? y.domain()[1] : y.domain()[1];
    lineLayer
      .selectAll<SVGPathElement, OverlayLine>('path')
      .data(st.lines, (l) => l.key)
      .join('path')
      .attr('class', (l) => `line line-${l.key}`)
      .attr('fill', 'none')
      .attr('stroke', (l) => l.colour)
      .attr('stroke-width', (l) => l.width ?? 2)
      .attr('stroke-opacity', (l) => l.opacity ?? 1)
      .attr('stroke-dasharray', (l) => l.dash ?? null)
      .attr('stroke-linejoin', 'round')
      .attr('d', (l) => {
        const end = Math.min(l.times.length - 1, lastIndexAtOrBefore(l.times, st.cursor));
        if (end < 0) return null;
        const clip = l.clipAbove ?? Infinity;
        const ok = (i: number) => {
          const v = l.values[i];
          return Number.isFinite(v) && v <= clip && (!st.log || v > 0);
        };
        const pts: [number, number][] = [];
        for (let i = 0; i <= end; i++) pts.push(ok(i) ? [l.times[i], l.values[i]] : [l.times[i], NaN]);
        for (const p of l.tail ?? []) if (p.time <= st.cursor && p.time >= (pts.length ? pts[pts.length - 1][0] : 0)) pts.push([p.time, p.value]);
        const good = (p: [number, number]) => Number.isFinite(p[1]) && p[1] <= clip && (!st.log || p[1] > 0);
        return (
          line<[number, number]>()
            .defined(good)
            .x((p) => x(p[0]))
            .y((p) => y(Math.min(p[1], yTop * 4)))(pts) ?? null
        );
      });

    const cx = x(Math.min(st.cursor, st.xMax));
    cursorLine
      .attr('x1', cx)
      .attr('x2', cx)
      .attr('y1', 0)
      .attr('y2', ih)
      .attr('display', Number.isFinite(st.cursor) && st.cursor > 0 && st.cursor < st.xMax ? null : 'none');

    markerLayer
      .selectAll<SVGGElement, OverlayMarker>('g.step-marker')
      .data(st.markers.filter((mk) => Number.isFinite(mk.value) && (!st.log || mk.value > 0)))
      .join((enter) => {
        const g = enter.append('g').attr('class', 'step-marker');
        g.append('circle').attr('class', 'halo');
        g.append('circle').attr('class', 'dot');
        g.append('title');
        return g;
      })
      .attr('transform', (mk) => `translate(${x(mk.time)},${y(mk.value)})`)
      .call((g) => g.select('circle.halo').attr('r', 0.55 * rem).attr('stroke', (mk) => mk.colour))
      .call((g) => g.select('circle.dot').attr('r', 0.22 * rem).attr('fill', (mk) => mk.colour))
      .call((g) => g.select('title').text((mk) => mk.label));

    container.dataset.lines = String(st.lines.length);
  };

  const resize = new ResizeObserver(() => {
    if (last) draw(last);
  });
  resize.observe(container);

  return {
    update: draw,
    destroy() {
      resize.disconnect();
      svg.remove();
    },
  };
}
