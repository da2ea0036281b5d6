import { useEffect, useId, useRef, useState } from 'react';
import { useLab, useLabStore } from '../lab-context';
import { selectEdited } from '../../store/editor';
import { addLink, fieldValue, setDuration, updateScenario } from '../../store/edit-ops';
import { TextField } from './fields';
import { useDoc, useEdit, useFieldEdit } from './use-edit';

/**
 * The side panel with nothing selected: how to edit, a form to add a link
 * between any two nodes, and the run's settings.
 */
export function NetworkPanel({ focusToken }: { focusToken: number }) {
  const store = useLabStore();
  const doc = useDoc();
  const edited = useLab(selectEdited);
  const edit = useEdit();
  const fieldEdit = useFieldEdit();
  const fromId = useId();
  const toId = useId();
  const fromRef = useRef<HTMLSelectElement>(null);
  const ids = doc.nodes.map((n) => n.id);
  const [fromChoice, setFrom] = useState('');
  const [toChoice, setTo] = useState('');
  const from = ids.includes(fromChoice) ? fromChoice : (ids[0] ?? '');
  const toOptions = ids.filter((i) => i !== from);
  const to = toOptions.includes(toChoice) ? toChoice : (toOptions[0] ?? '');

  useEffect(() => {
    if (focusToken) fromRef.current?.focus();
  }, [focusToken]);

  const add = () => {
    let linkId = '';
    const r = edit(`Link ${from} to ${to}`, (d) => {
      const out = addLink(d, from, to);
      linkId = out.id;
      return out.doc;
    });
    if (r.ok) {
      store.getState().setEditorSelection({ kind: 'link', id: linkId });
      store.getState().selectLink({ link: linkId, from });
    }
  };

  return (
    <div className="panel-section" data-testid="network-panel">
      <p className="panel-help">
        Select a node or a link in the diagram to edit it: click it, or <kbd>Tab</kbd> to it and press <kbd>Enter</kbd>. Drag nodes (or
        use the arrow keys) to arrange them; <kbd>Delete</kbd> removes the selected one.
      </p>

      <fieldset className="field-group">
        <legend>Add a link</legend>
        <div className="panel-row">
          <label htmlFor={fromId}>From</label>
          <select id={fromId} ref={fromRef} value={from} onChange={(e) => setFrom(e.currentTarget.value)} disabled={ids.length < 2}>
            {ids.map((i) => (
              <option key={i}>{i}</option>
            ))}
          </select>
          <label htmlFor={toId}>to</label>
          <select id={toId} value={to} onChange={(e) => setTo(e.currentTarget.value)} disabled={ids.length < 2}>
            {toOptions.map((i) => (
              <option key={i}>{i}</option>
            ))}
          </select>
          <button type="button" className="button small" onClick={add} disabled={!from || !to}>
            Add link
          </button>
        </div>
      </fieldset>

      {edited && (
        <fieldset className="field-group">
          <legend>Run</legend>
          <div className="field-grid">
            <TextField
              label="Scenario name"
              value={doc.name}
              path="name"
              size="wide"
              onCommit={(text) => fieldEdit('Name', (d) => updateScenario(d, { name: text.trim() || undefined }))}
            />
            <TextField
              label="Duration"
              value={doc.duration}
              path="duration"
              unit="s"
              size="narrow"
              placeholder="20"
              onCommit={(text) => fieldEdit('Duration', (d) => setDuration(d, fieldValue(text)))}
            />
            <TextField
              label="Seed"
              value={doc.seed}
              path="seed"
              size="narrow"
              placeholder="1"
              hint="Same seed, same run."
              onCommit={(text) => fieldEdit('Seed', (d) => updateScenario(d, { seed: fieldValue(text) }))}
            />
          </div>
        </fieldset>
      )}
    </div>
  );
}
