/**
 * Live fill of the topology view's queue lanes, as a factory in the manner of
 * the charts (xyflow's pattern): created once on the SVG, it sets only the
 * attributes React does not render (fill width, RED tick, drop and outage
 * classes, a tooltip), at most once per animation frame, whenever the run's
 * traces change, and only those that changed. React owns the lane elements;
 * this file owns these few attributes.
 */
import type { FaultSpec, LinkSpec } from '../../engine/scenario/types';
import { formatRate } from './format';
import { linkDownAt, randomLossAt, waitingRoom, type LiveQueues } from './live-queues';

export interface LaneSource {
  live: LiveQueues;
  /** the link as the current run has it (the edited scenario may differ until Reset) */
  runLink(id: string): LinkSpec | undefined;
  /** faults of the current run: the loaded scenario's and those injected live */
  runFaults(): readonly FaultSpec[];
  /** simulated seconds */
  time(): number;
}

export interface QueueLanes {
  /** Redraw now (after React rendered new lanes). */
  update(): void;
  destroy(): void;
}

/** How long a direction flashes after it was seen dropping, wall ms (long enough to see). */
export const FLASH_MS = 700;

/** What a lane shows now, kept to write only what changed (a DOM write costs even when it changes nothing). */
interface LaneShown {
  fill: SVGRectElement | null;
  red: SVGLineElement | null;
  title: SVGTitleElement;
  width: number;
  redX: number;
  dropping: boolean;
  lossy: boolean;
  pkts: string;
  text: string;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** The rate a changing link's label shows: its directions' capacities (bit/s; NaN: does not change), one when they agree. */
export function capacityText(ab: number, ba: number): string {
  const [x, y] = [ab, ba].map((v) => (Number.isFinite(v) ? formatRate(v) : ''));
  if (x && y) return x === y ? x : `${x} / ${y}`;
  return x || y;
}

export function createQueueLanes(svg: SVGSVGElement, source: LaneSource, clock: () => number = () => performance.now()): QueueLanes {
  let frame = 0;
  let expiry: ReturnType<typeof setTimeout> | null = null;
  /** per lane (link|end): flash until this wall time */
  const flashUntil = new Map<string, number>();
  const shown = new WeakMap<Element, LaneShown>();
  const downShown = new WeakMap<Element, boolean>();
  const rateShown = new WeakMap<Element, string>();
  // Out of view (the class watches the charts below), the lanes are not
  // redrawn: with a large topology that was a sixth of the main thread at
  // full speed. Back in view, one redraw catches up; drops seen meanwhile do
  // not flash, they are old news.
  let onScreen = true;
  let stale = false;
  let catchingUp = false;

  const laneOf = (el: SVGGElement): LaneShown => {
    let lane = shown.get(el);
    if (!lane) {
      // A tooltip of this file's own (React renders no <title> here, so neither overwrites the other).
      const title = document.createElementNS(SVG_NS, 'title') as SVGTitleElement;
      title.setAttribute('class', 'live');
      el.appendChild(title);
      lane = {
        fill: el.querySelector<SVGRectElement>('rect.lane-fill'),
        red: el.querySelector<SVGLineElement>('line.lane-red'),
        title,
        width: NaN,
        redX: NaN,
        dropping: false,
        lossy: false,
        pkts: '\u0000',
        text: '\u0000',
      };
      shown.set(el, lane);
    }
    return lane;
  };

  const update = () => {
    if (!onScreen) {
      stale = true;
      return;
    }
    const flashing = !catchingUp;
    catchingUp = false;
    stale = false;
    const wall = clock();
    let nextExpiry = Infinity;
    const t = source.time();
    const faults = source.runFaults();
    for (const el of svg.querySelectorAll<SVGGElement>('g.topo-link')) {
      const down = linkDownAt(faults, el.dataset.linkId ?? '', t);
      if (downShown.get(el) === down) continue;
      downShown.set(el, down);
      el.classList.toggle('is-down', down);
    }
    // A changing capacity (schedule, trace): the rate in force, one per direction when they differ.
    for (const el of svg.querySelectorAll<SVGTSpanElement>('tspan.link-rate-live')) {
      const link = source.runLink(el.dataset.linkRate ?? '');
      if (!link) continue;
      const ab = source.live.capacity(link, link.a);
      const ba = source.live.capacity(link, link.b);
      const text = capacityText(ab, ba);
      if (!text || rateShown.get(el) === text) continue;
      rateShown.set(el, text);
      el.textContent = text;
    }
    for (const el of svg.querySelectorAll<SVGGElement>('g.lane')) {
      const lane = laneOf(el);
      const linkId = el.dataset.link ?? '';
      const length = Number(el.dataset.len) || 0;
      const link = source.runLink(linkId);
      // By the link's end, not the node's name: a node renamed since the run started still shows its queues.
      const from = link ? (el.dataset.end === 'b' ? link.b : link.a) : '';
      const view = link ? source.live.view(link, from) : null;
      const width = Math.max(0, (view?.fill ?? 0) * length);
      if (width !== lane.width) {
        lane.width = width;
        lane.fill?.setAttribute('width', String(width));
      }
      // An average of (almost) nothing would draw a tick at the sender's end: leave it out.
      const redX = view && view.redAvg >= 0.05 && Number.isFinite(view.redFill) ? view.redFill * length : NaN;
      if (!Object.is(redX, lane.redX) && lane.red) {
        const visible = Number.isFinite(redX);
        lane.red.setAttribute('x1', String(visible ? redX : 0));
        lane.red.setAttribute('x2', String(visible ? redX : 0));
        if (visible !== Number.isFinite(lane.redX)) lane.red.setAttribute('visibility', visible ? 'visible' : 'hidden');
      }
      lane.redX = redX;
      // A drop flashes for FLASH_MS, even if the queue drained since.
      const laneKey = `${linkId}|${el.dataset.end ?? ''}`;
      if (view?.dropping && flashing) flashUntil.set(laneKey, wall + FLASH_MS);
      const until = view ? (flashUntil.get(laneKey) ?? 0) : 0;
      if (!view) flashUntil.delete(laneKey);
      const dropping = until > wall;
      if (dropping) nextExpiry = Math.min(nextExpiry, until);
      if (dropping !== lane.dropping) el.classList.toggle('dropping', (lane.dropping = dropping));
      const lossy = randomLossAt(faults, linkId, from, t) > 0;
      if (lossy !== lane.lossy) el.classList.toggle('lossy', (lane.lossy = lossy));
      // For tests and the curious (tooltip): the numbers behind the fill.
      const pkts = view ? String(view.pkts) : '';
      if (pkts !== lane.pkts) el.dataset.pkts = lane.pkts = pkts;
      const red = view && Number.isFinite(view.redAvg) ? `, RED average ${view.redAvg.toFixed(1)}` : '';
      const text = view && link ? `${el.dataset.label ?? ''}: ${view.pkts} of ${waitingRoom(link)} packets waiting${red}` : (el.dataset.label ?? '');
      if (text !== lane.text) lane.title.textContent = lane.text = text;
    }
    // No batch may come to end a flash (the run paused): end it on time.
    if (expiry) clearTimeout(expiry);
    expiry = nextExpiry === Infinity ? null : setTimeout(schedule, nextExpiry - wall + 10);
  };

  const schedule = () => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      update();
    });
  };

  const visibility =
    typeof IntersectionObserver === 'undefined'
      ? null
      : new IntersectionObserver((entries) => {
          const now = entries[entries.length - 1]?.isIntersecting ?? true;
          if (now && !onScreen && stale) catchingUp = true;
          onScreen = now;
          if (onScreen && stale) schedule();
        });
  visibility?.observe(svg);

  const unsubscribe = source.live.subscribe(schedule);
  update();

  return {
    update,
    destroy() {
      unsubscribe();
      visibility?.disconnect();
      if (frame) cancelAnimationFrame(frame);
      if (expiry) clearTimeout(expiry);
    },
  };
}
