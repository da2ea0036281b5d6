/**
 * Packets drawn on the topology, as a factory on an SVG group (the xyflow
 * pattern the charts and the queue lanes use): each link direction's
 * packets on the wire, its queue packet by packet, and its losses, in the
 * coordinates of that direction's lane (the lanes React draws, read from
 * their `transform` and `data-len`). Elements are pooled per lane and only
 * their attributes change from one frame to the next.
 *
 * Data packets on the wire are solid in their flow's colour, ACKs hollow, a
 * retransmission has a thick dark edge; waiting packets are cells in the
 * lane's inner part, from the sending end; a loss is a vermillion disc with
 * a white cross. While packets are drawn, the lane's aggregate queue fill
 * steps aside (packets.css): the cells show the queue packet by packet.
 */
import type { QueueId } from '../../worker/protocol';
import { flowStyle, PALETTE } from '../charts/palette';
import { KIND_ACK, KIND_CBR, type Flight, type PacketFlights } from './flights';
import { causeName, laneView, type LaneGeometry } from './packet-view';

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Lane height in the topology's units (TopologyView's LANE_H). */
const LANE_H = 7;

export interface PacketLayerSource {
  flights: PacketFlights;
  queueIds(): readonly QueueId[];
  /** the direction's delay and waiting room (from the run's scenario), or null */
  geometry(dir: number): Omit<LaneGeometry, 'length'> | null;
  /** what a flow's packet numbers start from (1 when a SYN counts as 0) */
  seqBase(flow: number): number;
  flowId(flow: number): string;
}

export interface PacketLayer {
  /** Draw the packets as they are at simulated time `t`; losses stay `hold` seconds. Returns the marks drawn. */
  draw(t: number, hold: number): number;
  /** Draw nothing (fast play: the lanes' fill tells the story). */
  clear(): void;
  destroy(): void;
}

interface LaneGroup {
  g: SVGGElement;
  transform: string;
  rects: SVGRectElement[];
  labels: SVGTextElement[];
  drops: SVGGElement[];
}

/** A packet on the wire this long (lane units) or longer shows its number. */
const LABEL_ROOM = 22;
/**
 * Within the lane (y from 0 to LANE_H, outwards negative): the wire's
 * packets in its outer part, reaching a little beyond the lane, the queue's
 * cells in its inner part, so a full wire never hides the queue.
 */
const WIRE_Y = -2;
const WIRE_H = 5.6;
const ACK_Y = -1;
const ACK_H = 4;
const QUEUE_Y = 4;
const QUEUE_H = LANE_H - QUEUE_Y - 0.4;

function make<K extends keyof SVGElementTagNameMap>(name: K): SVGElementTagNameMap[K] {
  return document.createElementNS(SVG_NS, name);
}

function set(el: Element, attrs: Record<string, string | number>): void {
  for (const [k, v] of Object.entries(attrs)) {
    const s = String(v);
    if (el.getAttribute(k) !== s) el.setAttribute(k, s);
  }
}

export function createPacketLayer(svg: SVGSVGElement, layer: SVGGElement, source: PacketLayerSource): PacketLayer {
  const groups = new Map<number, LaneGroup>();
  let shown = false;

  const laneElement = (q: QueueId, dir: number): SVGGElement | null => {
    // Two directions per link, a→b first (engine/net/build.ts): the lane of the same end.
    const end = dir % 2 === 0 ? 'a' : 'b';
    return svg.querySelector<SVGGElement>(`g.lane[data-link="${CSS.escape(q.link)}"][data-end="${end}"]`);
  };

  const groupFor = (dir: number, transform: string): LaneGroup => {
    let lg = groups.get(dir);
    if (!lg) {
      const g = make('g');
      g.setAttribute('class', 'packet-lane');
      layer.append(g);
      lg = { g, transform: '', rects: [], labels: [], drops: [] };
      groups.set(dir, lg);
    }
    if (lg.transform !== transform) {
      lg.transform = transform;
      lg.g.setAttribute('transform', transform);
    }
    return lg;
  };

  const label = (f: Flight): string => {
    const seq = f.seq - (f.kind === KIND_CBR ? 0 : source.seqBase(f.flow));
    if (f.kind === KIND_ACK) return seq < 0 ? 'ACK of the SYN' : `ACK for segment ${seq}`;
    if (f.kind === KIND_CBR) return `CBR packet ${seq}`;
    return seq < 0 ? 'SYN' : `segment ${seq}`;
  };

  const rect = (lg: LaneGroup, i: number): SVGRectElement => {
    let r = lg.rects[i];
    if (!r) {
      r = make('rect');
      lg.g.append(r);
      lg.rects[i] = r;
    }
    return r;
  };

  const text = (lg: LaneGroup, i: number): SVGTextElement => {
    let t = lg.labels[i];
    if (!t) {
      t = make('text');
      t.setAttribute('class', 'packet-label');
      t.setAttribute('text-anchor', 'middle');
      t.setAttribute('dominant-baseline', 'central');
      lg.g.append(t);
      lg.labels[i] = t;
    }
    return t;
  };

  const dropMark = (lg: LaneGroup, i: number): SVGGElement => {
    let d = lg.drops[i];
    if (!d) {
      d = make('g');
      d.setAttribute('class', 'packet-drop');
      const disc = make('circle');
      disc.setAttribute('r', '5.5');
      disc.setAttribute('fill', PALETTE.vermillion);
      disc.setAttribute('stroke', '#ffffff');
      disc.setAttribute('stroke-width', '1');
      const cross = make('path');
      cross.setAttribute('d', 'M-2.6 -2.6L2.6 2.6M2.6 -2.6L-2.6 2.6');
      cross.setAttribute('stroke', '#ffffff');
      cross.setAttribute('stroke-width', '1.6');
      cross.setAttribute('stroke-linecap', 'round');
      d.append(disc, cross, make('title'));
      lg.g.append(d);
      lg.drops[i] = d;
    }
    return d;
  };

  const hideFrom = (list: SVGElement[], from: number) => {
    for (let i = from; i < list.length; i++) if (list[i].getAttribute('display') !== 'none') list[i].setAttribute('display', 'none');
  };

  const draw = (t: number, hold: number): number => {
    const ids = source.queueIds();
    const byDir = new Map<number, Flight[]>();
    for (const f of source.flights.around(t - hold, t)) {
      let list = byDir.get(f.dir);
      if (!list) byDir.set(f.dir, (list = []));
      list.push(f);
    }
    let marks = 0;
    const used = new Set<number>();
    for (const [dir, flights] of byDir) {
      const q = ids[dir];
      const geo = source.geometry(dir);
      const lane = q ? laneElement(q, dir) : null;
      if (!q || !geo || !lane) continue;
      const length = Number(lane.dataset.len) || 0;
      const view = laneView(flights, t, { ...geo, length }, hold);
      if (view.wire.length + view.queue.length + view.drops.length === 0) continue;
      used.add(dir);
      const lg = groupFor(dir, lane.getAttribute('transform') ?? '');
      lg.g.dataset.link = q.link;
      lg.g.dataset.from = q.from;
      let n = 0;
      for (const cell of view.queue) {
        const f = cell.flight;
        set(rect(lg, n++), {
          class: 'packet queued',
          display: 'inline',
          x: cell.x0 + 0.3,
          y: QUEUE_Y,
          width: Math.max(0.5, cell.x1 - cell.x0 - 0.6),
          height: QUEUE_H,
          rx: 0.5,
          fill: flowStyle(f.flow).colour,
          stroke: 'none',
          'stroke-width': 0,
          'data-flow': source.flowId(f.flow),
          'data-seq': label(f),
        });
      }
      let k = 0;
      for (const w of view.wire) {
        const f = w.flight;
        const colour = flowStyle(f.flow).colour;
        const ack = f.kind === KIND_ACK;
        set(rect(lg, n++), {
          class: `packet on-wire${ack ? ' ack' : ''}${f.retx ? ' retx' : ''}`,
          display: 'inline',
          x: w.x0,
          y: ack ? ACK_Y : WIRE_Y,
          width: Math.max(1, w.x1 - w.x0),
          height: ack ? ACK_H : WIRE_H,
          rx: 1,
          fill: ack ? '#ffffff' : colour,
          stroke: ack ? colour : f.retx ? PALETTE.black : '#ffffff',
          'stroke-width': ack ? 1.5 : f.retx ? 2 : 0.75,
          'data-flow': source.flowId(f.flow),
          'data-seq': label(f),
          'data-x': Math.round(w.x1 * 10) / 10,
          'fill-opacity': 1,
        });
        if (!ack && f.kind !== KIND_CBR && w.x1 - w.x0 >= LABEL_ROOM) {
          const tx = text(lg, k++);
          const seq = f.seq - source.seqBase(f.flow);
          set(tx, { display: 'inline', x: (w.x0 + w.x1) / 2, y: WIRE_Y + WIRE_H / 2 });
          const s = seq < 0 ? 'SYN' : String(seq);
          if (tx.textContent !== s) tx.textContent = s;
        }
      }
      hideFrom(lg.rects, n);
      hideFrom(lg.labels, k);
      marks += n;
      let d = 0;
      for (const drop of view.drops) {
        const el = dropMark(lg, d++);
        el.setAttribute('display', 'inline');
        el.setAttribute('transform', `translate(${drop.x},${LANE_H / 2})`);
        el.setAttribute('opacity', String(Math.max(0.35, 1 - (0.65 * drop.age) / Math.max(hold, 1e-9))));
        const what = `${label(drop.flight)} of flow ${source.flowId(drop.flight.flow)} lost: ${causeName(drop.flight.cause)}`;
        el.dataset.seq = label(drop.flight);
        el.dataset.cause = causeName(drop.flight.cause);
        const title = el.querySelector('title');
        if (title && title.textContent !== what) title.textContent = what;
      }
      hideFrom(lg.drops, d);
      marks += d;
    }
    for (const [dir, lg] of groups) {
      if (used.has(dir)) continue;
      hideFrom(lg.rects, 0);
      hideFrom(lg.labels, 0);
      hideFrom(lg.drops, 0);
    }
    const on = marks > 0;
    if (on !== shown) {
      shown = on;
      svg.classList.toggle('packets-on', on);
    }
    layer.dataset.marks = String(marks);
    layer.dataset.time = String(t);
    return marks;
  };

  const clear = () => {
    for (const lg of groups.values()) {
      hideFrom(lg.rects, 0);
      hideFrom(lg.labels, 0);
      hideFrom(lg.drops, 0);
    }
    if (shown) svg.classList.remove('packets-on');
    shown = false;
    layer.dataset.marks = '0';
  };

  return {
    draw,
    clear,
    destroy() {
      clear();
      for (const lg of groups.values()) lg.g.remove();
      groups.clear();
    },
  };
}
