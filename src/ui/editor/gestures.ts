/**
 * Pointer gestures of the topology view: D3's drag behaviour wrapped in a
 * factory returning `{destroy}` and created once on the SVG, as xyflow does,
 * so D3 never fights React's render. The behaviour sits on the SVG itself and
 * finds what is under the pointer — a node (`[data-node-id]`), a node's link
 * handle (`[data-handle]`) or the empty background (`[data-background]`) —
 * so elements React adds or removes need no rebinding. It reports positions
 * in the SVG's user units (the scenario's pixels, whatever the viewBox); what
 * a gesture does is decided by the view (TopologyView), which draws it.
 */
import { drag, select, type D3DragEvent } from 'd3';
import type { Point } from './layout';

/** Where a press landed. */
export interface PressTarget {
  /** the node under the pointer, if any */
  node: string | null;
  /** on a node's link handle */
  handle: boolean;
  /** on the empty canvas */
  background: boolean;
  shiftKey: boolean;
}

export interface GestureHandlers {
  /** A press: return false to ignore it (no gesture). */
  start(target: PressTarget, at: Point): boolean;
  move(at: Point): void;
  /** `moved` is false for a press without movement (a click) */
  end(at: Point, moved: boolean): void;
}

export interface Gestures {
  destroy(): void;
}

function targetOf(event: MouseEvent | TouchEvent): PressTarget {
  const t = event.target instanceof Element ? event.target : null;
  const nodeEl = t?.closest<SVGElement>('[data-node-id]') ?? null;
  return {
    node: nodeEl?.dataset.nodeId ?? null,
    handle: !!t?.closest('[data-handle]'),
    background: !!t?.closest('[data-background]'),
    shiftKey: 'shiftKey' in event ? event.shiftKey : false,
  };
}

export function createGestures(svg: SVGSVGElement, handlers: GestureHandlers): Gestures {
  let moved = false;

  const behaviour = drag<SVGSVGElement, unknown, Point>()
    .container(svg)
    .filter((event: MouseEvent) => !event.ctrlKey && !event.metaKey && !event.button)
    // The subject is the press point itself: the view keeps each gesture's state.
    .subject((event: D3DragEvent<SVGSVGElement, unknown, Point>) => {
      const source = event.sourceEvent as MouseEvent | TouchEvent;
      const at = { x: event.x, y: event.y };
      return handlers.start(targetOf(source), at) ? at : (null as unknown as Point);
    })
    .on('start', () => {
      moved = false;
    })
    .on('drag', (event: D3DragEvent<SVGSVGElement, unknown, Point>) => {
      moved = true;
      handlers.move({ x: event.x, y: event.y });
    })
    .on('end', (event: D3DragEvent<SVGSVGElement, unknown, Point>) => {
      handlers.end({ x: event.x, y: event.y }, moved);
    });

  select(svg).call(behaviour);

  return {
    destroy() {
      select(svg).on('.drag', null);
    },
  };
}
