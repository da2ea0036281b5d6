/**
 * What a hand (or a keyboard) does to the topology: move nodes, alone or as a
 * selection; draw a link by dragging from one node to another (from a node's
 * handle, or anywhere on a node with the link tool), with a preview line;
 * select several nodes with Shift+click or by dragging a box over them.
 *
 * Every drop goes through placement.ts: inside the canvas, on the grid when
 * snapping is on, never on top of another node. The view never changes its
 * scale while this goes on (TopologyView fits only on request).
 *
 * Keyboard, on a focused node: Enter or Space selects it (Shift adds it to the
 * selection); the arrow keys move the selection (Shift: farther); L starts a
 * link from it, and Enter on another node ends it; Delete deletes the
 * selection; Ctrl+A selects every node; Escape cancels.
 */
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent as ReactMouseEvent, type RefObject } from 'react';
import type { NodeSpec } from '../../engine/scenario/types';
import { addLink, moveNodes } from '../../store/edit-ops';
import { type DeleteTarget } from '../../store/delete-ops';
import type { EditorSelection, LabStore } from '../../store/lab-store';
import { createGestures } from './gestures';
import type { Box, Point } from './layout';
import { clampTo, GRID, overlaps, placeGroup } from './placement';
import { NODE_R } from './topology-shapes';

/** Least distance between two nodes' centres: their shapes and halos never touch. */
export const CLEARANCE = 2 * NODE_R + 16;
const NUDGE = 10;
const NUDGE_FAR = 40;

export type Gesture =
  | { kind: 'move'; ids: string[]; origin: Map<string, Point>; start: Point; at: Point }
  | { kind: 'connect'; from: string; at: Point; over: string | null }
  | { kind: 'box'; from: Point; to: Point; add: boolean };

export function selectedNodes(sel: EditorSelection): string[] {
  return sel?.kind === 'node' ? [sel.id] : sel?.kind === 'nodes' ? sel.ids : [];
}

function selectionOf(ids: readonly string[]): EditorSelection {
  return ids.length === 0 ? null : ids.length === 1 ? { kind: 'node', id: ids[0]! } : { kind: 'nodes', ids: [...ids] };
}

export interface TopologyEditOptions {
  store: LabStore;
  svgRef: RefObject<SVGSVGElement | null>;
  positions: ReadonlyMap<string, Point>;
  /** where node centres may be (the visible canvas, less a margin) */
  canvas: Box;
  selection: EditorSelection;
  snap: boolean;
  /** dragging from anywhere on a node draws a link */
  linkTool: boolean;
  onRequestDelete(targets: DeleteTarget[]): void;
}

export function useTopologyEdit(o: TopologyEditOptions) {
  const [gesture, setGesture] = useState<Gesture | null>(null);
  /** a link begun by a click (link tool) or by L, waiting for its other end */
  const [connectFrom, setConnectFrom] = useState<string | null>(null);
  /** where the pointer is (for the preview of a link begun by click or key) */
  const [pointer, setPointer] = useState<Point | null>(null);
  /** a short sentence for screen readers and for the hint line */
  const [announce, setAnnounce] = useState('');

  // A sentence stays a few seconds, except the one that says a link is waiting for its other end.
  useEffect(() => {
    if (!announce || connectFrom !== null) return;
    const timer = setTimeout(() => setAnnounce(''), 5000);
    return () => clearTimeout(timer);
  }, [announce, connectFrom]);

  // What the handlers created once (the D3 gestures below) read: this render's
  // options and state, stored after each commit and before the next event.
  const latest = useRef({ ...o, gesture, connectFrom });
  useLayoutEffect(() => {
    latest.current = { ...o, gesture, connectFrom };
  });

  const nodeAt = (at: Point, except: string | null): string | null => {
    let best: string | null = null;
    let bestD = NODE_R + 10;
    for (const [id, p] of latest.current.positions) {
      if (id === except) continue;
      const d = Math.hypot(p.x - at.x, p.y - at.y);
      if (d < bestD) {
        best = id;
        bestD = d;
      }
    }
    return best;
  };

  const link = (from: string, to: string) => {
    const { store } = latest.current;
    let id = '';
    const r = store.getState().edit(`Link ${from} to ${to}`, (d) => {
      const out = addLink(d, from, to);
      id = out.id;
      return out.doc;
    });
    setConnectFrom(null);
    setPointer(null);
    if (r.ok) {
      store.getState().setEditorSelection({ kind: 'link', id });
      store.getState().selectLink({ link: id, from });
      setAnnounce(`Link ${id} from ${from} to ${to} added.`);
    }
  };

  /** Move `ids` by `delta` (from `origin`), placed where they may be; one step of undo. */
  const moveBy = (ids: readonly string[], origin: ReadonlyMap<string, Point>, delta: Point, merge?: string): boolean => {
    const { store, positions, canvas, snap } = latest.current;
    const moved = ids.map((id) => {
      const p = origin.get(id)!;
      return { x: p.x + delta.x, y: p.y + delta.y };
    });
    const others = [...positions].filter(([id]) => !ids.includes(id)).map(([, p]) => p);
    const placed = placeGroup(moved, { others, box: canvas, clearance: CLEARANCE, grid: snap ? GRID : 0 });
    const changed = placed.some((p, i) => {
      const was = origin.get(ids[i]!)!;
      return Math.round(p.x) !== Math.round(was.x) || Math.round(p.y) !== Math.round(was.y);
    });
    if (!changed) return false;
    const what = ids.length === 1 ? `Move node ${ids[0]}` : `Move ${ids.length} nodes`;
    store.getState().edit(what, (d) => moveNodes(d, ids.map((id, i) => ({ id, ...placed[i]! }))), { layout: true, merge });
    return true;
  };

  // ------------------------------------------------------------ pointer gestures (D3, created once)
  useEffect(() => {
    const svg = o.svgRef.current;
    if (!svg) return;
    let g: Gesture | null = null;
    const show = (next: Gesture | null) => {
      g = next;
      setGesture(next);
    };
    const gestures = createGestures(svg, {
      start: (target, at) => {
        const { store, selection, linkTool, connectFrom: pendingFrom, positions } = latest.current;
        if (target.node !== null) {
          // The second click of a link begun by click: the click handler ends it.
          if (pendingFrom !== null && pendingFrom !== target.node) return false;
          if (target.handle || linkTool) {
            show({ kind: 'connect', from: target.node, at, over: null });
            return true;
          }
          let ids = selectedNodes(selection);
          if (!ids.includes(target.node)) {
            ids = target.shiftKey ? [...ids, target.node] : [target.node];
            if (!target.shiftKey) store.getState().setEditorSelection({ kind: 'node', id: target.node });
          }
          const origin = new Map(ids.flatMap((id) => (positions.has(id) ? [[id, positions.get(id)!] as const] : [])));
          show({ kind: 'move', ids: [...origin.keys()], origin, start: at, at });
          return true;
        }
        if (target.background) {
          show({ kind: 'box', from: at, to: at, add: target.shiftKey });
          return true;
        }
        return false;
      },
      move: (at) => {
        if (!g) return;
        if (g.kind === 'move') show({ ...g, at });
        else if (g.kind === 'connect') show({ ...g, at, over: nodeAt(at, g.from) });
        else show({ ...g, to: at });
      },
      end: (at, moved) => {
        const done = g;
        show(null);
        if (!done) return;
        const { store, positions, selection } = latest.current;
        if (done.kind === 'move' && moved) {
          moveBy(done.ids, done.origin, { x: at.x - done.start.x, y: at.y - done.start.y });
        } else if (done.kind === 'connect') {
          const over = moved ? nodeAt(at, done.from) : null;
          if (over) link(done.from, over);
          else if (!moved) {
            // A click: the link waits for its other end (a click, or Enter on a node).
            setConnectFrom(done.from);
            setAnnounce(`Linking from ${done.from}: click another node, or Escape to cancel.`);
          } else setAnnounce('No link: drop the line on another node.');
        } else if (done.kind === 'box' && moved) {
          const x0 = Math.min(done.from.x, at.x);
          const x1 = Math.max(done.from.x, at.x);
          const y0 = Math.min(done.from.y, at.y);
          const y1 = Math.max(done.from.y, at.y);
          const inside = [...positions].filter(([, p]) => p.x >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1).map(([id]) => id);
          const ids = done.add ? [...new Set([...selectedNodes(selection), ...inside])] : inside;
          store.getState().setEditorSelection(selectionOf(ids));
          setAnnounce(ids.length ? `${ids.length} node${ids.length === 1 ? '' : 's'} selected.` : 'No node in the box.');
        }
      },
    });
    return () => gestures.destroy();
    // Created once per SVG; everything else is read through `latest`.
  }, [o.svgRef]);

  // The link tool switched off: a link it began is abandoned (adjusted during
  // render, https://react.dev/learn/you-might-not-need-an-effect).
  const [linkToolWas, setLinkToolWas] = useState(o.linkTool);
  if (linkToolWas !== o.linkTool) {
    setLinkToolWas(o.linkTool);
    if (!o.linkTool) setConnectFrom(null);
  }

  // ------------------------------------------------------------ clicks and keys
  const select = (sel: EditorSelection) => o.store.getState().setEditorSelection(sel);

  const toggle = (id: string) => {
    const ids = selectedNodes(o.selection);
    select(selectionOf(ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));
  };

  const cancel = (): boolean => {
    if (connectFrom !== null) {
      setConnectFrom(null);
      setPointer(null);
      setAnnounce('Link cancelled.');
      return true;
    }
    return false;
  };

  const onNodeClick = (e: ReactMouseEvent, id: string) => {
    if (connectFrom !== null) {
      if (connectFrom !== id) link(connectFrom, id);
      return;
    }
    if (e.shiftKey || e.metaKey || e.ctrlKey) toggle(id);
    else select({ kind: 'node', id });
  };

  const onBackgroundClick = () => {
    if (!cancel()) select(null);
  };

  const onPointerMove = (e: ReactMouseEvent<SVGSVGElement>) => {
    if (connectFrom === null) return;
    const svg = e.currentTarget;
    const m = svg.getScreenCTM();
    if (!m) return;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    setPointer({ x: p.x, y: p.y });
  };

  const nudge = (n: NodeSpec, dx: number, dy: number) => {
    const ids = selectedNodes(o.selection).includes(n.id) ? selectedNodes(o.selection) : [n.id];
    if (!selectedNodes(o.selection).includes(n.id)) select({ kind: 'node', id: n.id });
    const origin = new Map(ids.flatMap((id) => (o.positions.has(id) ? [[id, o.positions.get(id)!] as const] : [])));
    const moved = [...origin.values()].map((p) => clampTo({ x: p.x + dx, y: p.y + dy }, o.canvas));
    const others = [...o.positions].filter(([id]) => !origin.has(id)).map(([, p]) => p);
    if (overlaps(moved, others, CLEARANCE)) {
      setAnnounce('Another node is in the way.');
      return;
    }
    const ids2 = [...origin.keys()];
    o.store.getState().edit(
      ids2.length === 1 ? `Move node ${ids2[0]}` : `Move ${ids2.length} nodes`,
      (d) => moveNodes(d, ids2.map((id, i) => ({ id, ...moved[i]! }))),
      { layout: true, merge: `nudge:${ids2.join(',')}` },
    );
  };

  const onNodeKey = (e: KeyboardEvent, n: NodeSpec) => {
    const step = o.snap ? GRID : e.shiftKey ? NUDGE_FAR : NUDGE;
    const far = e.shiftKey && o.snap ? 2 * GRID : step;
    const moves: Record<string, [number, number]> = { ArrowLeft: [-far, 0], ArrowRight: [far, 0], ArrowUp: [0, -far], ArrowDown: [0, far] };
    const ids = selectedNodes(o.selection);
    if (e.key === 'Enter' || e.key === ' ') {
      if (connectFrom !== null) {
        if (connectFrom !== n.id) link(connectFrom, n.id);
      } else if (e.shiftKey) toggle(n.id);
      else select({ kind: 'node', id: n.id });
    } else if (e.key === 'l' || e.key === 'L') {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      setConnectFrom(n.id);
      setAnnounce(`Linking from ${n.id}: Tab to another node and press Enter, or Escape to cancel.`);
    } else if (e.key === 'Escape') {
      if (!cancel()) {
        if (!ids.length) return;
        select(null);
      }
    } else if ((e.key === 'a' || e.key === 'A') && (e.ctrlKey || e.metaKey)) {
      select(selectionOf([...o.positions.keys()]));
      setAnnounce(`All ${o.positions.size} nodes selected.`);
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      const targets = ids.includes(n.id) ? ids : [n.id];
      o.onRequestDelete(targets.map((id) => ({ kind: 'node', id })));
    } else if (moves[e.key]) {
      nudge(n, ...moves[e.key]!);
    } else return;
    // Handled here: not a page shortcut (Space would also play/pause).
    e.preventDefault();
    e.stopPropagation();
  };

  /** Positions as drawn: the nodes being dragged follow the pointer, inside the canvas. */
  const shown = (() => {
    if (gesture?.kind !== 'move') return o.positions;
    const dx = gesture.at.x - gesture.start.x;
    const dy = gesture.at.y - gesture.start.y;
    const out = new Map(o.positions);
    for (const id of gesture.ids) {
      const p = gesture.origin.get(id)!;
      out.set(id, clampTo({ x: p.x + dx, y: p.y + dy }, o.canvas));
    }
    return out;
  })();

  /** The dragged nodes would land on another (drawn as a warning; the drop slides them clear). */
  const blocked = (() => {
    if (gesture?.kind !== 'move') return false;
    const moved = gesture.ids.map((id) => shown.get(id)!);
    const others = [...o.positions].filter(([id]) => !gesture.ids.includes(id)).map(([, p]) => p);
    return overlaps(moved, others, CLEARANCE);
  })();

  /** The link being drawn, from its first node to the pointer (or the node it would join). */
  const preview = (() => {
    if (gesture?.kind === 'connect') {
      const a = o.positions.get(gesture.from);
      const b = gesture.over ? o.positions.get(gesture.over) : gesture.at;
      return a && b ? { from: gesture.from, a, b, over: gesture.over } : null;
    }
    if (connectFrom !== null) {
      const a = o.positions.get(connectFrom);
      return a && pointer ? { from: connectFrom, a, b: pointer, over: null } : null;
    }
    return null;
  })();

  return { gesture, shown, blocked, preview, connectFrom, announce, onNodeClick, onBackgroundClick, onNodeKey, onPointerMove, cancel };
}
