import { describe, expect, it } from 'vitest';
import { bounds, fitView, freeSpot, layoutNodes, linkGeometry } from './layout';

describe('topology layout', () => {
  it('keeps given positions and lays out the rest by hops from the first host', () => {
    const nodes = [
      { id: 'r1', kind: 'router' },
      { id: 'server', kind: 'host' },
      { id: 'client', kind: 'host' },
      { id: 'placed', kind: 'host', x: 5, y: 6 },
      { id: 'alone', kind: 'router' },
    ];
    const links = [
      { a: 'server', b: 'r1' },
      { a: 'r1', b: 'client' },
      { a: 'r1', b: 'placed' },
    ];
    const p = layoutNodes(nodes, links);
    expect(p.get('placed')).toEqual({ x: 5, y: 6 });
    expect(p.get('server')).toEqual({ x: 80, y: 200 });
    expect(p.get('r1')).toEqual({ x: 280, y: 200 });
    expect(p.get('client')).toEqual({ x: 480, y: 200 });
    // A node on its own goes to the right of everything else.
    expect(p.get('alone')!.x).toBeGreaterThan(480);
  });

  it('fits the view: one unit per pixel times the zoom, smaller only when the drawing does not fit', () => {
    const content = bounds([
      { x: 0, y: 0 },
      { x: 400, y: 100 },
    ]);
    expect(content).toEqual({ x: 0, y: 0, width: 400, height: 100 });
    const roomy = fitView(content, { width: 1000, height: 500 }, 50, 1.4);
    expect(roomy.zoom).toBe(1.4);
    expect(roomy.x + roomy.width / 2).toBe(200); // centred
    const tight = fitView(content, { width: 250, height: 500 }, 50, 1.4);
    expect(tight.zoom).toBeCloseTo(0.5);
    expect(tight.width).toBeCloseTo(500);
  });

  it('finds a free spot for a new node', () => {
    const taken = [
      { x: 0, y: 0 },
      { x: 200, y: 0 },
    ];
    const p = freeSpot(taken, { x: 100, y: 0 }, 110);
    for (const t of taken) expect(Math.hypot(t.x - p.x, t.y - p.y)).toBeGreaterThanOrEqual(110);
  });

  it('runs lanes between the nodes’ edges', () => {
    const g = linkGeometry({ x: 0, y: 0 }, { x: 0, y: 100 }, 30);
    expect(g.angle).toBe(90);
    expect(g).toMatchObject({ start: 30, end: 70, length: 100, mid: { x: 0, y: 50 } });
    expect(g.normal.x).toBeCloseTo(-1);
  });
});
