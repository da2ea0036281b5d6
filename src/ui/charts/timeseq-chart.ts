/**
 * The time-sequence diagram of one TCP flow (Stevens' classic): segment
 * number against time. Sent segments are dots, retransmissions open squares,
 * drops ×, and the ACK line steps up as cumulative ACKs arrive at the sender.
 *
 * Each kind is ONE SVG path however many packets it holds, so the diagram
 * stays cheap; only the rows inside the shared time window are drawn, and
 * sent dots are thinned past MAX_DOTS (retransmissions and drops never are).
 */
import type { PacketRing } from '../session/packet-ring';
import { TRACE_ACK, TRACE_DROPPED, TRACE_RETRANSMITTED, TRACE_SENT } from '../../worker/protocol';
import { SERIES_COLOURS } from './palette';
import { createTimeChart, type Chart, type DrawContext } from './time-chart';

export const MAX_DOTS = 8000;

/** Range of segment numbers in rows [from, to), padded; [0, 10] when empty. */
export function seqRange(ring: PacketRing | null, from: number, to: number): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  if (ring) {
    for (let i = from; i < to; i++) {
      const s = ring.seq(i);
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
  let paths: Record<'ack' | 'sent' | 'retx' | 'drop', SVGPathElement> | null = null;
  let range: [number, number] = [0, 0];

  const draw = ({ layer, x, y, rem }: DrawContext): number => {
    if (!paths) {
      const mk = (cls: string, attrs: Record<string, string>) => {
        const p = layer.append('path').attr('class', cls);
        for (const [k, v] of Object.entries(attrs)) p.attr(k, v);
        return p.node()!;
      };
      paths = {
        ack: mk('tsd-ack', { fill: 'none', stroke: SERIES_COLOURS.ack, 'stroke-width': '1.75' }),
        sent: mk('tsd-sent', { fill: 'none', stroke: SERIES_COLOURS.sent, 'stroke-linecap': 'round' }),
        retx: mk('tsd-retransmits', { fill: 'none', stroke: SERIES_COLOURS.retransmit, 'stroke-width': '2', 'data-testid': 'timeseq-retransmits' }),
        drop: mk('tsd-drops', { fill: 'none', stroke: SERIES_COLOURS.drop, 'stroke-width': '2', 'data-testid': 'timeseq-drops' }),
      };
    }
    const r = ring();
    const [from, to] = range;
    const sentRows = r ? countKind(r, from, to, TRACE_SENT) : 0;
    const stride = Math.max(1, Math.ceil(sentRows / MAX_DOTS));
    const h = 0.22 * rem; // half a marker
    let ack = '';
    let sent = '';
    let retx = '';
    let drop = '';
    let nRetx = 0;
    let nDrop = 0;
    let nSent = 0;
    let lastAckY: number | null = null;
    for (let i = from; r && i < to; i++) {
      const px = x(r.t(i)).toFixed(1);
      const py = y(r.seq(i)).toFixed(1);
      switch (r.kind(i)) {
        case TRACE_SENT:
          if (nSent++ % stride === 0) sent += `M${px},${py}h0`;
          break;
        case TRACE_RETRANSMITTED:
          retx += `M${(+px - h).toFixed(1)},${(+py - h).toFixed(1)}h${2 * h}v${2 * h}h${-2 * h}Z`;
          nRetx++;
          break;
        case TRACE_ACK:
          ack += lastAckY === null ? `M${px},${py}` : `H${px}V${py}`;
          lastAckY = +py;
          break;
        case TRACE_DROPPED:
          drop += `M${(+px - h).toFixed(1)},${(+py - h).toFixed(1)}l${2 * h},${2 * h}m0,${-2 * h}l${-2 * h},${2 * h}`;
          nDrop++;
          break;
      }
    }
    if (lastAckY !== null && r && to > 0) ack += `H${x(Math.min(now(), r.t(to - 1))).toFixed(1)}`;
    paths.sent.setAttribute('stroke-width', String(Math.max(2, 0.25 * rem)));
    paths.ack.setAttribute('d', ack);
    paths.sent.setAttribute('d', sent);
    paths.retx.setAttribute('d', retx);
    paths.drop.setAttribute('d', drop);
    paths.retx.dataset.count = String(nRetx);
    paths.drop.dataset.count = String(nDrop);
    return to - from;
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

function countKind(r: PacketRing, from: number, to: number, kind: number): number {
  let n = 0;
  for (let i = from; i < to; i++) if (r.kind(i) === kind) n++;
  return n;
}
