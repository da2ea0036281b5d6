/**
 * Charts out of the page, for slides and papers: one chart, or the whole
 * presenter view, as a standalone SVG (vector: the data as paths, the text as
 * text) or as a PNG rendered from that SVG at projector resolution.
 *
 * A chart's picture is its title, its legend (the page's HTML legend laid
 * out again in SVG, with the same swatches) and the chart's own snapshot
 * (time-chart.ts), on a white background, at the size it has on screen. The PNG is the same SVG
 * rasterized, scaled so its width is PNG_WIDTH pixels: sharp on a 1920-pixel
 * projector, however small the chart was on a laptop.
 */

/** Width of a saved PNG, pixels (a 1080p projector). */
export const PNG_WIDTH = 1920;

const SVG_NS = 'http://www.w3.org/2000/svg';
const FONT = 'system-ui, -apple-system, Segoe UI, Roboto, Helvetica Neue, Arial, sans-serif';
const TEXT = '#18202c';
const MUTED = '#586273';

function el<K extends keyof SVGElementTagNameMap>(name: K, attrs: Record<string, string | number>, text?: string): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

/** Rough text width for laying out the legend (no layout engine in a detached SVG). */
const textWidth = (s: string, size: number) => s.length * size * 0.56;

/** A legend entry as the page shows it: its swatch (an SVG with a 24×12 viewBox) and its label. */
export interface LegendEntry {
  swatch: SVGSVGElement;
  label: string;
}

/** The entries of a legend list rendered by Legend.tsx. */
export function legendEntries(list: Element | null): LegendEntry[] {
  if (!list) return [];
  return [...list.querySelectorAll('li')].flatMap((li) => {
    const swatch = li.querySelector('svg');
    return swatch ? [{ swatch: swatch as SVGSVGElement, label: (li.textContent ?? '').trim() }] : [];
  });
}

/** The legend as SVG rows of swatch + label, wrapped to `width`; returns the group and its height. */
function legendSvg(entries: readonly LegendEntry[], width: number, size: number): { g: SVGGElement; height: number } {
  const g = el('g', { class: 'legend' });
  const rowH = size * 1.6;
  const sw = 2 * size;
  let x = 0;
  let y = 0;
  for (const entry of entries) {
    const w = sw + 6 + textWidth(entry.label, size) + size;
    if (x > 0 && x + w > width) {
      x = 0;
      y += rowH;
    }
    const swatch = entry.swatch.cloneNode(true) as SVGSVGElement;
    swatch.removeAttribute('class');
    for (const [k, v] of Object.entries({ x, y: y + (rowH - sw / 2) / 2, width: sw, height: sw / 2 })) swatch.setAttribute(k, String(v));
    g.append(swatch);
    g.append(el('text', { x: x + sw + 6, y: y + rowH / 2, 'dominant-baseline': 'middle', 'font-size': size, fill: MUTED, 'font-family': FONT }, entry.label));
    x += w;
  }
  return { g, height: entries.length ? y + rowH : 0 };
}

export interface ChartPicture {
  title: string;
  legend: readonly LegendEntry[];
  /** the chart's snapshot (time-chart.ts), or any SVG with width and height */
  chart: SVGSVGElement;
}

/** One chart as a standalone SVG document: title, legend, chart, on white. */
export function chartSvg(p: ChartPicture, rem = 16): SVGSVGElement {
  const cw = Number(p.chart.getAttribute('width')) || 640;
  const ch = Number(p.chart.getAttribute('height')) || 360;
  const pad = 0.75 * rem;
  const titleSize = 1.05 * rem;
  const legend = legendSvg(p.legend, cw - 2 * pad, 0.8125 * rem);
  const top = pad + titleSize * 1.4;
  const gap = legend.height ? pad / 2 : 0;
  const width = cw + 2 * pad;
  const height = top + legend.height + gap + ch + pad;
  const svg = el('svg', { xmlns: SVG_NS, width, height, viewBox: `0 0 ${width} ${height}`, 'font-family': FONT });
  svg.append(el('rect', { x: 0, y: 0, width, height, fill: '#ffffff' }));
  svg.append(el('text', { x: pad, y: pad + titleSize, 'font-size': titleSize, 'font-weight': 650, fill: TEXT }, p.title));
  legend.g.setAttribute('transform', `translate(${pad},${top})`);
  svg.append(legend.g);
  const chart = p.chart.cloneNode(true) as SVGSVGElement;
  chart.setAttribute('x', String(pad));
  chart.setAttribute('y', String(top + legend.height + gap));
  svg.append(chart);
  return svg;
}

/** Serialize an SVG element as a standalone .svg file's text. */
export function svgText(svg: SVGSVGElement): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(svg)}\n`;
}

/** Rasterize an SVG (with width and height) to a PNG `pixelWidth` pixels wide. */
export async function svgToPng(svg: SVGSVGElement, pixelWidth = PNG_WIDTH): Promise<Blob> {
  const w = Number(svg.getAttribute('width'));
  const h = Number(svg.getAttribute('height'));
  if (!(w > 0 && h > 0)) throw new Error('the picture has no size');
  const scale = pixelWidth / w;
  const url = URL.createObjectURL(new Blob([svgText(svg)], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.decoding = 'async';
    img.src = url;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(w * scale);
    canvas.height = Math.round(h * scale);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('this browser cannot draw on a canvas');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the browser could not make a PNG'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}
