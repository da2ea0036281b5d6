import { describe, expect, it } from 'vitest';
import type { ParseResult, Scenario } from '../engine/scenario/types';
import type { RunMeta } from '../worker/protocol';
import { createLabStore, type ScenarioEntry, type ScenarioParser } from './lab-store';
import * as sel from './selectors';

/** Accepts objects with a string `name` and a positive `duration`; names the failing field otherwise. */
const parser: ScenarioParser = {
  parse(input: unknown): ParseResult {
    const o = input as Partial<Scenario> | null;
    if (typeof o !== 'object' || o === null) return { ok: false, issues: [{ path: '', message: 'not an object' }], warnings: [] };
    if (typeof o.duration !== 'number' || o.duration <= 0)
      return { ok: false, issues: [{ path: 'duration', message: 'must be a positive number' }], warnings: [] };
    return { ok: true, scenario: { ...(o as Scenario), name: o.name ?? '' }, warnings: [] };
  },
  parseText(text: string): ParseResult {
    try {
      return this.parse(JSON.parse(text));
    } catch {
      return { ok: false, issues: [{ path: '', message: 'not valid JSON' }], warnings: [] };
    }
  },
  formatIssues: (issues) => issues.map((i) => `${i.path || '(file)'}: ${i.message}`),
};

const entries: ScenarioEntry[] = [
  { key: 'a.json', label: 'A', input: { name: 'A', duration: 10 }, origin: 'preset' },
  { key: 'bad.json', label: 'Bad', input: { name: 'Bad', duration: -1 }, origin: 'preset' },
];

function meta(run: number): RunMeta {
  return {
    run,
    scenarioName: 'A',
    duration: 10,
    sampleInterval: 0.01,
    flowIds: ['A'],
    seriesColumns: ['cwnd'],
    queueIds: [],
  };
}

function store() {
  const s = createLabStore(parser);
  s.getState().setEntries(entries);
  return s;
}

describe('lab store', () => {
  it('selects a valid scenario and keeps it as written and normalized', () => {
    const s = store();
    expect(s.getState().selectScenario('a.json')).toBe(true);
    expect(sel.selectScenarioKey(s.getState())).toBe('a.json');
    expect(sel.selectScenarioInput(s.getState())).toBe(entries[0].input);
    expect(sel.selectScenario(s.getState())?.duration).toBe(10);
  });

  it('keeps the current scenario when the selected one is invalid', () => {
    const s = store();
    s.getState().selectScenario('a.json');
    expect(s.getState().selectScenario('bad.json')).toBe(false);
    expect(s.getState().scenarioKey).toBe('a.json');
    expect(s.getState().problem).toEqual({
      title: '“Bad” is not a valid scenario',
      lines: ['Run → Duration: must be a positive number'],
      details: ['duration: must be a positive number'],
    });
  });

  it('imports a valid file into the picker and selects it', () => {
    const s = store();
    s.getState().selectScenario('a.json');
    expect(s.getState().importScenario('mine.json', '{"name":"Mine","duration":3}')).toBe(true);
    const { entries: now, scenarioKey, scenario } = s.getState();
    expect(now).toHaveLength(3);
    expect(now[2]).toMatchObject({
      label: 'Mine (imported)',
      origin: 'imported',
      input: { name: 'Mine', duration: 3 },
    });
    expect(scenarioKey).toBe(now[2].key);
    expect(scenario?.name).toBe('Mine');
  });

  it('rejects a broken import in the page’s words (field paths in the details) and keeps the current scenario', () => {
    const s = store();
    s.getState().selectScenario('a.json');
    expect(s.getState().importScenario('broken.json', '{"name":"X","duration":"soon"}')).toBe(false);
    expect(s.getState().scenarioKey).toBe('a.json');
    expect(s.getState().entries).toHaveLength(2);
    expect(s.getState().problem).toEqual({
      title: 'Could not import broken.json',
      lines: ['Run → Duration: must be a positive number'],
      details: ['duration: must be a positive number'],
    });
    s.getState().dismissProblem();
    expect(s.getState().problem).toBeNull();
  });

  it('follows the worker: run loaded, status, samples; ignores stale runs', () => {
    const s = store();
    s.getState().runLoaded(meta(1));
    s.getState().statusChanged({ run: 1, status: 'playing', time: 0.5, eventsProcessed: 10, speed: 1 });
    s.getState().samplesArrived(1, 51, 0.5);
    expect(sel.selectStatus(s.getState())).toBe('playing');
    expect(sel.selectSampleCount(s.getState())).toBe(51);
    expect(sel.selectCanPause(s.getState())).toBe(true);
    expect(sel.selectCanPlay(s.getState())).toBe(false);

    s.getState().runLoaded(meta(2));
    expect(s.getState().sampleCount).toBe(0);
    s.getState().samplesArrived(1, 99, 0.9); // late batch of the old run
    s.getState().statusChanged({ run: 1, status: 'done', time: 10, eventsProcessed: 10, speed: 1 });
    expect(s.getState().sampleCount).toBe(0);
    expect(s.getState().status).toBe('playing');
  });

  it('captions the event a step stopped at, or the end of the run', () => {
    const s = store();
    s.getState().stepped(
      { time_s: 1.25, flow: 'A', event: 'fast_retransmit', seq: 99, cwnd: 20, ssthresh: 10, detail: '3 dupacks' },
      1.25,
    );
    expect(sel.selectCaption(s.getState())).toEqual({
      time: 1.25,
      flow: 'A',
      event: 'fast_retransmit',
      detail: '3 dupacks',
    });
    s.getState().stepped(null, 10);
    expect(s.getState().caption).toMatchObject({ event: 'end', time: 10 });
  });

  it('keeps speed and large-text settings', () => {
    const s = store();
    s.getState().setSpeed('max');
    s.getState().setLargeText(true);
    expect(sel.selectSpeed(s.getState())).toBe('max');
    expect(sel.selectLargeText(s.getState())).toBe(true);
  });

  it('reports the run duration before and after the worker answers', () => {
    const s = store();
    expect(sel.selectDuration(s.getState())).toBe(0);
    s.getState().selectScenario('a.json');
    expect(sel.selectDuration(s.getState())).toBe(10);
  });
});
