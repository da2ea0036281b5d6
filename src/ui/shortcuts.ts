/**
 * Keyboard shortcuts of the Lab: Space plays or pauses, S steps, R resets,
 * P switches the presenter layout, F fullscreen. Kept as a pure function of
 * the key event so it is testable without a DOM.
 */
export type RunShortcut = 'togglePlay' | 'step' | 'reset';
export type ShortcutAction = RunShortcut | 'presenter' | 'fullscreen';

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  repeat: boolean;
  /** tag name of the focused element, upper case as in the DOM */
  targetTag: string;
  targetEditable: boolean;
}

/** Elements where the keys type text or choose a value: never steal them there. */
const TEXT_ENTRY = new Set(['INPUT', 'TEXTAREA', 'SELECT']);
/** Elements that Space already activates: a focused "Export CSV" button must still work. */
const SPACE_ACTIVATED = new Set(['BUTTON', 'A', 'SUMMARY']);

export function shortcutFor(e: KeyLike): ShortcutAction | null {
  if (e.ctrlKey || e.metaKey || e.altKey || e.repeat) return null;
  if (e.targetEditable || TEXT_ENTRY.has(e.targetTag)) return null;
  if (e.key === ' ' || e.key === 'Spacebar') return SPACE_ACTIVATED.has(e.targetTag) ? null : 'togglePlay';
  if (e.key === 's' || e.key === 'S') return 'step';
  if (e.key === 'r' || e.key === 'R') return 'reset';
  if (e.key === 'p' || e.key === 'P') return 'presenter';
  if (e.key === 'f' || e.key === 'F') return 'fullscreen';
  return null;
}

/** Adapt a DOM keyboard event. */
export function keyLike(e: KeyboardEvent): KeyLike {
  const target = e.target instanceof HTMLElement ? e.target : null;
  return {
    key: e.key,
    ctrlKey: e.ctrlKey,
    metaKey: e.metaKey,
    altKey: e.altKey,
    repeat: e.repeat,
    targetTag: target?.tagName ?? 'BODY',
    targetEditable: target?.isContentEditable ?? false,
  };
}
