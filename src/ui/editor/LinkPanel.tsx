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
  { value: 'codel', label: 'CoDel' },
  { value: 'fqcodel', label: 'FQ-CoDel' },
  { value: 'pie', label: 'PIE' },
] as const;

/** The parameters the panel offers per active queue management discipline, in order. */
const AQM_FIELDS = {
  codel: ['target', 'interval'],
  fqcodel: ['target', 'interval', 'quantum'],
  pie: ['target', 'tUpdate', 'alpha', 'beta', 'maxBurst'],
} as const;

const QUEUE_HINTS: Record<QueueType, string> = {
  droptail: 'Drops arrivals when the buffer is full.',
  red: 'Drops early, at random, as the average queue grows.',
  codel: 'Drops at the head once packets have waited longer than the target for an interval (RFC 8289).',
  fqcodel: 'A queue per flow, served in turn, each run by CoDel: sparse flows hardly wait (RFC 8290).',
  pie: 'Drops arrivals at random with a probability driven by the queueing delay (RFC 8033).',
};

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
  const q = spec.queue;
  const aqm = q.type === 'codel' || q.type === 'fqcodel' || q.type === 'pie' ? q : null;
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
        <TextField
          label={info('delay').label}
          field={ref('delay')}
          unit="s"
          hint={`= ${formatTime(spec.delay)} one way. Also "10ms".`}
          testId="link-delay"
        />
        <SelectField<QueueType>
          label={info('queue.type').label}
          field={ref('queue', 'type')}
          value={type}
          options={QUEUE_TYPES}
          onChoose={(t) => edit(`Queue of ${id}`, (d) => setQueueType(d, id, t))}
          hint={QUEUE_HINTS[type]}
          testId="link-queue-type"
        />
        <TextField
          label={info('queue.limit').label}
          field={ref('queue', 'limit')}
          unit="packets"
          placeholder="50"
          hint={
            type === 'droptail'
              ? 'Per direction, counting the packet being sent (as ns-2).'
              : 'Packets waiting, per direction.'
          }
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
          <CheckField
            label="Gentle (probability rises to 1 between max threshold and twice it)"
            field={ref('queue', 'gentle')}
            checked={red.gentle}
          />
        </fieldset>
      )}

      {aqm && (
        <fieldset className="field-group">
          <legend>{QUEUE_TYPES.find((q) => q.value === aqm.type)!.label} parameters</legend>
          <div className="field-grid">
            {AQM_FIELDS[aqm.type].map((k) => {
              const f = info(`queue.${k}`);
              const v = (aqm as unknown as Record<string, number>)[k];
              return (
                <TextField
                  key={k}
                  label={f.label}
                  field={ref('queue', k)}
                  unit={f.unit}
                  placeholder={f.unit === 's' ? formatTime(v) : String(v)}
                  size="narrow"
                  hint={f.hint}
                  testId={`link-aqm-${k}`}
                />
              );
            })}
          </div>
        </fieldset>
      )}
      {type !== 'droptail' && (
        <CheckField
          label={info('queue.ecn').label}
          field={ref('queue', 'ecn')}
          checked={spec.queue.type !== 'droptail' && spec.queue.ecn}
        />
      )}

      <fieldset className="field-group direction-choice">
        <legend>Queue chart shows</legend>
        {[
          [link.a, link.b],
          [link.b, link.a],
        ].map(([from, to]) => (
          <label key={from} className="radio">
            <input
              type="radio"
              name={`dir-${id}`}
              checked={charted === from}
              onChange={() => store.getState().selectLink({ link: id, from })}
            />
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
