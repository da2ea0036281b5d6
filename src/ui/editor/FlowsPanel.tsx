import { useState } from 'react';
import { DEFAULT_TCP } from '../../engine/scenario';
import { VARIANTS, type FlowSpec, type TcpFlowSpec, type Variant } from '../../engine/scenario/types';
import { addFlow, defaultFlowEnds, updateFlow, type FlowDoc, type FlowKind } from '../../store/edit-ops';
import { type DeleteTarget } from '../../store/delete-ops';
import { selectEdited } from '../../store/editor';
import { TCP_NUMBER_FIELDS, VARIANT_FIELDS } from '../../store/field-labels';
import { variantName } from '../../store/variants';
import { useLab } from '../lab-context';
import { CheckField, SelectField, TextField } from './fields';
import { flowLabel, flowRef, SegmentWindowFields, StartStopFields } from './flow-fields-common';
import { formatBytes, formatRate, formatTime } from './format';
import { TransactionFlowFields } from './TransactionFlowFields';
import { useDoc, useEdit } from './use-edit';

const VARIANT_OPTIONS = VARIANTS.map((v) => ({ value: v, label: variantName(v) }));

const label = flowLabel;

/** The traffic: TCP and CBR flows, each folded into a card. */
export function FlowsPanel({ onRequestDelete }: { onRequestDelete(t: DeleteTarget): void }) {
  const doc = useDoc();
  const edited = useLab(selectEdited);
  const edit = useEdit();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const ends = defaultFlowEnds(doc);

  const add = (kind: FlowKind) => {
    if (!ends) return;
    let id = '';
    const r = edit(kind === 'transaction' ? 'Add a request/response flow' : `Add a ${kind.toUpperCase()} flow`, (d) => {
      const out = addFlow(d, kind, ends.from, ends.to);
      id = out.id;
      return out.doc;
    });
    if (r.ok) setOpen((s) => new Set(s).add(id));
  };

  const toggle = (id: string, isOpen: boolean) =>
    setOpen((s) => {
      const next = new Set(s);
      if (isOpen) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <div className="panel-section" data-testid="flows-panel">
      <div className="panel-row">
        <button type="button" className="button small" onClick={() => add('tcp')} disabled={!ends}>
          Add TCP flow
        </button>
        <button type="button" className="button small" onClick={() => add('cbr')} disabled={!ends}>
          Add CBR flow
        </button>
        <button type="button" className="button small" onClick={() => add('transaction')} disabled={!ends} data-testid="add-transaction-flow">
          Add request/response
        </button>
        {!ends && <span className="panel-note">Link two nodes first.</span>}
      </div>
      {doc.flows.length === 0 && <p className="panel-help">No traffic yet. A TCP flow is an FTP transfer; a CBR flow is a constant-rate UDP stream; a request/response flow is a client asking a server (a database, web pages).</p>}
      <ul className="flow-list">
        {doc.flows.map((f) => {
          const spec = edited?.flows.find((x) => x.id === f.id);
          if (!spec) return null;
          return (
            <li key={f.id}>
              <details
                className="flow-card"
                open={open.has(f.id)}
                onToggle={(e) => {
                  const now = e.currentTarget.open;
                  if (now !== open.has(f.id)) toggle(f.id, now);
                }}
                data-testid={`flow-${f.id}`}
              >
                <summary>
                  <span className="flow-id">{f.id}</span>
                  <span className="flow-what">
                    {spec.kind === 'tcp'
                      ? variantName(spec.variant)
                      : spec.kind === 'transaction'
                        ? `Requests, ${variantName(spec.variant)}`
                        : `CBR ${formatRate(spec.rate)}`}
                  </span>
                  <span className="flow-path">
                    {spec.from} → {spec.to}
                  </span>
                </summary>
                <div className="flow-body">
                  {spec.kind === 'tcp' ? (
                    <TcpFlowFields doc={f} spec={spec} nodes={doc.nodes.map((n) => n.id)} />
                  ) : spec.kind === 'transaction' ? (
                    <TransactionFlowFields doc={f} spec={spec} nodes={doc.nodes.map((n) => n.id)} />
                  ) : (
                    <CbrFlowFields doc={f} spec={spec} nodes={doc.nodes.map((n) => n.id)} />
                  )}
                  <div className="panel-actions">
                    <button type="button" className="button small danger" onClick={() => onRequestDelete({ kind: 'flow', id: f.id })}>
                      Delete flow {f.id}…
                    </button>
                  </div>
                </div>
              </details>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

interface FlowFieldsProps<S extends FlowSpec> {
  doc: FlowDoc;
  spec: S;
  nodes: string[];
}

/** From, to, start, stop: what every flow has. */
function CommonFields({ doc, nodes }: { doc: FlowDoc; nodes: string[] }) {
  const id = doc.id;
  const options = nodes.map((n) => ({ value: n, label: n }));
  return (
    <>
      <SelectField label={label('from')} field={flowRef(id, 'from')} value={doc.from} options={options} testId={`flow-from-${id}`} />
      <SelectField label={label('to')} field={flowRef(id, 'to')} value={doc.to} options={options} testId={`flow-to-${id}`} />
      <StartStopFields id={id} stopHint="Empty: until the end." />
    </>
  );
}

function TcpFlowFields({ doc, spec, nodes }: FlowFieldsProps<TcpFlowSpec>) {
  const edit = useEdit();
  const id = doc.id;
  const endless = doc.bytes === null || doc.bytes === undefined;
  // The variant's own tunables, from its descriptor (engine/tcp/variants.ts).
  const extra = VARIANT_FIELDS[spec.variant] ?? [];
  const variantDefaults = DEFAULT_TCP as unknown as Record<string, Record<string, number>>;
  return (
    <>
      <div className="field-grid">
        <SelectField<Variant> label={label('variant')} field={flowRef(id, 'variant')} value={spec.variant} options={VARIANT_OPTIONS} testId={`flow-variant-${id}`} />
        <CommonFields doc={doc} nodes={nodes} />
        <SelectField<'endless' | 'file'>
          label="Transfer"
          field={flowRef(id, 'bytes')}
          value={endless ? 'endless' : 'file'}
          options={[
            { value: 'endless', label: 'Endless (FTP)' },
            { value: 'file', label: 'A file of a given size' },
          ]}
          onChoose={(v) => edit(`Transfer of ${id}`, (d) => updateFlow(d, id, { bytes: v === 'endless' ? null : '1MB' }))}
        />
        {!endless && (
          <TextField
            label={label('bytes')}
            field={flowRef(id, 'bytes')}
            unit="bytes"
            size="narrow"
            hint={spec.bytes !== null ? `= ${formatBytes(spec.bytes)}. Also "3MB".` : undefined}
            testId={`flow-bytes-${id}`}
          />
        )}
        <SegmentWindowFields id={id} />
      </div>
      <details className="advanced">
        <summary>Advanced TCP parameters</summary>
        <div className="field-grid">
          {TCP_NUMBER_FIELDS.map((p) => (
            <TextField
              key={p.key}
              label={p.label}
              field={flowRef(id, 'tcp', p.key)}
              unit={p.unit}
              placeholder={String(DEFAULT_TCP[p.key as keyof typeof DEFAULT_TCP])}
              size="narrow"
              hint={p.hint}
              testId={`flow-tcp-${p.key}-${id}`}
            />
          ))}
          {extra.map((p) => (
            <TextField
              key={`${p.group}.${p.key}`}
              label={p.label}
              field={flowRef(id, 'tcp', p.group, p.key)}
              unit={p.unit}
              placeholder={String(variantDefaults[p.group]?.[p.key] ?? '')}
              size="narrow"
              hint={p.hint}
              testId={`flow-${p.group}-${p.key}-${id}`}
            />
          ))}
        </div>
        <CheckField label="Delayed ACKs (one ACK per two segments or per timer)" field={flowRef(id, 'tcp', 'delayedAck')} checked={spec.tcp.delayedAck} />
        <CheckField label="Open with a SYN handshake" field={flowRef(id, 'tcp', 'handshake')} checked={spec.tcp.handshake} />
        {spec.variant === 'cubic' && (
          <>
            <CheckField label={label('tcp.cubic.fastConvergence')} field={flowRef(id, 'tcp', 'cubic', 'fastConvergence')} checked={spec.tcp.cubic.fastConvergence} />
            <CheckField label={label('tcp.cubic.renoFriendly')} field={flowRef(id, 'tcp', 'cubic', 'renoFriendly')} checked={spec.tcp.cubic.renoFriendly} />
            <CheckField label={label('tcp.cubic.hystart')} field={flowRef(id, 'tcp', 'cubic', 'hystart')} checked={spec.tcp.cubic.hystart} />
          </>
        )}
      </details>
    </>
  );
}

function CbrFlowFields({ doc, spec, nodes }: FlowFieldsProps<Extract<FlowSpec, { kind: 'cbr' }>>) {
  const id = doc.id;
  return (
    <div className="field-grid">
      <CommonFields doc={doc} nodes={nodes} />
      <TextField label={label('rate')} field={flowRef(id, 'rate')} unit="bit/s" hint={`= ${formatRate(spec.rate)}. Also "800kbps".`} testId={`flow-rate-${id}`} />
      <TextField
        label={label('packetSize')}
        field={flowRef(id, 'packetSize')}
        unit="bytes"
        placeholder="1000"
        size="narrow"
        hint={`On the wire: one every ${formatTime((spec.packetSize * 8) / spec.rate)}.`}
      />
    </div>
  );
}
