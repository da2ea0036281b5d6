/**
 * Labelled form fields of the side panels, bound to one field of the scenario
 * (a FieldRef). A text field keeps what the user typed until it is committed
 * (Enter or leaving the field). A value the loader refuses is kept in the
 * store as typed (pending: saved with the draft, undoable), shown in the
 * field marked invalid, with the reasons in the page's words under it and
 * the loader's own lines folded in "Details"; Play waits until it is fixed.
 * Escape goes back to the scenario's value.
 */
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { ScenarioIssue } from '../../engine/scenario/types';
import { fieldText, fieldValue } from '../../store/edit-ops';
import { fieldKey, fieldPath, fieldValueIn, type FieldRef } from '../../store/field-ops';
import { wordIssues, type WordedIssue } from '../../store/wording';
import { selectPending, selectWarnings } from '../../store/editor';
import { useLab, useLabStore } from '../lab-context';
import { useDoc } from './use-edit';

/** "Bandwidth of l2": the edit in the page's words (Undo's title). */
function editName(label: string, ref: FieldRef): string {
  const t = ref.target;
  if (t.on === 'run') return label;
  return `${label} of ${t.on === 'fault' ? `fault ${t.index + 1}` : t.id}`;
}

/** The field's pending value, its path in the scenario, and the loader's warnings about it. */
function useBinding(ref: FieldRef) {
  const doc = useDoc();
  const key = fieldKey(ref);
  const pending = useLab(selectPending).find((p) => p.key === key);
  const allWarnings = useLab(selectWarnings);
  const path = fieldPath(doc, ref) ?? undefined;
  const warnings = path === undefined ? [] : allWarnings.filter((w) => w.path === path || w.path.startsWith(`${path}.`));
  return { doc, key, pending, path, value: fieldValueIn(doc, ref), warnings };
}

/** Under a field: its errors (red), else its warnings (amber), else its hint. */
function FieldNotes({ id, hint, errors, warnings, doc, path }: { id: string; hint?: ReactNode; errors: readonly ScenarioIssue[] | null; warnings: readonly ScenarioIssue[]; doc: unknown; path?: string }) {
  if (errors) return <IssueLines id={`${id}-error`} issues={errors} doc={doc} path={path} />;
  return (
    <>
      {hint && (
        <div className="field-hint" id={`${id}-hint`}>
          {hint}
        </div>
      )}
      {warnings.length > 0 && <IssueLines id={`${id}-warning`} issues={warnings} doc={doc} path={path} severity="warning" />}
    </>
  );
}

/** The ids that describe a control: its hint, its errors or its warnings. */
function describedBy(id: string, hint: unknown, errors: unknown, warnings: readonly unknown[]): string | undefined {
  if (errors) return `${id}-error`;
  return [hint ? `${id}-hint` : '', warnings.length ? `${id}-warning` : ''].filter(Boolean).join(' ') || undefined;
}

/** The reasons, this field's first; another field's reason is a button to it. */
export function IssueLines({ issues, doc, path, id, severity = 'error' }: { issues: readonly ScenarioIssue[]; doc: unknown; path?: string; id?: string; severity?: 'error' | 'warning' }) {
  const store = useLabStore();
  const worded = wordIssues(issues, doc as object, severity);
  const mine = (w: WordedIssue) => path !== undefined && (w.detail.startsWith(`${path}:`) || w.path === path);
  const sorted = [...worded.filter(mine), ...worded.filter((w) => !mine(w))];
  return (
    <div className={severity === 'error' ? 'field-error' : 'field-warning'} id={id} role={severity === 'error' ? 'alert' : 'status'} data-testid={severity === 'error' ? 'field-error' : 'field-warning'}>
      {sorted.map((w, i) => (
        <div key={i} className="issue-line">
          {mine(w) ? (
            <span className="issue-text">{w.message}</span>
          ) : (
            <button type="button" className="issue-link" onClick={() => store.getState().requestFocus(w.path)}>
              {w.text}
            </button>
          )}
          <details className="issue-details">
            <summary>Details</summary>
            <code>{w.detail}</code>
          </details>
        </div>
      ))}
    </div>
  );
}

export interface TextFieldProps {
  label: string;
  /** the scenario field this control edits */
  field: FieldRef;
  /** unit shown after the input ("bit/s", "s", "packets") */
  unit?: string;
  /** a line under the field: what the value means ("= 1.5 Mbps"), the default, the accepted forms */
  hint?: ReactNode;
  placeholder?: string;
  /** narrow inputs for small numbers */
  size?: 'narrow' | 'medium' | 'wide';
  /** the text as a scenario value (default: a plain number becomes a number, empty removes the field) */
  toValue?: (text: string) => unknown;
  /** called with the new value once the scenario has taken it */
  onAccepted?(value: unknown): void;
  testId?: string;
  disabled?: boolean;
}

export function TextField({ label, field, unit, hint, placeholder, size = 'medium', toValue = fieldValue, onAccepted, testId, disabled }: TextFieldProps) {
  const id = useId();
  const store = useLabStore();
  const { doc, key, pending, path, value, warnings } = useBinding(field);
  const shown = pending ? pending.text : fieldText(value);
  const [text, setText] = useState(shown);

  // A new value from elsewhere (another edit, undo, another selection) replaces
  // the text: adjusted during render (https://react.dev/learn/you-might-not-need-an-effect).
  const [shownWas, setShownWas] = useState(shown);
  if (shownWas !== shown) {
    setShownWas(shown);
    setText(shown);
  }

  const commit = () => {
    const valueText = fieldText(value);
    if (text === valueText) {
      if (pending) store.getState().clearField(key);
      return;
    }
    if (pending && text === pending.text) return;
    const next = toValue(text);
    const r = store.getState().setField(editName(label, field), field, text, next);
    if (r.ok) onAccepted?.(next);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      commit();
    } else if (e.key === 'Escape' && (text !== shown || pending)) {
      e.preventDefault();
      e.stopPropagation();
      if (pending) store.getState().clearField(key);
      setText(fieldText(value));
    }
  };

  const errors = pending?.issues.length ? pending.issues : null;
  return (
    <div className={`field field-${size}${errors ? ' invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="field-control">
        <input
          id={id}
          type="text"
          inputMode="text"
          autoComplete="off"
          spellCheck={false}
          value={text}
          placeholder={placeholder}
          disabled={disabled}
          aria-invalid={errors ? true : undefined}
          aria-describedby={describedBy(id, hint, errors, warnings)}
          data-testid={testId}
          data-path={path}
          onChange={(e) => setText(e.currentTarget.value)}
          onBlur={commit}
          onKeyDown={onKeyDown}
        />
        {unit && <span className="field-unit">{unit}</span>}
      </div>
      <FieldNotes id={id} hint={hint} errors={errors} warnings={warnings} doc={doc} path={path} />
    </div>
  );
}

export interface SelectFieldProps<T extends string> {
  label: string;
  field: FieldRef;
  /** the value shown (the scenario's, normalized: a default is shown as chosen) */
  value: T;
  options: readonly { value: T; label: string }[];
  testId?: string;
  hint?: ReactNode;
  /** the choice as a scenario value (default: the option's value) */
  toValue?: (choice: T) => unknown;
  /** a choice that changes more than this field (a queue type brings its parameters): done here instead */
  onChoose?(choice: T): void;
}

export function SelectField<T extends string>({ label, field, value, options, testId, hint, toValue, onChoose }: SelectFieldProps<T>) {
  const id = useId();
  const store = useLabStore();
  const { doc, pending, path, warnings } = useBinding(field);
  const errors = pending?.issues.length ? pending.issues : null;
  const shown = (pending ? pending.text : value) as T;
  return (
    <div className={`field field-medium${errors ? ' invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="field-control">
        <select
          id={id}
          value={shown}
          data-testid={testId}
          data-path={path}
          aria-invalid={errors ? true : undefined}
          aria-describedby={describedBy(id, hint, errors, warnings)}
          onChange={(e) => {
            const v = e.currentTarget.value as T;
            if (onChoose) onChoose(v);
            else store.getState().setField(editName(label, field), field, v, toValue ? toValue(v) : v);
          }}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <FieldNotes id={id} hint={hint} errors={errors} warnings={warnings} doc={doc} path={path} />
    </div>
  );
}

export interface CheckFieldProps {
  label: string;
  field: FieldRef;
  checked: boolean;
  hint?: ReactNode;
}

export function CheckField({ label, field, checked, hint }: CheckFieldProps) {
  const id = useId();
  const store = useLabStore();
  const { doc, pending, path, warnings } = useBinding(field);
  const errors = pending?.issues.length ? pending.issues : null;
  return (
    <div className={`field field-check${errors ? ' invalid' : ''}`}>
      <div className="field-control">
        <input
          id={id}
          type="checkbox"
          checked={pending ? pending.value === true : checked}
          data-path={path}
          aria-describedby={describedBy(id, hint, errors, warnings)}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            store.getState().setField(editName(label, field), field, String(on), on);
          }}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      <FieldNotes id={id} hint={hint} errors={errors} warnings={warnings} doc={doc} path={path} />
    </div>
  );
}

/** A general refusal (a deletion, an added item): what was tried and why, in the page's words. */
export function Refusal({ what, issues, onDismiss }: { what: string; issues: readonly ScenarioIssue[]; onDismiss(): void }) {
  const doc = useDoc();
  return (
    <div className="editor-refusal" role="alert" data-testid="edit-refusal">
      <div>
        <strong>{what}: not done.</strong>
        <IssueLines issues={issues} doc={doc} />
      </div>
      <button type="button" className="button ghost small" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
