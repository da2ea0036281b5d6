/**
 * Pointer and keyboard input on a time chart, all acting on the shared time
 * axis (time-axis.ts) so every chart follows.
 */
import type { ScaleLinear } from 'd3';
import type { ChartMarker } from './chart-spec';
import { timeAxis, ZOOM_STEP } from './time-axis';

/** Hover distance to a marker, px. */
const PICK_PX = 10;

export interface InputContext {
  x(): ScaleLinear<number, number> | null;
  y(): ScaleLinear<number, number> | null;
  marginLeft(): number;
  marginTop(): number;
  end(): number;
  markers(): readonly ChartMarker[];
}

/**
 * Wheel zooms (around the pointer, or at the live edge while following a
 * playing run), drag pans, hovering a marker shows what happened there, and
 * with focus on the chart + / - zoom, 0 shows the whole run, ← / → pan by a
 * tenth of the window.
 */
export function attachAxisInput(container: HTMLElement, svg: SVGSVGElement, tooltip: HTMLDivElement, c: InputContext): () => void {
  const local = (e: { clientX: number; clientY: number }) => {
    const box = svg.getBoundingClientRect();
    return { px: e.clientX - box.left - c.marginLeft(), py: e.clientY - box.top - c.marginTop() };
  };
  const onWheel = (e: WheelEvent) => {
    const x = c.x();
    if (e.deltaY === 0 || !x) return;
    e.preventDefault();
    const factor = e.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP;
    timeAxis.getState().zoom(factor, c.end(), x.invert(local(e).px));
  };
  let dragX: number | null = null;
  const onDown = (e: PointerEvent) => {
    if (e.button !== 0) return;
    dragX = e.clientX;
    svg.setPointerCapture?.(e.pointerId);
    container.classList.add('dragging');
    tooltip.hidden = true;
  };
  const onMove = (e: PointerEvent) => {
    const x = c.x();
    if (!x) return;
    if (dragX === null) {
      hover(e);
      return;
    }
    const dx = e.clientX - dragX;
    if (Math.abs(dx) < 1) return;
    dragX = e.clientX;
    timeAxis.getState().pan(x.invert(0) - x.invert(dx), c.end());
  };
  const onUp = () => {
    dragX = null;
    container.classList.remove('dragging');
  };
  const hover = (e: PointerEvent) => {
    const x = c.x();
    const y = c.y();
    const markers = c.markers();
    if (!x || !y || markers.length === 0) {
      tooltip.hidden = true;
      return;
    }
    const { px, py } = local(e);
    let best: ChartMarker | null = null;
    let bestD = PICK_PX * PICK_PX;
    for (const m of markers) {
      const dx = x(m.time) - px;
      if (dx > PICK_PX || dx < -PICK_PX) continue;
      const dy = y(m.y) - py;
      const d = dx * dx + dy * dy;
      if (d <= bestD) {
        bestD = d;
        best = m;
      }
    }
    if (!best) {
      tooltip.hidden = true;
      return;
    }
    tooltip.textContent = `t = ${best.time.toFixed(3)} s — ${best.detail || best.event}`;
    tooltip.hidden = false;
    const left = x(best.time) + c.marginLeft();
    tooltip.style.left = `${Math.min(left, container.clientWidth - tooltip.offsetWidth - 4)}px`;
    tooltip.style.top = `${Math.max(0, y(best.y) + c.marginTop() - tooltip.offsetHeight - 10)}px`;
  };
  const onLeave = () => {
    tooltip.hidden = true;
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const axis = timeAxis.getState();
    const x = c.x();
    const span = x ? x.domain()[1] - x.domain()[0] : 0;
    let handled = true;
    if (e.key === '+' || e.key === '=') axis.zoom(ZOOM_STEP, c.end());
    else if (e.key === '-' || e.key === '_') axis.zoom(1 / ZOOM_STEP, c.end());
    else if (e.key === '0') axis.reset();
    else if (e.key === 'ArrowLeft') axis.pan(-span / 10, c.end());
    else if (e.key === 'ArrowRight') axis.pan(span / 10, c.end());
    else handled = false;
    if (handled) {
      e.preventDefault();
      e.stopPropagation(); // not the page's shortcuts
    }
  };
  svg.addEventListener('wheel', onWheel, { passive: false });
  svg.addEventListener('pointerdown', onDown);
  svg.addEventListener('pointermove', onMove);
  svg.addEventListener('pointerup', onUp);
  svg.addEventListener('pointercancel', onUp);
  svg.addEventListener('pointerleave', onLeave);
  container.addEventListener('keydown', onKey);
  return () => {
    svg.removeEventListener('wheel', onWheel);
    svg.removeEventListener('pointerdown', onDown);
    svg.removeEventListener('pointermove', onMove);
    svg.removeEventListener('pointerup', onUp);
    svg.removeEventListener('pointercancel', onUp);
    svg.removeEventListener('pointerleave', onLeave);
    container.removeEventListener('keydown', onKey);
  };
}
