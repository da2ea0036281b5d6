/** What every kind of flow's card shares: its field references, labels, start and stop, and a TCP flow's segment and window. */
import { DEFAULT_TCP } from '../../engine/scenario';
import { fieldValue } from '../../store/edit-ops';
import { FLOW_FIELDS } from '../../store/field-labels';
import type { FieldRef } from '../../store/field-ops';
import { TextField } from './fields';

/** The reference of a flow's field (`tcp`, `window` for flows[i].tcp.window). */
export const flowRef = (id: string, ...field: string[]): FieldRef => ({ target: { on: 'flow', id }, field });

/** A flow field's label in the page's words (store/field-labels.ts). */
export const flowLabel = (key: string) => FLOW_FIELDS[key]?.label ?? key;

/** Start and stop; `stopHint` says what stopping means for this kind of flow. */
export function StartStopFields({ id, stopHint }: { id: string; stopHint: string }) {
  return (
    <>
      <TextField label={flowLabel('start')} field={flowRef(id, 'start')} unit="s" placeholder="0" size="narrow" testId={`flow-start-${id}`} />
      <TextField
        label={flowLabel('stop')}
        field={flowRef(id, 'stop')}
        unit="s"
        placeholder="end of run"
        size="narrow"
        hint={stopHint}
        toValue={(t) => fieldValue(t) ?? null}
        testId={`flow-stop-${id}`}
      />
    </>
  );
}

/** A TCP flow's payload per segment and its receiver window (TCP and request/response flows alike). */
export function SegmentWindowFields({ id }: { id: string }) {
  return (
    <>
      <TextField
        label={flowLabel('packetSize')}
        field={flowRef(id, 'packetSize')}
        unit="bytes"
        placeholder="1000"
        size="narrow"
        hint="Payload (MSS); 40 header bytes are added."
      />
      <TextField
        label={flowLabel('tcp.window')}
        field={flowRef(id, 'tcp', 'window')}
        unit="segments"
        placeholder={String(DEFAULT_TCP.window)}
        size="narrow"
        hint={FLOW_FIELDS['tcp.window']!.hint}
        testId={`flow-window-${id}`}
      />
    </>
  );
}
