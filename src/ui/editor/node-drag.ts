/**
 * Dragging nodes of the topology view: D3's drag behaviour wrapped in a
 * factory returning `{update, destroy}` and created once on the SVG, as
 * xyflow does, so D3 never fights React's render. The behaviour sits on the
 * SVG itself and finds the node under the pointer (`[data-node-id]`), so
 * nodes React adds or removes need no rebinding; `update` only hands it the
 * latest positions. It reports positions in the SVG's user units (the
 * scenario's pixels, whatever the viewBox); React draws them.
 */
import { drag, select, type D3DragEvent } from 'd3';
import type { Point } from './layout';

export interface NodeDragHandlers {
  /** the pointer went down on a node (a drag may follow) */
  onStart(id: string): void;
  onMove(id: string, at: Point): void;
  /** `moved` is false for a press without movement (a click) */
  onEnd(id: string, at: Point, moved: boolean): void;
}

export interface NodeDrag {
  update(positions: ReadonlyMap<string, Point>): void;
  destroy(): void;
}

interface Subject {
  id: string;
  x: number;
  y: number;
}

export function createNodeDrag(svg: SVGSVGElement, handlers: NodeDragHandlers): NodeDrag {
  let positions: ReadonlyMap<string, Point> = new Map();
  let moved = false;

  const nodeOf = (target: EventTarget | null): string | null => {
    const el = target instanceof Element ? target.closest<SVGElement>('[data-node-id]') : null;
    return el?.dataset.nodeId ?? null;
  };

  const behaviour = drag<SVGSVGElement, unknown, Subject>()
    .container(svg)
    .filter((event: MouseEvent) => !event.ctrlKey && !event.button && nodeOf(event.target) !== null)
    .subject((event: D3DragEvent<SVGSVGElement, unknown, Subject>) => {
      const id = nodeOf((event.sourceEvent as Event).target);
      const p = id === null ? undefined : positions.get(id);
      return id === null || !p ? (null as unknown as Subject) : { id, x: p.x, y: p.y };
    })
    .on('start', (event: D3DragEvent<SVGSVGElement, unknown, Subject>) => {
      moved = false;
      handlers.onStart(event.subject.id);
    })
    .on('drag', (event: D3DragEvent<SVGSVGElement, unknown, Subject>) => {
      moved = true;
      handlers.onMove(event.subject.id, { x: event.x, y: event.y });
    })
    .on('end', (event: D3DragEvent<SVGSVGElement, unknown, Subject>) => {
      handlers.onEnd(event.subject.id, { x: event.x, y: event.y }, moved);
    });

  select(svg).call(behaviour);

  return {
    update(next) {
      positions = next;
    },
    destroy() {
      select(svg).on('.drag', null);
    },
  };
}
