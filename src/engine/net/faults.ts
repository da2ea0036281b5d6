/**
 * The scenario's faults, installed before a run or while it runs. Each acts
 * through the fault filter of a link direction (fault-filter.ts):
 * dropSegments on the first direction from the flow's sender, dropBurst and
 * randomLoss on the directions they name; linkDown takes both directions of
 * a link down and up again through two events.
 */
import type { EventLog } from '../output/event-log';
import { Ev } from '../output/event-log';
import type { EventQueue } from '../core/event-queue';
import { rngStream } from '../core/rng';
import { nsToSeconds, secondsToNs } from '../core/time';
import type { FaultSpec, Scenario } from '../scenario/types';
import type { LinkDir } from './link-dir';
import type { Network } from './network';
import { SimEvent } from '../sim-events';

interface Outage {
  link: number;
  atNs: number;
  durationNs: number;
}

export class FaultInstaller {
  private readonly outages: Outage[] = [];

  constructor(
    private readonly scenario: Scenario,
    private readonly dirs: readonly LinkDir[],
    private readonly network: Network,
    private readonly events: EventQueue,
    private readonly log: EventLog,
  ) {}

  /** Install a fault; times before `nowNs` are taken as now. */
  install(f: FaultSpec, nowNs: number): void {
    const s = this.scenario;
    if (f.kind === 'dropSegments') {
      const fi = s.flows.findIndex((x) => x.id === f.flow);
      const flow = s.flows[fi];
      // Data segment i travels as sequence number i + 1 when the handshake is on (tcp/sender.ts).
      const base = flow.kind === 'tcp' && flow.tcp.handshake ? 1 : 0;
      const from = s.nodes.findIndex((n) => n.id === flow.from);
      const to = s.nodes.findIndex((n) => n.id === flow.to);
      const first = this.network.routes.next(from, to);
      if (first >= 0)
        this.dirs[first].faults.loseFirstTransmissions(
          fi,
          f.seqs.map((seg) => seg + base),
        );
      return;
    }
    const li = s.links.findIndex((l) => l.id === f.link);
    const link = s.links[li];
    if (f.kind === 'linkDown') {
      const atNs = Math.max(nowNs, secondsToNs(f.at));
      this.outages.push({ link: li, atNs, durationNs: secondsToNs(f.duration) });
      this.events.schedule(atNs, SimEvent.LinkDown, this.outages.length - 1);
      return;
    }
    const dirs = [2 * li, 2 * li + 1].filter(
      (d) => f.from === null || this.scenario.nodes[this.dirs[d].from].id === f.from,
    );
    const fromNs = Math.max(nowNs, secondsToNs(f.at));
    for (const d of dirs) {
      const dir = this.dirs[d];
      if (f.kind === 'dropBurst') {
        dir.faults.addBurst(fromNs, f.count);
      } else {
        const fromId = s.nodes[dir.from].id;
        dir.faults.addLoss({
          rate: f.rate,
          fromNs,
          untilNs: f.until === null ? Infinity : secondsToNs(f.until),
          rng: rngStream(s.seed, `loss:${link.id}:${fromId}:${dir.faults.lossCount}`),
        });
      }
    }
  }

  /** Outage i begins (the event list's event being handled). */
  linkDown(i: number): void {
    const now = this.events.poppedTime;
    const o = this.outages[i];
    // b → a first, then a → b: the order ns-2's rtmodel takes a link's directions down (its trace shows it).
    const lost =
      this.network.takeDown(this.dirs[2 * o.link + 1], now) + this.network.takeDown(this.dirs[2 * o.link], now);
    this.log.add(now, -1, Ev.LinkDown, NaN, NaN, NaN, o.link, nsToSeconds(o.durationNs), lost);
    this.events.schedule(now + o.durationNs, SimEvent.LinkUp, i);
  }

  /** Outage i ends (the event list's event being handled). */
  linkUp(i: number): void {
    const now = this.events.poppedTime;
    const o = this.outages[i];
    // Another outage of the same link may still be running.
    const stillDown = this.outages.some(
      (x, j) => j !== i && x.link === o.link && x.atNs <= now && x.atNs + x.durationNs > now,
    );
    if (stillDown) return;
    this.dirs[2 * o.link].faults.down = false;
    this.dirs[2 * o.link + 1].faults.down = false;
    const tap = this.network.linkTap;
    tap?.linkChanged?.(this.dirs[2 * o.link + 1], true, now);
    tap?.linkChanged?.(this.dirs[2 * o.link], true, now);
    this.log.add(now, -1, Ev.LinkUp, NaN, NaN, NaN, o.link);
  }
}
