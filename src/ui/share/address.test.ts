/** The address follows the page: a preset's id, or the scenario as edited; replaced, not pushed. */
import { describe, expect, it } from 'vitest';
import { formatIssues, parseScenario, parseScenarioText } from '../../engine/scenario';
import { addNode } from '../../store/edit-ops';
import { createLabStore } from '../../store/lab-store';
import { createLessonStore } from '../../store/lesson-store';
import { presetEntries } from '../../store/presets';
import { keepAddress, type AddressWindow } from './address';
import { decodeShareHash } from './share-link';

function fakeWindow(): AddressWindow & { replaced: string[]; runTasks(): void } {
  let tasks: (() => void)[] = [];
  const w = {
    location: { hash: '', href: 'http://lab.example/' },
    history: {
      state: null,
      replaceState(_d: unknown, _u: string, url?: string) {
        w.replaced.push(url!);
        w.location.href = url!;
        w.location.hash = url!.includes('#') ? url!.slice(url!.indexOf('#')) : '';
      },
    },
    replaced: [] as string[],
    queueMicrotask: (fn: () => void) => void tasks.push(fn),
    runTasks: () => {
      const t = tasks;
      tasks = [];
      t.forEach((f) => f());
    },
  };
  return w;
}

describe('the address follows the page', () => {
  it('names an untouched preset, carries an edited scenario, and is replaced (not pushed)', () => {
    const lab = createLabStore({ parse: parseScenario, parseText: parseScenarioText, formatIssues });
    lab.getState().setEntries(presetEntries());
    lab.getState().selectScenario('single-drop-reno');
    const w = fakeWindow();
    keepAddress(lab, createLessonStore(), w);
    expect(w.location.href).toBe('http://lab.example/#p=single-drop-reno');

    lab.getState().edit('Add a host', (d) => addNode(d, 'host', { x: 0, y: 0 }).doc);
    lab.getState().setView('lab');
    expect(w.replaced).toHaveLength(1); // the changes of one moment are written once, just after
    w.runTasks();
    expect(w.replaced).toHaveLength(2);
    expect(w.location.hash).toMatch(/^#s=/);
    const decoded = decodeShareHash(w.location.hash, { parse: parseScenario, isPreset: () => true, isLesson: () => false, isLessonRun: () => false });
    expect(decoded.ok && decoded.state?.scenario).toMatchObject({ kind: 'full', input: { nodes: { length: 4 } } });

    lab.getState().undo();
    w.runTasks();
    expect(w.location.href).toBe('http://lab.example/#p=single-drop-reno');
  });
});
