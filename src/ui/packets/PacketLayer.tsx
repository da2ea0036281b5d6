import { runFlows } from '../../engine/traffic/transaction-plan';
import { useEffect, useRef, type RefObject } from 'react';
import { useLabStore } from '../lab-context';
import { ANIMATE_MAX_SPEED, type Speed } from '../../worker/protocol';
import { pathInfo } from '../charts/path-bdp';
import { waitingRoom } from '../editor/live-queues';
import { useSession } from '../session/context';
import { createPacketLayer } from './packet-layer';
import './packets.css';

/** A step's last moments are replayed in this much wall time, seconds. */
export const REPLAY_S = 2.5;
/** A loss stays marked for this much wall time, seconds (at the pace the packets move). */
const HOLD_WALL_S = 2;
/** Playing, the packets trail the newest data by this much wall time, so batches (30 a second) never make them jump. */
const LAG_WALL_S = 0.12;

const slow = (speed: Speed) => speed !== 'max' && speed <= ANIMATE_MAX_SPEED;

/**
 * The replayed span of a step: two base round trips of the first TCP flow's
 * path (what a window of packets takes to go out and come back), within 5–500 ms.
 */
export function replaySpan(baseRtt: number | null): number {
  return Math.min(0.5, Math.max(0.005, 2 * (baseRtt ?? 0.05)));
}

/**
 * Packets on the wire, drawn over the topology's lanes (packet-layer.ts) on
 * a clock of its own:
 * - playing at ANIMATE_MAX_SPEED or slower, the clock runs at the run's
 *   speed a little behind the newest data, so packets glide rather than jump
 *   from batch to batch;
 * - after a Step, the moments before the event are replayed in REPLAY_S
 *   seconds, ending where the run stopped (a drop marked where it happened);
 * - paused, the packets stand where they are;
 * - playing faster, nothing is drawn and no frame is requested: the lanes'
 *   queue fill shows the run (and the worker records no packets).
 */
export function PacketLayer({ svgRef }: { svgRef: RefObject<SVGSVGElement | null> }) {
  const store = useLabStore();
  const { traces } = useSession();
  const groupRef = useRef<SVGGElement>(null);

  useEffect(() => {
    const svg = svgRef.current;
    const group = groupRef.current;
    if (!svg || !group) return;
    const runLink = (dir: number) => {
      const q = traces.queues[dir]?.id;
      return q ? store.getState().scenario?.links.find((l) => l.id === q.link) : undefined;
    };
    const layer = createPacketLayer(svg, group, {
      flights: traces.flights,
      queueIds: () => traces.queues.map((q) => q.id),
      geometry: (dir) => {
        const link = runLink(dir);
        return link ? { delay: link.delay, room: waitingRoom(link) } : null;
      },
      seqBase: (flow) => {
        const s = store.getState().scenario;
        const f = s ? runFlows(s)[flow] : undefined;
        return f?.kind === 'tcp' && f.tcp.handshake ? 1 : 0;
      },
      flowId: (flow) => traces.flows[flow]?.id ?? String(flow),
    });

    let frame = 0;
    /** nothing is drawn (fast play): new batches need no frame */
    let idle = false;
    let display = NaN;
    let lastWall = 0;
    /** simulated seconds per wall second of the motion last shown (for how long losses stay) */
    let rate = 0.01;
    let replay: { from: number; to: number; start: number } | null = null;

    const tick = (wall: number) => {
      frame = 0;
      const { status, speed } = store.getState();
      const end = traces.now;
      let t: number;
      let again = false;
      if (replay) {
        const r = replay;
        rate = (r.to - r.from) / REPLAY_S;
        t = Math.min(r.to, r.from + ((wall - r.start) / 1000) * rate);
        if (t >= r.to) replay = null;
        else again = true;
      } else if (status === 'playing') {
        if (!slow(speed)) {
          layer.clear();
          idle = true;
          display = NaN;
          lastWall = 0;
          return;
        }
        rate = speed as number;
        const dt = lastWall ? Math.min(0.1, (wall - lastWall) / 1000) : 0;
        const lag = LAG_WALL_S * rate;
        t = Number.isFinite(display) ? display + dt * rate : end - lag;
        t = Math.min(end, Math.max(end - 3 * lag, t));
        again = true;
      } else if (status === 'stepping' && Number.isFinite(display)) {
        t = display;
      } else {
        t = end;
      }
      display = t;
      lastWall = wall;
      idle = false;
      layer.draw(t, HOLD_WALL_S * rate);
      if (again) frame = requestAnimationFrame(tick);
    };
    const kick = () => {
      if (!frame) frame = requestAnimationFrame(tick);
    };

    // Batches at full speed cost nothing here: no frame is asked for while idle.
    const unsubscribeTraces = traces.subscribe(() => {
      if (!idle) kick();
    });
    const unsubscribeStore = store.subscribe((s, prev) => {
      if (s.run !== prev.run) {
        replay = null;
        display = NaN;
        layer.clear();
      }
      // A step has ended: replay the moments before it.
      if (prev.status === 'stepping' && s.status === 'paused') {
        const first = s.scenario?.flows.findIndex((f) => f.kind === 'tcp') ?? -1;
        const span = replaySpan(s.scenario && first >= 0 ? (pathInfo(s.scenario, first)?.baseRtt ?? null) : null);
        const to = s.simTime;
        const from = Math.max(0, Number.isFinite(display) && display < to ? Math.max(display, to - span) : to - span);
        if (to > from) replay = { from, to, start: performance.now() };
      }
      if (s.status !== prev.status || s.speed !== prev.speed || s.run !== prev.run) {
        lastWall = 0;
        idle = false;
        kick();
      }
    });
    kick();
    return () => {
      unsubscribeTraces();
      unsubscribeStore();
      if (frame) cancelAnimationFrame(frame);
      layer.destroy();
    };
  }, [svgRef, store, traces]);

  return <g ref={groupRef} className="packet-layer" aria-hidden="true" data-testid="packet-layer" />;
}
