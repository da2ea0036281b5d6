/**
 * Where a dragged node (or a group of them) may land: inside the canvas, on
 * the grid if snapping is on, and never on top of another node — a node
 * hidden under another is a node the class cannot see. A drop that would
 * overlap slides to the nearest place that does not (searched outwards in
 * small steps), so the node lands where it was meant to, just beside its
 * neighbour.
 */
import type { Box, Point } from './layout';

/** Grid of the snap, in the scenario's pixels. */
export const GRID = 20;

export function snap(p: Point, grid = GRID): Point {
  return { x: Math.round(p.x / grid) * grid, y: Math.round(p.y / grid) * grid };
}

/** `p` kept inside `box` (an empty box keeps its centre). */
export function clampTo(p: Point, box: Box): Point {
  const x = box.width <= 0 ? box.x + box.width / 2 : Math.min(box.x + box.width, Math.max(box.x, p.x));
  const y = box.height <= 0 ? box.y + box.height / 2 : Math.min(box.y + box.height, Math.max(box.y, p.y));
  return { x, y };
}

/** `box` shrunk by `left/right`, `top` and `bottom` (room for a node's shape and its label). */
export function inset(box: Box, side: number, top: number, bottom: number): Box {
  return { x: box.x + side, y: box.y + top, width: Math.max(0, box.width - 2 * side), height: Math.max(0, box.height - top - bottom) };
}

/** Some node of `moved` is closer than `clearance` to one of `others`. */
export function overlaps(moved: readonly Point[], others: readonly Point[], clearance: number): boolean {
  return moved.some((m) => others.some((o) => Math.hypot(m.x - o.x, m.y - o.y) < clearance));
}

export interface PlaceOptions {
  /** nodes that stay where they are */
  others: readonly Point[];
  /** where the moved nodes' centres may be */
  box: Box;
  /** least distance between two nodes' centres */
  clearance: number;
  /** snap to this grid (0: no snap) */
  grid?: number;
  /** search step, pixels */
  step?: number;
}

/**
 * Final positions for `moved` (dropped where given): snapped, inside the box
 * as a group, and slid by the smallest offset that keeps every one of them
 * `clearance` away from the others. If no free place is found nearby they stay
 * where given, clamped.
 */
export function placeGroup(moved: readonly Point[], opts: PlaceOptions): Point[] {
  if (moved.length === 0) return [];
  const grid = opts.grid ?? 0;
  const step = Math.max(1, grid || opts.step || 10);
  // Keep the group's shape: clamp by its bounding box, not node by node.
  const shift = (ps: readonly Point[], dx: number, dy: number) => ps.map((p) => ({ x: p.x + dx, y: p.y + dy }));
  const intoBox = (ps: readonly Point[]): Point[] => {
    const xs = ps.map((p) => p.x);
    const ys = ps.map((p) => p.y);
    const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    const b = opts.box;
    const dx = x0 < b.x ? b.x - x0 : x1 > b.x + b.width ? b.x + b.width - x1 : 0;
    const dy = y0 < b.y ? b.y - y0 : y1 > b.y + b.height ? b.y + b.height - y1 : 0;
    return shift(ps, dx, dy);
  };
  const snapAll = (ps: readonly Point[]) => (grid ? shift(ps, snap(ps[0]!, grid).x - ps[0]!.x, snap(ps[0]!, grid).y - ps[0]!.y) : [...ps]);
  const start = intoBox(snapAll(moved));
  const inside = (ps: readonly Point[]) => ps.every((p) => p.x >= opts.box.x - 0.5 && p.x <= opts.box.x + opts.box.width + 0.5 && p.y >= opts.box.y - 0.5 && p.y <= opts.box.y + opts.box.height + 0.5);
  if (!overlaps(start, opts.others, opts.clearance)) return start;
  for (let ring = 1; ring <= 60; ring++) {
    let best: Point[] | null = null;
    let bestD = Infinity;
    for (let i = -ring; i <= ring; i++) {
      for (let j = -ring; j <= ring; j++) {
        if (Math.max(Math.abs(i), Math.abs(j)) !== ring) continue;
        const cand = shift(start, i * step, j * step);
        if (!inside(cand) || overlaps(cand, opts.others, opts.clearance)) continue;
        const d = Math.hypot(i, j);
        if (d < bestD) {
          bestD = d;
          best = cand;
        }
      }
    }
    if (best) return best;
  }
  return start;
}
