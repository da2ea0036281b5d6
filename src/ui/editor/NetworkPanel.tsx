import { useId, useState } from 'react';
import { addLink } from '../../store/edit-ops';
import { selectEdited } from '../../store/editor';
import { RUN_FIELDS } from '../../store/field-labels';
import type { FieldRef } from '../../store/field-ops';
import { estimateSampleMemory, formatMemory } from '../../store/run-memory';
import { useLab, useLabStore } from '../lab-context';
import { formatTime } from './format';
import { TextField } from './fields';
import { useDoc, useEdit } from './use-edit';

const run = (...field: string[]): FieldRef => ({ target: { on: 'run' }, field });

/**
 * The side panel with nothing selected: how to edit, a form to add a link
 * between any two nodes (the keyboard's way to connect), and every setting of
 * the run.
 */
export function NetworkPanel() {
  const store = useLabStore();
  const doc = useDoc();
  const edited = useLab(selectEdited);
  const edit = useEdit();
  const fromId = useId();
  const toId = useId();
  const ids = doc.nodes.map((n) => n.id);
  const [fromChoice, setFrom] = useState('');
  const [toChoice, setTo] = useState('');
  const from = ids.includes(fromChoice) ? fromChoice : (ids[0] ?? '');
  const toOptions = ids.filter((i) => i !== from);
  const to = toOptions.includes(toChoice) ? toChoice : (toOptions[0] ?? '');

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

  const memory = edited ? estimateSampleMemory(edited) : null;
  const label = (key: string) => RUN_FIELDS[key]!.label;

  return (
    <div className="panel-section" data-testid="network-panel">
      <p className="panel-help">
        Select a node or a link in the diagram to edit it: click it, or <kbd>Tab</kbd> to it and press <kbd>Enter</kbd>. Drag from a node’s
        handle to another node to link them (or press <kbd>L</kbd> on a node, then <kbd>Enter</kbd> on the other). <kbd>Shift</kbd>+click
        or drag a box to select several; drag or use the arrow keys to move them; <kbd>Delete</kbd> removes the selection.
      </p>

      <fieldset className="field-group">
        <legend>Add a link</legend>
        <div className="panel-row">
          <label htmlFor={fromId}>From</label>
          <select id={fromId} value={from} onChange={(e) => setFrom(e.currentTarget.value)} disabled={ids.length < 2} data-testid="add-link-from">
            {ids.map((i) => (
              <option key={i}>{i}</option>
            ))}
          </select>
          <label htmlFor={toId}>to</label>
          <select id={toId} value={to} onChange={(e) => setTo(e.currentTarget.value)} disabled={ids.length < 2} data-testid="add-link-to">
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
            <TextField label={label('name')} field={run('name')} size="wide" toValue={(t) => t.trim() || undefined} />
            <TextField label={label('duration')} field={run('duration')} unit="s" size="narrow" placeholder="20" hint={`= ${formatTime(edited.duration)}. Also "10min".`} testId="run-duration" />
            <TextField
              label={label('sampleInterval')}
              field={run('sampleInterval')}
              unit="s"
              size="narrow"
              placeholder="0.01"
              testId="run-sample-interval"
              hint={
                memory && (
                  <span data-testid="sample-memory">
                    {memory.samples.toLocaleString('en')} samples of {memory.valuesPerSample.toLocaleString('en')} values: about {formatMemory(memory.bytes)} by the end
                    of the run.
                  </span>
                )
              }
            />
            <TextField label={label('seed')} field={run('seed')} size="narrow" placeholder="1" hint={RUN_FIELDS.seed!.hint} testId="run-seed" />
            <TextField label={label('startJitter')} field={run('startJitter')} unit="s" size="narrow" placeholder="0" hint={RUN_FIELDS.startJitter!.hint} />
            <TextField
              label={label('measure.from')}
              field={run('measure', 'from')}
              unit="s"
              size="narrow"
              placeholder="0"
              hint="summary.csv’s averages start here."
            />
            <TextField
              label={label('measure.to')}
              field={run('measure', 'to')}
              unit="s"
              size="narrow"
              placeholder="end of run"
              hint="… and end here (empty: the end of the run)."
            />
          </div>
          <DescriptionField />
        </fieldset>
      )}
    </div>
  );
}

/** The scenario's description (Markdown): a text area, committed when it loses focus. */
function DescriptionField() {
  const store = useLabStore();
  const doc = useDoc();
  const id = useId();
  const value = typeof doc.description === 'string' ? doc.description : '';
  const [text, setText] = useState<string | null>(null);
  return (
    <div className="field field-wide field-description">
      <label htmlFor={id}>{RUN_FIELDS.description!.label}</label>
      <textarea
        id={id}
        rows={3}
        value={text ?? value}
        data-path="description"
        onChange={(e) => setText(e.currentTarget.value)}
        onBlur={() => {
          if (text !== null && text !== value) store.getState().setField('Description', run('description'), text, text === '' ? undefined : text);
          setText(null);
        }}
      />
    </div>
  );
}
