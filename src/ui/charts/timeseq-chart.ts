/**
 * The time-sequence diagram of one TCP flow (Stevens' classic): segment
 * number against time. Sent segments are dots, retransmissions open squares,
 * drops ×, and the ACK line steps up as cumulative ACKs arrive at the sender.
 *
 * Drawn on the chart's canvas: only the rows inside the shared time window,
 * and of the sent dots (and retransmission and drop marks) that would land on
 * the same pixel as the previous one of their kind, only one: zoomed out, a
 * whole run of sends is a dense line of dots at the cost of its pixels; zoomed
 * in, every packet is its own dot. The ACK line is a staircase reduced to one
 * step per pixel column. Retransmissions and drops are never thinned beyond
 * that. Dots and the staircase are integer-aligned rectangles (a blit each,
 * no anti-aliased paths), and the visible rows are read in one pass over the
 * trace's arrays, so the diagram costs little even with 50,000 rows in view.
 */
import type { PacketRing } from '../session/packet-ring';
import { TRACE_ACK, TRACE_DROPPED, TRACE_RETRANSMITTED, TRACE_SENT } from '../../worker/protocol';
import { SERIES_COLOURS } from './palette';
import { createTimeChart, type Chart, type DrawContext } from './time-chart';

/** What the diagram draws in the window shown: rows of each kind (for tests and the chart's description). */
export interface TimeSeqCounts {
  sent: number;
  retransmitted: number;
  acks: number;
  dropped: number;
}

/** Range of segment numbers in rows [from, to), padded; [0, 10] when empty. */
export function seqRange(ring: PacketRing | null, from: number, to: number): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  if (ring) {
    const { seqs, start } = ring.rows();
    for (let i = start + from; i < start + to; i++) {
      const s = seqs[i];
      if (s < lo) lo = s;
      if (s > hi) hi = s;
    }
  }
  if (lo === Infinity) return [0, 10];
  const pad = Math.max(1, (hi - lo) * 0.04);
  return [Math.max(0, lo - pad), hi + pad];
}

/** Indexes [from, to) of the rows inside [t0, t1], one extra on each side to keep the ACK line continuous. */
export function visibleRows(ring: PacketRing | null, t0: number, t1: number): [number, number] {
  if (!ring || ring.length === 0) return [0, 0];
  const from = Math.max(0, ring.lowerBound(t0) - 1);
  let to = ring.lowerBound(t1);
  while (to < ring.length && ring.t(to) <= t1) to++;
  return [from, Math.min(ring.length, to + 1)];
}

export function createTimeSeqChart(container: HTMLElement, flowLabel: string, ring: () => PacketRing | null, now: () => number): Chart {
  let range: [number, number] = [0, 0];
  // Marks to draw after the dots (retransmissions, drops), in pixels; reused between draws.
  let retx = new Float64Array(256);
  let drops = new Float64Array(256);

  const draw = ({ ctx, x, y, rem, t0, t1, windowStart }: DrawContext): number => {
    const r = ring();
    // The whole window's rows are counted; only the strip being drawn is drawn.
    const counts = countRows(r, range[0], range[1]);
    const [from, to] = t0 > windowStart ? visibleRows(r, t0, t1) : range;
    const scale = Math.max(1, rem / 16);
    const dot = Math.max(3, Math.round(0.18 * rem));
    const half = Math.floor(dot / 2);
    const lw = Math.max(2, Math.round(1.75 * scale));
    const h = Math.round(0.24 * rem); // half a mark
    let drawn = 0;
    let nRetx = 0;
    let nDrop = 0;

    if (r && to > from) {
      const { ts, seqs, kinds, start } = r.rows();
      // The staircase starts at the last ACK before the strip.
      let ackFrom = start + from;
      while (ackFrom > start && kinds[ackFrom] !== TRACE_ACK) ackFrom--;
      // One pass: the ACK staircase and the sent dots are drawn as they come,
      // in two colours, so the fill style switches are batched per kind below.
      // ACK steps: one per pixel column.
      ctx.fillStyle = SERIES_COLOURS.ack;
      let ackX = NaN;
      let ackY = 0;
      let colTop = 0;
      let colBottom = 0;
      const flushColumn = () => {
        if (colBottom > colTop) ctx.fillRect(ackX - (lw >> 1), colTop - (lw >> 1), lw, colBottom - colTop + lw);
      };
      for (let i = ackFrom; i < start + to; i++) {
        if (kinds[i] !== TRACE_ACK) continue;
        const ax = Math.round(x(ts[i]));
        const ay = Math.round(y(seqs[i]));
        if (Number.isNaN(ackX)) {
          ackX = ax;
          ackY = colTop = colBottom = ay;
          continue;
        }
        if (ax !== ackX) {
          flushColumn();
          // the tread: level at the previous ACK until this one
          ctx.fillRect(ackX, ackY - (lw >> 1), ax - ackX, lw);
          drawn++;
          colTop = Math.min(ackY, ay);
          colBottom = Math.max(ackY, ay);
          ackX = ax;
        } else {
          colTop = Math.min(colTop, ay);
          colBottom = Math.max(colBottom, ay);
        }
        ackY = ay;
      }
      if (!Number.isNaN(ackX)) {
        flushColumn();
        const endX = Math.round(x(Math.min(now(), ts[start + to - 1])));
        if (endX > ackX) ctx.fillRect(ackX, ackY - (lw >> 1), endX - ackX, lw);
      }

      // Sent segments: square dots, one per pixel; retransmissions and drops collected.
      ctx.fillStyle = SERIES_COLOURS.sent;
      let lastX = NaN;
      let lastY = NaN;
      for (let i = start + from; i < start + to; i++) {
        const k = kinds[i];
        if (k === TRACE_ACK) continue;
        const sx = Math.round(x(ts[i]));
        const sy = Math.round(y(seqs[i]));
        if (k === TRACE_SENT) {
          if (sx === lastX && sy === lastY) continue;
          lastX = sx;
          lastY = sy;
          ctx.fillRect(sx - half, sy - half, dot, dot);
          drawn++;
        } else if (k === TRACE_RETRANSMITTED) {
          if (2 * nRetx + 2 > retx.length) retx = grow(retx);
          retx[2 * nRetx] = sx;
          retx[2 * nRetx + 1] = sy;
          nRetx++;
        } else if (k === TRACE_DROPPED) {
          if (2 * nDrop + 2 > drops.length) drops = grow(drops);
          drops[2 * nDrop] = sx;
          drops[2 * nDrop + 1] = sy;
          nDrop++;
        }
      }
    }

    // Retransmissions (open squares) and drops (×), on top; one per pixel.
    ctx.beginPath();
    for (let k = 0; k < nRetx; k++) {
      const rx = retx[2 * k];
      const ry = retx[2 * k + 1];
      if (k > 0 && rx === retx[2 * k - 2] && ry === retx[2 * k - 1]) continue;
      ctx.rect(rx - h + 0.5, ry - h + 0.5, 2 * h, 2 * h);
      drawn++;
    }
    ctx.strokeStyle = SERIES_COLOURS.retransmit;
    ctx.lineWidth = 2 * scale;
    ctx.stroke();

    ctx.beginPath();
    for (let k = 0; k < nDrop; k++) {
      const dx = drops[2 * k];
      const dy = drops[2 * k + 1];
      if (k > 0 && dx === drops[2 * k - 2] && dy === drops[2 * k - 1]) continue;
      ctx.moveTo(dx - h, dy - h);
      ctx.lineTo(dx + h, dy + h);
      ctx.moveTo(dx + h, dy - h);
      ctx.lineTo(dx - h, dy + h);
      drawn++;
    }
    ctx.strokeStyle = SERIES_COLOURS.drop;
    ctx.lineWidth = 2 * scale;
    ctx.stroke();

    // For tests and curious students: the rows of each kind in the window.
    container.dataset.sent = String(counts.sent);
    container.dataset.retransmits = String(counts.retransmitted);
    container.dataset.acks = String(counts.acks);
    container.dataset.drops = String(counts.dropped);
    return drawn;
  };

  return createTimeChart(container, {
    ariaLabel: () => `Time-sequence diagram of ${flowLabel}: segment numbers sent, retransmitted, dropped and acknowledged over time`,
    xLabel: 'time (s)',
    yLabel: 'segment number',
    lines: [],
    xMax: now,
    yMax: () => 10,
    yDomain: (t0, t1) => {
      range = visibleRows(ring(), t0, t1);
      return seqRange(ring(), range[0], range[1]);
    },
    draw,
  });
}

function grow(a: Float64Array): Float64Array<ArrayBuffer> {
  const b = new Float64Array(a.length * 2);
  b.set(a);
  return b;
}

/** Rows of each kind among rows [from, to). */
export function countRows(ring: PacketRing | null, from: number, to: number): TimeSeqCounts {
  const counts: TimeSeqCounts = { sent: 0, retransmitted: 0, acks: 0, dropped: 0 };
  if (!ring) return counts;
  const { kinds, start } = ring.rows();
  for (let i = start + from; i < start + to; i++) {
    const k = kinds[i];
    if (k === TRACE_SENT) counts.sent++;
    else if (k === TRACE_ACK) counts.acks++;
    else if (k === TRACE_RETRANSMITTED) counts.retransmitted++;
    else if (k === TRACE_DROPPED) counts.dropped++;
  }
  return counts;
}
