import { useEffect, useId, useRef, useState } from 'react';
import { useLabStore } from '../lab-context';
import { lessonStore } from '../../store/lesson-store';
import './share.css';

const LinkIcon = () => (
  <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
    <path
      d="M6.6 9.4a2.6 2.6 0 0 0 3.7 0l2.4-2.4a2.6 2.6 0 0 0-3.7-3.7l-.9.9M9.4 6.6a2.6 2.6 0 0 0-3.7 0L3.3 9a2.6 2.6 0 0 0 3.7 3.7l.9-.9"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
    />
  </svg>
);

type Result = { url: string; copied: boolean } | { error: string };

/**
 * "Copy link": puts the page's state (the Lab's scenario — a preset's id, or
 * the whole scenario compressed — the view and the lesson step) into the
 * address and onto the clipboard, and shows the link in a text field to
 * select and copy by hand where the clipboard is not available.
 */
export function CopyLinkButton({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const lab = useLabStore();
  const [result, setResult] = useState<Result | null>(null);
  const panelId = useId();
  const wrapRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const copy = async () => {
    let url: string;
    try {
      // The link's code (and its deflate) comes when a link is first made: ./on-demand.ts.
      const { currentShareState, shareUrl } = await import('./on-demand');
      url = shareUrl(currentShareState(lab.getState(), lessonStore.getState()), window.location.href);
    } catch (err) {
      setResult({ error: err instanceof Error ? err.message : String(err) });
      return;
    }
    // The address shows the link too; replaceState does not fire hashchange (nothing reloads).
    try {
      window.history.replaceState(window.history.state, '', url);
    } catch {
      // a sandboxed frame may refuse; the text field below still has the link
    }
    let copied = false;
    try {
      await navigator.clipboard.writeText(url);
      copied = true;
    } catch {
      copied = false;
    }
    setResult({ url, copied });
  };

  // Select the link for a manual copy; close on Escape or a click elsewhere.
  useEffect(() => {
    if (!result) return;
    inputRef.current?.select();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setResult(null);
    };
    const onDown = (e: PointerEvent) => {
      if (wrapRef.current && !wrapRef.current.contains(e.target as Node)) setResult(null);
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', onDown);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onDown);
    };
  }, [result]);

  return (
    <div className={`share-link share-${tone}`} ref={wrapRef}>
      <button
        type="button"
        className={tone === 'dark' ? 'button ghost' : 'button'}
        onClick={copy}
        aria-expanded={result !== null}
        aria-controls={result ? panelId : undefined}
        title="Copy a link that opens this scenario (and lesson step) exactly as it is now"
        data-testid="copy-link"
      >
        <LinkIcon />
        Copy link
      </button>
      {result && (
        <div className="share-popover" id={panelId} role="dialog" aria-label="Share link" data-testid="share-popover">
          {'error' in result ? (
            <p className="share-status share-error" role="alert">
              {result.error}
            </p>
          ) : (
            <>
              <p className="share-status" role="status">
                {result.copied ? 'Link copied to the clipboard. It opens this exact state:' : 'Select the link and copy it (Ctrl+C / ⌘C):'}
              </p>
              <input
                ref={inputRef}
                className="share-url"
                type="text"
                readOnly
                value={result.url}
                aria-label="Link to this state"
                onFocus={(e) => e.currentTarget.select()}
                data-testid="share-url"
              />
              <p className="share-note">
                {result.url.includes('#s=')
                  ? `The whole scenario travels in the link (${result.url.length.toLocaleString('en')} characters).`
                  : 'A preset as published: the link only names it.'}
              </p>
            </>
          )}
          <button type="button" className="button small" onClick={() => setResult(null)}>
            Close
          </button>
        </div>
      )}
    </div>
  );
}
