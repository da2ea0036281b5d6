import { setQueueType, type QueueType } from '../../store/edit-ops';
import { type DeleteTarget } from '../../store/delete-ops';
import { selectEdited, selectQueueDirection } from '../../store/editor';
import { LINK_FIELDS } from '../../store/field-labels';
import type { FieldRef } from '../../store/field-ops';
import { useLab, useLabStore } from '../lab-context';
import { CheckField, SelectField, TextField } from './fields';
import { formatRate, formatTime } from './format';
import { useDoc, useEdit } from './use-edit';

const QUEUE_TYPES = [
  { value: 'droptail', label: 'DropTail' },
  { value: 'red', label: 'RED' },
] as const;

/** The RED parameters the panel offers, in order (labels and hints from the field table). */
const RED_FIELDS = ['minThresh', 'maxThresh', 'maxP', 'weight', 'meanPacketSize'] as const;

/** The side panel for a selected link: bandwidth, delay, queue, which direction the queue chart shows, delete. */
export function LinkPanel({ id, onRequestDelete }: { id: string; onRequestDelete(t: DeleteTarget): void }) {
  const store = useLabStore();
  const doc = useDoc();
  const edited = useLab(selectEdited);
  const queueDir = useLab(selectQueueDirection);
  const edit = useEdit();
  const index = doc.links.findIndex((l) => l.id === id);
  const link = doc.links[index];
  const spec = edited?.links.find((l) => l.id === id);
  if (!link || !spec) return null;

  const ref = (...field: string[]): FieldRef => ({ target: { on: 'link', id }, field });
  const type: QueueType = spec.queue.type;
  const red = spec.queue.type === 'red' ? spec.queue : null;
  const charted = queueDir?.link === id ? queueDir.from : null;
  const info = (key: string) => LINK_FIELDS[key]!;

  return (
    <div className="panel-section" data-testid="link-panel">
      <h3 className="panel-title">
        Link <span className="panel-id">{id}</span>
        <span className="panel-sub">
          {link.a} ⇄ {link.b}
        </span>
      </h3>
      <div className="field-grid">
        <TextField
          label={info('bandwidth').label}
          field={ref('bandwidth')}
          unit="bit/s"
          hint={`= ${formatRate(spec.bandwidth)}. Also "10Mbps", "800kbps".`}
          testId="link-bandwidth"
        />
        <TextField label={info('delay').label} field={ref('delay')} unit="s" hint={`= ${formatTime(spec.delay)} one way. Also "10ms".`} testId="link-delay" />
        <SelectField<QueueType>
          label={info('queue.type').label}
          field={ref('queue', 'type')}
          value={type}
          options={QUEUE_TYPES}
          onChoose={(t) => edit(`Queue of ${id}`, (d) => setQueueType(d, id, t))}
          hint={type === 'red' ? 'Drops early, at random, as the average queue grows.' : 'Drops arrivals when the buffer is full.'}
          testId="link-queue-type"
        />
        <TextField
          label={info('queue.limit').label}
          field={ref('queue', 'limit')}
          unit="packets"
          placeholder="50"
          hint={type === 'red' ? 'Packets waiting, per direction.' : 'Per direction, counting the packet being sent (as ns-2).'}
          size="narrow"
          testId="link-limit"
        />
      </div>
      {red && (
        <fieldset className="field-group">
          <legend>RED parameters</legend>
          <div className="field-grid">
            {RED_FIELDS.map((k) => {
              const f = info(`queue.${k}`);
              return (
                <TextField
                  key={k}
                  label={f.label}
                  field={ref('queue', k)}
                  unit={f.unit}
                  placeholder={String(red[k])}
                  size="narrow"
                  hint={f.hint}
                  testId={`link-red-${k}`}
                />
              );
            })}
          </div>
          <CheckField label="Gentle (probability rises to 1 between max threshold and twice it)" field={ref('queue', 'gentle')} checked={red.gentle} />
        </fieldset>
      )}

      <fieldset className="field-group direction-choice">
        <legend>Queue chart shows</legend>
        {[
          [link.a, link.b],
          [link.b, link.a],
        ].map(([from, to]) => (
          <label key={from} className="radio">
            <input type="radio" name={`dir-${id}`} checked={charted === from} onChange={() => store.getState().selectLink({ link: id, from })} />
            {from} → {to}
          </label>
        ))}
      </fieldset>

      <div className="panel-actions">
        <button type="button" className="button small danger" onClick={() => onRequestDelete({ kind: 'link', id })}>
          Delete link…
        </button>
      </div>
    </div>
  );
}
