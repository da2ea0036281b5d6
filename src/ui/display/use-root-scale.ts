import { useEffect, useState } from 'react';
import { useLab } from '../lab-context';
import { selectLargeText, selectPresenter } from '../../store/selectors';

const readRem = () => (typeof document === 'undefined' ? 16 : parseFloat(getComputedStyle(document.documentElement).fontSize) || 16);

/**
 * The page's type scale: the root font size over the 16 px the drawings are
 * designed at (1.25 in large text, more on a projector in presenter mode).
 * SVG drawings sized in their own units (the topology) zoom by it.
 */
export function useRootScale(): number {
  const largeText = useLab(selectLargeText);
  const presenter = useLab(selectPresenter);
  const [rem, setRem] = useState(readRem);
  useEffect(() => {
    const sync = () => setRem(readRem());
    // The classes are set in an effect of the same commit: read after it.
    const frame = requestAnimationFrame(sync);
    window.addEventListener('resize', sync);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', sync);
    };
  }, [largeText, presenter]);
  return rem / 16;
}
