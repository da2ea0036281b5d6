import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useLab, useLabStore } from '../lab-context';
import { selectEntries, selectScenarioKey } from '../../store/selectors';
import { loadedLibrary } from '../../store/library';
import { pickerView, type PickerView } from '../../store/picker';
import './scenario-picker.css';

/** The library's presets, once it has arrived (its entries reach the store at the same time). */
const libraryPresets = () => loadedLibrary()?.PRESETS ?? [];

/**
 * The Scenario picker: a native <select> (keyboard and screen-reader
 * friendly as it is, with type-ahead) grouped into the example files, each
 * seed paper's experiments, the lessons and any imported scenarios; and a
 * search button beside it that opens a search box over the same list (ids,
 * titles, groups, tags, descriptions: "vegas", "004", "outage"). In the
 * search, ↑/↓ move through the matches, Enter opens one, Escape closes.
 */
export function ScenarioPicker() {
  const id = useId();
  const entries = useLab(selectEntries);
  const key = useLab(selectScenarioKey);
  const store = useLabStore();
  const [searching, setSearching] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const view = useMemo(() => pickerView(entries, '', key, libraryPresets()), [entries, key]);

  return (
    <div className="control-group scenario-picker">
      <label htmlFor={id}>Scenario</label>
      <select id={id} value={key ?? ''} onChange={(e) => store.getState().selectScenario(e.currentTarget.value)} data-testid="scenario-picker">
        {key === null && <option value="">Choose…</option>}
        {view.groups.map((g) => (
          <optgroup key={g.title} label={g.title}>
            {g.entries.map((e) => (
              <option key={e.key} value={e.key}>
                {e.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <div className="scenario-search-anchor">
        <button
          ref={buttonRef}
          type="button"
          className="button icon-button"
          aria-label="Search scenarios"
          title={`Search the ${entries.length} scenarios`}
          aria-expanded={searching}
          aria-haspopup="dialog"
          onClick={() => setSearching((s) => !s)}
          data-testid="scenario-search-button"
        >
          <SearchIcon />
        </button>
        {searching && (
          <ScenarioSearch
            onPick={(k) => {
              store.getState().selectScenario(k);
              setSearching(false);
              buttonRef.current?.focus();
            }}
            onClose={(refocus) => {
              setSearching(false);
              if (refocus) buttonRef.current?.focus();
            }}
            anchor={buttonRef}
          />
        )}
      </div>
    </div>
  );
}

const SearchIcon = () => (
  <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
    <circle cx="7" cy="7" r="4.5" fill="none" stroke="currentColor" strokeWidth="1.7" />
    <path d="M10.5 10.5 14 14" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" />
  </svg>
);

/** The matches of a search, flattened in display order (for ↑/↓). */
function flatten(view: PickerView) {
  return view.groups.flatMap((g) => g.entries.filter((e) => e.key !== view.keptOnly).map((e) => ({ entry: e, group: g.title })));
}

function ScenarioSearch({ onPick, onClose, anchor }: { onPick(key: string): void; onClose(refocus: boolean): void; anchor: RefObject<HTMLButtonElement | null> }) {
  const inputId = useId();
  const listId = useId();
  const entries = useLab(selectEntries);
  const key = useLab(selectScenarioKey);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const panelRef = useRef<HTMLDivElement>(null);
  const view = useMemo(() => pickerView(entries, query, null, libraryPresets()), [entries, query]);
  const flat = useMemo(() => flatten(view), [view]);
  const activeIndex = Math.min(active, Math.max(0, flat.length - 1));

  // Close on a click outside (the button toggles by itself).
  useEffect(() => {
    const onDown = (e: PointerEvent) => {
      const t = e.target as Node;
      if (panelRef.current?.contains(t) || anchor.current?.contains(t)) return;
      onClose(false);
    };
    window.addEventListener('pointerdown', onDown);
    return () => window.removeEventListener('pointerdown', onDown);
  }, [onClose, anchor]);

  // Keep the active option in view.
  useEffect(() => {
    document.getElementById(`${listId}-${activeIndex}`)?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex, listId]);

  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive(Math.min(flat.length - 1, activeIndex + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive(Math.max(0, activeIndex - 1));
    } else if (e.key === 'Home' && e.ctrlKey) {
      setActive(0);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const pick = flat[activeIndex];
      if (pick) onPick(pick.entry.key);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onClose(true);
    }
  };

  let n = -1;
  return (
    <div className="scenario-search" role="dialog" aria-label="Search scenarios" ref={panelRef} data-testid="scenario-search">
      <div className="scenario-search-field">
        <SearchIcon />
        <input
          id={inputId}
          type="text"
          role="combobox"
          // The search was just opened by its button: typing goes straight into it.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          value={query}
          onChange={(e) => {
            // A new search starts at its first match.
            setQuery(e.currentTarget.value);
            setActive(0);
          }}
          onKeyDown={onKey}
          placeholder="vegas, paper 004, outage, red…"
          aria-label="Search scenarios"
          aria-expanded="true"
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={flat.length ? `${listId}-${activeIndex}` : undefined}
          autoComplete="off"
          spellCheck={false}
          data-testid="scenario-search-input"
        />
        <span className="scenario-search-count" aria-live="polite" data-testid="scenario-search-count">
          {query.trim() ? (view.shown === 0 ? 'No match' : `${view.shown} of ${view.total}`) : `${view.total}`}
        </span>
      </div>
      <div className="scenario-search-list" id={listId} role="listbox" aria-label="Scenarios">
        {view.groups.map((g) => {
          const items = g.entries.filter((e) => e.key !== view.keptOnly);
          if (items.length === 0) return null;
          return (
            <div key={g.title} role="group" aria-label={g.title} className="scenario-search-group">
              <div className="scenario-search-group-title" aria-hidden="true">
                {g.title}
              </div>
              {items.map((e) => {
                n++;
                const i = n;
                const preset = e.origin === 'preset' ? loadedLibrary()?.findPreset(e.key) : undefined;
                return (
                  // The combobox pattern (WAI-ARIA APG): the focus stays in the input, whose
                  // keys move aria-activedescendant over the options; a click picks one.
                  // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus
                  <div
                    key={e.key}
                    id={`${listId}-${i}`}
                    role="option"
                    aria-selected={i === activeIndex}
                    className={`scenario-search-option${i === activeIndex ? ' active' : ''}${e.key === key ? ' current' : ''}`}
                    onPointerMove={() => i !== activeIndex && setActive(i)}
                    onClick={() => onPick(e.key)}
                  >
                    <span className="option-title">{e.label}</span>
                    <span className="option-meta">
                      {preset ? preset.id : e.origin === 'imported' ? 'imported' : e.key}
                      {preset?.table ? ' · paper table' : ''}
                      {e.key === key ? ' · open now' : ''}
                    </span>
                  </div>
                );
              })}
            </div>
          );
        })}
        {flat.length === 0 && <p className="scenario-search-empty">No scenario matches “{query}”.</p>}
      </div>
      <p className="scenario-search-keys" aria-hidden="true">
        <kbd>↑</kbd> <kbd>↓</kbd> choose · <kbd>Enter</kbd> open · <kbd>Esc</kbd> close
      </p>
    </div>
  );
}
