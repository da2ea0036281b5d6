// @vitest-environment jsdom
/**
 * Warnings on the page: made up here (the loader's warnings are its own
 * business), given to the store as the loader would give them, and shown in
 * amber, in the page's words, beside the field and in the list — without
 * stopping Play. A value refused by the loader shows in red in the same
 * list, and a click on a line asks for its control.
 */
import { readFileSync } from 'node:fs';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatIssues, parseScenario, parseScenarioText } from '../../engine/scenario';
import type { ParseResult, ScenarioIssue } from '../../engine/scenario/types';
import { createLabStore, type LabStore } from '../../store/lab-store';
import { selectCanPlay } from '../../store/selectors';
import { LabStoreProvider } from '../lab-context';
import { LinkPanel } from './LinkPanel';
import { ScenarioChecks } from './ScenarioChecks';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const input = JSON.parse(readFileSync('scenarios/single-drop-reno.json', 'utf8')) as unknown;
const WARNINGS: ScenarioIssue[] = [
  { path: 'links[0].delay', message: 'is longer than the whole run: nothing arrives before the end (got 30 s)' },
  { path: 'flows[0].start', message: 'starts after the end of the run (10 s): the flow sends nothing' },
];

/** The real loader, with warnings added to every answer (as a loader with warning rules gives them). */
function loaderWithWarnings(input: unknown): ParseResult {
  const r = parseScenario(input);
  return { ...r, warnings: WARNINGS } as unknown as ParseResult;
}

let root: Root;
let host: HTMLDivElement;
let store: LabStore;

beforeEach(() => {
  store = createLabStore({ parse: loaderWithWarnings, parseText: parseScenarioText, formatIssues });
  store.getState().setEntries([{ key: 'reno', label: 'Single drop, Reno', input, origin: 'preset' }]);
  store.getState().selectScenario('reno');
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

function render(ui: React.ReactNode) {
  act(() => root.render(<LabStoreProvider store={store}>{ui}</LabStoreProvider>));
}

describe('warnings and refused values on the page', () => {
  it('lists warnings in amber, in the page’s words, and they do not stop Play', () => {
    render(<ScenarioChecks />);
    const items = [...host.querySelectorAll('.check-item')];
    expect(items.map((i) => i.className)).toEqual(['check-item warning', 'check-item warning']);
    expect(items[0]!.querySelector('.issue-link')!.textContent).toBe('Link l1 → Delay: is longer than the whole run: nothing arrives before the end');
    expect(items[1]!.querySelector('.issue-link')!.textContent).toBe('Flow reno → Start: starts after the end of the run (10 s): the flow sends nothing');
    expect(items[0]!.querySelector('.issue-details code')!.textContent).toBe('links[0].delay: is longer than the whole run: nothing arrives before the end (got 30 s)');
    expect(host.querySelector('.checks-title')!.textContent).toMatch(/runs as it is/);
    store.getState().runLoaded({ run: 1, scenarioName: 'x', duration: 10, sampleInterval: 0.01, flowIds: ['reno'], seriesColumns: ['cwnd'], queueIds: [] });
    store.getState().statusChanged({ run: 1, status: 'ready', time: 0, eventsProcessed: 0, speed: 1 });
    expect(selectCanPlay(store.getState())).toBe(true);
  });

  it('shows a warning beside its field, in amber', () => {
    render(<LinkPanel id="l1" onRequestDelete={() => undefined} />);
    const delay = host.querySelector<HTMLInputElement>('[data-path="links[0].delay"]')!;
    const note = document.getElementById(delay.getAttribute('aria-describedby')!.split(' ').find((id) => id.endsWith('-warning'))!)!;
    expect(note.className).toBe('field-warning');
    expect(note.textContent).toContain('is longer than the whole run: nothing arrives before the end');
    expect(delay.getAttribute('aria-invalid')).toBeNull();
  });

  it('puts a refused value first, in red; a click asks for its control', () => {
    act(() => {
      store.getState().setField('Bandwidth of l2', { target: { on: 'link', id: 'l2' }, field: ['bandwidth'] }, '0', 0);
    });
    render(<ScenarioChecks />);
    const items = [...host.querySelectorAll('.check-item')];
    expect(items[0]!.className).toBe('check-item error');
    expect(items[0]!.textContent).toContain('Link l2 → Bandwidth: must be more than 0 — for example 10 Mbps');
    expect(host.querySelector('.checks-title')!.textContent).toBe('One setting needs fixing before the scenario can run:');
    act(() => (items[0]!.querySelector('.issue-link') as HTMLButtonElement).click());
    expect(store.getState().focusRequest).toMatchObject({ path: 'links[1].bandwidth' });
  });
});
