import { useEffect, useState } from 'react';
import { fullscreenAvailable, isFullscreen, toggleFullscreen } from './fullscreen';

/** Fill the projector with the page (key F; Esc leaves). Hidden where the browser has no Fullscreen API. */
export function FullscreenButton() {
  const [on, setOn] = useState(isFullscreen);
  useEffect(() => {
    const sync = () => setOn(isFullscreen());
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  if (!fullscreenAvailable()) return null;
  return (
    <button type="button" className="button ghost" aria-pressed={on} aria-keyshortcuts="F" title="Fill the screen (F; Esc leaves)" onClick={() => void toggleFullscreen()} data-testid="fullscreen">
      <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <path d="M2 6V2h4M10 2h4v4M14 10v4h-4M6 14H2v-4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      Fullscreen
    </button>
  );
}
