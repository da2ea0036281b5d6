/**
 * Figures that change with every batch from the worker (the simulated time,
 * the sample count) written straight into their DOM node from a store
 * subscription, not rendered by React: a batch arrives ~30 times a second,
 * and re-rendering a panel (with its form) for each one cost the main thread
 * more than the numbers are worth. The node is filled before the first paint
 * (a layout effect), so it is never seen empty.
 */
import { useLayoutEffect, useRef, type RefObject } from 'react';
import type { LabState } from '../../store/lab-store';
import { useLabStore } from '../lab-context';

/**
 * A ref for the node that shows `select(state)`; `write` puts a value into
 * it, and is called only when the value changes. `select` and `write` must be
 * stable (module-level functions).
 */
export function useLiveNode<E extends Element = HTMLElement, T = string>(select: (s: LabState) => T, write: (el: E, value: T) => void): RefObject<E | null> {
  const store = useLabStore();
  const ref = useRef<E>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    let shown: T = select(store.getState());
    write(el, shown);
    return store.subscribe((s) => {
      const value = select(s);
      if (Object.is(value, shown)) return;
      shown = value;
      write(el, value);
    });
  }, [store, select, write]);
  return ref;
}

/** Set an element's text. */
export const writeText = (el: Element, text: string): void => {
  el.textContent = text;
};

/** Whether the run has any samples yet (what export buttons need, without re-rendering per batch). */
export const selectHasSamples = (s: LabState): boolean => s.sampleCount > 0;

/** A span showing `text(state)`, kept current outside React (`text` must be a module-level function). */
export function LiveText({ text, testId }: { text: (s: LabState) => string; testId?: string }) {
  const ref = useLiveNode<HTMLSpanElement, string>(text, writeText);
  return <span ref={ref} data-testid={testId} />;
}
