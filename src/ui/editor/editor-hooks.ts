/**
 * The editor's page-wide behaviour: settings remembered from one lecture to
 * the next, and the undo/redo keys (which leave a text field's own undo alone).
 */
import { useEffect, useState } from 'react';
import { useLabStore } from '../lab-context';

/** A setting of the page remembered for the next lecture (a projector needs the room). */
export function useRemembered(key: string, initial: boolean): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => {
    try {
      const v = localStorage.getItem(key);
      return v === null ? initial : v === '1';
    } catch {
      return initial;
    }
  });
  const set = (next: boolean) => {
    setOn(next);
    try {
      localStorage.setItem(key, next ? '1' : '0');
    } catch {
      // storage may be off; the setting just is not remembered
    }
  };
  return [on, set];
}

const isTextEntry = (t: EventTarget | null) =>
  t instanceof HTMLElement &&
  (t.isContentEditable ||
    t.tagName === 'TEXTAREA' ||
    t.tagName === 'SELECT' ||
    (t.tagName === 'INPUT' && (t as HTMLInputElement).type !== 'checkbox' && (t as HTMLInputElement).type !== 'radio'));

/** Ctrl/⌘+Z undoes, Shift+Ctrl/⌘+Z and Ctrl+Y redo — except in a text field, where they undo typing. */
export function useUndoKeys(): void {
  const store = useLabStore();
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || isTextEntry(e.target)) return;
      const k = e.key.toLowerCase();
      const redo = (k === 'z' && e.shiftKey) || (k === 'y' && !e.shiftKey);
      if (k !== 'z' && !redo) return;
      e.preventDefault();
      if (redo) store.getState().redo();
      else store.getState().undo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store]);
}
