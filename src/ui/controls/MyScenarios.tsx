/**
 * "My scenarios": the user's own saved scenarios, kept in this browser. Open
 * one, rename it, export it as a file, delete it; or save the open scenario
 * as a new one. A scenario of the user's own keeps every edit as it is made
 * (the presets never change: editing one makes a draft, and "Save a copy"
 * moves the draft here).
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { ScenarioEntry } from '../../store/lab-store';
import { selectEdited } from '../../store/editor';
import { selectEntries, selectScenarioKey } from '../../store/selectors';
import { downloadJson, slug } from '../export/download';
import { whenSaved } from '../editor/EditorNotes';
import { useLab, useLabStore } from '../lab-context';
import './my-scenarios.css';

export function MyScenarios() {
  const entries = useLab(selectEntries);
  const mine = entries.filter((e) => e.origin === 'mine');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // Close on Escape or a click elsewhere.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onDown = (e: PointerEvent) => {
      if (wrapRef.current && !wrapRef.current.contains(e.target as Node)) setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', onDown);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onDown);
    };
  }, [open]);

  return (
    <div className="my-scenarios" ref={wrapRef}>
      <button
        ref={buttonRef}
        type="button"
        className="button small ghost"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-haspopup="dialog"
        onClick={() => setOpen(!open)}
        data-testid="my-scenarios-button"
      >
        <FolderIcon />
        My scenarios{mine.length ? ` (${mine.length})` : ''}
      </button>
      {open && <MyScenariosPanel id={panelId} mine={mine} onClose={() => setOpen(false)} />}
    </div>
  );
}

function MyScenariosPanel({ id, mine, onClose }: { id: string; mine: ScenarioEntry[]; onClose(): void }) {
  const store = useLabStore();
  const edited = useLab(selectEdited);
  const openKey = useLab(selectScenarioKey);
  const [name, setName] = useState(() => (edited ? `${edited.name} (mine)` : 'My scenario'));
  const nameId = useId();
  const sorted = [...mine].sort((a, b) => (b.savedAt ?? 0) - (a.savedAt ?? 0));
  const openIsMine = mine.some((e) => e.key === openKey);

  return (
    <div className="my-scenarios-panel" id={id} role="dialog" aria-label="My scenarios" data-testid="my-scenarios">
      <h2>My scenarios</h2>
      <p className="my-note">Kept in this browser. A scenario of your own keeps every edit as you make it; Export saves it as a file for another computer.</p>
      {!openIsMine && edited && (
        <form
          className="my-save"
          onSubmit={(e) => {
            e.preventDefault();
            if (store.getState().saveCopy(name)) onClose();
          }}
        >
          <label htmlFor={nameId}>Save the open scenario as</label>
          <input id={nameId} type="text" value={name} onChange={(e) => setName(e.currentTarget.value)} data-testid="my-save-name" />
          <button type="submit" className="button small primary" disabled={!name.trim()}>
            Save
          </button>
        </form>
      )}
      {sorted.length === 0 ? (
        <p className="my-empty">None yet. Edit a scenario, then save a copy of it here (or use “Save a copy…” in the editor).</p>
      ) : (
        <ul className="my-list">
          {sorted.map((e) => (
            <MyScenarioRow key={e.key} entry={e} isOpen={e.key === openKey} onOpened={onClose} />
          ))}
        </ul>
      )}
      <div className="my-actions">
        <button type="button" className="button small" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}

function MyScenarioRow({ entry, isOpen, onOpened }: { entry: ScenarioEntry; isOpen: boolean; onOpened(): void }) {
  const store = useLabStore();
  const [mode, setMode] = useState<'view' | 'rename' | 'delete'>('view');
  const [name, setName] = useState(entry.label);
  const inputId = useId();
  return (
    <li className={`my-row${isOpen ? ' open' : ''}`} data-testid="my-scenario" data-key={entry.key}>
      {mode === 'rename' ? (
        // Escape anywhere in the rename form cancels it, as in a dialog.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
        <form
          className="my-rename"
          onSubmit={(e) => {
            e.preventDefault();
            store.getState().renameMine(entry.key, name);
            setMode('view');
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              setName(entry.label);
              setMode('view');
            }
          }}
        >
          <label htmlFor={inputId} className="visually-hidden">
            New name for {entry.label}
          </label>
          {/* Rename was just pressed: the focus moves to the new name. */}
          {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
          <input id={inputId} type="text" value={name} autoFocus onChange={(e) => setName(e.currentTarget.value)} data-testid="my-rename-input" />
          <button type="submit" className="button small primary" disabled={!name.trim()}>
            Rename
          </button>
          <button type="button" className="button small" onClick={() => setMode('view')}>
            Cancel
          </button>
        </form>
      ) : (
        <div className="my-title">
          <span className="my-name">{entry.label}</span>
          <span className="my-meta">
            {isOpen ? 'open now · ' : ''}
            {entry.savedAt ? `saved ${whenSaved(entry.savedAt)}` : ''}
          </span>
        </div>
      )}
      {mode === 'delete' ? (
        <div className="my-confirm" role="alertdialog" aria-label={`Delete ${entry.label}?`}>
          <span>Delete “{entry.label}” from this browser?</span>
          <button
            type="button"
            className="button small danger-solid"
            // Delete was just pressed: the focus moves to the confirmation (WAI-ARIA APG alertdialog).
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
            onClick={() => {
              store.getState().deleteMine(entry.key);
            }}
          >
            Delete
          </button>
          <button type="button" className="button small" onClick={() => setMode('view')}>
            Cancel
          </button>
        </div>
      ) : (
        mode === 'view' && (
          <div className="my-buttons">
            <button
              type="button"
              className="button small"
              disabled={isOpen}
              onClick={() => {
                store.getState().selectScenario(entry.key);
                onOpened();
              }}
            >
              Open
            </button>
            <button type="button" className="button small ghost" onClick={() => setMode('rename')} aria-label={`Rename ${entry.label}`}>
              Rename
            </button>
            <button type="button" className="button small ghost" onClick={() => downloadJson(`${slug(entry.label)}.json`, entry.input)} aria-label={`Export ${entry.label}`}>
              Export
            </button>
            <button type="button" className="button small ghost danger" onClick={() => setMode('delete')} aria-label={`Delete ${entry.label}`}>
              Delete
            </button>
          </div>
        )
      )}
    </li>
  );
}

function FolderIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M2 4.5A1.5 1.5 0 0 1 3.5 3h3l1.5 1.5h4.5A1.5 1.5 0 0 1 14 6v5.5a1.5 1.5 0 0 1-1.5 1.5h-9A1.5 1.5 0 0 1 2 11.5z" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
    </svg>
  );
}
