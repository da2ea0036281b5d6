/**
 * Mark an element `data-offscreen` while it is well out of view, so its
 * drawing can be left unpainted (editor.css hides the topology's SVG then).
 *
 * Why: Chromium re-layerizes the whole page whenever a frame changes what it
 * paints in certain ways (a chart redrawn in full does), and that work grows
 * with the number of separately transformed pieces painted anywhere on the
 * page, in view or not. A topology of the 110-flow dumbbell (hundreds of
 * nodes and link lanes, each with its own transform) made it 3–4 ms of every
 * such frame while the charts streamed below; unpainted, it costs nothing.
 * `content-visibility: auto` would do the same, but Chromium keeps content
 * within half a screen of the viewport painted, which the topology usually
 * is when the charts are in view. An element holding the keyboard focus is
 * never marked.
 */
import { useEffect, type RefObject } from 'react';

export function useOffscreenMark(ref: RefObject<HTMLElement | null>, rootMargin = '48px 0px'): void {
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) => {
        const seen = entries[entries.length - 1]?.isIntersecting ?? true;
        if (seen || !el.contains(document.activeElement)) el.toggleAttribute('data-offscreen', !seen);
      },
      { rootMargin },
    );
    io.observe(el);
    return () => {
      io.disconnect();
      el.removeAttribute('data-offscreen');
    };
  }, [ref, rootMargin]);
}
