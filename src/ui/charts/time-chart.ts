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
 * a few per pixel column (canvas-draw.ts).
 *
 * Sizes follow the root font size, so the large-text mode for projectors
 * scales the axes, labels and line widths along with the rest of the page.
 */
import { axisBottom, axisLeft, axisRight, format, scaleLinear, select, type ScaleLinear } from 'd3';
import { attachAxisInput } from './axis-input';
import { countBetween, drawMarkers } from './canvas-markers';
import { dashArray, fillArea, fillLine, linear, tracePolyline, visibleRange } from './canvas-draw';
import { cancelDraw, requestBackgroundDraw, requestDraw } from './frame-scheduler';
import type { Chart, TimeChartSpec } from './chart-spec';
import type { RingBuffer } from './ring-buffer';
import { currentDomain, timeAxis } from './time-axis';

export type { Band, Chart, ChartLine, ChartMarker, DrawContext, MarkerStyle, ReferenceLine, SecondaryLine, TimeChartSpec } from './chart-spec';

const SVG_NS = 'http://www.w3.org/2000/svg';
const GRID_COLOUR = '#edf0f4';
const LABEL_COLOUR = '#586273';
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
/**
 * A line with more visible points than plot width / DENSE_POINTS_PER_PX is
 * drawn as column spans (canvas-draw.ts fillLine), fewer as an anti-aliased
 * stroke: the same picture, at a cost bounded by the chart's width.
 */
const DENSE_POINTS_PER_PX = 1 / 3;
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

  const svg = select(container).append('svg').attr('xmlns', SVG_NS).attr('class', 'time-chart').attr('role', 'img');
  const plot = svg.append('g').attr('class', 'plot');
  // Transparent hit area for wheel, drag and hover.
  const hit = plot.append('rect').attr('class', 'hit-area').attr('fill', 'transparent');
  const xAxis = plot.append('g').attr('class', 'axis axis-x').attr('pointer-events', 'none');
  const yAxis = plot.append('g').attr('class', 'axis axis-y').attr('pointer-events', 'none');
  const y2Axis = plot.append('g').attr('class', 'axis axis-y2').attr('pointer-events', 'none');
  const y2Label = plot.append('text').attr('class', 'axis-label axis-label-y2').attr('text-anchor', 'middle').attr('transform', 'rotate(90)');
  const xLabel = plot.append('text').attr('class', 'axis-label').attr('text-anchor', 'middle').text(spec.xLabel);
  const yLabel = plot.append('text').attr('class', 'axis-label').attr('text-anchor', 'middle').attr('transform', 'rotate(-90)').text(spec.yLabel);
  const tooltip = document.createElement('div');
  tooltip.className = 'chart-tooltip';
  tooltip.hidden = true;
  container.appendChild(tooltip);

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
  /** dataset values last written (writing an unchanged attribute still costs) */
  const shown: Record<string, string> = {};
  const setData = (key: string, value: string | null) => {
    if (shown[key] === (value ?? '\u0000')) return;
    shown[key] = value ?? '\u0000';
    if (value === null) delete container.dataset[key];
    else container.dataset[key] = value;
  };

  function draw(): void {
    if (!stale || destroyed) return;
    if (width <= 0 || height <= 0) return;
    stale = false;
    const secondaryLabel = spec.secondary?.label() ?? '';
    const m = { top: 0.75 * rem, right: secondaryLabel ? 3.75 * rem : 1 * rem, bottom: 2.75 * rem, left: 3.75 * rem };
    margin = m;
    const iw = Math.max(10, width - m.left - m.right);
    const ih = Math.max(10, height - m.top - m.bottom);

    const dataEnd = spec.xMax();
    const [t0, t1] = currentDomain(timeAxis.getState(), dataEnd);
    const x = scaleLinear().domain([t0, t1]).range([0, iw]);
    const yd = spec.yDomain?.(t0, t1) ?? [0, Math.max(spec.yMax(t0, t1), 1e-9)];
    const y = scaleLinear().domain(yd).range([ih, 0]).nice();
    lastX = x;
    lastY = y;
    const px = linear(t0, t1, 0, iw);
    const [ylo, yhi] = y.domain();
    const py = linear(ylo, yhi, ih, 0);
    const xTicks = Math.max(2, Math.floor(iw / (6 * rem)));
    const yTicks = Math.max(2, Math.floor(ih / (2.5 * rem)));
    const lineScale = Math.max(1, rem / 16);

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
    const key = `${width}x${height}@${rem}|${t0}|${t1}|${y.domain()}|${y2?.domain() ?? ''}|${secondaryLabel}`;
    const frameChanged = key !== frameKey;
    if (frameChanged) {
      frameKey = key;
      svg.attr('width', width).attr('height', height).attr('viewBox', `0 0 ${width} ${height}`);
      plot.attr('transform', `translate(${m.left},${m.top})`);
      hit.attr('width', iw).attr('height', ih);
      xAxis.attr('transform', `translate(0,${ih})`).call(axisBottom(x).ticks(xTicks).tickSizeOuter(0));
      yAxis.call(axisLeft(y).ticks(yTicks).tickFormat(valueFormat(y, yTicks)).tickSizeOuter(0));
      xLabel.attr('x', iw / 2).attr('y', ih + 2.4 * rem);
      yLabel.attr('x', -ih / 2).attr('y', -2.9 * rem);
      if (y2) {
        y2Axis.attr('transform', `translate(${iw},0)`).call(axisRight(y2).ticks(yTicks).tickFormat(valueFormat(y2, yTicks)).tickSizeOuter(0));
        y2Label.attr('x', ih / 2).attr('y', -iw - 3 * rem).text(secondaryLabel);
      } else {
        y2Axis.selectAll('*').remove();
        y2Label.text('');
      }
      setData('t0', String(t0));
      setData('t1', String(t1));
    }
    const aria = spec.ariaLabel();
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
    setData('secondaryPoints', sRange ? String(sRange[1] - sRange[0]) : null);
    const bands = spec.bands?.() ?? [];
    let bandsShown = 0;
    for (const b of bands) if (b.end >= t0 && b.start <= t1) bandsShown++;
    const markers = spec.markers?.() ?? [];
    const markersShown = countBetween(markers, t0, t1);
    setData('lines', String(linesShown));
    setData('bands', String(bandsShown));
    setData('markers', String(markersShown));

    // ---- canvas. While the frame is unchanged (the axis stands still while
    // the data grows into it) only the strip from just before the last drawn
    // time is cleared and drawn again: a few pixel columns per frame.
    const incremental = !frameChanged && drawnEnd !== null && dataEnd >= drawnEnd;
    const fromX = incremental ? Math.max(0, Math.floor(px(drawnEnd!)) - REDRAW_BACK_PX) : 0;
    drawnEnd = dataEnd;
    if (fromX >= iw + 2) return; // nothing new in view
    const tFrom = fromX === 0 ? t0 : t0 + ((t1 - t0) * fromX) / iw;

    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    if (fromX === 0) ctx.clearRect(0, 0, width, height);
    ctx.translate(m.left, m.top);
    ctx.save();
    ctx.beginPath();
    ctx.rect(fromX, -2, iw + 2 - fromX, ih + 4);
    ctx.clip();
    if (fromX > 0) ctx.clearRect(fromX, -2, iw + 2 - fromX, ih + 4);
    ctx.lineJoin = 'round';
    ctx.lineCap = 'butt';
    ctx.setLineDash([]);

    ctx.fillStyle = GRID_COLOUR;
    for (const v of y.ticks(yTicks)) ctx.fillRect(fromX, Math.round(py(v)), iw - fromX, 1);

    if (bandsShown > 0) {
      ctx.fillStyle = spec.bandColour ?? '#000';
      ctx.globalAlpha = 0.16;
      for (const b of bands) {
        if (b.end < tFrom || b.start > t1) continue;
        const bx = Math.round(px(b.start));
        ctx.fillRect(bx, 0, Math.max(1, Math.round(px(b.end)) - bx), ih);
      }
      ctx.globalAlpha = 1;
    }

    /**
     * One series: column spans when dense in the window, an anti-aliased
     * stroke when sparse. A sparse stroke is traced over the whole window even
     * when only a strip is redrawn (the clip keeps it to the strip): it is
     * cheap, and its dash pattern then lines up with what is already drawn.
     */
    const drawSeries = (buf: RingBuffer, dense: boolean, yMap: (v: number) => number, colour: string, lineWidth: number, dash: string | undefined): void => {
      const [from, to] = visibleRange(buf, dense ? tFrom : t0, t1);
      if (to <= from) return;
      const pattern = dashArray(dash).map((d) => d * lineScale);
      if (dense) {
        ctx.fillStyle = colour;
        fillLine(buf, from, to, px, yMap, lineWidth, pattern, ctx);
        return;
      }
      ctx.beginPath();
      if (tracePolyline(buf, from, to, px, yMap, ctx) === 0) return;
      ctx.strokeStyle = colour;
      ctx.lineWidth = lineWidth;
      ctx.setLineDash(pattern);
      ctx.stroke();
      ctx.setLineDash([]);
    };
    const isDense = (r: readonly [number, number]) => r[1] - r[0] > iw * DENSE_POINTS_PER_PX;

    spec.lines.forEach((l, k) => {
      if (!l.area) return;
      const buf = l.buffer();
      if (!buf || buf.length === 0) return;
      const [from, to] = visibleRange(buf, isDense(ranges[k]) ? tFrom : t0, t1);
      if (to - from < 1) return;
      ctx.fillStyle = l.colour;
      ctx.globalAlpha = 0.18;
      if (isDense(ranges[k])) {
        fillArea(buf, from, to, px, py, Math.round(py(0)), ctx);
      } else {
        // A closed polygon down to the axis; gaps (NaN) are drawn as empty.
        ctx.beginPath();
        ctx.moveTo(px(buf.t(from)), py(0));
        tracePolyline({ length: buf.length, t: (i) => buf.t(i), y: (i) => (Number.isFinite(buf.y(i)) ? buf.y(i) : 0), lowerBound: (t) => buf.lowerBound(t) }, from, to, px, py, {
          moveTo: (a, b) => ctx.lineTo(a, b),
          lineTo: (a, b) => ctx.lineTo(a, b),
        });
        ctx.lineTo(px(buf.t(to - 1)), py(0));
        ctx.closePath();
        ctx.fill();
      }
      ctx.globalAlpha = 1;
    });

    if (sbuf && y2 && sRange) {
      const [a, b] = y2.domain();
      drawSeries(sbuf, isDense(sRange), linear(a, b, ih, 0), spec.secondary!.colour, 1.75 * lineScale, spec.secondary!.dash);
    }

    spec.lines.forEach((l, k) => {
      const buf = l.buffer();
      if (buf && buf.length > 0) drawSeries(buf, isDense(ranges[k]), py, l.colour, (l.width ?? 2) * lineScale, l.dash);
    });

    if (spec.draw) points += spec.draw({ ctx, x: px, y: py, t0: tFrom, t1, rem, width: iw, height: ih, windowStart: t0 });

    for (const r of spec.referenceLines?.() ?? []) {
      const ry = Math.round(py(r.y)) + 0.5;
      ctx.beginPath();
      ctx.moveTo(0, ry); // from 0 (clipped to the strip), so the dashes line up with those drawn before
      ctx.lineTo(iw, ry);
      ctx.strokeStyle = r.colour;
      ctx.lineWidth = 1.5;
      ctx.setLineDash(dashArray(r.dash));
      ctx.lineDashOffset = 0;
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.fillStyle = LABEL_COLOUR;
      ctx.font = `${0.75 * rem}px ${FONT}`;
      ctx.textAlign = 'right';
      ctx.textBaseline = 'alphabetic';
      ctx.fillText(r.label, iw - 0.25 * rem, ry - 0.3 * rem);
    }

    if (markersShown > 0) {
      // markers just left of the strip reach into it: draw them again too
      const reach = (t1 - t0) * ((0.6 * rem) / iw);
      drawMarkers(ctx, markers, tFrom - reach, t1, px, py, spec.markerStyles ?? {}, (rem / 16) ** 2);
    }
    ctx.restore();
    setData('points', String(points));
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
    draw(); // at once, so a resized chart is never shown blank
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
