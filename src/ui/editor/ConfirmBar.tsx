/**
 * The editor's confirm line: a deletion (with what goes with it), a revert to
 * the original, or the name of a copy to save among "My scenarios". Every one
 * of them can be undone; the line is there so that nothing happens by a
 * stray key press.
 */
import { useId, useState } from 'react';
import { type ScenarioDoc } from '../../store/edit-ops';
import { deletionImpactAll, describeImpact, type DeleteTarget } from '../../store/delete-ops';

export type Pending = { kind: 'delete'; targets: DeleteTarget[] } | { kind: 'revert'; original: string } | { kind: 'save'; name: string } | null;

interface ConfirmBarProps {
  pending: NonNullable<Pending>;
  doc: ScenarioDoc;
  onCancel(): void;
  onDelete(targets: DeleteTarget[]): void;
  onRevert(): void;
  onSave(name: string): void;
}

function deleteTitle(targets: readonly DeleteTarget[]): string {
  if (targets.length === 1) return `Delete ${targets[0]!.kind} ${targets[0]!.id}?`;
  return `Delete ${targets.length} ${targets.every((t) => t.kind === 'node') ? 'nodes' : 'items'} (${targets.map((t) => t.id).join(', ')})?`;
}

export function ConfirmBar({ pending, doc, onCancel, onDelete, onRevert, onSave }: ConfirmBarProps) {
  const id = useId();
  const [name, setName] = useState(pending.kind === 'save' ? pending.name : '');
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onCancel();
    }
  };

  if (pending.kind === 'save') {
    return (
      // A dialog (WAI-ARIA APG): Escape anywhere in it cancels.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
      <form
        className="confirm-bar"
        role="dialog"
        aria-labelledby={`${id}-t`}
        data-testid="save-copy"
        onKeyDown={onKeyDown}
        onSubmit={(e) => {
          e.preventDefault();
          onSave(name);
        }}
      >
        <p>
          <strong id={`${id}-t`}>Save a copy in My scenarios</strong> <span>It keeps every edit you make from now on; the original stays as it is.</span>
        </p>
        <div className="confirm-actions">
          <label htmlFor={`${id}-name`} className="visually-hidden">
            Name of the copy
          </label>
          {/* The dialog was just opened by Save a copy: the focus moves into it (WAI-ARIA APG dialog). */}
          {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
          <input id={`${id}-name`} type="text" value={name} autoFocus onChange={(e) => setName(e.currentTarget.value)} data-testid="save-copy-name" />
          <button type="submit" className="button small primary" disabled={!name.trim()}>
            Save
          </button>
          <button type="button" className="button small" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    );
  }

  let title: string;
  let detail: string;
  let action: string;
  if (pending.kind === 'delete') {
    title = deleteTitle(pending.targets);
    detail = describeImpact(deletionImpactAll(doc, pending.targets), pending.targets[0]!);
    action = 'Delete';
  } else {
    title = `Revert to ${pending.original}?`;
    detail = 'Your edits are set aside; Undo brings them back.';
    action = 'Revert';
  }
  return (
    // An alert dialog (WAI-ARIA APG): Escape anywhere in it cancels.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div className="confirm-bar" role="alertdialog" aria-labelledby={`${id}-t`} aria-describedby={`${id}-d`} data-testid="confirm" onKeyDown={onKeyDown}>
      <p>
        <strong id={`${id}-t`}>{title}</strong> <span id={`${id}-d`}>{detail}</span>
      </p>
      <div className="confirm-actions">
        {/* The dialog was just opened by Delete or Revert: the focus moves to its action (WAI-ARIA APG alertdialog). */}
        {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
        <button type="button" className="button small danger-solid" autoFocus onClick={() => (pending.kind === 'delete' ? onDelete(pending.targets) : onRevert())}>
          {action}
        </button>
        <button type="button" className="button small" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
