import { useId, useState } from 'react';
import { addLink, type NodeKind } from '../../store/edit-ops';
import { type DeleteTarget } from '../../store/delete-ops';
import { NODE_FIELDS } from '../../store/field-labels';
import { useLabStore } from '../lab-context';
import { SelectField, TextField } from './fields';
import { useDoc, useEdit } from './use-edit';

const KINDS = [
  { value: 'host', label: 'Host' },
  { value: 'router', label: 'Router' },
] as const;

/** The side panel for a selected node: name, kind, new links, delete. */
export function NodePanel({ id, onRequestDelete }: { id: string; onRequestDelete(t: DeleteTarget): void }) {
  const store = useLabStore();
  const doc = useDoc();
  const edit = useEdit();
  const connectId = useId();
  const index = doc.nodes.findIndex((n) => n.id === id);
  const node = doc.nodes[index];
  const others = doc.nodes.filter((n) => n.id !== id).map((n) => n.id);
  const [chosen, setPeer] = useState('');
  const peer = others.includes(chosen) ? chosen : (others[0] ?? '');
  if (!node) return null;

  const links = doc.links.filter((l) => l.a === id || l.b === id);
  const kind = node.kind === 'host' ? 'host' : 'router';

  const connect = () => {
    let linkId = '';
    const r = edit(`Link ${id} to ${peer}`, (d) => {
      const out = addLink(d, id, peer);
      linkId = out.id;
      return out.doc;
    });
    if (r.ok) {
      store.getState().setEditorSelection({ kind: 'link', id: linkId });
      store.getState().selectLink({ link: linkId, from: id });
    }
  };

  return (
    <div className="panel-section" data-testid="node-panel">
      <h3 className="panel-title">
        {kind === 'host' ? 'Host' : 'Router'} <span className="panel-id">{id}</span>
      </h3>
      <div className="field-grid">
        <TextField
          label={NODE_FIELDS.id!.label}
          field={{ target: { on: 'node', id }, field: ['id'] }}
          hint="Links, flows and faults follow a new name."
          toValue={(t) => t.trim()}
          onAccepted={(next) => store.getState().setEditorSelection({ kind: 'node', id: String(next) })}
          testId="node-name"
        />
        <SelectField<NodeKind>
          label={NODE_FIELDS.kind!.label}
          field={{ target: { on: 'node', id }, field: ['kind'] }}
          value={kind}
          options={KINDS}
          hint="Every node forwards; the kind is how it is drawn."
        />
      </div>

      <div className="panel-row" role="group" aria-label={`Connect ${id}`}>
        <label htmlFor={connectId}>Link to</label>
        <select id={connectId} value={peer} onChange={(e) => setPeer(e.currentTarget.value)} disabled={!others.length}>
          {others.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
        <button type="button" className="button small" onClick={connect} disabled={!peer}>
          Add link
        </button>
      </div>

      {links.length > 0 && (
        <div className="panel-links">
          <span className="panel-label">Links</span>
          <ul>
            {links.map((l) => (
              <li key={l.id}>
                <button
                  type="button"
                  className="link-button"
                  onClick={() => {
                    store.getState().setEditorSelection({ kind: 'link', id: l.id });
                    store.getState().selectLink({ link: l.id, from: id });
                  }}
                >
                  {l.id}: {l.a} – {l.b}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}

      <div className="panel-actions">
        <button type="button" className="button small danger" onClick={() => onRequestDelete({ kind: 'node', id })}>
          Delete node…
        </button>
      </div>
    </div>
  );
}
