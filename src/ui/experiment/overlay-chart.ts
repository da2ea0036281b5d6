/**
 * The side-by-side comparison's chart, a D3 factory `{update, destroy}`: one
 * quantity (cwnd, throughput) of several runs over simulated time, one line
 * per variant on shared axes. Long series are thinned to what the pixels can
 * show — per pixel column the first, lowest, highest and last sample — so a
 * cwnd sawtooth keeps its peaks and troughs.
 */
import { axisBottom, axisLeft, scaleLinear } from 'd3';
import { createSvgFrame } from '../charts/svg-frame';

export interface OverlaySeries {
  key: string;
  label: string;
  colour: string;
  dash?: string;
  times: Float64Array;
  values: Float64Array;
}

export interface OverlaySpec {
  xLabel: string;
  yLabel: string;
  /** end of the time axis, seconds */
  xMax: number;
  series: OverlaySeries[];
  ariaLabel: string;
}

export interface OverlayChart {
  update(spec: OverlaySpec): void;
  destroy(): void;
}

/**
 * An SVG path through the samples, in pixels: at most four points per pixel
 * column (first, min, max, last); NaN breaks the line.
 */
export function thinnedPath(times: Float64Array, values: Float64Array, x: (t: number) => number, y: (v: number) => number): string {
  let d = '';
  let pen = false;
  let col = Number.NaN;
  let first = 0;
  let lo = 0;
  let hi = 0;
  let lastV = 0;
  let loAt = 0;
  let hiAt = 0;
  let any = false;
  const flush = () => {
    if (!any) return;
    const px = col;
    const pts: [number, number][] = [[px, first]];
    const mids = loAt <= hiAt ? [lo, hi] : [hi, lo];
    pts.push([px, mids[0]!], [px, mids[1]!], [px, lastV]);
    for (const [a, b] of pts) {
      d += `${pen ? 'L' : 'M'}${a.toFixed(1)},${y(b).toFixed(1)}`;
      pen = true;
    }
    any = false;
  };
  for (let i = 0; i < times.length; i++) {
    const v = values[i]!;
    if (!Number.isFinite(v)) {
      flush();
      pen = false;
      col = Number.NaN;
      continue;
    }
    const c = Math.round(x(times[i]!));
    if (c !== col) {
      flush();
      col = c;
      first = lo = hi = lastV = v;
      loAt = hiAt = i;
      any = true;
      continue;
    }
    if (v < lo) {
      lo = v;
      loAt = i;
    }
    if (v > hi) {
      hi = v;
      hiAt = i;
    }
    lastV = v;
  }
  flush();
  return d;
}

export function createOverlayChart(container: HTMLElement): OverlayChart {
  const frame = createSvgFrame(container, 'result-chart overlay-chart', { clip: true });
  const { svg, plot, xAxis, yAxis, xLabel, yLabel } = frame;
  const grid = frame.back.append('g').attr('class', 'grid');
  const data = plot.append('g').attr('class', 'data').attr('clip-path', frame.clipUrl);
  let last: OverlaySpec | null = null;

  const draw = (spec: OverlaySpec): void => {
    last = spec;
    const size = frame.fit(spec.ariaLabel, { top: 0.75, right: 1, bottom: 2.9, left: 4 });
    if (!size) return;
    const { iw, ih, rem } = size;

    let top = 0;
    for (const s of spec.series) for (const v of s.values) if (Number.isFinite(v) && v > top) top = v;
    const x = scaleLinear().domain([0, Math.max(spec.xMax, 1e-9)]).range([0, iw]);
    const y = scaleLinear().domain([0, top > 0 ? top * 1.05 : 1]).range([ih, 0]).nice();
    const yTicks = Math.max(2, Math.floor(ih / (2.5 * rem)));
    xAxis.attr('transform', `translate(0,${ih})`).call(axisBottom(x).ticks(Math.max(2, Math.floor(iw / (5.5 * rem)))).tickSizeOuter(0));
    yAxis.call(axisLeft(y).ticks(yTicks).tickSizeOuter(0));
    grid.call(axisLeft(y).ticks(yTicks).tickSize(-iw).tickFormat(() => '')).call((g) => g.select('.domain').remove());
    xLabel.attr('x', iw / 2).attr('y', ih + 2.5 * rem).text(spec.xLabel);
    yLabel.attr('x', -ih / 2).attr('y', -3 * rem).text(spec.yLabel);

    data
      .selectAll<SVGPathElement, OverlaySeries>('path.line')
      .data(spec.series, (s) => s.key)
      .join('path')
      .attr('class', 'line')
      .attr('data-series', (s) => s.key)
      .attr('fill', 'none')
      .attr('stroke', (s) => s.colour)
      .attr('stroke-width', 1.75)
      .attr('stroke-linejoin', 'round')
      .attr('stroke-dasharray', (s) => s.dash ?? null)
      .attr('d', (s) => thinnedPath(s.times, s.values, x, y));
  };

  const observer = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(() => last && draw(last)) : null;
  observer?.observe(container);

  return {
    update: draw,
    destroy() {
      observer?.disconnect();
      svg.remove();
    },
  };
}
