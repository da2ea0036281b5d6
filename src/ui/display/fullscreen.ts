/** The Fullscreen API, for the whole page (the browser's own controls leave it with Esc). */
export function fullscreenAvailable(): boolean {
  return typeof document !== 'undefined' && document.fullscreenEnabled === true;
}

export function isFullscreen(): boolean {
  return typeof document !== 'undefined' && document.fullscreenElement !== null;
}

/** Enter or leave fullscreen; a browser that refuses (no user gesture, a policy) leaves things as they are. */
export async function toggleFullscreen(): Promise<void> {
  try {
    if (isFullscreen()) await document.exitFullscreen();
    else await document.documentElement.requestFullscreen({ navigationUI: 'hide' });
  } catch {
    // refused: nothing to undo
  }
}
