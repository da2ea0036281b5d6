import { useLab, useLabStore } from '../lab-context';
import { selectEdited, selectQueueDirection } from '../../store/editor';
import { fieldValue, setQueueType, updateLink, updateQueue, type DeleteTarget, type QueueType } from '../../store/edit-ops';
import { CheckField, SelectField, TextField } from './fields';
import { formatRate, formatTime } from './format';
import { useDoc, useFieldEdit } from './use-edit';

const QUEUE_TYPES = [
  { value: 'droptail', label: 'DropTail' },
  { value: 'red', label: 'RED' },
] as const;

/** The side panel for a selected link: bandwidth, delay, queue, which direction the queue chart shows, delete. */
export function LinkPanel({ id, onRequestDelete }: { id: string; onRequestDelete(t: DeleteTarget): void }) {
  const store = useLabStore();
  const doc = useDoc();
  const edited = useLab(selectEdited);
  const queueDir = useLab(selectQueueDirection);
  const edit = useFieldEdit();
  const index = doc.links.findIndex((l) => l.id === id);
  const link = doc.links[index];
  const spec = edited?.links[index];
  if (!link || !spec) return null;

  const path = `links[${index}]`;
  const queue = link.queue ?? {};
  const type: QueueType = spec.queue.type;
  const red = spec.queue.type === 'red' ? spec.queue : null;
  const set = (what: string, field: string) => (text: string) => edit(`${what} of ${id}`, (d) => updateLink(d, id, { [field]: fieldValue(text) }));
  const setQ = (what: string, field: string) => (text: string) => edit(`${what} of ${id}`, (d) => updateQueue(d, id, { [field]: fieldValue(text) }));
  const charted = queueDir?.link === id ? queueDir.from : null;

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
          key={`bw-${id}`}
          label="Bandwidth"
          value={link.bandwidth}
          path={`${path}.bandwidth`}
          unit="bit/s"
          hint={`= ${formatRate(spec.bandwidth)}. Also "10Mbps", "800kbps".`}
          onCommit={set('Bandwidth', 'bandwidth')}
          testId="link-bandwidth"
        />
        <TextField
          key={`delay-${id}`}
          label="Delay"
          value={link.delay}
          path={`${path}.delay`}
          unit="s"
          hint={`= ${formatTime(spec.delay)} one way. Also "10ms".`}
          onCommit={set('Delay', 'delay')}
          testId="link-delay"
        />
        <SelectField<QueueType>
          label="Queue"
          value={type}
          options={QUEUE_TYPES}
          path={`${path}.queue.type`}
          onCommit={(t) => edit(`Queue of ${id}`, (d) => setQueueType(d, id, t))}
          hint={type === 'red' ? 'Drops early, at random, as the average queue grows.' : 'Drops arrivals when the buffer is full.'}
          testId="link-queue-type"
        />
        <TextField
          key={`limit-${id}`}
          label="Buffer size"
          value={queue.limit}
          path={`${path}.queue.limit`}
          unit="packets"
          placeholder="50"
          hint={type === 'red' ? 'Packets waiting, per direction.' : 'Per direction, counting the packet being sent (as ns-2).'}
          size="narrow"
          onCommit={setQ('Buffer size', 'limit')}
          testId="link-limit"
        />
      </div>
      {red && (
        <fieldset className="field-group">
          <legend>RED parameters</legend>
          <div className="field-grid">
            <TextField key={`min-${id}`} label="Min threshold" value={queue.minThresh} path={`${path}.queue.minThresh`} unit="packets" placeholder="5" size="narrow" hint="Average queue where early drops start." onCommit={setQ('Min threshold', 'minThresh')} />
            <TextField key={`max-${id}`} label="Max threshold" value={queue.maxThresh} path={`${path}.queue.maxThresh`} unit="packets" placeholder="15" size="narrow" hint="Drop probability reaches max here." onCommit={setQ('Max threshold', 'maxThresh')} />
            <TextField key={`p-${id}`} label="Max drop probability" value={queue.maxP} path={`${path}.queue.maxP`} placeholder="0.1" size="narrow" hint="maxP, between 0 and 1." onCommit={setQ('maxP', 'maxP')} />
            <TextField key={`w-${id}`} label="Weight" value={queue.weight} path={`${path}.queue.weight`} placeholder="0.002" size="narrow" hint="w_q of the average queue." onCommit={setQ('Weight', 'weight')} />
          </div>
          <CheckField
            label="Gentle (probability rises to 1 between max threshold and twice it)"
            checked={red.gentle}
            path={`${path}.queue.gentle`}
            onCommit={(on) => edit(`Gentle RED of ${id}`, (d) => updateQueue(d, id, { gentle: on }))}
          />
        </fieldset>
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
