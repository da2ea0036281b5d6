/**
 * What the topology view draws: a host, a router, a link as two lanes (one
 * per direction, filled live by queue-lanes.ts), and the labels a screen
 * reader hears for each.
 */
import type { KeyboardEvent } from 'react';
import type { LinkSpec, NodeSpec } from '../../engine/scenario/types';
import { formatRate, formatTime } from './format';
import { capacityChanges, initialCapacity } from './live-queues';
import { linkGeometry, type Point } from './layout';

export const NODE_R = 22;
const LANE_H = 7;
const LANE_GAP = 4;
/** lanes stop this far from a node's centre (room for the arrowhead) */
const INSET = NODE_R + 12;
/** rough width of a link label character (13px text), to shorten labels that would run into the nodes */
const LABEL_CHAR_PX = 7;

export function nodeLabel(n: Pick<NodeSpec, 'id' | 'kind'>): string {
  return `Node ${n.id}, ${n.kind}`;
}

/** The link's name: its visible label first (id, rate, delay, RED), so voice control finds it by what it shows (WCAG 2.5.3). */
export function linkLabel(l: Pick<LinkSpec, 'id' | 'a' | 'b' | 'bandwidth' | 'delay' | 'queue' | 'schedule' | 'trace'>): string {
  const changes = l.trace?.length ? ', traced capacity' : l.schedule?.length ? ', scheduled capacity' : '';
  return `Link ${l.id}, ${formatRate(l.bandwidth)}${changes}, ${formatTime(l.delay)}${l.queue.type === 'red' ? ', RED' : ''}, from ${l.a} to ${l.b}`;
}

export function HostShape() {
  return (
    <g aria-hidden="true">
      <rect className="node-shape" x={-NODE_R} y={-NODE_R + 4} width={2 * NODE_R} height={2 * NODE_R - 8} rx={7} />
      <rect className="node-icon" x={-10} y={-9} width={20} height={13} rx={1.5} fill="none" strokeWidth={2} />
      <path className="node-icon" d="M-6 9h12M0 4v5" fill="none" strokeWidth={2} strokeLinecap="round" />
    </g>
  );
}

export function RouterShape() {
  return (
    <g aria-hidden="true">
      <circle className="node-shape" r={NODE_R} />
      <path
        className="node-icon"
        d="M-11 -4h9M-11 -4l3.5 -3.5M-11 -4l3.5 3.5M11 4h-9M11 4l-3.5 -3.5M11 4l-3.5 3.5"
        fill="none"
        strokeWidth={2.2}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </g>
  );
}

interface LinkShapeProps {
  link: LinkSpec;
  a: Point;
  b: Point;
  selected: boolean;
  /** the direction (by its start node) the queue chart shows, if it is on this link */
  chartFrom: string | null;
  onSelectDirection(link: string, from: string): void;
  onKeyDown(e: KeyboardEvent): void;
}

export function LinkShape({ link, a, b, selected, chartFrom, onSelectDirection, onKeyDown }: LinkShapeProps) {
  const g = linkGeometry(a, b, INSET);
  const len = Math.max(0, g.end - g.start);
  // The label runs along the link, above it, never upside down; shortened to fit between the nodes.
  const upright = g.angle > 90 || g.angle <= -90 ? g.angle - 180 * Math.sign(g.angle) : g.angle;
  // A capacity that changes (schedule, trace) is shown live: queue-lanes.ts writes the rate in force into the tspan.
  const changing = capacityChanges(link, link.a) || capacityChanges(link, link.b);
  const rate = changing ? formatRate(initialCapacity(link, link.a)) : formatRate(link.bandwidth);
  const rest = ` · ${formatTime(link.delay)}${link.queue.type === 'red' ? ' · RED' : ''}`;
  const room = g.length - 2 * NODE_R - 8;
  const fits = (text: string) => text.length * LABEL_CHAR_PX <= room;
  const shown = fits(`${link.id} ${rate}${rest}`) ? 'all' : fits(`${link.id} ${rate}`) ? 'rate' : 'none';
  const lanes = [
    { from: link.a, to: link.b, end: 'a', origin: a, angle: g.angle },
    { from: link.b, to: link.a, end: 'b', origin: b, angle: g.angle + 180 },
  ];
  return (
    <g
      className={`topo-link${selected ? ' selected' : ''}`}
      data-link-id={link.id}
      tabIndex={0}
      role="button"
      aria-label={linkLabel(link)}
      aria-pressed={selected}
      onKeyDown={onKeyDown}
      onClick={() => onSelectDirection(link.id, chartFrom ?? link.a)}
    >
      <line className="link-halo" x1={a.x} y1={a.y} x2={b.x} y2={b.y} />
      {lanes.map((lane) => (
        <g
          key={lane.from}
          className={`lane${chartFrom === lane.from ? ' charted' : ''}`}
          data-link={link.id}
          data-from={lane.from}
          data-end={lane.end}
          data-len={len}
          data-label={`${lane.from} → ${lane.to}`}
          transform={`translate(${lane.origin.x},${lane.origin.y}) rotate(${lane.angle}) translate(${g.start},${-(LANE_GAP / 2 + LANE_H)})`}
          onClick={(e) => {
            e.stopPropagation();
            onSelectDirection(link.id, lane.from);
          }}
        >
          <rect className="lane-hit" x={-4} y={-7} width={len + 12} height={LANE_H + 7 + LANE_GAP / 2} />
          <rect className="lane-track" width={len} height={LANE_H} rx={2} />
          <rect className="lane-fill" height={LANE_H} rx={2} />
          <line className="lane-red" y1={-3} y2={LANE_H + 3} />
          <path className="lane-arrow" d={`M${len + 1} ${-1}L${len + 8} ${LANE_H / 2}L${len + 1} ${LANE_H + 1}Z`} />
        </g>
      ))}
      <g transform={`translate(${g.mid.x},${g.mid.y}) rotate(${upright})`}>
        <text className="link-label" y={-(LANE_GAP / 2 + LANE_H + 6)} textAnchor="middle">
          <tspan className="link-id">{link.id}</tspan>
          {shown !== 'none' && ' '}
          {shown !== 'none' &&
            (changing ? (
              <tspan className="link-rate-live" data-link-rate={link.id}>
                {rate}
              </tspan>
            ) : (
              rate
            ))}
          {shown === 'all' && rest}
        </text>
        <text className="link-down-label" y={LANE_GAP / 2 + LANE_H + 16} textAnchor="middle">
          down
        </text>
      </g>
    </g>
  );
}
