/**
 * A chart over simulated time, as a factory `{update, destroy}` (the xyflow
 * pattern): created once on a container element, it owns its nodes and
 * redraws from ring buffers. React never renders inside it, so D3 and React
 * never fight over the same nodes.
 *
 * Canvas for the data, SVG for the frame. Series, shading, markers and
 * packets are drawn on a <canvas>: one bitmap however many points, so a
 * redraw costs no DOM, style or layout work (with SVG paths, restyling and
 * repainting two dozen charts 30 times a second was most of the main
 * thread's time). Axes, tick labels and axis titles stay in an SVG on top:
 * few nodes, crisp text, and tests and screen readers can read them.
 *
 * A chart draws only when asked (`update`: new data; the shared time axis;
 * a resize), at most once per animation frame (frame-scheduler.ts), only
 * while on screen, and only the points inside the visible window, reduced to
 * a few per pixel column (canvas-draw.ts); the dense lines are painted into a
 * pixel buffer of the chart's own and put onto the canvas as one image
 * (span-raster.ts). A full redraw of a chart of many lines while a run plays
 * (the followed axis stepped out) is painted off screen over several frames
 * and swapped in whole, axes and lines together (split-redraw.ts).
 *
 * Sizes follow the root font size, so the large-text mode for projectors
 * scales the axes, labels and line widths along with the rest of the page.
 */
import { axisBottom, axisLeft, axisRight, format, scaleLinear, select, type ScaleLinear } from 'd3';
import { attachAxisInput } from './axis-input';
import { countBetween } from './canvas-markers';
import { linear, visibleRange } from './canvas-draw';
import { inlineFrameStyles } from './frame-styles';
import { SvgRecorder } from './svg-recorder';
import { SpanRaster } from './span-raster';
import { paintData, type PaintFrame } from './time-chart-paint';
import { cancelDraw, requestBackgroundDraw, requestDraw } from './frame-scheduler';
import { SPLIT_MIN_LINES, SplitRedraw } from './split-redraw';
import type { Chart, TimeChartSpec } from './chart-spec';
import { chartWords, firstWords } from './chart-words';
import { currentDomain, timeAxis } from './time-axis';
import { steadyDomain, type ValueDomain } from './value-axis';

export type {
  Band,
  Chart,
  ChartLine,
  ChartMarker,
  DrawContext,
  MarkerStyle,
  ReferenceLine,
  SecondaryLine,
  TimeChartSpec,
} from './chart-spec';

const SVG_NS = 'http://www.w3.org/2000/svg';
/** An incremental draw starts this many pixels before the last drawn time (the newest point may have moved). */
const REDRAW_BACK_PX = 4;
/** A chart scrolled out of view redraws at most this often, ms. */
const OFFSCREEN_MS = 1000;

export function createTimeChart(container: HTMLElement, spec: TimeChartSpec): Chart {
  // Focusable, so +/-/0 zoom and the arrow keys pan when the chart has focus.
  if (!container.hasAttribute('tabindex')) container.tabIndex = 0;
  const canvas = document.createElement('canvas');
  canvas.className = 'time-chart-canvas';
  canvas.setAttribute('aria-hidden', 'true');
  container.appendChild(canvas);
  const maybeCtx = canvas.getContext('2d');
  if (!maybeCtx) throw new Error('this browser cannot draw on a canvas');
  const ctx: CanvasRenderingContext2D = maybeCtx;

  // An image needs its words from the start, not from its first draw: a screen reader (or an
  // accessibility check) can reach a chart made while the run plays before it has been drawn.
  const svg = select(container)
    .append('svg')
    .attr('xmlns', SVG_NS)
    .attr('class', 'time-chart')
    .attr('role', 'img')
    .attr('aria-label', firstWords(spec));
  const plot = svg.append('g').attr('class', 'plot');
  // Transparent hit area for wheel, drag and hover.
  const hit = plot.append('rect').attr('class', 'hit-area').attr('fill', 'transparent');
  const xAxis = plot.append('g').attr('class', 'axis axis-x').attr('pointer-events', 'none');
  const yAxis = plot.append('g').attr('class', 'axis axis-y').attr('pointer-events', 'none');
  const y2Axis = plot.append('g').attr('class', 'axis axis-y2').attr('pointer-events', 'none');
  const y2Label = plot
    .append('text')
    .attr('class', 'axis-label axis-label-y2')
    .attr('text-anchor', 'middle')
    .attr('transform', 'rotate(90)');
  const xLabel = plot.append('text').attr('class', 'axis-label').attr('text-anchor', 'middle').text(spec.xLabel);
  const yLabel = plot
    .append('text')
    .attr('class', 'axis-label')
    .attr('text-anchor', 'middle')
    .attr('transform', 'rotate(-90)')
    .text(spec.yLabel);
  const tooltip = document.createElement('div');
  tooltip.className = 'chart-tooltip';
  tooltip.hidden = true;
  container.appendChild(tooltip);

  /** the dense lines' pixels, put onto the canvas as one image per draw */
  const raster = new SpanRaster();
  /** scales of the last draw, for pointer positions → times and marker picking */
  let lastX: ScaleLinear<number, number> | null = null;
  let lastY: ScaleLinear<number, number> | null = null;
  let margin = { top: 0, right: 0, bottom: 0, left: 0 };

  // Size and root font size are read when they change (ResizeObserver), never
  // while drawing: reading layout there would force a layout per chart per frame.
  let width = container.clientWidth;
  let height = container.clientHeight;
  let dpr = 1;
  const readRem = () => parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  let rem = readRem();
  const sizeCanvas = () => {
    dpr = window.devicePixelRatio || 1;
    canvas.width = Math.max(1, Math.round(width * dpr));
    canvas.height = Math.max(1, Math.round(height * dpr));
    canvas.style.width = `${width}px`;
    canvas.style.height = `${height}px`;
  };
  sizeCanvas();

  // A chart scrolled out of view draws at most once per OFFSCREEN_MS, in
  // frames with time to spare (so a full-page picture is never far behind),
  // and at once when it comes back into view: a 22-flow run costs what the
  // visible charts cost.
  let onScreen = true;
  let stale = true;
  let offscreenTimer: ReturnType<typeof setTimeout> | null = null;
  /** what the SVG frame shows, to skip rebuilding unchanged axes */
  let frameKey = '';
  let destroyed = false;

  const update = (): void => {
    stale = true;
    if (destroyed) return;
    if (onScreen) requestDraw(draw);
    else
      offscreenTimer ??= setTimeout(() => {
        offscreenTimer = null;
        if (stale && !destroyed) requestBackgroundDraw(draw);
      }, OFFSCREEN_MS);
  };

  /** data time up to which the canvas is drawn, for incremental draws; null = draw everything */
  let drawnEnd: number | null = null;
  /** the value axis shown while following a playing run, kept while the data fits it */
  let shownY: ValueDomain | null = null;
  /** the layout of the last draw (for snapshot) */
  let lastFrame: PaintFrame | null = null;
  /**
   * A full redraw being painted off screen over several frames, with what
   * shows it: its axes, counts and layout go up with its picture, at once.
   */
  const split = new SplitRedraw<{ drawnEnd: number; show: () => void }>();
  /** dataset values last written (writing an unchanged attribute still costs) */
  const shown: Record<string, string> = {};
  const setData = (key: string, value: string | null) => {
    if (shown[key] === (value ?? '\u0000')) return;
    shown[key] = value ?? '\u0000';
    if (value === null) delete container.dataset[key];
    else container.dataset[key] = value;
  };

  /**
   * Draw what changed. `sync`: a full redraw is done at once, never split
   * over frames (a resize, a picture being saved).
   */
  function draw(sync = false): void {
    if ((!stale && !split.active) || destroyed) return;
    if (width <= 0 || height <= 0) return;
    stale = false;
    const secondaryLabel = spec.secondary?.label() ?? '';
    const m = { top: 0.75 * rem, right: secondaryLabel ? 3.75 * rem : 1 * rem, bottom: 2.75 * rem, left: 3.75 * rem };
    const iw = Math.max(10, width - m.left - m.right);
    const ih = Math.max(10, height - m.top - m.bottom);

    const dataEnd = spec.xMax();
    const axis = timeAxis.getState();
    const [t0, t1] = currentDomain(axis, dataEnd);
    const x = scaleLinear().domain([t0, t1]).range([0, iw]);
    const yd = spec.yDomain?.(t0, t1) ?? [0, Math.max(spec.yMax(t0, t1), 1e-9)];
    // Following a playing run, the value axis stands still while the data
    // fits (value-axis.ts); paused, zoomed or panned, it fits the data.
    const steady = axis.live && axis.fixed === null && !axis.span;
    const y = scaleLinear()
      .domain(steady ? steadyDomain(shownY, yd) : yd)
      .range([ih, 0])
      .nice();
    shownY = steady ? (y.domain() as [number, number]) : null;
    const px = linear(t0, t1, 0, iw);
    const [ylo, yhi] = y.domain();
    const xTicks = Math.max(2, Math.floor(iw / (6 * rem)));
    const yTicks = Math.max(2, Math.floor(ih / (2.5 * rem)));

    // ---- secondary axis range (needs a pass over its visible points)
    const sbuf = secondaryLabel ? (spec.secondary?.buffer() ?? null) : null;
    let y2: ScaleLinear<number, number> | null = null;
    if (sbuf && sbuf.length > 0) {
      const [from, to] = visibleRange(sbuf, t0, t1);
      let lo = Infinity;
      let hi = -Infinity;
      for (let i = from; i < to; i++) {
        const v = sbuf.y(i);
        if (!Number.isFinite(v)) continue;
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
      if (lo === Infinity) lo = hi = 0;
      const bottom = Math.min(0, lo);
      y2 = scaleLinear()
        .domain([bottom, Math.max(hi * 1.08, bottom + 1e-9)])
        .range([ih, 0])
        .nice();
    }

    // ---- SVG frame: axes and labels, rebuilt only when they change
    const cursor = timeAxis.getState().cursor ?? null;
    const key = `${width}x${height}@${rem}|${t0}|${t1}|${y.domain()}|${y2?.domain() ?? ''}|${secondaryLabel}|${cursor}`;
    const frameChanged = key !== frameKey;
    const showFrame = (): void => {
      lastX = x;
      lastY = y;
      margin = m;
      if (key === frameKey) return;
      frameKey = key;
      svg.attr('width', width).attr('height', height).attr('viewBox', `0 0 ${width} ${height}`);
      plot.attr('transform', `translate(${m.left},${m.top})`);
      hit.attr('width', iw).attr('height', ih);
      xAxis.attr('transform', `translate(0,${ih})`).call(axisBottom(x).ticks(xTicks).tickSizeOuter(0));
      yAxis.call(axisLeft(y).ticks(yTicks).tickFormat(valueFormat(y, yTicks)).tickSizeOuter(0));
      xLabel.attr('x', iw / 2).attr('y', ih + 2.4 * rem);
      yLabel.attr('x', -ih / 2).attr('y', -2.9 * rem);
      if (y2) {
        y2Axis
          .attr('transform', `translate(${iw},0)`)
          .call(axisRight(y2).ticks(yTicks).tickFormat(valueFormat(y2, yTicks)).tickSizeOuter(0));
        y2Label
          .attr('x', ih / 2)
          .attr('y', -iw - 3 * rem)
          .text(secondaryLabel);
      } else {
        y2Axis.selectAll('*').remove();
        y2Label.text('');
      }
      setData('t0', String(t0));
      setData('t1', String(t1));
      setData('yMin', String(ylo));
      setData('yMax', String(yhi));
      setData('y2Max', y2 ? String(y2.domain()[1]) : null);
      setData('cursor', cursor === null ? null : String(cursor));
      setData('lineColours', spec.lines.map((l) => `${l.key}:${l.colour}`).join(' '));
    };
    const aria = chartWords(spec);
    if (aria !== shown.aria) {
      shown.aria = aria;
      svg.attr('aria-label', aria);
    }

    // ---- what is in the window (for tests and curious students), however much is redrawn
    let points = 0;
    let linesShown = 0;
    const ranges = spec.lines.map((l) => {
      const buf = l.buffer();
      const r = buf ? visibleRange(buf, t0, t1) : ([0, 0] as [number, number]);
      if (r[1] > r[0]) {
        points += r[1] - r[0];
        linesShown++;
      }
      return r;
    });
    const sRange = sbuf && y2 ? visibleRange(sbuf, t0, t1) : null;
    const secondaryPoints = sRange ? String(sRange[1] - sRange[0]) : null;
    const bands = spec.bands?.() ?? [];
    let bandsShown = 0;
    for (const b of bands) if (b.end >= t0 && b.start <= t1) bandsShown++;
    const markers = spec.markers?.() ?? [];
    const showCounts = (): void => {
      setData('secondaryPoints', secondaryPoints);
      setData('lines', String(linesShown));
      setData('bands', String(bandsShown));
      setData('markers', String(countBetween(markers, t0, t1)));
    };
    const frame: PaintFrame = {
      spec,
      t0,
      t1,
      iw,
      ih,
      rem,
      yDomain: [ylo, yhi],
      yTicks: y.ticks(yTicks),
      y2Domain: y2 ? (y2.domain() as [number, number]) : null,
      ranges,
      bands,
      markers,
      cursor,
    };

    // ---- canvas. While the frame is unchanged (the axis stands still while
    // the data grows into it) only the strip from just before the last drawn
    // time is cleared and drawn again: a few pixel columns per frame.
    const incremental = !frameChanged && drawnEnd !== null && dataEnd >= drawnEnd;
    const fromX = incremental ? Math.max(0, Math.floor(px(drawnEnd!)) - REDRAW_BACK_PX) : 0;
    // The next strip starts at the newest point drawn, not at the run's clock:
    // between two samples the clock moves on, and a strip started there would
    // leave the segment up to the next sample undrawn.
    let newest = -Infinity;
    for (const l of spec.lines) {
      const b = l.buffer();
      if (b && b.length > 0) newest = Math.max(newest, b.t(b.length - 1));
    }
    const end = Number.isFinite(newest) ? Math.min(dataEnd, newest) : dataEnd;

    // ---- a full redraw of many lines while following a playing run: painted
    // off screen within each frame's drawing budget, the previous picture
    // (with its axes) shown meanwhile, the new one swapped in whole. When the
    // axes change again before it is complete (they step every ~0.2 s at
    // most), it is finished and shown all the same, and the next one starts
    // in the next frame: no work thrown away, and a picture at most one
    // redraw behind.
    const splitting = !sync && !incremental && steady && onScreen && spec.lines.length >= SPLIT_MIN_LINES;
    if (!splitting) split.abandon();
    else {
      const show = () => {
        showFrame();
        showCounts();
      };
      const target = { canvas, ctx, width, height, dpr, left: m.left, top: m.top };
      const done = split.step(target, key, frame, { raster, dpr }, { drawnEnd: end, show });
      if (done === 'pending') {
        requestDraw(draw);
        return;
      }
      if (done !== null) {
        done.extra.show();
        lastFrame = done.frame;
        drawnEnd = done.extra.drawnEnd;
        setData('points', String(points + done.points));
        if (done.key !== key) {
          // the axes moved on meanwhile: the next redraw, in the next frame
          stale = true;
          requestDraw(draw);
        }
        return;
      }
    }

    showFrame();
    showCounts();
    lastFrame = frame;
    drawnEnd = end;
    if (fromX >= iw + 2) return; // nothing new in view

    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    if (fromX === 0) ctx.clearRect(0, 0, width, height);
    ctx.translate(m.left, m.top);
    points += paintData(ctx, frame, fromX, false, { raster, dpr });
    setData('points', String(points));
  }

  /** The chart as one standalone SVG: the frame as on screen, the data drawn as vector paths. */
  function snapshot(): SVGSVGElement | null {
    draw(true);
    const frame = lastFrame;
    if (!frame) return null;
    const copy = svg.node()!.cloneNode(true) as SVGSVGElement;
    copy.removeAttribute('class');
    copy.querySelector('.hit-area')?.remove();
    inlineFrameStyles(svg.node()!, copy);
    const rec = new SvgRecorder();
    rec.translate(margin.left, margin.top);
    paintData(rec, frame, 0, true);
    const data = document.createElementNS(SVG_NS, 'g');
    data.setAttribute('class', 'data');
    data.innerHTML = rec.markup();
    copy.insertBefore(data, copy.firstChild);
    return copy;
  }

  const resize = new ResizeObserver((entries) => {
    const box = entries[entries.length - 1]?.contentRect;
    const w = box ? box.width : container.clientWidth;
    const h = box ? box.height : container.clientHeight;
    const r = readRem();
    if (w === width && h === height && r === rem && (window.devicePixelRatio || 1) === dpr) return;
    width = w;
    height = h;
    rem = r;
    frameKey = '';
    drawnEnd = null;
    sizeCanvas();
    stale = true;
    draw(true); // at once, so a resized chart is never shown blank
  });
  resize.observe(container);
  const visibility =
    typeof IntersectionObserver === 'undefined'
      ? null
      : new IntersectionObserver(
          (entries) => {
            onScreen = entries[entries.length - 1]?.isIntersecting ?? true;
            if (onScreen && stale) requestDraw(draw);
          },
          { rootMargin: '100px 0px' },
        );
  visibility?.observe(container);

  // The shared axis: any chart's zoom redraws every chart, in the same frame.
  const unsubscribeAxis = timeAxis.subscribe(update);
  const detachInput = attachAxisInput(container, svg.node()!, tooltip, {
    x: () => lastX,
    y: () => lastY,
    marginLeft: () => margin.left,
    marginTop: () => margin.top,
    end: spec.xMax,
    markers: () => spec.markers?.() ?? [],
  });
  update();

  return {
    update,
    snapshot,
    destroy() {
      destroyed = true;
      cancelDraw(draw);
      if (offscreenTimer) clearTimeout(offscreenTimer);
      resize.disconnect();
      visibility?.disconnect();
      unsubscribeAxis();
      detachInput();
      svg.remove();
      canvas.remove();
      tooltip.remove();
    },
  };
}
const SI = format('~s');

/** Tick labels of a value axis: d3's usual ones, or 30k, 2.5M for large values, so they fit beside the axis title. */
function valueFormat(scale: ScaleLinear<number, number>, ticks: number): (v: number | { valueOf(): number }) => string {
  const [a, b] = scale.domain();
  if (Math.max(Math.abs(a), Math.abs(b)) < 1e4) return scale.tickFormat(ticks);
  return (v) => SI(+v);
}
