/**
 * Display settings a teacher sets once per room and expects to find again:
 * large text and the presenter layout, kept in localStorage (when the
 * browser allows it; a file:// page or a private window may not).
 */
export const LARGE_TEXT_KEY = 'tcp-lab.large-text';
export const PRESENTER_KEY = 'tcp-lab.presenter';

export function readFlag(key: string): boolean {
  try {
    return localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

export function writeFlag(key: string, on: boolean): void {
  try {
    localStorage.setItem(key, on ? '1' : '0');
  } catch {
    // storage may be off (private mode, file://); the setting just is not remembered
  }
}
