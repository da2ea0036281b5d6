/**
 * The network as a diagram: hosts and routers, and each link as two thin
 * lanes, one per direction, filling with that direction's queue as the run
 * goes. React draws the structure from the edited scenario; D3 factories
 * created once on the SVG handle the pointer (gestures.ts, driven by
 * use-topology-edit.ts) and the live fill (queue-lanes.ts).
 *
 * The view fits the drawing when a scenario opens, when the canvas changes
 * size, and on Fit; never by itself while editing, so nothing jumps under
 * the pointer. Nodes stay inside it (placement.ts).
 *
 * Keyboard: every node and link is a tab stop; see use-topology-edit.ts for
 * the keys on a node. On a link, Enter or Space selects it and Delete asks to
 * delete it.
 */
import {
  Suspense,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MutableRefObject,
  type RefObject,
} from 'react';
import type { LinkSpec } from '../../engine/scenario/types';
import type { DeleteTarget } from '../../store/delete-ops';
import { selectEdited, selectEditorSelection, selectQueueDirection } from '../../store/editor';
import { selectPresenter, selectScenarioKey } from '../../store/selectors';
import { useRootScale } from '../display/use-root-scale';
import { useLab, useLabStore } from '../lab-context';
import { PacketLayer, preloadPackets } from '../packets/packets-on-demand';
import { useSession } from '../session/context';
import { bounds, fitView, layoutNodes, type Box } from './layout';
import { LiveQueues } from './live-queues';
import { GRID, inset } from './placement';
import { createQueueLanes, type QueueLanes } from './queue-lanes';
import { useOffscreenMark } from './use-offscreen';
import { HostShape, LinkShape, NODE_R, nodeLabel, RouterShape } from './topology-shapes';
import { selectedNodes, useTopologyEdit } from './use-topology-edit';

const MARGIN = 56;
/** A small drawing is shown up to this much larger (readable from the back of a room). */
const MAX_ZOOM = 1.4;
/** In the presenter layout the diagram may grow further: packets must be seen from the back of the room. */
const PRESENTER_ZOOM = 1.8;

export { linkLabel, nodeLabel } from './topology-shapes';

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

export interface TopologyViewProps {
  onRequestDelete(targets: DeleteTarget[]): void;
  /** bumped to recentre the view on the drawing */
  fitToken: number;
  /** dragging from anywhere on a node draws a link */
  linkTool: boolean;
  /** drops land on a grid */
  snap: boolean;
  /** the visible part of the scenario's plane, for placing new nodes inside it */
  viewRef?: MutableRefObject<Box | null>;
}

export function TopologyView({ onRequestDelete, fitToken, linkTool, snap, viewRef }: TopologyViewProps) {
  const store = useLabStore();
  const session = useSession();
  const edited = useLab(selectEdited);
  const scenarioKey = useLab(selectScenarioKey);
  const selection = useLab(selectEditorSelection);
  const queueDir = useLab(selectQueueDirection);
  // The packets are fetched after the first paint (packets-on-demand.ts).
  useEffect(preloadPackets, []);
  const textScale = useRootScale();
  const presenter = useLab(selectPresenter);
  const wrapRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const size = useSize(wrapRef);
  useOffscreenMark(wrapRef);

  const positions = useMemo(() => (edited ? layoutNodes(edited.nodes, edited.links) : new Map()), [edited]);

  // The view is fitted for another scenario, a new canvas size, text scale or
  // layout, and on Fit; never because of an edit.
  // State adjusted during render (https://react.dev/learn/you-might-not-need-an-effect):
  // the fit is stored with the key it was made for.
  const viewKey = `${scenarioKey}|${size.width}x${size.height}|${textScale}|${presenter}|${fitToken}`;
  const fit = () => {
    const maxZoom = MAX_ZOOM * textScale * (presenter ? PRESENTER_ZOOM : 1);
    return { box: fitView(bounds(positions.values()), size, MARGIN, maxZoom), key: viewKey };
  };
  const [fitted, setFitted] = useState(fit);
  let current = fitted;
  if (fitted.key !== viewKey) {
    current = fit();
    setFitted(current);
  }
  const view = current.box;
  useLayoutEffect(() => {
    if (viewRef) viewRef.current = view;
  }, [viewRef, view]);
  // Node centres stay this far inside the canvas: the shape, its halo and the label below it.
  const canvas = inset(view, NODE_R + 8, NODE_R + 8, NODE_R + 26);

  const t = useTopologyEdit({ store, svgRef, positions, canvas, selection, snap, linkTool, onRequestDelete });
  const chosen = new Set(selectedNodes(selection));

  // ------------------------------------------------------------ live queues, created once
  const lanesRef = useRef<QueueLanes | null>(null);
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
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
    lanesRef.current = lanes;
    return () => {
      lanes.destroy();
      lanesRef.current = null;
    };
  }, [store, session]);
  // React may have drawn new lanes: give them their live fill at once.
  useLayoutEffect(() => lanesRef.current?.update());

  const selectDirection = (link: string, from: string) => {
    store.getState().setEditorSelection({ kind: 'link', id: link });
    store.getState().selectLink({ link, from });
  };

  const onLinkKey = (e: KeyboardEvent, l: LinkSpec) => {
    if (e.key === 'Enter' || e.key === ' ') selectDirection(l.id, queueDir?.link === l.id ? queueDir.from : l.a);
    else if (e.key === 'Delete' || e.key === 'Backspace') onRequestDelete([{ kind: 'link', id: l.id }]);
    else return;
    e.preventDefault();
    e.stopPropagation();
  };

  const moving = t.gesture?.kind === 'move' ? new Set(t.gesture.ids) : null;
  const box = t.gesture?.kind === 'box' ? t.gesture : null;
  const hint =
    t.connectFrom !== null || t.gesture?.kind === 'connect'
      ? t.announce || 'Drop the line on another node to link them.'
      : t.announce;

  return (
    <div
      className={`topology-canvas${linkTool ? ' link-tool' : ''}${t.connectFrom !== null ? ' connecting' : ''}`}
      ref={wrapRef}
      data-testid="topology"
      data-zoom={view.zoom}
    >
      <svg
        ref={svgRef}
        className="topology-svg"
        viewBox={`${view.x} ${view.y} ${view.width} ${view.height}`}
        width="100%"
        height="100%"
        role="group"
        aria-label="Network topology"
        onPointerMove={t.onPointerMove}
      >
        {snap && (
          <defs>
            <pattern id="topo-grid" width={GRID} height={GRID} patternUnits="userSpaceOnUse">
              <circle className="grid-dot" cx={0} cy={0} r={1.1} />
            </pattern>
          </defs>
        )}
        <rect
          className="topo-bg"
          data-background=""
          x={view.x}
          y={view.y}
          width={view.width}
          height={view.height}
          fill={snap ? 'url(#topo-grid)' : undefined}
          onClick={t.onBackgroundClick}
        />
        {edited && edited.nodes.length === 0 && (
          <text className="topo-empty" x={view.x + view.width / 2} y={view.y + view.height / 2} textAnchor="middle">
            Add a host or a router to start.
          </text>
        )}
        {edited?.links.map((l) => {
          const a = t.shown.get(l.a);
          const b = t.shown.get(l.b);
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
        {t.preview && (
          <line
            className={`link-preview${t.preview.over ? ' on-target' : ''}`}
            data-testid="link-preview"
            x1={t.preview.a.x}
            y1={t.preview.a.y}
            x2={t.preview.b.x}
            y2={t.preview.b.y}
          />
        )}
        {edited?.nodes.map((n) => {
          const p = t.shown.get(n.id);
          if (!p) return null;
          const selected = chosen.has(n.id);
          const classes = [
            'topo-node',
            n.kind,
            selected ? 'selected' : '',
            moving?.has(n.id) ? 'dragging' : '',
            moving?.has(n.id) && t.blocked ? 'blocked' : '',
            t.preview?.over === n.id ? 'link-target' : '',
            t.connectFrom === n.id || (t.gesture?.kind === 'connect' && t.gesture.from === n.id) ? 'link-source' : '',
          ].filter(Boolean);
          return (
            <g
              key={n.id}
              className={classes.join(' ')}
              data-node-id={n.id}
              data-x={Math.round(p.x)}
              data-y={Math.round(p.y)}
              transform={`translate(${p.x},${p.y})`}
              tabIndex={0}
              role="button"
              aria-label={nodeLabel(n)}
              aria-pressed={selected}
              onClick={(e) => t.onNodeClick(e, n.id)}
              onKeyDown={(e) => t.onNodeKey(e, n)}
            >
              <circle className="node-halo" r={NODE_R + 7} />
              {n.kind === 'host' ? <HostShape /> : <RouterShape />}
              <text className="node-label" y={NODE_R + 17} textAnchor="middle">
                {n.id}
              </text>
              <g
                className="node-handle"
                data-handle=""
                transform={`translate(${NODE_R + 10},${-NODE_R + 2})`}
                aria-hidden="true"
              >
                <title>Drag to another node to link them</title>
                <circle r={8} />
                <path d="M-4 0h8M0 -4v8" />
              </g>
            </g>
          );
        })}
        {box && (
          <rect
            className="select-box"
            x={Math.min(box.from.x, box.to.x)}
            y={Math.min(box.from.y, box.to.y)}
            width={Math.abs(box.to.x - box.from.x)}
            height={Math.abs(box.to.y - box.from.y)}
          />
        )}
        <Suspense fallback={null}>
          <PacketLayer svgRef={svgRef} />
        </Suspense>
      </svg>
      <p className="topology-hint" role="status" aria-live="polite" data-testid="topology-hint">
        {hint}
      </p>
    </div>
  );
}
