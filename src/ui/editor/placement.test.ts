/** Where a dropped node lands: inside the canvas, on the grid, never on another node. */
import { describe, expect, it } from 'vitest';
import { clampTo, overlaps, placeGroup, snap } from './placement';

const box = { x: 0, y: 0, width: 600, height: 300 };
const CLEAR = 60;

describe('placing dropped nodes', () => {
  it('keeps a free drop where it is', () => {
    expect(placeGroup([{ x: 100, y: 100 }], { others: [{ x: 400, y: 100 }], box, clearance: CLEAR })).toEqual([{ x: 100, y: 100 }]);
  });

  it('slides a node dropped on another to the nearest free place beside it', () => {
    const others = [{ x: 300, y: 150 }];
    const [p] = placeGroup([{ x: 305, y: 152 }], { others, box, clearance: CLEAR });
    expect(overlaps([p!], others, CLEAR)).toBe(false);
    expect(Math.hypot(p!.x - 305, p!.y - 152)).toBeLessThan(CLEAR + 15);
  });

  it('keeps nodes inside the canvas: a drop outside comes back to its edge', () => {
    expect(placeGroup([{ x: 900, y: -50 }], { others: [], box, clearance: CLEAR })).toEqual([{ x: 600, y: 0 }]);
    expect(clampTo({ x: -10, y: 500 }, box)).toEqual({ x: 0, y: 300 });
  });

  it('moves a group as a whole: shape kept, inside the canvas, clear of the rest', () => {
    const group = [
      { x: 560, y: 100 },
      { x: 660, y: 100 },
    ];
    const placed = placeGroup(group, { others: [{ x: 500, y: 100 }], box, clearance: CLEAR });
    expect(placed[1]!.x - placed[0]!.x).toBe(100);
    expect(placed[1]!.x).toBeLessThanOrEqual(600);
    expect(overlaps(placed, [{ x: 500, y: 100 }], CLEAR)).toBe(false);
  });

  it('snaps to the grid when asked', () => {
    expect(snap({ x: 107, y: 93 })).toEqual({ x: 100, y: 100 });
    expect(placeGroup([{ x: 107, y: 93 }], { others: [], box, clearance: CLEAR, grid: 20 })).toEqual([{ x: 100, y: 100 }]);
    const [p] = placeGroup([{ x: 301, y: 149 }], { others: [{ x: 300, y: 150 }], box, clearance: CLEAR, grid: 20 });
    expect(p!.x % 20).toBe(0);
    expect(p!.y % 20).toBe(0);
    expect(overlaps([p!], [{ x: 300, y: 150 }], CLEAR)).toBe(false);
  });
});
