/**
 * Undo and redo over every kind of edit, with the real loader: topology,
 * flows, faults, parameters (taken or still pending), a fault injected live,
 * Revert; each scenario keeps its own history.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatIssues, parseScenario, parseScenarioText } from '../engine/scenario';
import type { RunMeta } from '../worker/protocol';
import { addFault, addFlow, addLink, addNode, moveNode } from './edit-ops';
import { selectCanPlay, selectBlocked } from './selectors';
import { selectRedoLabel, selectUndoLabel } from './editor';
import { createLabStore, type ScenarioEntry } from './lab-store';

const input = JSON.parse(readFileSync('scenarios/single-drop-reno.json', 'utf8')) as unknown;
const dumbbell = JSON.parse(readFileSync('scenarios/dumbbell-udp.json', 'utf8')) as unknown;

function store() {
  const s = createLabStore({ parse: parseScenario, parseText: parseScenarioText, formatIssues });
  const entries: ScenarioEntry[] = [
    { key: 'reno', label: 'Single drop, Reno', input, origin: 'preset' },
    { key: 'dumbbell', label: 'Dumbbell', input: dumbbell, origin: 'preset' },
  ];
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
const doc = (s: ReturnType<typeof store>) =>
  s.getState().scenarioInput as {
    nodes: { id: string; x?: number }[];
    links: { id: string; bandwidth: unknown }[];
    flows: unknown[];
    faults: unknown[];
  };
const bw: Parameters<ReturnType<ReturnType<typeof store>['getState']>['setField']>[1] = {
  target: { on: 'link', id: 'l2' },
  field: ['bandwidth'],
};

describe('undo and redo', () => {
  it('go back and forth across five kinds of edit', () => {
    const s = store();
    const st = () => s.getState();
    const snapshots = [JSON.stringify(st().scenarioInput)];
    st().edit('Add a router', (d) => addNode(d, 'router', { x: 300, y: 60 }).doc);
    snapshots.push(JSON.stringify(st().scenarioInput));
    st().edit('Link r2 to client', (d) => addLink(d, 'r2', 'client').doc);
    snapshots.push(JSON.stringify(st().scenarioInput));
    st().edit('Move node r1', (d) => moveNode(d, 'r1', 280, 240), { layout: true });
    snapshots.push(JSON.stringify(st().scenarioInput));
    st().setField('Bandwidth of l2', bw, '3Mbps', '3Mbps');
    snapshots.push(JSON.stringify(st().scenarioInput));
    st().edit('Add a TCP flow', (d) => addFlow(d, 'tcp', 'server', 'client').doc);
    snapshots.push(JSON.stringify(st().scenarioInput));
    st().edit('Add a fault', (d) => addFault(d, { kind: 'linkDown', link: 'l1', at: 2, duration: 0.5 }));
    snapshots.push(JSON.stringify(st().scenarioInput));
    expect(selectUndoLabel(st())).toBe('Add a fault');

    for (let i = snapshots.length - 2; i >= 0; i--) {
      expect(st().undo()).toBe(true);
      expect(JSON.stringify(st().scenarioInput)).toBe(snapshots[i]);
    }
    expect(st().undo()).toBe(false);
    expect(selectRedoLabel(st())).toBe('Add a router');
    for (let i = 1; i < snapshots.length; i++) {
      expect(st().redo()).toBe(true);
      expect(JSON.stringify(st().scenarioInput)).toBe(snapshots[i]);
    }
    expect(st().redo()).toBe(false);
    // The scenario that runs follows (the run was untouched).
    expect(st().scenario?.faults).toHaveLength(2);
  });

  it('undoes a value that is still invalid, and Play comes back', () => {
    const s = store();
    const r = s.getState().setField('Bandwidth of l2', bw, '0', 0);
    expect(r.ok).toBe(false);
    expect(selectBlocked(s.getState())).toBe(true);
    s.getState().runLoaded(meta(1));
    s.getState().statusChanged({ run: 1, status: 'ready', time: 0, eventsProcessed: 0, speed: 1 });
    expect(selectCanPlay(s.getState())).toBe(false);
    // The scenario keeps its last valid value; the typed one waits, and is kept with the draft.
    expect(doc(s).links[1]!.bandwidth).toBe('1.5Mbps');
    expect(s.getState().drafts.reno?.pending[0]).toMatchObject({ text: '0', key: 'link:l2/bandwidth' });
    expect(s.getState().undo()).toBe(true);
    expect(s.getState().pending).toEqual([]);
    expect(selectCanPlay(s.getState())).toBe(true);
    expect(s.getState().drafts.reno).toBeUndefined();
  });

  it('a stream of nudges of one node is one step', () => {
    const s = store();
    for (let x = 0; x < 5; x++)
      s.getState().edit('Move node r1', (d) => moveNode(d, 'r1', 300 + 10 * x, 200), {
        layout: true,
        merge: 'nudge:r1',
      });
    expect(doc(s).nodes[1]!.x).toBe(340);
    s.getState().undo();
    expect(doc(s).nodes[1]!.x).toBe((input as { nodes: { x?: number }[] }).nodes[1]!.x);
  });

  it('takes a fault injected live out of the scenario before the next Reset, and the reset run goes without it', () => {
    const s = store();
    s.getState().runLoaded(meta(1));
    s.getState().statusChanged({ run: 1, status: 'paused', time: 2.5, eventsProcessed: 100, speed: 1 });
    const fault = { kind: 'dropBurst', link: 'l2', from: 'r1', at: 2.5, count: 3 } as const;
    s.getState().recordLiveFault(fault, fault);
    expect(doc(s).faults).toHaveLength(2);
    expect(s.getState().runStale).toBe(false);
    expect(s.getState().undo()).toBe(true);
    expect(doc(s).faults).toHaveLength(1);
    // The run still has the fault: it differs from the scenario now, and Reset runs the scenario.
    expect(s.getState().runStale).toBe(true);
    s.getState().runLoaded(meta(2));
    expect(s.getState().scenario?.faults).toHaveLength(1);
    // Redo puts it back in the scenario.
    expect(s.getState().redo()).toBe(true);
    expect(doc(s).faults).toHaveLength(2);
  });

  it('keeps one history per scenario; an undo that removes the selected node clears the selection', () => {
    const s = store();
    s.getState().edit('Add a host', (d) => addNode(d, 'host', { x: 10, y: 10 }).doc);
    s.getState().setEditorSelection({ kind: 'node', id: 'h1' });
    s.getState().selectScenario('dumbbell');
    expect(selectUndoLabel(s.getState())).toBeNull();
    s.getState().selectScenario('reno');
    expect(selectUndoLabel(s.getState())).toBe('Add a host');
    s.getState().setEditorSelection({ kind: 'nodes', ids: ['h1', 'r1'] });
    s.getState().undo();
    expect(s.getState().editorSelection).toEqual({ kind: 'node', id: 'r1' });
  });
});
