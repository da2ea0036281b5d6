import { describe, expect, it } from 'vitest';
import { fillLine, linear, type RectSink } from './canvas-draw';
import { RingBuffer } from './ring-buffer';
import { opaqueColour, packRgba, SpanRaster } from './span-raster';

const RED = packRgba(255, 0, 0);
const BLUE = packRgba(0, 0, 255);

/** The raster's pixel at plot coordinates (x, y) in device px (the raster keeps 2 CSS px above the plot). */
function at(r: SpanRaster, x: number, y: number, dpr = 1): number {
  return r.data[(y + 2 * dpr) * r.width + x];
}

describe('SpanRaster', () => {
  it('fills rectangles in plot coordinates, later ones on top, clipped to the plot', () => {
    const r = new SpanRaster();
    r.begin(10, 10, 1, 0);
    r.setColour(RED);
    r.fillRect(2, 3, 2, 4);
    r.setColour(BLUE);
    r.fillRect(3, 5, 1, 1);
    r.fillRect(-5, -5, 3, 3); // above and left of the plot: only the 2 px pad above survives, nothing left of 0
    expect(at(r, 2, 3)).toBe(RED);
    expect(at(r, 3, 6)).toBe(RED);
    expect(at(r, 3, 5)).toBe(BLUE);
    expect(at(r, 4, 3)).toBe(0);
    expect(at(r, 2, 7)).toBe(0);
    expect(r.data.filter((p) => p === RED).length).toBe(2 * 4 - 1);
    expect(r.data.filter((p) => p === BLUE).length).toBe(1);
  });

  it('fills narrow and wide rectangles alike, clipped to the strip', () => {
    for (const w of [1, 2, 3, 8, 9, 20]) {
      const r = new SpanRaster();
      r.begin(30, 12, 1, 0);
      r.begin(30, 12, 1, 4);
      r.setColour(RED);
      r.fillRect(2, 1, w, 5); // starts left of the strip: columns 4.. only
      const filled: [number, number][] = [];
      for (let y = -2; y < 14; y++) for (let x = 0; x < r.width; x++) if (at(r, x, y) === RED) filled.push([x, y]);
      const want: [number, number][] = [];
      for (let y = 1; y < 6; y++) for (let x = 4; x < Math.min(2 + w, r.width); x++) want.push([x, y]);
      expect(filled, `width ${w}`).toEqual(want);
    }
  });

  it('clears and draws only the strip from fromX on, keeping what is left of it', () => {
    const r = new SpanRaster();
    r.begin(10, 4, 1, 0);
    r.setColour(RED);
    r.fillRect(0, 0, 10, 1);
    r.begin(10, 4, 1, 6);
    expect(at(r, 5, 0)).toBe(RED);
    expect(at(r, 6, 0)).toBe(0);
    r.setColour(BLUE);
    r.fillRect(0, 1, 10, 1); // left of the strip: not drawn
    expect(at(r, 5, 1)).toBe(0);
    expect(at(r, 7, 1)).toBe(BLUE);
  });

  it('draws in device pixels at a pixel ratio of 2', () => {
    const r = new SpanRaster();
    r.begin(10, 10, 2, 0);
    expect(r.width).toBe(24);
    r.setColour(RED);
    r.fillRect(1, 1, 1, 1);
    expect(r.data.filter((p) => p === RED).length).toBe(4);
    expect(at(r, 2, 2, 2)).toBe(RED);
    expect(at(r, 3, 3, 2)).toBe(RED);
    expect(at(r, 4, 2, 2)).toBe(0);
  });

  it('paints a dense line as the same pixels the canvas would fill', () => {
    const b = new RingBuffer(4096);
    for (let i = 0; i < 3000; i++) b.push(i / 100, 20 + 15 * Math.sin(i / 40));
    const px = linear(0, 30, 0, 200);
    const py = linear(0, 40, 80, 0);
    const rects: [number, number, number, number][] = [];
    const recorder: RectSink = { fillRect: (x, y, w, h) => rects.push([x, y, w, h]) };
    fillLine(b, 0, b.length, px, py, 2, [], recorder);
    const r = new SpanRaster();
    r.begin(200, 80, 1, 0);
    r.setColour(RED);
    fillLine(b, 0, b.length, px, py, 2, [], r);
    // every pixel inside a rectangle is set, and nothing else
    const expected = new Set<number>();
    for (const [x, y, w, h] of rects)
      for (let yy = Math.max(-2, y); yy < Math.min(82, y + h); yy++)
        for (let xx = Math.max(0, x); xx < Math.min(r.width, x + w); xx++) expected.add((yy + 2) * r.width + xx);
    expect(expected.size).toBeGreaterThan(400);
    let set = 0;
    r.data.forEach((p, i) => {
      if (p !== 0) {
        set++;
        expect(expected.has(i)).toBe(true);
      }
    });
    expect(set).toBe(expected.size);
  });
});

describe('opaqueColour', () => {
  it('reads #rrggbb as an ImageData word and leaves what it cannot read to the canvas', () => {
    expect(opaqueColour('#0072B2')).toBe(packRgba(0x00, 0x72, 0xb2));
    // little-endian RGBA: red in the low byte, alpha in the high one
    expect(packRgba(1, 2, 3)).toBe(0xff030201);
    expect(opaqueColour('rgba(0, 0, 0, 0.5)')).toBeNull();
  });
});
