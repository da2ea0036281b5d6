import { useEffect } from 'react';
import { useStore } from 'zustand';
import { useLabStore } from '../lab-context';
import { ensureLibrary } from '../../store/library';
import { lessonStore } from '../../store/lesson-store';
import { shareMessages } from '../../store/share-messages';
import { loadLoader } from '../loader-on-demand';
import './share.css';

/**
 * Open a link pasted into the address of the open page (its fragment
 * changes), once the preset library is in the picker (a link may name one
 * of its presets) and the link's code and the scenario loader have arrived. The address read at startup is opened before the page is
 * drawn (main.tsx, with the work kept from the last visit).
 */
export function useShareAddress(): void {
  const lab = useLabStore();
  useEffect(() => {
    const read = () => {
      const hash = window.location.hash;
      void Promise.all([import('./on-demand'), loadLoader(), ensureLibrary(lab)]).then(
        ([share]) => share.applyShareHash(hash, lab, lessonStore),
        (err: unknown) => shareMessages.getState().set({ title: 'This link could not be opened: the page could not load what reads it.', details: [String(err)] }),
      );
    };
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, [lab]);
}

/** Why a link could not be opened, as plain text, with a way to dismiss it. */
export function ShareMessageBanner() {
  const message = useStore(shareMessages, (s) => s.message);
  if (!message) return null;
  return (
    <div className="share-message" role="alert" data-testid="share-message">
      <div className="share-message-text">
        <strong>{message.title}</strong>
        {message.details.length > 0 && (
          <ul>
            {message.details.map((d, i) => (
              <li key={i}>{d}</li>
            ))}
          </ul>
        )}
        {message.note && <span className="share-message-note">{message.note}</span>}
      </div>
      <button type="button" className="button small" onClick={() => shareMessages.getState().set(null)}>
        Dismiss
      </button>
    </div>
  );
}

/**
 * For the page header: reads links pasted into the address and shows why a
 * link could not be opened. The Copy
 * link buttons are in the Lab (beside the scenario's name) and on each lesson.
 */
export function ShareLink() {
  useShareAddress();
  return <ShareMessageBanner />;
}
