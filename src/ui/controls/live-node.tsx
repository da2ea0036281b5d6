/**
 * Figures that change with every batch from the worker (the simulated time,
 * the sample count) written straight into their DOM node from a store
 * subscription, not rendered by React: a batch arrives ~30 times a second,
 * and re-rendering a panel (with its form) for each one cost the main thread
 * more than the numbers are worth. They change at most on the charts' shared
 * tick (charts/data-tick.ts), ~30 times a second. The node is filled before
 * the first paint (a layout effect), so it is never seen empty.
 */
import { useLayoutEffect, useRef, type RefObject } from 'react';
import type { LabState } from '../../store/lab-store';
import { cancelDataTick, onDataTick } from '../charts/data-tick';
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
    // Written on the charts' tick, so the page lays out and paints the new
    // figures in the same frame as the charts' new data, not in one of its own.
    const flush = () => {
      const value = select(store.getState());
      if (Object.is(value, shown)) return;
      shown = value;
      write(el, value);
    };
    const unsubscribe = store.subscribe(() => onDataTick(flush));
    return () => {
      unsubscribe();
      cancelDataTick(flush);
    };
  }, [store, select, write]);
  return ref;
}

/**
 * Set an element's text: in its one text node when it has one (a new node
 * per batch would be removed from and added to the layout each time).
 */
export const writeText = (el: Element, text: string): void => {
  const node = el.firstChild;
  if (node && node.nodeType === Node.TEXT_NODE && !node.nextSibling) (node as Text).data = text;
  else el.textContent = text;
};

/** Whether the run has any samples yet (what export buttons need, without re-rendering per batch). */
export const selectHasSamples = (s: LabState): boolean => s.sampleCount > 0;

/** A span showing `text(state)`, kept current outside React (`text` must be a module-level function). */
export function LiveText({ text, testId }: { text: (s: LabState) => string; testId?: string }) {
  const ref = useLiveNode<HTMLSpanElement, string>(text, writeText);
  return <span ref={ref} data-testid={testId} />;
}
