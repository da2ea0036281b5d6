/**
 * The presenter view as one picture: the caption, the network diagram (its
 * queues and packets as they are now) and every chart, each where it sits on
 * the screen, as a standalone SVG (and from it a PNG, chart-export.ts).
 *
 * The diagram is a copy of the topology's SVG with the stylesheets' styles
 * written onto it; each chart is its own picture (title, legend, vector
 * data) scaled into the place its card takes; the event log, when shown, is
 * its visible rows as text.
 */
import { chartOn } from '../charts/use-chart';
import { inlineFrameStyles } from '../charts/frame-styles';
import { chartSvg, legendEntries } from './chart-export';

const SVG_NS = 'http://www.w3.org/2000/svg';
const FONT = 'system-ui, -apple-system, Segoe UI, Roboto, Helvetica Neue, Arial, sans-serif';
const PAGE = '#f3f5f8';
const CARD = '#ffffff';
const BORDER = '#d9dee6';
const TEXT = '#18202c';
const MUTED = '#586273';

function el<K extends keyof SVGElementTagNameMap>(name: K, attrs: Record<string, string | number>, text?: string): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function boxIn(outer: DOMRect, inner: Element): Box {
  const r = inner.getBoundingClientRect();
  return { x: r.left - outer.left, y: r.top - outer.top, width: r.width, height: r.height };
}

/** Place a standalone SVG into `box`, scaled to fit. */
function placed(svg: SVGSVGElement, box: Box): SVGSVGElement {
  const w = Number(svg.getAttribute('width')) || box.width;
  const h = Number(svg.getAttribute('height')) || box.height;
  svg.setAttribute('viewBox', svg.getAttribute('viewBox') ?? `0 0 ${w} ${h}`);
  for (const [k, v] of Object.entries(box)) svg.setAttribute(k, String(v));
  return svg;
}

function card(box: Box): SVGRectElement {
  return el('rect', { ...box, rx: 8, fill: CARD, stroke: BORDER });
}

/** Lines of text in a box, cut to what fits. */
function textBlock(lines: readonly string[], box: Box, size: number, first = TEXT): SVGGElement {
  const g = el('g', { 'font-family': FONT, 'font-size': size });
  const max = Math.floor((box.height - size * 0.6) / (size * 1.35));
  const chars = Math.max(10, Math.floor(box.width / (size * 0.55)));
  lines.slice(0, max).forEach((line, i) => {
    const text = line.length > chars ? `${line.slice(0, chars - 1)}…` : line;
    g.append(el('text', { x: box.x + size * 0.6, y: box.y + size * (1.3 + 1.35 * i), fill: i === 0 ? first : MUTED }, text));
  });
  return g;
}

/** The stage of the presenter layout (`main`) as an SVG of its size on screen. */
export function viewSvg(stage: HTMLElement): SVGSVGElement {
  const outer = stage.getBoundingClientRect();
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  const svg = el('svg', { xmlns: SVG_NS, width: outer.width, height: outer.height, viewBox: `0 0 ${outer.width} ${outer.height}`, 'font-family': FONT });
  svg.append(el('rect', { x: 0, y: 0, width: outer.width, height: outer.height, fill: PAGE }));

  const caption = stage.querySelector('.caption');
  if (caption) {
    const box = boxIn(outer, caption);
    svg.append(card(box));
    const head = [...caption.querySelectorAll('.caption-badge, .caption-where')].map((e) => e.textContent ?? '').join('  ');
    const detail = caption.querySelector('.caption-detail')?.textContent ?? caption.textContent ?? '';
    svg.append(textBlock([head ? `${head} — ${detail}` : detail], box, 0.875 * rem));
  }

  const topo = stage.querySelector<SVGSVGElement>('.topology-svg');
  const canvas = stage.querySelector('.topology-canvas');
  if (topo && canvas) {
    const box = boxIn(outer, canvas);
    svg.append(card(box));
    const copy = topo.cloneNode(true) as SVGSVGElement;
    inlineFrameStyles(topo, copy);
    copy.querySelectorAll('title').forEach((t) => t.remove());
    svg.append(placed(copy, box));
  }

  for (const figure of stage.querySelectorAll<HTMLElement>('.chart-card')) {
    const plot = figure.querySelector('.chart-plot');
    const snap = chartOn(plot)?.snapshot?.();
    if (!snap) continue;
    const title = figure.querySelector('h2')?.textContent?.trim() ?? '';
    const picture = chartSvg({ title, legend: legendEntries(figure.querySelector('.legend')), chart: snap }, rem);
    const box = boxIn(outer, figure);
    svg.append(card(box));
    svg.append(placed(picture, box));
  }

  const log = stage.querySelector('.event-log');
  if (log) {
    const box = boxIn(outer, log);
    svg.append(card(box));
    const rows = [...log.querySelectorAll('.event-row')].map((r) => [...r.children].map((c) => c.textContent ?? '').join('  '));
    svg.append(textBlock(['Event log', ...rows], box, 0.8125 * rem));
  }
  return svg;
}

/** A stage to picture: the presenter layout's, if shown. */
export function presenterStage(): HTMLElement | null {
  return document.querySelector<HTMLElement>('.app.presenter .main');
}
