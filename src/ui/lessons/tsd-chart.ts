/**
 * The time-sequence diagram (Stevens / tcptrace style) of one run's lesson
 * flow, as a factory on a container: segments sent (blue squares),
 * retransmissions (orange diamonds), ACKs arriving back (a green step line
 * with a dot per ACK, so duplicate ACKs show as a row of dots at one height)
 * and lost segments (red crosses), up to the lesson's cursor.
 *
 * The points are painted on a canvas (a run has tens of thousands); the
 * axes, the cursor and the rings around the current step's packets are SVG
 * on top. Zoomed, it shows a window just before the cursor, fitted to the
 * sequence numbers in it.
 */
import { axisBottom, axisLeft, scaleLinear, select } from 'd3';
import { PALETTE } from '../charts/palette';
import { createSvgFrame } from '../charts/svg-frame';
import { TRACE_ACK, TRACE_DROP, TRACE_RETX, type LessonTrace } from './lesson-compute';
import type { Highlight } from './step-highlights';

export const TSD_COLOURS = {
  sent: PALETTE.blue,
  retx: PALETTE.orange,
  ack: PALETTE.bluishGreen,
  drop: PALETTE.vermillion,
  highlight: '#111827',
} as const;

export interface TsdState {
  trace: LessonTrace;
  /** draw up to this time, seconds */
  cursor: number;
  /** x window [from, to] in seconds */
  window: [number, number];
  highlights: Highlight[];
  /** a level to mark (the recovery point at the start of fast recovery) */
  level?: { seq: number; label: string } | null;
  /** what the rings are about, shown beside them */
  highlightLabel?: string;
  ariaLabel: string;
}

export interface TsdChart {
  update(state: TsdState): void;
  destroy(): void;
}

function lowerBound(a: Float64Array, x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (a[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The sequence range of the trace's points in [from, to] (and of `extra`), padded. */
export function seqRange(trace: LessonTrace, from: number, to: number, extra: number[] = []): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = lowerBound(trace.time, from); i < trace.time.length && trace.time[i] <= to; i++) {
    const s = trace.seq[i];
    if (s < lo) lo = s;
    if (s > hi) hi = s;
  }
  for (const s of extra) {
    if (s < lo) lo = s;
    if (s > hi) hi = s;
  }
  if (!Number.isFinite(lo)) return [0, 10];
  const pad = Math.max(2, (hi - lo) * 0.06);
  return [Math.max(-1, lo - pad), hi + pad];
}

export function createTsdChart(container: HTMLElement): TsdChart {
  const canvas = select(container).append('canvas').attr('class', 'tsd-canvas').attr('aria-hidden', 'true');
  const frame = createSvgFrame(container, 'time-chart tsd-svg');
  const { svg, plot, xAxis, yAxis, xLabel, yLabel } = frame;
  xLabel.text('time (s)');
  yLabel.text('segment number');
  const levelLayer = plot.append('g').attr('class', 'tsd-level');
  const cursorLine = plot.append('line').attr('class', 'cursor-line');
  const ringLayer = plot.append('g').attr('class', 'tsd-rings');
  const ringLabel = plot.append('text').attr('class', 'tsd-ring-label');
  let last: TsdState | null = null;

  const draw = (st: TsdState): void => {
    last = st;
    const size = frame.fit(st.ariaLabel, { top: 0.75, right: 1.1, bottom: 2.6, left: 3.75 });
    if (!size) return;
    const { iw, ih, rem, m } = size;

    const [from, to] = st.window;
    const shownTo = Math.min(to, st.cursor);
    const extra = st.highlights.filter((h) => h.time >= from && h.time <= to).map((h) => h.seq);
    if (st.level) extra.push(st.level.seq);
    const [y0, y1] = seqRange(st.trace, from, shownTo, extra);
    const x = scaleLinear().domain([from, Math.max(to, from + 1e-9)]).range([0, iw]);
    const y = scaleLinear().domain([y0, y1]).range([ih, 0]);

    xAxis.attr('transform', `translate(0,${ih})`).call(axisBottom(x).ticks(Math.max(2, Math.floor(iw / (5.5 * rem)))).tickSizeOuter(0));
    yAxis.call(axisLeft(y).ticks(Math.max(2, Math.floor(ih / (2.4 * rem)))).tickFormat((d) => String(d)).tickSizeOuter(0));
    xLabel.attr('x', iw / 2).attr('y', ih + 2.3 * rem);
    yLabel.attr('x', -ih / 2).attr('y', -2.9 * rem);

    // Points, on the canvas.
    const dpr = window.devicePixelRatio || 1;
    const el = canvas.node()!;
    el.width = Math.round(iw * dpr);
    el.height = Math.round(ih * dpr);
    el.style.width = `${iw}px`;
    el.style.height = `${ih}px`;
    el.style.left = `${m.left}px`;
    el.style.top = `${m.top}px`;
    const ctx = el.getContext('2d');
    let points = 0;
    if (ctx) {
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      ctx.clearRect(0, 0, iw, ih);
      const t = st.trace;
      const start = lowerBound(t.time, from);
      const size = Math.max(2.5, 0.2 * rem);
      // ACK step line first, under the segments.
      ctx.strokeStyle = TSD_COLOURS.ack;
      ctx.lineWidth = 1.25;
      ctx.beginPath();
      let started = false;
      let px = 0;
      for (let i = start; i < t.time.length && t.time[i] <= shownTo; i++) {
        if (t.kind[i] !== TRACE_ACK) continue;
        const cx = x(t.time[i]);
        const cy = y(t.seq[i]);
        if (!started) {
          ctx.moveTo(cx, cy);
          started = true;
        } else {
          ctx.lineTo(cx, y(px));
          ctx.lineTo(cx, cy);
        }
        px = t.seq[i];
      }
      ctx.stroke();
      for (let i = start; i < t.time.length && t.time[i] <= shownTo; i++) {
        const cx = x(t.time[i]);
        const cy = y(t.seq[i]);
        if (cy < -size || cy > ih + size) continue;
        points++;
        switch (t.kind[i]) {
          case TRACE_ACK:
            ctx.fillStyle = TSD_COLOURS.ack;
            ctx.beginPath();
            ctx.arc(cx, cy, size * 0.55, 0, 2 * Math.PI);
            ctx.fill();
            break;
          case TRACE_RETX:
            ctx.fillStyle = TSD_COLOURS.retx;
            ctx.strokeStyle = '#7a5200';
            ctx.lineWidth = 1;
            ctx.beginPath();
            ctx.moveTo(cx, cy - size * 1.1);
            ctx.lineTo(cx + size * 1.1, cy);
            ctx.lineTo(cx, cy + size * 1.1);
            ctx.lineTo(cx - size * 1.1, cy);
            ctx.closePath();
            ctx.fill();
            ctx.stroke();
            break;
          case TRACE_DROP:
            ctx.strokeStyle = TSD_COLOURS.drop;
            ctx.lineWidth = 2;
            ctx.beginPath();
            ctx.moveTo(cx - size, cy - size);
            ctx.lineTo(cx + size, cy + size);
            ctx.moveTo(cx + size, cy - size);
            ctx.lineTo(cx - size, cy + size);
            ctx.stroke();
            break;
          default:
            ctx.fillStyle = TSD_COLOURS.sent;
            ctx.fillRect(cx - size / 2, cy - size / 2, size, size);
        }
      }
    }
    container.dataset.points = String(points);

    const cx = x(st.cursor);
    cursorLine
      .attr('x1', cx)
      .attr('x2', cx)
      .attr('y1', 0)
      .attr('y2', ih)
      .attr('display', st.cursor >= from && st.cursor <= to ? null : 'none');

    const levels = st.level ? [st.level] : [];
    levelLayer
      .selectAll<SVGGElement, { seq: number; label: string }>('g')
      .data(levels)
      .join((enter) => {
        const g = enter.append('g');
        g.append('line');
        g.append('text').attr('text-anchor', 'start');
        return g;
      })
      .call((g) =>
        g
          .select('line')
          .attr('x1', 0)
          .attr('x2', iw)
          .attr('y1', (d) => y(d.seq))
          .attr('y2', (d) => y(d.seq)),
      )
      .call((g) =>
        g
          .select('text')
          .attr('x', 0.4 * rem)
          .attr('y', (d) => y(d.seq) - 0.35 * rem)
          .text((d) => d.label),
      );

    const rings = st.highlights.filter((h) => h.time >= from - 1e-9 && h.time <= to + 1e-9);
    ringLayer
      .selectAll<SVGCircleElement, Highlight>('circle')
      .data(rings)
      .join('circle')
      .attr('class', (h) => `tsd-ring ring-${h.kind}`)
      .attr('cx', (h) => x(h.time))
      .attr('cy', (h) => y(h.seq))
      .attr('r', 0.6 * rem);
    const lead = rings[rings.length - 1];
    if (lead && st.highlightLabel) {
      const lx = x(lead.time);
      const right = lx < iw * 0.62;
      ringLabel
        .attr('display', null)
        .attr('x', right ? lx + 0.9 * rem : lx - 0.9 * rem)
        .attr('y', Math.min(ih - 0.5 * rem, Math.max(1 * rem, y(lead.seq) + 0.3 * rem)))
        .attr('text-anchor', right ? 'start' : 'end')
        .text(st.highlightLabel);
    } else ringLabel.attr('display', 'none');
    container.dataset.highlights = String(rings.length);
  };

  const resize = new ResizeObserver(() => {
    if (last) draw(last);
  });
  resize.observe(container);

  return {
    update: draw,
    destroy() {
      resize.disconnect();
      canvas.remove();
      svg.remove();
    },
  };
}
