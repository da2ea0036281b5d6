/**
 * The network as a diagram: hosts and routers, and each link as two thin
 * lanes, one per direction, filling with that direction's queue as the run
 * goes. React draws the structure from the edited scenario; two D3 factories
 * created once on the SVG handle dragging (node-drag.ts) and the live fill
 * (queue-lanes.ts).
 *
 * Keyboard: every node and link is a tab stop; Enter or Space selects it,
 * Delete asks to delete it, arrow keys nudge a node (Shift: farther).
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { LinkSpec, NodeSpec } from '../../engine/scenario/types';
import { useLab, useLabStore } from '../../store/context';
import { selectEdited, selectEditorSelection, selectQueueDirection } from '../../store/editor';
import { selectPresenter, selectScenarioKey } from '../../store/selectors';
import { useRootScale } from '../display/use-root-scale';
import { useSession } from '../session/context';
import { moveNode, type DeleteTarget } from './edit-ops';
import { formatRate, formatTime } from './format';
import { bounds, fitView, layoutNodes, linkGeometry, type Box, type Point } from './layout';
import { LiveQueues } from './live-queues';
import { createNodeDrag, type NodeDrag } from './node-drag';
import { createQueueLanes, type QueueLanes } from './queue-lanes';
import { PacketLayer } from '../packets/PacketLayer';

const NODE_R = 22;
const LANE_H = 7;
const LANE_GAP = 4;
/** lanes stop this far from a node's centre (room for the arrowhead) */
const INSET = NODE_R + 12;
const MARGIN = 56;
/** A small drawing is shown up to this much larger (readable from the back of a room). */
const MAX_ZOOM = 1.4;
/** In the presenter layout the diagram may grow further: packets must be seen from the back of the room. */
const PRESENTER_ZOOM = 1.8;
const NUDGE = 10;
/** rough width of a link label character (13px text), to shorten labels that would run into the nodes */
const LABEL_CHAR_PX = 7;
const NUDGE_FAR = 40;

export function nodeLabel(n: Pick<NodeSpec, 'id' | 'kind'>): string {
  return `Node ${n.id}, ${n.kind}`;
}

/** The link's name: its visible label first (id, rate, delay, RED), so voice control finds it by what it shows (WCAG 2.5.3). */
export function linkLabel(l: Pick<LinkSpec, 'id' | 'a' | 'b' | 'bandwidth' | 'delay' | 'queue'>): string {
  return `Link ${l.id}, ${formatRate(l.bandwidth)}, ${formatTime(l.delay)}${l.queue.type === 'red' ? ', RED' : ''}, from ${l.a} to ${l.b}`;
}

function useSize(ref: RefObject<HTMLElement | null>): { width: number; height: number } {
  const [size, setSize] = useState({ width: 640, height: 300 });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    // The inner size (no border): one viewBox unit is then exactly one screen pixel.
    const measure = () => {
      const r = { width: el.clientWidth, height: el.clientHeight };
      setSize((s) => (s.width === r.width && s.height === r.height ? s : r));
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return size;
}

function contains(outer: Box, inner: Box, margin: number): boolean {
  return (
    inner.x - margin >= outer.x &&
    inner.y - margin >= outer.y &&
    inner.x + inner.width + margin <= outer.x + outer.width &&
    inner.y + inner.height + margin <= outer.y + outer.height
  );
}

export interface TopologyViewProps {
  onRequestDelete(target: DeleteTarget): void;
  /** bumped to recentre the view on the drawing */
  fitToken: number;
}

export function TopologyView({ onRequestDelete, fitToken }: TopologyViewProps) {
  const store = useLabStore();
  const session = useSession();
  const edited = useLab(selectEdited);
  const scenarioKey = useLab(selectScenarioKey);
  const selection = useLab(selectEditorSelection);
  const queueDir = useLab(selectQueueDirection);
  const textScale = useRootScale();
  const presenter = useLab(selectPresenter);
  const wrapRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const size = useSize(wrapRef);
  const [drag, setDrag] = useState<{ id: string; at: Point } | null>(null);

  const positions = useMemo(() => (edited ? layoutNodes(edited.nodes, edited.links) : new Map<string, Point>()), [edited]);
  const shown = useMemo(() => (drag ? new Map(positions).set(drag.id, drag.at) : positions), [positions, drag]);

  // The view stays put while the drawing fits in it (no jumps after a drag or
  // an edit); it recentres for another scenario, a new size, Fit, or a drawing
  // that no longer fits.
  const viewRef = useRef<{ box: Box & { zoom: number }; key: string } | null>(null);
  const content = bounds(positions.values());
  const viewKey = `${scenarioKey}|${size.width}x${size.height}|${textScale}|${presenter}|${fitToken}`;
  if (!drag && (!viewRef.current || viewRef.current.key !== viewKey || !contains(viewRef.current.box, content, MARGIN / 2))) {
    viewRef.current = { box: fitView(content, size, MARGIN, MAX_ZOOM * textScale * (presenter ? PRESENTER_ZOOM : 1)), key: viewKey };
  }
  const view = viewRef.current!.box;

  // ------------------------------------------------------------ D3 factories, created once
  const dragRef = useRef<NodeDrag | null>(null);
  const lanesRef = useRef<QueueLanes | null>(null);
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const nodeDrag = createNodeDrag(svg, {
      onStart: (id) => store.getState().setEditorSelection({ kind: 'node', id }),
      onMove: (id, at) => setDrag({ id, at }),
      onEnd: (id, at, moved) => {
        setDrag(null);
        if (moved) store.getState().edit(`Move node ${id}`, (d) => moveNode(d, id, at.x, at.y), { layout: true });
      },
    });
    const live = new LiveQueues(session.traces);
    const lanes = createQueueLanes(svg, {
      live,
      runLink: (id) => store.getState().scenario?.links.find((l) => l.id === id),
      runFaults: () => {
        const s = store.getState();
        return s.liveFaults.length ? [...(s.scenario?.faults ?? []), ...s.liveFaults] : (s.scenario?.faults ?? []);
      },
      time: () => store.getState().simTime,
    });
    dragRef.current = nodeDrag;
    lanesRef.current = lanes;
    return () => {
      nodeDrag.destroy();
      lanes.destroy();
      dragRef.current = null;
      lanesRef.current = null;
    };
  }, [store, session]);
  useEffect(() => dragRef.current?.update(positions), [positions]);
  // React may have drawn new lanes: give them their live fill at once.
  useLayoutEffect(() => lanesRef.current?.update());

  const select = (sel: { kind: 'node' | 'link'; id: string }) => store.getState().setEditorSelection(sel);
  const selectDirection = (link: string, from: string) => {
    select({ kind: 'link', id: link });
    store.getState().selectLink({ link, from });
  };

  const nudge = (id: string, dx: number, dy: number) => {
    const p = positions.get(id);
    if (!p) return;
    store.getState().edit(`Move node ${id}`, (d) => moveNode(d, id, p.x + dx, p.y + dy), { layout: true });
  };

  const onNodeKey = (e: KeyboardEvent, n: NodeSpec) => {
    const far = e.shiftKey ? NUDGE_FAR : NUDGE;
    const moves: Record<string, [number, number]> = { ArrowLeft: [-far, 0], ArrowRight: [far, 0], ArrowUp: [0, -far], ArrowDown: [0, far] };
    if (e.key === 'Enter' || e.key === ' ') select({ kind: 'node', id: n.id });
    else if (e.key === 'Delete' || e.key === 'Backspace') onRequestDelete({ kind: 'node', id: n.id });
    else if (moves[e.key]) {
      select({ kind: 'node', id: n.id });
      nudge(n.id, ...moves[e.key]);
    } else return;
    // Handled here: not a page shortcut (Space would also play/pause).
    e.preventDefault();
    e.stopPropagation();
  };

  const onLinkKey = (e: KeyboardEvent, l: LinkSpec) => {
    if (e.key === 'Enter' || e.key === ' ') selectDirection(l.id, queueDir?.link === l.id ? queueDir.from : l.a);
    else if (e.key === 'Delete' || e.key === 'Backspace') onRequestDelete({ kind: 'link', id: l.id });
    else return;
    e.preventDefault();
    e.stopPropagation();
  };

  return (
    <div className="topology-canvas" ref={wrapRef} data-testid="topology" data-zoom={view.zoom}>
      <svg
        ref={svgRef}
        className="topology-svg"
        viewBox={`${view.x} ${view.y} ${view.width} ${view.height}`}
        width="100%"
        height="100%"
        role="group"
        aria-label="Network topology"
      >
        <rect
          className="topo-bg"
          x={view.x}
          y={view.y}
          width={view.width}
          height={view.height}
          onClick={() => store.getState().setEditorSelection(null)}
        />
        {edited && edited.nodes.length === 0 && (
          <text className="topo-empty" x={view.x + view.width / 2} y={view.y + view.height / 2} textAnchor="middle">
            Add a host or a router to start.
          </text>
        )}
        {edited?.links.map((l) => {
          const a = shown.get(l.a);
          const b = shown.get(l.b);
          if (!a || !b) return null;
          return (
            <LinkShape
              key={l.id}
              link={l}
              a={a}
              b={b}
              selected={selection?.kind === 'link' && selection.id === l.id}
              chartFrom={queueDir?.link === l.id ? queueDir.from : null}
              onSelectDirection={selectDirection}
              onKeyDown={(e) => onLinkKey(e, l)}
            />
          );
        })}
        {edited?.nodes.map((n) => {
          const p = shown.get(n.id);
          if (!p) return null;
          const selected = selection?.kind === 'node' && selection.id === n.id;
          return (
            <g
              key={n.id}
              className={`topo-node ${n.kind}${selected ? ' selected' : ''}${drag?.id === n.id ? ' dragging' : ''}`}
              data-node-id={n.id}
              data-x={Math.round(p.x)}
              data-y={Math.round(p.y)}
              transform={`translate(${p.x},${p.y})`}
              tabIndex={0}
              role="button"
              aria-label={nodeLabel(n)}
              aria-pressed={selected}
              onClick={() => select({ kind: 'node', id: n.id })}
              onKeyDown={(e) => onNodeKey(e, n)}
            >
              <circle className="node-halo" r={NODE_R + 7} />
              {n.kind === 'host' ? <HostShape /> : <RouterShape />}
              <text className="node-label" y={NODE_R + 17} textAnchor="middle">
                {n.id}
              </text>
            </g>
          );
        })}
        <PacketLayer svgRef={svgRef} />
      </svg>
    </div>
  );
}

function HostShape() {
  return (
    <g aria-hidden="true">
      <rect className="node-shape" x={-NODE_R} y={-NODE_R + 4} width={2 * NODE_R} height={2 * NODE_R - 8} rx={7} />
      <rect className="node-icon" x={-10} y={-9} width={20} height={13} rx={1.5} fill="none" strokeWidth={2} />
      <path className="node-icon" d="M-6 9h12M0 4v5" fill="none" strokeWidth={2} strokeLinecap="round" />
    </g>
  );
}

function RouterShape() {
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

function LinkShape({ link, a, b, selected, chartFrom, onSelectDirection, onKeyDown }: LinkShapeProps) {
  const g = linkGeometry(a, b, INSET);
  const len = Math.max(0, g.end - g.start);
  // The label runs along the link, above it, never upside down; shortened to fit between the nodes.
  const upright = g.angle > 90 || g.angle <= -90 ? g.angle - 180 * Math.sign(g.angle) : g.angle;
  const detail = `${formatRate(link.bandwidth)} · ${formatTime(link.delay)}${link.queue.type === 'red' ? ' · RED' : ''}`;
  const room = g.length - 2 * NODE_R - 8;
  const fits = (text: string) => text.length * LABEL_CHAR_PX <= room;
  const label = fits(`${link.id} ${detail}`) ? detail : fits(`${link.id} ${formatRate(link.bandwidth)}`) ? formatRate(link.bandwidth) : '';
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
          {label && ` ${label}`}
        </text>
        <text className="link-down-label" y={LANE_GAP / 2 + LANE_H + 16} textAnchor="middle">
          down
        </text>
      </g>
    </g>
  );
}
