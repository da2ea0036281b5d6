/**
 * The editor's notes about the work: edits brought back (from an earlier
 * visit, or from earlier in this one) with the way back to the original;
 * edits waiting for the next run; faults injected into this run; and whether
 * the browser keeps the work.
 */
import { selectLiveFaults, selectRunStale } from '../../store/editor';
import { selectOpenEntry, selectRestored, selectSaveStatus } from '../../store/scenarios';
import { useLab, useLabStore } from '../lab-context';

/** "today at 14:02", "on 21 Nov at 09:15". */
export function whenSaved(at: number, now = Date.now()): string {
  const d = new Date(at);
  const time = d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  if (new Date(now).toDateString() === d.toDateString()) return `today at ${time}`;
  return `on ${d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' })} at ${time}`;
}

export function RestoredNote({ onRevert }: { onRevert(): void }) {
  const store = useLabStore();
  const restored = useLab(selectRestored);
  const entry = useLab(selectOpenEntry);
  if (!restored || !entry || restored.key !== entry.key) return null;
  const original = entry.origin === 'preset' ? 'the preset' : entry.origin === 'imported' ? 'the file as opened' : 'the saved version';
  return (
    <div className="restored-note" role="status" data-testid="restored-note">
      <span>
        <strong>Restored your edits</strong> to “{entry.label}” (last changed {whenSaved(restored.savedAt)}). Revert to {original}?
      </span>
      <span className="note-actions">
        <button type="button" className="button small" onClick={onRevert}>
          Revert to {original}
        </button>
        <button type="button" className="button small ghost" onClick={() => store.getState().dismissRestored()}>
          Keep my edits
        </button>
      </span>
    </div>
  );
}

export function RunNotes() {
  const store = useLabStore();
  const stale = useLab(selectRunStale);
  const liveFaults = useLab(selectLiveFaults);
  if (stale) {
    return (
      <div className="stale-note" role="status" data-testid="stale-note">
        <span>Edited since this run started: the run still shows the scenario as it was.</span>
        <button type="button" className="button small primary" onClick={() => store.getState().applyEdits()}>
          Reset and apply
        </button>
      </div>
    );
  }
  if (liveFaults.length > 0) {
    return (
      <div className="live-note" role="status" data-testid="live-note">
        {liveFaults.length} fault{liveFaults.length === 1 ? '' : 's'} injected into this run, recorded in the scenario: Export saves them, Reset replays
        them, Undo takes them out of the scenario.
      </div>
    );
  }
  return null;
}

/** "Saved" (in this browser) — or why not, in amber. */
export function SaveStatusLine() {
  const status = useLab(selectSaveStatus);
  if (!status) return null;
  return status.ok ? (
    <span className="save-status" data-testid="save-status" title="Your edits are kept in this browser as you make them: a reload brings them back.">
      <span aria-hidden="true">✓ </span>Saved<span className="visually-hidden"> in this browser</span>
    </span>
  ) : (
    <span className="save-status not-kept" role="status" data-testid="save-status">
      Not kept: {status.reason}
    </span>
  );
}
