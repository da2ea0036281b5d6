/**
 * A D3 line chart over simulated time, as a factory `{update, destroy}`
 * (the xyflow pattern): created once on a container element, it owns its SVG
 * and redraws from ring buffers when `update` is called. React never renders
 * inside it, so D3 and React never fight over the same nodes.
 *
 * Sizes follow the root font size, so the large-text mode for projectors
 * scales the axes and labels along with the rest of the page.
 */
import { axisBottom, axisLeft, line, range, scaleLinear, select, symbol, type SymbolType } from 'd3';
import type { RingBuffer } from './ring-buffer';

export interface ChartLine {
  key: string;
  colour: string;
  /** SVG stroke-dasharray, e.g. '6 4'; solid if absent */
  dash?: string;
  /** stroke width in px */
  width?: number;
  /** Shade the area under the line (a queue's occupancy). */
  area?: boolean;
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
  label: string;
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
  /** end of the time axis, seconds */
  xMax(): number;
  /** top of the value axis */
  yMax(): number;
}

export interface Chart {
  update(): void;
  destroy(): void;
}

const SVG_NS = 'http://www.w3.org/2000/svg';
let nextClipId = 0;

export function createTimeChart(container: HTMLElement, spec: TimeChartSpec): Chart {
  const clipId = `chart-clip-${nextClipId++}`;
  const svg = select(container)
    .append('svg')
    .attr('xmlns', SVG_NS)
    .attr('class', 'time-chart')
    .attr('role', 'img');
  svg.append('defs').append('clipPath').attr('id', clipId).append('rect');
  const plot = svg.append('g').attr('class', 'plot');
  const grid = plot.append('g').attr('class', 'grid');
  const xAxis = plot.append('g').attr('class', 'axis axis-x');
  const yAxis = plot.append('g').attr('class', 'axis axis-y');
  const xLabel = plot.append('text').attr('class', 'axis-label').attr('text-anchor', 'middle').text(spec.xLabel);
  const yLabel = plot
    .append('text')
    .attr('class', 'axis-label')
    .attr('text-anchor', 'middle')
    .attr('transform', 'rotate(-90)')
    .text(spec.yLabel);
  const data = plot.append('g').attr('class', 'data').attr('clip-path', `url(#${clipId})`);
  const refs = data.append('g').attr('class', 'reference-lines');
  const areas = spec.lines.filter((l) => l.area).map((l) => data.append('path').attr('class', `area area-${l.key}`).attr('fill', l.colour).attr('fill-opacity', 0.18).attr('stroke', 'none'));
  const paths = spec.lines.map((l) =>
    data
      .append('path')
      .attr('class', `line line-${l.key}`)
      .attr('fill', 'none')
      .attr('stroke', l.colour)
      .attr('stroke-width', l.width ?? 2)
      .attr('stroke-linejoin', 'round')
      .attr('stroke-dasharray', l.dash ?? null),
  );
  const markerLayer = data.append('g').attr('class', 'markers');

  const update = (): void => {
    const width = container.clientWidth;
    const height = container.clientHeight;
    if (width <= 0 || height <= 0) return;
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    const m = { top: 0.75 * rem, right: 1 * rem, bottom: 2.75 * rem, left: 3.75 * rem };
    const iw = Math.max(10, width - m.left - m.right);
    const ih = Math.max(10, height - m.top - m.bottom);

    svg.attr('width', width).attr('height', height).attr('viewBox', `0 0 ${width} ${height}`);
    svg.attr('aria-label', spec.ariaLabel());
    plot.attr('transform', `translate(${m.left},${m.top})`);
    svg.select(`#${clipId} rect`).attr('x', 0).attr('y', -2).attr('width', iw).attr('height', ih + 4);

    const x = scaleLinear().domain([0, Math.max(spec.xMax(), 1e-9)]).range([0, iw]);
    const y = scaleLinear().domain([0, Math.max(spec.yMax(), 1e-9)]).range([ih, 0]).nice();

    const xTicks = Math.max(2, Math.floor(iw / (6 * rem)));
    const yTicks = Math.max(2, Math.floor(ih / (2.5 * rem)));
    xAxis.attr('transform', `translate(0,${ih})`).call(axisBottom(x).ticks(xTicks).tickSizeOuter(0));
    yAxis.call(axisLeft(y).ticks(yTicks).tickSizeOuter(0));
    grid
      .call(axisLeft(y).ticks(yTicks).tickSize(-iw).tickFormat(() => ''))
      .call((g) => g.select('.domain').remove());
    xLabel.attr('x', iw / 2).attr('y', ih + 2.4 * rem);
    yLabel.attr('x', -ih / 2).attr('y', -2.9 * rem);

    let points = 0;
    spec.lines.forEach((l, k) => {
      const buf = l.buffer();
      const n = buf?.length ?? 0;
      points += n;
      if (!buf || n === 0) {
        paths[k].attr('d', null);
        return;
      }
      const ok = (i: number) => Number.isFinite(buf.y(i));
      const gen = line<number>()
        .defined(ok)
        .x((i) => x(buf.t(i)))
        .y((i) => y(buf.y(i)));
      paths[k].attr('d', gen(range(n)));
    });

    let a = 0;
    for (const l of spec.lines) {
      if (!l.area) continue;
      const buf = l.buffer();
      const n = buf?.length ?? 0;
      const path = areas[a++];
      if (!buf || n === 0) {
        path.attr('d', null);
        continue;
      }
      // A closed polygon down to the axis; gaps (NaN) are treated as empty.
      let d = `M${x(buf.t(0))},${y(0)}`;
      for (let i = 0; i < n; i++) {
        const v = buf.y(i);
        d += `L${x(buf.t(i))},${y(Number.isFinite(v) ? v : 0)}`;
      }
      d += `L${x(buf.t(n - 1))},${y(0)}Z`;
      path.attr('d', d);
    }

    // For tests and curious students: how many points the chart draws now.
    container.dataset.points = String(points);

    const refLines = spec.referenceLines?.() ?? [];
    refs
      .selectAll<SVGLineElement, ReferenceLine>('line')
      .data(refLines)
      .join('line')
      .attr('x1', 0)
      .attr('x2', iw)
      .attr('y1', (r) => y(r.y))
      .attr('y2', (r) => y(r.y))
      .attr('stroke', (r) => r.colour)
      .attr('stroke-dasharray', (r) => r.dash)
      .attr('stroke-width', 1.5);
    refs
      .selectAll<SVGTextElement, ReferenceLine>('text')
      .data(refLines)
      .join('text')
      .attr('class', 'reference-label')
      .attr('x', iw - 0.25 * rem)
      .attr('y', (r) => y(r.y) - 0.3 * rem)
      .attr('text-anchor', 'end')
      .text((r) => r.label);

    const markers = spec.markers?.() ?? [];
    const styles = spec.markerStyles ?? {};
    const scale = (rem / 16) ** 2;
    markerLayer
      .selectAll<SVGPathElement, ChartMarker>('path')
      .data(markers)
      .join((enter) => enter.append('path').call((p) => p.append('title')))
      .attr('class', (d) => `marker marker-${d.event}`)
      .attr('transform', (d) => `translate(${x(d.time)},${y(d.y)})`)
      .attr('d', (d) => symbol(styles[d.event]?.symbol, (styles[d.event]?.size ?? 48) * scale)() ?? '')
      .attr('fill', (d) => styles[d.event]?.fill ?? 'currentColor')
      .attr('stroke', (d) => styles[d.event]?.stroke ?? 'none')
      .attr('stroke-width', (d) => styles[d.event]?.strokeWidth ?? 1)
      .select('title')
      .text((d) => `${d.time.toFixed(3)} s: ${d.detail || d.event}`);
  };

  const resize = new ResizeObserver(() => update());
  resize.observe(container);

  return {
    update,
    destroy() {
      resize.disconnect();
      svg.remove();
    },
  };
}
