import { useEffect } from 'react';
import { useLab } from '../lab-context';
import { selectLargeText, selectPresenter } from '../../store/selectors';
import { LARGE_TEXT_KEY, PRESENTER_KEY, writeFlag } from './remembered';

/**
 * The page's display modes as classes on <html>, remembered for the next
 * lecture:
 * - `large-text` raises the root font size, so the content (sized in rem)
 *   grows, charts and diagram included; the chrome keeps its size
 *   (styles.css);
 * - `presenter` lays the Lab out for a projector (presenter.css), with a root
 *   font size that follows the screen, so a 1080p or 4K projector gets
 *   larger text and strokes, not just more empty space.
 * Presenter mode is the Lab's layout: the other views keep theirs.
 */
export function useDisplayClasses(): void {
  const largeText = useLab(selectLargeText);
  const presenter = useLab(selectPresenter);
  const view = useLab((s) => s.view);
  useEffect(() => {
    document.documentElement.classList.toggle('large-text', largeText);
    writeFlag(LARGE_TEXT_KEY, largeText);
  }, [largeText]);
  useEffect(() => {
    document.documentElement.classList.toggle('presenter', presenter && view === 'lab');
    writeFlag(PRESENTER_KEY, presenter);
  }, [presenter, view]);
}
