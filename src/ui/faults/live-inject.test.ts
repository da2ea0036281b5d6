/**
 * Injecting a fault into the run under way: pause, inject at the paused
 * time, record it in the scenario as written, resume; refused (nothing sent
 * to the worker) when the loader refuses it or the run has ended.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { formatIssues, parseScenario, parseScenarioText } from '../../engine/scenario';
import type { FaultSpec } from '../../engine/scenario/types';
import { createLabStore } from '../../store/lab-store';
import type { RunMeta } from '../../worker/protocol';
import { buildFault, injectLive } from './live-inject';

const input = JSON.parse(readFileSync('scenarios/single-drop-reno.json', 'utf8')) as unknown;
const meta: RunMeta = { run: 1, scenarioName: 'x', duration: 10, sampleInterval: 0.01, flowIds: ['reno'], seriesColumns: ['cwnd'], queueIds: [] };

/** A store mid-run and a fake session whose pause is answered by the "worker" a moment later at `pausedAt`. */
function setup(status: 'playing' | 'paused' | 'done', pausedAt = 1.2345674) {
  const store = createLabStore({ parse: parseScenario, parseText: parseScenarioText, formatIssues });
  store.getState().setEntries([{ key: 'reno', label: 'Reno', input, origin: 'preset' }]);
  store.getState().selectScenario('reno');
  store.getState().runLoaded(meta);
  store.getState().statusChanged({ run: 1, status, time: status === 'playing' ? 1.1 : pausedAt, eventsProcessed: 1, speed: 1 });
  const injected: FaultSpec[] = [];
  const calls: string[] = [];
  const nextSegments = vi.fn(async () => {
    calls.push('nextSegments');
    return { reno: 57 };
  });
  const session = {
    nextSegments,
    pause: () => {
      calls.push('pause');
      setTimeout(() => store.getState().statusChanged({ run: 1, status: 'paused', time: pausedAt, eventsProcessed: 2, speed: 1 }), 5);
    },
    play: () => calls.push('play'),
    injectFault: (f: FaultSpec) => {
      calls.push('inject');
      injected.push(f);
    },
  };
  return { store, session, injected, calls, nextSegments };
}

describe('live fault injection', () => {
  it('pauses, injects at the paused time, records the fault and resumes', async () => {
    const { store, session, injected, calls, nextSegments } = setup('playing');
    const r = await injectLive({ store, session }, { kind: 'dropBurst', link: 'l2', from: 'r1', count: '3', at: 'ignored' });
    expect(r.ok).toBe(true);
    expect(calls).toEqual(['pause', 'inject', 'play']);
    expect(injected).toEqual([{ kind: 'dropBurst', link: 'l2', from: 'r1', at: 1.234568, count: 3 }]);
    const faults = (store.getState().scenarioInput as { faults: unknown[] }).faults;
    expect(faults.at(-1)).toEqual({ kind: 'dropBurst', link: 'l2', from: 'r1', at: 1.234568, count: 3 });
    expect(store.getState().liveFaults).toEqual(injected);
    expect(store.getState().runStale).toBe(false);
    expect(nextSegments).not.toHaveBeenCalled();
  });

  it('drops the next segments of a flow, as the paused engine reports them', async () => {
    const { store, session, injected, calls, nextSegments } = setup('paused');
    const r = await injectLive({ store, session }, { kind: 'dropSegments', flow: 'reno', count: '2', first: 'ignored' });
    expect(r.ok).toBe(true);
    expect(calls).toEqual(['nextSegments', 'inject']); // it was paused: it stays paused
    expect(injected).toEqual([{ kind: 'dropSegments', flow: 'reno', seqs: [57, 58] }]);
    expect(nextSegments).toHaveBeenCalledTimes(1);
  });

  it('asks the engine for the next segments only once it has paused', async () => {
    const { store, session, injected, calls } = setup('playing');
    const r = await injectLive({ store, session }, { kind: 'dropSegments', flow: 'reno', count: '1', first: 'ignored' });
    expect(r.ok).toBe(true);
    expect(calls).toEqual(['pause', 'nextSegments', 'inject', 'play']);
    expect(injected).toEqual([{ kind: 'dropSegments', flow: 'reno', seqs: [57] }]);
  });

  it('a fault the loader refuses is reported with its field path and never reaches the worker', async () => {
    const { store, session, injected, calls } = setup('playing');
    const before = store.getState().scenarioInput;
    const r = await injectLive({ store, session }, { kind: 'randomLoss', link: 'l2', from: null, rate: '150%', at: '', until: '' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(formatIssues(r.issues)[0]).toMatch(/^faults\[1\]\.rate: /);
    expect(injected).toEqual([]);
    expect(calls).toEqual(['pause', 'play']);
    expect(store.getState().scenarioInput).toBe(before);
  });

  it('refuses once the run has ended', async () => {
    const { store, session, injected } = setup('done');
    const r = await injectLive({ store, session }, { kind: 'linkDown', link: 'l1', duration: '1', at: '' });
    expect(r).toEqual({ ok: false, issues: [{ path: '(fault)', message: 'the run has reached its end: a fault now would change nothing' }] });
    expect(injected).toEqual([]);
  });
});

describe('faults from the form', () => {
  it('before a run, at the time given; texts stay for the loader to judge', () => {
    expect(buildFault({ kind: 'dropSegments', flow: 'A', count: '3', first: '10' }, null)).toEqual({ ok: true, fault: { kind: 'dropSegments', flow: 'A', seqs: [10, 11, 12] } });
    expect(buildFault({ kind: 'linkDown', link: 'l', duration: '200ms', at: '' }, null)).toEqual({ ok: true, fault: { kind: 'linkDown', link: 'l', at: 0, duration: '200ms' } });
    expect(buildFault({ kind: 'randomLoss', link: 'l', from: 'a', rate: '0.01', at: '2', until: '' }, null)).toEqual({
      ok: true,
      fault: { kind: 'randomLoss', link: 'l', from: 'a', rate: 0.01, at: 2, until: null },
    });
    expect(buildFault({ kind: 'dropSegments', flow: 'A', count: 'many', first: '0' }, null)).toEqual({
      ok: false,
      issues: [{ path: '(segments)', message: 'must be a whole number from 1 to 10000 (got "many")' }],
    });
  });
});
