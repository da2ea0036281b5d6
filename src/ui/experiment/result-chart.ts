/**
 * The sweep's result chart, a D3 factory `{update, destroy}` mounted on a
 * container: a metric's mean against a numeric parameter, one line per
 * series (variant) with its 95 % confidence band, or — for a categorical
 * parameter — grouped bars with 95 % error bars. It owns its SVG; React only
 * renders the container. Sizes follow the root font size (large-text mode).
 */
import { createSvgFrame } from '../charts/svg-frame';
import { area, axisBottom, axisLeft, line, max, min, scaleBand, scaleLinear, scaleLog, symbol, type ScaleContinuousNumeric, type SymbolType } from 'd3';

export interface ResultPoint {
  /** parameter value (line charts), or the category's label (bars) */
  x: number | string;
  /** the value as the table shows it */
  xLabel: string;
  mean: number | null;
  low: number | null;
  high: number | null;
  n: number;
}

export interface ResultSeries {
  key: string;
  label: string;
  colour: string;
  dash?: string;
  marker: SymbolType;
  points: ResultPoint[];
}

export interface ResultChartSpec {
  kind: 'line' | 'bar';
  xLabel: string;
  yLabel: string;
  /** the categories of a bar chart, in order */
  categories?: string[];
  logX?: boolean;
  series: ResultSeries[];
  /** read by screen readers in place of the drawing */
  ariaLabel: string;
  /** formats values in tooltips */
  format(v: number): string;
}

export interface ResultChart {
  update(spec: ResultChartSpec): void;
  destroy(): void;
}


function tooltip(s: ResultSeries, p: ResultPoint, format: (v: number) => string): string {
  if (p.mean === null) return `${s.label}, ${p.xLabel}: no value`;
  const ci = p.low !== null && p.high !== null ? `, 95 % CI ${format(p.low)} – ${format(p.high)}` : '';
  return `${s.label}, ${p.xLabel}: ${format(p.mean)}${ci} (n = ${p.n})`;
}

export function createResultChart(container: HTMLElement): ResultChart {
  const frame = createSvgFrame(container, 'result-chart');
  const { svg, plot, xAxis, yAxis, xLabel, yLabel } = frame;
  const grid = frame.back.append('g').attr('class', 'grid');
  const data = plot.append('g').attr('class', 'data');
  let last: ResultChartSpec | null = null;

  const draw = (spec: ResultChartSpec): void => {
    last = spec;
    const size = frame.fit(spec.ariaLabel, { top: 0.9, right: 1.25, bottom: 3, left: 4.25 });
    if (!size) return;
    const { iw, ih, rem } = size;

    const all = spec.series.flatMap((s) => s.points);
    const top = max(all, (p) => p.high ?? p.mean ?? undefined) ?? 1;
    const bottom = min(all, (p) => p.low ?? p.mean ?? undefined) ?? 0;
    const y = scaleLinear()
      .domain([Math.min(0, bottom), top > Math.min(0, bottom) ? top : Math.min(0, bottom) + 1])
      .range([ih, 0])
      .nice();
    const yTicks = Math.max(2, Math.floor(ih / (2.6 * rem)));
    yAxis.call(axisLeft(y).ticks(yTicks).tickSizeOuter(0));
    grid.call(axisLeft(y).ticks(yTicks).tickSize(-iw).tickFormat(() => '')).call((g) => g.select('.domain').remove());
    xLabel.attr('x', iw / 2).attr('y', ih + 2.55 * rem).text(spec.xLabel);
    yLabel.attr('x', -ih / 2).attr('y', -3.3 * rem).text(spec.yLabel);
    const markerSize = 64 * (rem / 16) ** 2;
    data.selectAll('*').remove();

    if (spec.kind === 'line') {
      const xs = all.map((p) => p.x as number);
      const lo = min(xs) ?? 0;
      const hi = max(xs) ?? 1;
      const useLog = !!spec.logX && lo > 0;
      const x: ScaleContinuousNumeric<number, number> = useLog ? scaleLog().domain([lo, hi > lo ? hi : lo * 10]) : scaleLinear().domain(hi > lo ? [lo, hi] : [lo - 1, hi + 1]);
      x.range([0, iw]);
      if (!useLog) x.nice();
      // Ticks at the swept values when there are few of them: the reader sees exactly what was run.
      const distinct = [...new Set(xs)].sort((a, b) => a - b);
      const axis = axisBottom(x).tickSizeOuter(0);
      if (distinct.length <= 12) axis.tickValues(distinct).tickFormat((v) => String(+v));
      else axis.ticks(Math.max(2, Math.floor(iw / (6 * rem))));
      xAxis.attr('transform', `translate(0,${ih})`).call(axis);

      spec.series.forEach((s, k) => {
        const g = data.append('g').attr('class', `series series-${k}`).attr('data-series', s.key);
        const band = area<ResultPoint>()
          .defined((p) => p.low !== null && p.high !== null)
          .x((p) => x(p.x as number))
          .y0((p) => y(p.low!))
          .y1((p) => y(p.high!));
        g.append('path').attr('class', 'ci-band').attr('fill', s.colour).attr('fill-opacity', 0.14).attr('stroke', 'none').attr('d', band(s.points));
        const ln = line<ResultPoint>()
          .defined((p) => p.mean !== null)
          .x((p) => x(p.x as number))
          .y((p) => y(p.mean!));
        g.append('path')
          .attr('class', 'line')
          .attr('fill', 'none')
          .attr('stroke', s.colour)
          .attr('stroke-width', 2.25)
          .attr('stroke-dasharray', s.dash ?? null)
          .attr('stroke-linejoin', 'round')
          .attr('d', ln(s.points));
        g.selectAll('path.marker')
          .data(s.points.filter((p) => p.mean !== null))
          .join('path')
          .attr('class', 'marker')
          .attr('transform', (p) => `translate(${x(p.x as number)},${y(p.mean!)})`)
          .attr('d', symbol().type(s.marker).size(markerSize)())
          .attr('fill', s.colour)
          .attr('stroke', '#fff')
          .attr('stroke-width', 1)
          .append('title')
          .text((p) => tooltip(s, p, spec.format));
      });
      return;
    }

    const categories = spec.categories ?? [...new Set(all.map((p) => String(p.x)))];
    const outer = scaleBand<string>().domain(categories).range([0, iw]).paddingInner(0.25).paddingOuter(0.12);
    const inner = scaleBand<string>()
      .domain(spec.series.map((s) => s.key))
      .range([0, outer.bandwidth()])
      .padding(0.08);
    xAxis.attr('transform', `translate(0,${ih})`).call(axisBottom(outer).tickSizeOuter(0));
    const zero = y(Math.max(0, y.domain()[0]!));
    spec.series.forEach((s, k) => {
      const g = data.append('g').attr('class', `series series-${k}`).attr('data-series', s.key);
      const pts = s.points.filter((p) => p.mean !== null && outer(String(p.x)) !== undefined);
      const bx = (p: ResultPoint) => outer(String(p.x))! + inner(s.key)!;
      g.selectAll('rect.bar')
        .data(pts)
        .join('rect')
        .attr('class', 'bar')
        .attr('x', bx)
        .attr('width', inner.bandwidth())
        .attr('y', (p) => Math.min(y(p.mean!), zero))
        .attr('height', (p) => Math.abs(zero - y(p.mean!)))
        .attr('fill', s.colour)
        .attr('fill-opacity', 0.85)
        .append('title')
        .text((p) => tooltip(s, p, spec.format));
      const err = pts.filter((p) => p.low !== null && p.high !== null);
      const cx = (p: ResultPoint) => bx(p) + inner.bandwidth() / 2;
      const cap = Math.min(inner.bandwidth() / 3, 0.5 * rem);
      g.selectAll('path.error-bar')
        .data(err)
        .join('path')
        .attr('class', 'error-bar')
        .attr('stroke', '#1b2430')
        .attr('stroke-width', 1.5)
        .attr('fill', 'none')
        .attr('d', (p) => {
          const c = cx(p);
          const a = y(p.low!);
          const b = y(p.high!);
          return `M${c},${a}V${b}M${c - cap},${a}H${c + cap}M${c - cap},${b}H${c + cap}`;
        });
    });
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
