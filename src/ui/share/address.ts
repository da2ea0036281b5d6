/**
 * The address bar follows the page: the open scenario (a preset's id, or the
 * whole scenario as edited, in share-link form), the view and the lesson
 * step, so that a reload or a bookmark comes back to the same place and the
 * address is always a link to what is on screen. It is replaced, not pushed
 * (Back does not step through edits), right after each change (the changes
 * of one moment written once): a reload pressed just after an edit must find
 * the edit in the address.
 */
import type { LabStore } from '../../store/lab-store';
import type { LessonStore } from '../../store/lesson-store';
import { currentShareState } from './apply';
import { encodeShareHash } from './share-link';

/** The fragment for the page's state; a scenario too large for a link leaves the scenario out (autosave keeps it). */
export function addressHash(lab: LabStore, lessons: LessonStore): string {
  const state = currentShareState(lab.getState(), lessons.getState());
  try {
    return encodeShareHash(state);
  } catch {
    return encodeShareHash({ ...state, scenario: undefined });
  }
}

export interface AddressWindow {
  location: { hash: string; href: string };
  history: { state: unknown; replaceState(data: unknown, unused: string, url?: string): void };
  queueMicrotask(fn: () => void): void;
}

/** Keep the address in step with the stores; returns the stop. */
export function keepAddress(lab: LabStore, lessons: LessonStore, win: AddressWindow = window as unknown as AddressWindow): () => void {
  let queued = false;
  let stopped = false;
  const write = () => {
    queued = false;
    if (stopped) return;
    const hash = addressHash(lab, lessons);
    if (hash === win.location.hash || (hash === '' && win.location.hash === '')) return;
    const url = win.location.href.replace(/#.*$/, '') + hash;
    try {
      win.history.replaceState(win.history.state, '', url);
    } catch {
      // a sandboxed frame may refuse; the page works the same without it
    }
  };
  const schedule = () => {
    if (queued) return;
    queued = true;
    win.queueMicrotask(write);
  };
  const stopLab = lab.subscribe((s, prev) => {
    if (s.scenarioInput !== prev.scenarioInput || s.scenarioKey !== prev.scenarioKey || s.view !== prev.view) schedule();
  });
  const stopLessons = lessons.subscribe(schedule);
  write();
  return () => {
    stopped = true;
    stopLab();
    stopLessons();
  };
}
