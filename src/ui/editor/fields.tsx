/**
 * Labelled form fields of the side panels. A text field keeps what the user
 * typed until it is committed (Enter or leaving the field); a refused value
 * stays in the field, marked invalid, with the loader's `path: message` lines
 * under it, while the scenario keeps its last valid value. Escape puts the
 * valid value back.
 */
import { useEffect, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { ScenarioIssue } from '../../engine/scenario/types';
import type { EditResult } from '../../store/editor';
import { fieldText } from '../../store/edit-ops';

/** The refusal's lines, the ones about this field first. */
function issueLines(issues: readonly ScenarioIssue[], path: string | undefined): string[] {
  const mine = (i: ScenarioIssue) => path !== undefined && (i.path === path || i.path.startsWith(`${path}.`) || i.path.startsWith(`${path}[`));
  const sorted = [...issues.filter(mine), ...issues.filter((i) => !mine(i))];
  return sorted.map((i) => `${i.path}: ${i.message}`);
}

function FieldErrors({ id, lines }: { id: string; lines: string[] }) {
  return (
    <div className="field-error" id={id} role="alert" data-testid="field-error">
      {lines.map((line, i) => (
        <div key={i}>{line}</div>
      ))}
    </div>
  );
}

export interface TextFieldProps {
  label: string;
  /** the value as written in the scenario */
  value: unknown;
  /** the field's path in the scenario, e.g. links[1].bandwidth (its messages are listed first) */
  path?: string;
  /** unit shown after the input ("bit/s", "s", "packets") */
  unit?: string;
  /** a line under the field: what the value means ("= 1.5 Mbps"), the default, the accepted forms */
  hint?: ReactNode;
  placeholder?: string;
  /** narrow inputs for small numbers */
  size?: 'narrow' | 'medium' | 'wide';
  onCommit(text: string): EditResult;
  testId?: string;
  disabled?: boolean;
}

export function TextField({ label, value, path, unit, hint, placeholder, size = 'medium', onCommit, testId, disabled }: TextFieldProps) {
  const id = useId();
  const shown = fieldText(value);
  const [text, setText] = useState(shown);
  const [errors, setErrors] = useState<string[] | null>(null);

  // A new valid value from elsewhere (another edit, another selection) replaces the text.
  useEffect(() => {
    setText(shown);
    setErrors(null);
  }, [shown]);

  const commit = () => {
    if (text === shown) {
      setErrors(null);
      return;
    }
    const result = onCommit(text);
    setErrors(result.ok ? null : issueLines(result.issues, path));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      commit();
    } else if (e.key === 'Escape' && (text !== shown || errors)) {
      e.preventDefault();
      e.stopPropagation();
      setText(shown);
      setErrors(null);
    }
  };

  const describedBy = [hint ? `${id}-hint` : '', errors ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
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
          aria-describedby={describedBy}
          data-testid={testId}
          data-path={path}
          onChange={(e) => setText(e.currentTarget.value)}
          onBlur={commit}
          onKeyDown={onKeyDown}
        />
        {unit && <span className="field-unit">{unit}</span>}
      </div>
      {hint && !errors && (
        <div className="field-hint" id={`${id}-hint`}>
          {hint}
        </div>
      )}
      {errors && <FieldErrors id={`${id}-error`} lines={errors} />}
    </div>
  );
}

export interface SelectFieldProps<T extends string> {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  path?: string;
  onCommit(value: T): EditResult;
  testId?: string;
  hint?: ReactNode;
}

export function SelectField<T extends string>({ label, value, options, path, onCommit, testId, hint }: SelectFieldProps<T>) {
  const id = useId();
  const [errors, setErrors] = useState<string[] | null>(null);
  useEffect(() => setErrors(null), [value]);
  return (
    <div className={`field field-medium${errors ? ' invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="field-control">
        <select
          id={id}
          value={value}
          data-testid={testId}
          data-path={path}
          aria-invalid={errors ? true : undefined}
          aria-describedby={errors ? `${id}-error` : hint ? `${id}-hint` : undefined}
          onChange={(e) => {
            const result = onCommit(e.currentTarget.value as T);
            setErrors(result.ok ? null : issueLines(result.issues, path));
          }}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      {hint && !errors && (
        <div className="field-hint" id={`${id}-hint`}>
          {hint}
        </div>
      )}
      {errors && <FieldErrors id={`${id}-error`} lines={errors} />}
    </div>
  );
}

export interface CheckFieldProps {
  label: string;
  checked: boolean;
  path?: string;
  hint?: ReactNode;
  onCommit(checked: boolean): EditResult;
}

export function CheckField({ label, checked, path, hint, onCommit }: CheckFieldProps) {
  const id = useId();
  const [errors, setErrors] = useState<string[] | null>(null);
  useEffect(() => setErrors(null), [checked]);
  return (
    <div className={`field field-check${errors ? ' invalid' : ''}`}>
      <div className="field-control">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          data-path={path}
          aria-describedby={errors ? `${id}-error` : hint ? `${id}-hint` : undefined}
          onChange={(e) => {
            const result = onCommit(e.currentTarget.checked);
            setErrors(result.ok ? null : issueLines(result.issues, path));
          }}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      {hint && !errors && (
        <div className="field-hint" id={`${id}-hint`}>
          {hint}
        </div>
      )}
      {errors && <FieldErrors id={`${id}-error`} lines={errors} />}
    </div>
  );
}

/** A general refusal (a deletion, an added item): what was tried and the loader's lines. */
export function Refusal({ what, issues, onDismiss }: { what: string; issues: readonly ScenarioIssue[]; onDismiss(): void }) {
  return (
    <div className="editor-refusal" role="alert" data-testid="edit-refusal">
      <div>
        <strong>{what}: not done.</strong>
        <ul>
          {issues.map((i, k) => (
            <li key={k}>
              <code>
                {i.path}: {i.message}
              </code>
            </li>
          ))}
        </ul>
      </div>
      <button type="button" className="button ghost small" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
