import { useLab, useLabStore } from '../lab-context';
import { selectPresenter } from '../../store/selectors';

/** The projector layout: network and charts on one screen (key P). */
export function PresenterToggle() {
  const on = useLab(selectPresenter);
  const store = useLabStore();
  return (
    <button
      type="button"
      className="button ghost"
      aria-pressed={on}
      aria-keyshortcuts="P"
      title="Presenter layout: the network and its charts on one screen, editing panels folded away (P)"
      onClick={() => store.getState().setPresenter(!on)}
      data-testid="presenter"
    >
      <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <rect x="1.5" y="2" width="13" height="9" rx="1" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <path d="M8 11v3M5 14h6" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
      </svg>
      Presenter
    </button>
  );
}
