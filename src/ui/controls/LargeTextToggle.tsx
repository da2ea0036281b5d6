import { useLab, useLabStore } from '../lab-context';
import { selectLargeText } from '../../store/selectors';
import { TextSizeIcon } from '../icons';

/** Bigger type and thicker lines for the back row of a lecture hall. */
export function LargeTextToggle() {
  const on = useLab(selectLargeText);
  const store = useLabStore();
  return (
    <button type="button" className="button ghost" aria-pressed={on} onClick={() => store.getState().setLargeText(!on)} data-testid="large-text">
      <TextSizeIcon />
      Large text
    </button>
  );
}
