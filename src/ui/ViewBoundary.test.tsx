// @vitest-environment jsdom
/** A view that throws while drawing is replaced by a message, not a blank page, and can be drawn again. */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, it, vi } from 'vitest';
import { ViewBoundary } from './ViewBoundary';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let broken = true;
function Chart() {
  if (broken) throw new Error('cannot read the run');
  return <p>the chart</p>;
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

it('shows what happened in the view, keeps the rest of the page, and draws again on request', () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  act(() =>
    root.render(
      <>
        <header>the header</header>
        <ViewBoundary name="Lab">
          <Chart />
        </ViewBoundary>
      </>,
    ),
  );
  const alert = host.querySelector('[data-testid="view-error"]');
  expect(alert?.textContent).toContain('The Lab view stopped drawing.');
  expect(alert?.textContent).toContain('cannot read the run');
  expect(host.querySelector('header')?.textContent).toBe('the header');
  broken = false;
  act(() => (host.querySelector('button') as HTMLButtonElement).click());
  expect(host.querySelector('[data-testid="view-error"]')).toBeNull();
  expect(host.textContent).toContain('the chart');
  act(() => root.unmount());
});
