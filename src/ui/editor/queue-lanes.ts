/**
 * Live fill of the topology view's queue lanes, as a factory in the manner of
 * the charts (xyflow's pattern): created once on the SVG, it sets only the
 * attributes React does not render (fill width, RED tick, drop and outage
 * classes), at most once per animation frame, whenever the run's traces
 * change. React owns the lane elements; D3 owns these few attributes.
 */
import { select } from 'd3';
import type { FaultSpec, LinkSpec } from '../../engine/scenario/types';
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

export function createQueueLanes(svg: SVGSVGElement, source: LaneSource, clock: () => number = () => performance.now()): QueueLanes {
  let frame = 0;
  let expiry: ReturnType<typeof setTimeout> | null = null;
  /** per lane (link|end): flash until this wall time */
  const flashUntil = new Map<string, number>();

  const update = () => {
    const wall = clock();
    let nextExpiry = Infinity;
    const t = source.time();
    const faults = source.runFaults();
    select(svg)
      .selectAll<SVGGElement, unknown>('g.topo-link')
      .each(function () {
        const linkId = this.dataset.linkId ?? '';
        select(this).classed('is-down', linkDownAt(faults, linkId, t));
      });
    select(svg)
      .selectAll<SVGGElement, unknown>('g.lane')
      .each(function () {
        const g = select(this);
        const linkId = this.dataset.link ?? '';
        const length = Number(this.dataset.len) || 0;
        const link = source.runLink(linkId);
        // By the link's end, not the node's name: a node renamed since the run started still shows its queues.
        const from = link ? (this.dataset.end === 'b' ? link.b : link.a) : '';
        const view = link ? source.live.view(link, from) : null;
        const fill = view?.fill ?? 0;
        // An average of (almost) nothing would draw a tick at the sender's end: leave it out.
        const redFill = view && view.redAvg >= 0.05 ? view.redFill : NaN;
        g.select('rect.lane-fill').attr('width', Math.max(0, fill * length));
        g.select('line.lane-red')
          .attr('x1', Number.isFinite(redFill) ? redFill * length : 0)
          .attr('x2', Number.isFinite(redFill) ? redFill * length : 0)
          .attr('visibility', Number.isFinite(redFill) ? 'visible' : 'hidden');
        // A drop flashes for FLASH_MS, even if the queue drained since.
        const laneKey = `${linkId}|${this.dataset.end ?? ''}`;
        if (view?.dropping) flashUntil.set(laneKey, wall + FLASH_MS);
        const until = view ? (flashUntil.get(laneKey) ?? 0) : 0;
        if (!view) flashUntil.delete(laneKey);
        g.classed('dropping', until > wall);
        if (until > wall) nextExpiry = Math.min(nextExpiry, until);
        g.classed('lossy', randomLossAt(faults, linkId, from, t) > 0);
        // For tests and the curious (tooltip): the numbers behind the fill.
        this.dataset.pkts = view ? String(view.pkts) : '';
        // A tooltip of D3's own (React renders no <title> here, so neither overwrites the other).
        const red = view && Number.isFinite(view.redAvg) ? `, RED average ${view.redAvg.toFixed(1)}` : '';
        const text = view && link ? `${this.dataset.label ?? ''}: ${view.pkts} of ${waitingRoom(link)} packets waiting${red}` : (this.dataset.label ?? '');
        g.selectAll('title.live').data([text]).join('title').attr('class', 'live').text((d) => d);
      });
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

  const unsubscribe = source.live.subscribe(schedule);
  update();

  return {
    update,
    destroy() {
      unsubscribe();
      if (frame) cancelAnimationFrame(frame);
      if (expiry) clearTimeout(expiry);
    },
  };
}
