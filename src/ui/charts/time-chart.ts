/**
 * A D3 line chart over simulated time, as a factory `{update, destroy}`
 * (the xyflow pattern): created once on a container element, it owns its SVG
 * and redraws from ring buffers when `update` is called. React never renders
 * inside it, so D3 and React never fight over the same nodes.
 *
 * Sizes follow the root font size, so the large-text mode for projectors
 * scales the axes and labels along with the rest of the page.
 */
import { axisBottom, axisLeft, axisRight, line, range, scaleLinear, select, symbol, type ScaleLinear, type Selection, type SymbolType } from 'd3';
import type { RingBuffer } from './ring-buffer';
import { currentDomain, timeAxis, ZOOM_STEP } from './time-axis';

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

export interface DrawContext {
  layer: Selection<SVGGElement, unknown, null, undefined>;
  x: ScaleLinear<number, number>;
  y: ScaleLinear<number, number>;
  rem: number;
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
  /** top of the value axis */
  yMax(): number;
}

export interface Chart {
  update(): void;
  destroy(): void;
}

const SVG_NS = 'http://www.w3.org/2000/svg';
/** How often a chart scrolled out of view redraws, ms. */
const OFFSCREEN_MS = 1000;
let nextClipId = 0;

export function createTimeChart(container: HTMLElement, spec: TimeChartSpec): Chart {
  const clipId = `chart-clip-${nextClipId++}`;
  // Focusable, so +/-/0 zoom and the arrow keys pan when the chart has focus.
  if (!container.hasAttribute('tabindex')) container.tabIndex = 0;
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
  const y2Axis = plot.append('g').attr('class', 'axis axis-y2');
  const y2Label = plot.append('text').attr('class', 'axis-label axis-label-y2').attr('text-anchor', 'middle').attr('transform', 'rotate(90)');
  const xLabel = plot.append('text').attr('class', 'axis-label').attr('text-anchor', 'middle').text(spec.xLabel);
  const yLabel = plot
    .append('text')
    .attr('class', 'axis-label')
    .attr('text-anchor', 'middle')
    .attr('transform', 'rotate(-90)')
    .text(spec.yLabel);
  const data = plot.append('g').attr('class', 'data').attr('clip-path', `url(#${clipId})`);
  const bandLayer = data.append('g').attr('class', 'bands');
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
  const secondaryPath = spec.secondary
    ? data
        .append('path')
        .attr('class', 'line line-secondary')
        .attr('fill', 'none')
        .attr('stroke', spec.secondary.colour)
        .attr('stroke-width', 1.75)
        .attr('stroke-dasharray', spec.secondary.dash ?? null)
    : null;
  const customLayer = data.append('g').attr('class', 'custom');
  const markerLayer = data.append('g').attr('class', 'markers');
  // Transparent hit area for wheel and drag, under nothing (the data layer ignores the pointer).
  const hit = plot.insert('rect', ':first-child').attr('class', 'hit-area').attr('fill', 'transparent');
  data.attr('pointer-events', 'none');

  /** the x scale of the last draw, for turning pointer positions into times */
  let lastX: ScaleLinear<number, number> | null = null;
  let marginLeft = 0;

  // Size and root font size are read when they change (ResizeObserver), never
  // in `update`: reading layout there would force a layout per chart per frame
  // (each chart's update follows another's DOM writes), the main cost with
  // two dozen charts.
  let width = container.clientWidth;
  let height = container.clientHeight;
  const readRem = () => parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  let rem = readRem();

  // Charts scrolled out of view redraw at most once per OFFSCREEN_MS (a
  // trailing redraw keeps them current), so a 22-flow run costs what the
  // visible charts cost.
  let onScreen = true;
  let lastDrawAt = -Infinity;
  let trailing: ReturnType<typeof setTimeout> | null = null;

  const update = (): void => {
    if (!onScreen) {
      const wait = lastDrawAt + OFFSCREEN_MS - performance.now();
      if (wait > 0) {
        trailing ??= setTimeout(() => {
          trailing = null;
          update();
        }, wait);
        return;
      }
    }
    draw();
  };

  const draw = (): void => {
    if (width <= 0 || height <= 0) return;
    lastDrawAt = performance.now();
    const secondaryLabel = spec.secondary?.label() ?? '';
    const m = { top: 0.75 * rem, right: secondaryLabel ? 3.75 * rem : 1 * rem, bottom: 2.75 * rem, left: 3.75 * rem };
    marginLeft = m.left;
    const iw = Math.max(10, width - m.left - m.right);
    const ih = Math.max(10, height - m.top - m.bottom);

    svg.attr('width', width).attr('height', height).attr('viewBox', `0 0 ${width} ${height}`);
    svg.attr('aria-label', spec.ariaLabel());
    plot.attr('transform', `translate(${m.left},${m.top})`);
    svg.select(`#${clipId} rect`).attr('x', 0).attr('y', -2).attr('width', iw).attr('height', ih + 4);

    hit.attr('width', iw).attr('height', ih);
    const [t0, t1] = currentDomain(timeAxis.getState(), spec.xMax());
    const x = scaleLinear().domain([t0, t1]).range([0, iw]);
    lastX = x;
    container.dataset.t0 = String(t0);
    container.dataset.t1 = String(t1);
    const yd = spec.yDomain?.(t0, t1) ?? [0, Math.max(spec.yMax(), 1e-9)];
    const y = scaleLinear().domain(yd).range([ih, 0]).nice();

    const xTicks = Math.max(2, Math.floor(iw / (6 * rem)));
    const yTicks = Math.max(2, Math.floor(ih / (2.5 * rem)));
    xAxis.attr('transform', `translate(0,${ih})`).call(axisBottom(x).ticks(xTicks).tickSizeOuter(0));
    yAxis.call(axisLeft(y).ticks(yTicks).tickSizeOuter(0));
    grid
      .call(axisLeft(y).ticks(yTicks).tickSize(-iw).tickFormat(() => ''))
      .call((g) => g.select('.domain').remove());
    xLabel.attr('x', iw / 2).attr('y', ih + 2.4 * rem);
    yLabel.attr('x', -ih / 2).attr('y', -2.9 * rem);

    const bands = spec.bands?.() ?? [];
    bandLayer
      .selectAll<SVGRectElement, Band>('rect')
      .data(bands.filter((b) => b.end >= t0 && b.start <= t1))
      .join('rect')
      .attr('class', 'band')
      .attr('x', (b) => x(b.start))
      .attr('width', (b) => Math.max(1, x(b.end) - x(b.start)))
      .attr('y', 0)
      .attr('height', ih)
      .attr('fill', spec.bandColour ?? '#000')
      .attr('fill-opacity', 0.12);

    let points = 0;
    const sbuf = secondaryLabel ? (spec.secondary?.buffer() ?? null) : null;
    if (secondaryPath && sbuf && sbuf.length > 0) {
      let lo = Infinity;
      let hi = -Infinity;
      for (let i = 0; i < sbuf.length; i++) {
        const v = sbuf.y(i);
        if (!Number.isFinite(v)) continue;
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
      if (lo === Infinity) lo = hi = 0;
      const y2 = scaleLinear()
        .domain([Math.min(0, lo), Math.max(hi * 1.08, Math.min(0, lo) + 1e-9)])
        .range([ih, 0])
        .nice();
      y2Axis.attr('transform', `translate(${iw},0)`).call(axisRight(y2).ticks(yTicks).tickSizeOuter(0));
      y2Label.attr('x', ih / 2).attr('y', -iw - 3 * rem).text(secondaryLabel);
      const gen = line<number>()
        .defined((i) => Number.isFinite(sbuf.y(i)))
        .x((i) => x(sbuf.t(i)))
        .y((i) => y2(sbuf.y(i)));
      secondaryPath.attr('d', gen(range(sbuf.length)));
      points += sbuf.length;
    } else {
      y2Axis.selectAll('*').remove();
      y2Label.text('');
      secondaryPath?.attr('d', null);
    }
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

    if (spec.draw) points += spec.draw({ layer: customLayer, x, y, rem, width: iw, height: ih });

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

  const resize = new ResizeObserver((entries) => {
    const box = entries[entries.length - 1]?.contentRect;
    width = box ? box.width : container.clientWidth;
    height = box ? box.height : container.clientHeight;
    rem = readRem();
    draw();
  });
  resize.observe(container);
  const visibility =
    typeof IntersectionObserver === 'undefined'
      ? null
      : new IntersectionObserver(
          (entries) => {
            onScreen = entries[entries.length - 1]?.isIntersecting ?? true;
            if (onScreen) draw();
          },
          { rootMargin: '200px 0px' },
        );
  visibility?.observe(container);

  // The shared axis: any chart's zoom redraws every chart, once per frame.
  let frame = 0;
  const unsubscribeAxis = timeAxis.subscribe(() => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      update();
    });
  });
  const detachInput = attachAxisInput(container, svg.node()!, () => lastX, () => marginLeft, spec.xMax);

  return {
    update,
    destroy() {
      resize.disconnect();
      visibility?.disconnect();
      if (trailing) clearTimeout(trailing);
      unsubscribeAxis();
      detachInput();
      if (frame) cancelAnimationFrame(frame);
      svg.remove();
    },
  };
}

/**
 * Wheel zooms around the pointer, drag pans, and with focus on the chart
 * + / - zoom, 0 shows the whole run, ← / → pan by a tenth of the window.
 */
function attachAxisInput(
  container: HTMLElement,
  svg: SVGSVGElement,
  scale: () => ScaleLinear<number, number> | null,
  marginLeft: () => number,
  end: () => number,
): () => void {
  const timeAt = (clientX: number): number | undefined => {
    const x = scale();
    if (!x) return undefined;
    return x.invert(clientX - svg.getBoundingClientRect().left - marginLeft());
  };
  const onWheel = (e: WheelEvent) => {
    if (e.deltaY === 0) return;
    e.preventDefault();
    const factor = e.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP;
    timeAxis.getState().zoom(factor, end(), timeAt(e.clientX));
  };
  let dragX: number | null = null;
  const onDown = (e: PointerEvent) => {
    if (e.button !== 0) return;
    dragX = e.clientX;
    svg.setPointerCapture?.(e.pointerId);
    container.classList.add('dragging');
  };
  const onMove = (e: PointerEvent) => {
    const x = scale();
    if (dragX === null || !x) return;
    const dx = e.clientX - dragX;
    if (Math.abs(dx) < 1) return;
    dragX = e.clientX;
    timeAxis.getState().pan(x.invert(0) - x.invert(dx), end());
  };
  const onUp = () => {
    dragX = null;
    container.classList.remove('dragging');
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const axis = timeAxis.getState();
    const x = scale();
    const span = x ? x.domain()[1] - x.domain()[0] : 0;
    let handled = true;
    if (e.key === '+' || e.key === '=') axis.zoom(ZOOM_STEP, end());
    else if (e.key === '-' || e.key === '_') axis.zoom(1 / ZOOM_STEP, end());
    else if (e.key === '0') axis.reset();
    else if (e.key === 'ArrowLeft') axis.pan(-span / 10, end());
    else if (e.key === 'ArrowRight') axis.pan(span / 10, end());
    else handled = false;
    if (handled) {
      e.preventDefault();
      e.stopPropagation(); // not the page's shortcuts
    }
  };
  svg.addEventListener('wheel', onWheel, { passive: false });
  svg.addEventListener('pointerdown', onDown);
  svg.addEventListener('pointermove', onMove);
  svg.addEventListener('pointerup', onUp);
  svg.addEventListener('pointercancel', onUp);
  container.addEventListener('keydown', onKey);
  return () => {
    svg.removeEventListener('wheel', onWheel);
    svg.removeEventListener('pointerdown', onDown);
    svg.removeEventListener('pointermove', onMove);
    svg.removeEventListener('pointerup', onUp);
    svg.removeEventListener('pointercancel', onUp);
    container.removeEventListener('keydown', onKey);
  };
}
