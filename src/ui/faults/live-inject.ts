/**
 * Faults: the form's requests as scenario faults, and injecting one into the
 * run that is under way.
 *
 * A live fault must be recorded with the time it really took effect, or the
 * saved scenario would not replay the run. The worker runs ahead of what the
 * page has heard while it plays, so the page pauses first: once paused, the
 * page's clock is exactly where the engine stopped. The fault is injected
 * there (at that time; the engine takes no earlier one), appended to the
 * scenario as written with the same time, and play resumes — a pause of one
 * message round trip, invisible in class.
 *
 * "Drop the next segment(s)" asks the paused engine for each sender's next
 * new segment (SimState flows[].nextSeq): a segment not yet sent, so it is
 * dropped the same way in the live run and in any replay of the saved
 * scenario, where a dropSegments fault drops the first transmission of its
 * segments.
 */
import type { FaultSpec, ScenarioIssue } from '../../engine/scenario/types';
import type { EditResult } from '../../store/editor';
import type { LabState, LabStore } from '../../store/lab-store';
import type { RunCommands } from '../session/run-session';
import { addFault, fieldValue, type FaultDoc } from '../../store/edit-ops';

export type FaultKind = FaultSpec['kind'];

/** flow id → next new data segment (TCP flows only). */
export type NextSegments = Record<string, number>;

/** What the fault form asks for; texts as typed (the loader judges them). */
export type FaultRequest =
  | { kind: 'dropSegments'; flow: string; count: string; /** first segment (before a run) */ first: string }
  | { kind: 'dropBurst'; link: string; from: string | null; count: string; at: string }
  | { kind: 'linkDown'; link: string; duration: string; at: string }
  | { kind: 'randomLoss'; link: string; from: string | null; rate: string; at: string; until: string };

export type FaultBuild = { ok: true; fault: FaultDoc } | { ok: false; issues: ScenarioIssue[] };

const wholeCount = (text: string, field: string, atLeast: number): number | ScenarioIssue => {
  const v = fieldValue(text);
  return typeof v === 'number' && Number.isInteger(v) && v >= atLeast && v <= 10_000
    ? v
    : { path: field, message: `must be a whole number from ${atLeast} to 10000 (got ${JSON.stringify(text.trim())})` };
};

/**
 * The fault as written. `now` is the run's time when injecting live (the
 * request's own times are then ignored), `next` the flows' next segments.
 */
export function buildFault(req: FaultRequest, live: { now: number; next: NextSegments } | null): FaultBuild {
  switch (req.kind) {
    case 'dropSegments': {
      const count = wholeCount(req.count, '(segments)', 1);
      const first = live ? (live.next[req.flow] ?? 0) : wholeCount(req.first, '(first segment)', 0);
      if (typeof count !== 'number') return { ok: false, issues: [count] };
      if (typeof first !== 'number') return { ok: false, issues: [first] };
      return { ok: true, fault: { kind: 'dropSegments', flow: req.flow, seqs: Array.from({ length: count }, (_, i) => first + i) } };
    }
    case 'dropBurst':
      return {
        ok: true,
        fault: { kind: 'dropBurst', link: req.link, from: req.from, at: live ? live.now : (fieldValue(req.at) ?? 0), count: fieldValue(req.count) },
      };
    case 'linkDown':
      return { ok: true, fault: { kind: 'linkDown', link: req.link, at: live ? live.now : (fieldValue(req.at) ?? 0), duration: fieldValue(req.duration) } };
    case 'randomLoss':
      return {
        ok: true,
        fault: {
          kind: 'randomLoss',
          link: req.link,
          from: req.from,
          rate: fieldValue(req.rate),
          at: live ? live.now : (fieldValue(req.at) ?? 0),
          until: fieldValue(req.until) ?? null,
        },
      };
  }
}

/** The time a live fault is recorded at: the run's time, to the microsecond above (readable, never earlier). */
export function liveTime(simTime: number): number {
  return Math.max(0, Math.ceil(simTime * 1e6 - 1e-6) / 1e6); // max: never −0
}

export interface LiveDeps {
  store: LabStore;
  session: Pick<RunCommands, 'pause' | 'play' | 'injectFault' | 'nextSegments'>;
  /** how long to wait for the worker to confirm the pause, ms */
  timeoutMs?: number;
}

export type LiveResult = (EditResult & { fault?: FaultDoc }) | { ok: false; issues: ScenarioIssue[] };

const refused = (message: string): LiveResult => ({ ok: false, issues: [{ path: '(fault)', message }] });

function until(store: LabStore, ok: (s: LabState) => boolean, ms: number): Promise<boolean> {
  if (ok(store.getState())) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      unsubscribe();
      resolve(ok(store.getState()));
    }, ms);
    const unsubscribe = store.subscribe((s) => {
      if (!ok(s)) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(true);
    });
  });
}

/** Inject a fault into the run under way now, and record it in the scenario. */
export async function injectLive(deps: LiveDeps, req: FaultRequest): Promise<LiveResult> {
  const { store, session } = deps;
  const start = store.getState();
  const run = start.run?.run;
  const wasRunning = start.status === 'playing' || start.status === 'stepping';
  const resume = () => {
    if (wasRunning && store.getState().run?.run === run) session.play();
  };
  if (wasRunning) {
    session.pause();
    const paused = await until(store, (s) => s.status !== 'playing' && s.status !== 'stepping', deps.timeoutMs ?? 3000);
    if (!paused) return refused('the run did not pause; try again');
  }
  const s = store.getState();
  if (s.run?.run !== run) return refused('the run was restarted meanwhile; nothing was injected');
  if (s.status === 'done') return refused('the run has reached its end: a fault now would change nothing');
  const now = liveTime(s.simTime);

  let next: NextSegments = {};
  if (req.kind === 'dropSegments') {
    if (!s.scenario) return refused('no scenario is loaded');
    try {
      next = await session.nextSegments();
    } catch (err) {
      resume();
      return refused(`could not find the next segment: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (store.getState().run?.run !== run) return refused('the run was restarted meanwhile; nothing was injected');
  }

  const built = buildFault(req, { now, next });
  if (!built.ok) {
    resume();
    return built;
  }
  // Judge it as part of the scenario first: the worker only ever gets a valid fault.
  const check = store.getState().tryEdit((d) => addFault(d, built.fault));
  if (!check.ok) {
    resume();
    return check;
  }
  const effective = check.scenario.faults[check.scenario.faults.length - 1];
  session.injectFault(effective);
  const recorded = store.getState().recordLiveFault(built.fault, effective);
  resume();
  return recorded.ok ? { ...recorded, fault: built.fault } : recorded;
}
