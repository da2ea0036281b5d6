/**
 * The editing half of the store, with the real scenario loader: an invalid
 * edit keeps the last valid scenario and names the field; when an edit
 * reaches the worker; live faults recorded for replay; drafts and Revert.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatIssues, parseScenario, parseScenarioText } from '../engine/scenario';
import { addNode, moveNode, updateLink } from './edit-ops';
import type { RunMeta } from '../worker/protocol';
import { createLabStore, type ScenarioEntry } from './lab-store';

const input = JSON.parse(readFileSync('scenarios/single-drop-reno.json', 'utf8')) as unknown;

function store() {
  const s = createLabStore({ parse: parseScenario, parseText: parseScenarioText, formatIssues });
  const entries: ScenarioEntry[] = [{ key: 'reno', label: 'Single drop, Reno', input, origin: 'preset' }];
  s.getState().setEntries(entries);
  s.getState().selectScenario('reno');
  return s;
}

const meta = (run: number): RunMeta => ({
  run,
  scenarioName: 'x',
  duration: 10,
  sampleInterval: 0.01,
  flowIds: ['reno'],
  seriesColumns: ['cwnd'],
  queueIds: [],
});

/** Loaded, played for a while and paused: a run with something to lose. */
function midRun(s: ReturnType<typeof store>) {
  s.getState().runLoaded(meta(1));
  s.getState().statusChanged({ run: 1, status: 'paused', time: 2.5, eventsProcessed: 100, speed: 1 });
}

describe('editing the scenario', () => {
  it('an invalid edit keeps the last valid scenario and reports the field path', () => {
    const s = store();
    const before = s.getState();
    const result = s
      .getState()
      .edit('Bandwidth of l2', (d) => updateLink(d, 'l2', { bandwidth: 'fast' }), { field: true });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(formatIssues(result.issues)).toEqual([
        'links[1].bandwidth: must be a bandwidth such as "10Mbps" or a number of bit/s (got "fast")',
      ]);
    const after = s.getState();
    expect(after.scenarioInput).toBe(before.scenarioInput);
    expect(after.scenario).toBe(before.scenario);
    expect(after.edited).toBe(before.edited);
    expect(after.editRejection).toMatchObject({
      what: 'Bandwidth of l2',
      field: true,
      issues: [{ path: 'links[1].bandwidth' }],
    });

    // Fixing it is accepted, clears the message and keeps the value as written.
    expect(s.getState().edit('Bandwidth of l2', (d) => updateLink(d, 'l2', { bandwidth: '2Mbps' })).ok).toBe(true);
    expect(s.getState().editRejection).toBeNull();
    expect((s.getState().scenarioInput as { links: { bandwidth: unknown }[] }).links[1].bandwidth).toBe('2Mbps');
    expect(s.getState().edited?.links[1].bandwidth).toBe(2e6);
  });

  it('an edit that throws (unknown id) is refused, not a crash', () => {
    const s = store();
    const r = s.getState().edit('Move', (d) => moveNode(d, 'ghost', 0, 0));
    expect(r).toEqual({ ok: false, issues: [{ path: '(edit)', message: 'there is no node "ghost"' }] });
    expect(s.getState().editRejection?.field).toBe(false);
  });

  it('applies at once while the run is untouched, so the worker loads it', () => {
    const s = store();
    s.getState().runLoaded(meta(1));
    s.getState().statusChanged({ run: 1, status: 'ready', time: 0, eventsProcessed: 0, speed: 1 });
    const loaded = s.getState().scenario;
    s.getState().edit('Bandwidth', (d) => updateLink(d, 'l2', { bandwidth: '2Mbps' }));
    expect(s.getState().scenario).not.toBe(loaded);
    expect(s.getState().scenario?.links[1].bandwidth).toBe(2e6);
    expect(s.getState().runStale).toBe(false);
  });

  it('mid-run, an edit waits for Reset; the reset run is replaced by the edited scenario', () => {
    const s = store();
    midRun(s);
    const loaded = s.getState().scenario;
    s.getState().edit('Bandwidth', (d) => updateLink(d, 'l2', { bandwidth: '2Mbps' }));
    expect(s.getState().scenario).toBe(loaded);
    expect(s.getState().runStale).toBe(true);
    // Reset: the worker reloads the old scenario, and the store swaps in the edited one.
    s.getState().runLoaded(meta(2));
    expect(s.getState().scenario?.links[1].bandwidth).toBe(2e6);
    expect(s.getState().runStale).toBe(false);
    // The run of the edited scenario loads: nothing more to do.
    const applied = s.getState().scenario;
    s.getState().runLoaded(meta(3));
    expect(s.getState().scenario).toBe(applied);
  });

  it('moving a node never restarts or stales a run', () => {
    const s = store();
    midRun(s);
    const loaded = s.getState().scenario;
    expect(s.getState().edit('Move', (d) => moveNode(d, 'r1', 10, 20), { layout: true }).ok).toBe(true);
    expect(s.getState().scenario).toBe(loaded);
    expect(s.getState().runStale).toBe(false);
    expect(s.getState().edited?.nodes[1]).toMatchObject({ x: 10, y: 20 });
  });

  it('records a live fault in the scenario as written, and Reset replays it', () => {
    const s = store();
    midRun(s);
    const loaded = s.getState().scenario;
    const r = s
      .getState()
      .recordLiveFault(
        { kind: 'dropBurst', link: 'l2', from: 'r1', at: 2.5, count: 3 },
        { kind: 'dropBurst', link: 'l2', from: 'r1', at: 2.5, count: 3 },
      );
    expect(r.ok).toBe(true);
    expect(s.getState().scenario).toBe(loaded); // the running engine has it already
    expect(s.getState().runStale).toBe(false);
    expect((s.getState().scenarioInput as { faults: unknown[] }).faults.at(-1)).toEqual({
      kind: 'dropBurst',
      link: 'l2',
      from: 'r1',
      at: 2.5,
      count: 3,
    });
    expect(s.getState().liveFaults).toHaveLength(1);
    s.getState().runLoaded(meta(2));
    expect(s.getState().scenario?.faults.at(-1)).toEqual({
      kind: 'dropBurst',
      link: 'l2',
      from: 'r1',
      at: 2.5,
      count: 3,
    });
    expect(s.getState().liveFaults).toEqual([]);
  });

  it('keeps edits as a draft beside the preset, brings them back with a note, and Revert goes back to the preset', () => {
    const s = store();
    s.getState().edit('Add router', (d) => addNode(d, 'router', { x: 0, y: 0 }).doc);
    // The preset itself never changes; the edits are its draft.
    expect(s.getState().entries[0].input).toBe(input);
    expect((s.getState().drafts.reno?.input as { nodes: unknown[] }).nodes).toHaveLength(4);
    // Choosing the scenario again brings the edited version back, and says so.
    s.getState().selectScenario('reno');
    expect(s.getState().edited?.nodes).toHaveLength(4);
    expect(s.getState().restored).toMatchObject({ key: 'reno' });
    s.getState().revertEdits();
    expect(s.getState().scenarioInput).toBe(input);
    expect(s.getState().edited?.nodes).toHaveLength(3);
    expect(s.getState().drafts.reno).toBeUndefined();
    expect(s.getState().restored).toBeNull();
    // Revert is a step of undo like any other.
    expect(s.getState().undo()).toBe(true);
    expect(s.getState().edited?.nodes).toHaveLength(4);
  });

  it('opening another scenario forgets the selection and the rejection', () => {
    const s = store();
    s.getState().setEditorSelection({ kind: 'node', id: 'r1' });
    s.getState().edit('x', (d) => updateLink(d, 'l1', { delay: 'soon' }));
    expect(s.getState().editRejection).not.toBeNull();
    s.getState().selectScenario('reno');
    expect(s.getState().editRejection).toBeNull();
    expect(s.getState().editorSelection).toBeNull();
  });
});
