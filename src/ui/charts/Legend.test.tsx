// @vitest-environment jsdom
/** A legend of many flows shows the first few and the rest on request, and keeps every entry for a saved picture. */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, it } from 'vitest';
import { legendEntries } from '../export/chart-export';
import { FOLD_OVER, FOLDED_SHOWN, Legend, type LegendItem } from './Legend';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.body.innerHTML = '';
});

const flows = (n: number): LegendItem[] => Array.from({ length: n }, (_, i) => ({ label: `flow tcp${i}`, colour: '#0072B2', kind: 'line' }));
const marker: LegendItem = { label: 'slow start ends', colour: '#CC79A7', kind: 'dot' };

function mount(items: LegendItem[], n: number): HTMLElement {
  const host = document.createElement('div');
  document.body.append(host);
  act(() => createRoot(host).render(<Legend items={items} flows={n} testId="legend" />));
  return host;
}

const shownLabels = (host: HTMLElement) => [...host.querySelectorAll('li:not([hidden])')].map((li) => li.textContent);

it('folds the flows beyond the first few, keeps the marks explained, and unfolds on request', () => {
  const host = mount([...flows(110), marker], 110);
  const shown = shownLabels(host);
  expect(shown.filter((l) => l?.startsWith('flow '))).toHaveLength(FOLDED_SHOWN);
  expect(shown).toContain('slow start ends');
  const button = host.querySelector<HTMLButtonElement>('[data-testid="legend-more"]')!;
  expect(button.textContent).toBe(`+ ${110 - FOLDED_SHOWN} more flows`);
  expect(button.getAttribute('aria-expanded')).toBe('false');
  // every entry is still in the list, for a saved picture's legend
  expect(legendEntries(host.querySelector('ul')).map((e) => e.label)).toHaveLength(111);
  act(() => button.click());
  expect(shownLabels(host).filter((l) => l?.startsWith('flow '))).toHaveLength(110);
  expect(button.getAttribute('aria-expanded')).toBe('true');
  act(() => button.click());
  expect(shownLabels(host).filter((l) => l?.startsWith('flow '))).toHaveLength(FOLDED_SHOWN);
});

it('shows a legend of a few flows whole, with no button', () => {
  const host = mount([...flows(FOLD_OVER), marker], FOLD_OVER);
  expect(host.querySelectorAll('li[hidden]')).toHaveLength(0);
  expect(host.querySelector('button')).toBeNull();
  expect(shownLabels(host)).toHaveLength(FOLD_OVER + 1);
});
