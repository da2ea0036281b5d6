/**
 * Where the topology view draws things. Positions come from the scenario's
 * `x`/`y` (pixels); nodes without them are laid out left to right by hops
 * from the first host, so a hand-written file still draws sensibly.
 */

export interface Point {
  x: number;
  y: number;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface NodeLike {
  id: string;
  kind: string;
  x?: number;
  y?: number;
}

interface LinkLike {
  a: string;
  b: string;
}

export const COLUMN_GAP = 200;
export const ROW_GAP = 120;
const ORIGIN = { x: 80, y: 200 };

/** Every node's position: its own, or a column by hop count from the first host. */
export function layoutNodes(nodes: readonly NodeLike[], links: readonly LinkLike[]): Map<string, Point> {
  const out = new Map<string, Point>();
  const missing = nodes.filter((n) => !Number.isFinite(n.x) || !Number.isFinite(n.y));
  for (const n of nodes) if (!missing.includes(n)) out.set(n.id, { x: n.x!, y: n.y! });
  if (!missing.length) return out;

  // Hops from the first host (or node); other components continue to the right.
  const column = new Map<string, number>();
  const order = [...nodes].sort((a, b) => Number(b.kind === 'host') - Number(a.kind === 'host'));
  let base = 0;
  for (const start of order) {
    if (column.has(start.id)) continue;
    column.set(start.id, base);
    let frontier = [start.id];
    let deepest = base;
    while (frontier.length) {
      const next: string[] = [];
      for (const at of frontier) {
        for (const l of links) {
          const other = l.a === at ? l.b : l.b === at ? l.a : null;
          if (other !== null && !column.has(other) && nodes.some((n) => n.id === other)) {
            column.set(other, column.get(at)! + 1);
            deepest = Math.max(deepest, column.get(other)!);
            next.push(other);
          }
        }
      }
      frontier = next;
    }
    base = deepest + 1;
  }

  const byColumn = new Map<number, NodeLike[]>();
  for (const n of missing) {
    const c = column.get(n.id) ?? 0;
    byColumn.set(c, [...(byColumn.get(c) ?? []), n]);
  }
  for (const [c, list] of byColumn) {
    list.forEach((n, i) => {
      out.set(n.id, { x: ORIGIN.x + c * COLUMN_GAP, y: ORIGIN.y + (i - (list.length - 1) / 2) * ROW_GAP });
    });
  }
  return out;
}

/** The smallest box holding every point (a default box when there are none). */
export function bounds(points: Iterable<Point>): Box {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const p of points) {
    x0 = Math.min(x0, p.x);
    y0 = Math.min(y0, p.y);
    x1 = Math.max(x1, p.x);
    y1 = Math.max(y1, p.y);
  }
  if (x0 === Infinity) return { x: ORIGIN.x, y: ORIGIN.y, width: 0, height: 0 };
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/**
 * The viewBox, centred on the drawing: `zoom` screen pixels per unit (the
 * page's text scale, more for a small drawing up to `maxZoom`), less when
 * the drawing would not fit.
 */
export function fitView(content: Box, view: { width: number; height: number }, margin: number, maxZoom = 1): Box & { zoom: number } {
  const needW = content.width + 2 * margin;
  const needH = content.height + 2 * margin;
  const zoom = Math.min(maxZoom, Math.max(1, view.width) / needW, Math.max(1, view.height) / needH);
  const width = view.width / zoom;
  const height = view.height / zoom;
  return {
    x: content.x + content.width / 2 - width / 2,
    y: content.y + content.height / 2 - height / 2,
    width,
    height,
    zoom,
  };
}

/** A spot for a new node near `near`, at least `clearance` from every other node. */
export function freeSpot(taken: readonly Point[], near: Point, clearance = 110): Point {
  const ok = (p: Point) => taken.every((t) => Math.hypot(t.x - p.x, t.y - p.y) >= clearance);
  const step = 40;
  for (let ring = 0; ring < 40; ring++) {
    const candidates: Point[] = [];
    for (let dx = -ring; dx <= ring; dx++) {
      for (let dy = -ring; dy <= ring; dy++) {
        if (Math.max(Math.abs(dx), Math.abs(dy)) !== ring) continue;
        candidates.push({ x: near.x + dx * step, y: near.y + dy * step });
      }
    }
    // Prefer below and to the right: the direction a diagram grows.
    candidates.sort((a, b) => b.y + b.x * 0.5 - (a.y + a.x * 0.5));
    const found = candidates.find(ok);
    if (found) return found;
  }
  return { x: near.x, y: near.y };
}

/** A link's two lanes run along it, between the two nodes' edges. */
export interface LinkGeometry {
  /** angle of a→b, degrees */
  angle: number;
  /** where the lanes start and end along the link, from a */
  start: number;
  end: number;
  length: number;
  mid: Point;
  /** unit normal (a→b turned a quarter clockwise on screen) */
  normal: Point;
}

export function linkGeometry(a: Point, b: Point, inset: number): LinkGeometry {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length = Math.hypot(dx, dy);
  const ux = length ? dx / length : 1;
  const uy = length ? dy / length : 0;
  const start = Math.min(inset, length / 2);
  const end = Math.max(length - inset, length / 2);
  return {
    angle: (Math.atan2(dy, dx) * 180) / Math.PI,
    start,
    end,
    length,
    mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 },
    normal: { x: -uy, y: ux },
  };
}
