/**
 * A copy of a chart's SVG that looks the same outside the page: the styles
 * the stylesheets give its axes, ticks and labels are written onto the copy's
 * elements as attributes (a saved SVG or PNG has no stylesheet).
 */
const SHAPE = ['fill', 'stroke', 'stroke-width', 'stroke-dasharray', 'opacity'] as const;
const TEXT = [...SHAPE, 'font-size', 'font-family', 'font-weight'] as const;

/** Copy the computed styles of `original`'s elements onto the same elements of `copy` (same structure). */
export function inlineFrameStyles(original: Element, copy: Element): void {
  const from = [original, ...original.querySelectorAll('*')];
  const to = [copy, ...copy.querySelectorAll('*')];
  if (from.length !== to.length) return;
  for (let i = 0; i < from.length; i++) {
    const el = to[i];
    if (!(el instanceof SVGElement)) continue;
    const tag = el.tagName.toLowerCase();
    if (tag !== 'text' && tag !== 'path' && tag !== 'line' && tag !== 'tspan' && tag !== 'rect' && tag !== 'circle' && tag !== 'g') continue;
    const cs = getComputedStyle(from[i]);
    // Groups only pass fills and fonts down: their own attributes are left alone.
    if (tag === 'g') continue;
    for (const p of tag === 'text' || tag === 'tspan' ? TEXT : SHAPE) {
      const v = cs.getPropertyValue(p);
      if (v && v !== 'none' && !(p === 'opacity' && v === '1')) el.setAttribute(p, v);
      else if (p === 'fill' && v === 'none') el.setAttribute('fill', 'none');
      else if (p === 'stroke' && v === 'none' && el.hasAttribute('stroke')) el.setAttribute('stroke', 'none');
    }
    if (cs.display === 'none' || cs.visibility === 'hidden') el.setAttribute('visibility', 'hidden');
  }
}
