import { useMemo } from 'react';
import { useLab } from '../lab-context';
import { selectEdited } from '../../store/editor';
import { bounds, layoutNodes } from '../editor/layout';

/** Room the diagram keeps around its nodes (TopologyView's MARGIN), in its units. */
const MARGIN = 56;
/** A drawing at least this much wider than tall is "wide". */
export const WIDE = 2.2;

/** Width over height of a drawing of these nodes, margins included. */
export function drawingAspect(box: { width: number; height: number }): number {
  return (box.width + 2 * MARGIN) / (box.height + 2 * MARGIN);
}

/**
 * Whether the network is a wide drawing (a chain of hosts and routers, a
 * dumbbell of few hosts): the presenter layout then gives it the stage's
 * whole width above the charts, rather than a column beside them, so it is
 * drawn larger.
 */
export function useWideTopology(): boolean {
  const edited = useLab(selectEdited);
  return useMemo(() => {
    if (!edited || edited.nodes.length === 0) return true;
    return drawingAspect(bounds(layoutNodes(edited.nodes, edited.links).values())) >= WIDE;
  }, [edited]);
}
