/**
 * The dense lines of a chart painted into a pixel buffer of our own, then put
 * onto the canvas in one image.
 *
 * A dense line is a run of integer-aligned rectangles, one per pixel column
 * (canvas-draw.ts fillLine). Through the canvas API each rectangle is a call
 * into the browser and an operation it records and rasterizes later; 110 flows
 * across a 1,300-pixel chart are ~140,000 of them, 20 ms of main-thread CPU
 * for a full redraw, which the page does whenever the time axis steps out.
 * Written here, a rectangle is a few array stores: the same full redraw costs
 * a few milliseconds and one image.
 *
 * The raster covers the plot (plus the 2 px the clip allows above and below
 * and on the right) in device pixels, so it is as sharp as the canvas. Colours
 * are opaque; painting order is call order, so later lines lie on top, as
 * with fillRect. A painting covers a strip [fromX, width) of the plot (the
 * chart's incremental draws): only that strip is cleared, drawn and put.
 */
import type { RectSink } from './canvas-draw';

/** What the raster draws its image with: the on-screen canvas's context. */
export interface ImageTarget {
  imageSmoothingEnabled: boolean;
  drawImage(image: CanvasImageSource, sx: number, sy: number, sw: number, sh: number, dx: number, dy: number, dw: number, dh: number): void;
}

/** Rectangles at most this many device pixels wide are filled pixel by pixel rather than a fill() call per row. */
const NARROW = 8;

/** Room above the plot (CSS px) that the chart's clip allows: lines at the top edge keep their full width. */
const PAD = 2;

/** A CSS colour as a little-endian RGBA word, or null when it is not opaque (drawn through the canvas instead). */
const parsed = new Map<string, number | null>();
let probe: CanvasRenderingContext2D | null = null;

export function opaqueColour(css: string): number | null {
  const known = parsed.get(css);
  if (known !== undefined) return known;
  let word: number | null = null;
  const hex = /^#([0-9a-f]{6})$/i.exec(css.trim());
  if (hex) {
    const v = parseInt(hex[1], 16);
    word = packRgba((v >> 16) & 255, (v >> 8) & 255, v & 255);
  } else if (typeof document !== 'undefined') {
    // Anything else (names, rgb(), hsl()): let the browser read it, once.
    probe ??= document.createElement('canvas').getContext('2d');
    if (probe) {
      probe.fillStyle = '#000000';
      probe.fillStyle = css;
      const norm = String(probe.fillStyle);
      const h = /^#([0-9a-f]{6})$/i.exec(norm);
      if (h) {
        const v = parseInt(h[1], 16);
        word = packRgba((v >> 16) & 255, (v >> 8) & 255, v & 255);
      }
    }
  }
  parsed.set(css, word);
  return word;
}

/** RGBA bytes as the Uint32 word ImageData holds on a little-endian machine (every browser's). */
export function packRgba(r: number, g: number, b: number, a = 255): number {
  return ((a << 24) | (b << 16) | (g << 8) | r) >>> 0;
}

export class SpanRaster implements RectSink {
  /** size of the raster, device px */
  private w = 0;
  private h = 0;
  private dpr = 1;
  private image: ImageData | null = null;
  private pixels = new Uint32Array(0);
  private scratch: HTMLCanvasElement | OffscreenCanvas | null = null;
  private scratchCtx: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null = null;
  /** the strip being painted, device px [x0, w) */
  private x0 = 0;
  private colour = 0;
  /** whether anything was drawn since begin() */
  private dirty = false;

  /** Whether something drawn waits to be put onto the canvas. */
  get pending(): boolean {
    return this.dirty;
  }

  /** The pixels, for tests. */
  get data(): Uint32Array {
    return this.pixels;
  }

  get width(): number {
    return this.w;
  }

  get height(): number {
    return this.h;
  }

  /**
   * Start painting the plot `iw` × `ih` CSS px from column `fromX` on: the
   * raster is (re)sized if the plot or pixel ratio changed, and the strip cleared.
   */
  begin(iw: number, ih: number, dpr: number, fromX: number): void {
    const w = Math.max(1, Math.ceil((iw + PAD) * dpr));
    const h = Math.max(1, Math.ceil((ih + 2 * PAD) * dpr));
    if (w !== this.w || h !== this.h || dpr !== this.dpr || this.pixels.length !== w * h) {
      this.w = w;
      this.h = h;
      this.dpr = dpr;
      this.image = typeof ImageData === 'undefined' ? null : new ImageData(w, h);
      this.pixels = this.image ? new Uint32Array(this.image.data.buffer) : new Uint32Array(w * h);
      this.scratch = null;
      this.scratchCtx = null;
      fromX = 0;
    }
    this.x0 = Math.max(0, Math.min(w, Math.round(fromX * dpr)));
    this.dirty = false;
    const px = this.pixels;
    if (this.x0 === 0) px.fill(0);
    else for (let y = 0; y < h; y++) px.fill(0, y * w + this.x0, y * w + w);
  }

  /** The colour of the rectangles to come (a word from opaqueColour). */
  setColour(word: number): void {
    this.colour = word;
  }

  /** A rectangle in plot coordinates (CSS px, origin at the plot's top left), clipped to the strip. */
  fillRect(x: number, y: number, w: number, h: number): void {
    const d = this.dpr;
    const W = this.w;
    let xa = Math.round(x * d);
    let xb = Math.round((x + w) * d);
    let ya = Math.round((y + PAD) * d);
    let yb = Math.round((y + h + PAD) * d);
    if (xa < this.x0) xa = this.x0;
    if (xb > W) xb = W;
    if (ya < 0) ya = 0;
    if (yb > this.h) yb = this.h;
    if (xa >= xb || ya >= yb) return;
    const px = this.pixels;
    const c = this.colour;
    const n = xb - xa;
    if (n <= NARROW) {
      // A line's column span: a few pixels per row, stored directly (a call to fill per row costs more than the stores).
      for (let row = ya * W + xa, end = yb * W; row < end; row += W) for (let i = row, e = row + n; i < e; i++) px[i] = c;
    } else {
      for (let yy = ya; yy < yb; yy++) px.fill(c, yy * W + xa, yy * W + xb);
    }
    this.dirty = true;
  }

  /**
   * Put the strip onto `ctx`, whose origin is at the plot's top left in CSS
   * px (the chart's transform). Nothing happens if nothing was drawn.
   */
  finish(ctx: ImageTarget): void {
    if (!this.dirty || !this.image || this.x0 >= this.w) return;
    if (!this.scratchCtx) {
      this.scratch =
        typeof OffscreenCanvas !== 'undefined' ? new OffscreenCanvas(this.w, this.h) : Object.assign(document.createElement('canvas'), { width: this.w, height: this.h });
      this.scratchCtx = this.scratch.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
      if (!this.scratchCtx) return;
    }
    const sw = this.w - this.x0;
    this.scratchCtx.putImageData(this.image, 0, 0, this.x0, 0, sw, this.h);
    const d = this.dpr;
    const smooth = ctx.imageSmoothingEnabled;
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(this.scratch!, this.x0, 0, sw, this.h, this.x0 / d, -PAD, sw / d, this.h / d);
    ctx.imageSmoothingEnabled = smooth;
    this.dirty = false;
  }
}
