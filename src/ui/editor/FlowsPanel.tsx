import { useState } from 'react';
import { DEFAULT_TCP } from '../../engine/scenario';
import { VARIANTS, type FlowSpec, type TcpFlowSpec, type Variant } from '../../engine/scenario/types';
import { VARIANT_DESCRIPTORS } from '../../engine/tcp/variants';
import { useLab } from '../../store/context';
import { selectEdited } from '../../store/editor';
import { variantName } from '../variants';
import { addFlow, defaultFlowEnds, fieldValue, setTcpParam, updateFlow, type DeleteTarget, type FlowDoc, type FlowKind } from './edit-ops';
import { CheckField, SelectField, TextField } from './fields';
import { formatBytes, formatRate, formatTime } from './format';
import { useDoc, useEdit, useFieldEdit, type Edit } from './use-edit';

const VARIANT_OPTIONS = VARIANTS.map((v) => ({ value: v, label: variantName(v) }));

/** Advanced TCP parameters (folded away): key, label, unit, what it is. */
const TCP_NUMBERS: readonly { key: keyof typeof DEFAULT_TCP; label: string; unit?: string; hint: string }[] = [
  { key: 'initialCwnd', label: 'Initial cwnd', unit: 'segments', hint: 'cwnd once the SYN is acknowledged.' },
  { key: 'dupAckThreshold', label: 'Dup-ACK threshold', hint: 'Duplicate ACKs that trigger fast retransmit.' },
  { key: 'initialRto', label: 'Initial RTO', unit: 's', hint: 'Timer before the first RTT sample.' },
  { key: 'minRto', label: 'Min RTO', unit: 's', hint: 'Lower bound of the timer.' },
  { key: 'maxRto', label: 'Max RTO', unit: 's', hint: 'Upper bound after backoff.' },
  { key: 'rttGain', label: 'RTT gain α', hint: 'Weight of a new sample in srtt.' },
  { key: 'rttVarGain', label: 'RTT variance gain β', hint: 'Weight of a new sample in rttvar.' },
  { key: 'rtoK', label: 'RTO K', hint: 'RTO = srtt + K·rttvar.' },
  { key: 'tcpTick', label: 'Timer tick', unit: 's', hint: '0: exact time. 0.01: ns-2’s 10 ms clock (RTT and RTO in whole ticks).' },
  { key: 'delayedAckTimeout', label: 'Delayed-ACK timer', unit: 's', hint: 'Used with delayed ACKs.' },
  { key: 'headerBytes', label: 'Header', unit: 'bytes', hint: 'Added to each data segment.' },
  { key: 'ackBytes', label: 'ACK size', unit: 'bytes', hint: 'A pure ACK on the wire.' },
  { key: 'maxSackBlocks', label: 'SACK blocks', hint: 'Blocks per SACK option (1–4).' },
];

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
    const r = edit(`Add a ${kind.toUpperCase()} flow`, (d) => {
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
        {!ends && <span className="panel-note">Link two nodes first.</span>}
      </div>
      {doc.flows.length === 0 && <p className="panel-help">No traffic yet. A TCP flow is an FTP transfer; a CBR flow is a constant-rate UDP stream.</p>}
      <ul className="flow-list">
        {doc.flows.map((f, i) => {
          const spec = edited?.flows[i];
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
                  <span className="flow-what">{spec.kind === 'tcp' ? variantName(spec.variant) : `CBR ${formatRate(spec.rate)}`}</span>
                  <span className="flow-path">
                    {spec.from} → {spec.to}
                  </span>
                </summary>
                <div className="flow-body">
                  {spec.kind === 'tcp' ? (
                    <TcpFlowFields doc={f} spec={spec} index={i} nodes={doc.nodes.map((n) => n.id)} />
                  ) : (
                    <CbrFlowFields doc={f} spec={spec} index={i} nodes={doc.nodes.map((n) => n.id)} />
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
  index: number;
  nodes: string[];
}

/** From, to, start, stop: what every flow has. */
function CommonFields({ doc, index, nodes, edit }: FlowFieldsProps<FlowSpec> & { edit: Edit }) {
  const id = doc.id;
  const path = `flows[${index}]`;
  const options = nodes.map((n) => ({ value: n, label: n }));
  return (
    <>
      <SelectField label="From" value={doc.from} options={options} path={`${path}.from`} onCommit={(v) => edit(`Source of ${id}`, (d) => updateFlow(d, id, { from: v }))} />
      <SelectField label="To" value={doc.to} options={options} path={`${path}.to`} onCommit={(v) => edit(`Destination of ${id}`, (d) => updateFlow(d, id, { to: v }))} />
      <TextField
        key={`start-${id}`}
        label="Start"
        value={doc.start}
        path={`${path}.start`}
        unit="s"
        placeholder="0"
        size="narrow"
        onCommit={(t) => edit(`Start of ${id}`, (d) => updateFlow(d, id, { start: fieldValue(t) }))}
      />
      <TextField
        key={`stop-${id}`}
        label="Stop"
        value={doc.stop}
        path={`${path}.stop`}
        unit="s"
        placeholder="end of run"
        size="narrow"
        hint="Empty: until the end."
        onCommit={(t) => edit(`Stop of ${id}`, (d) => updateFlow(d, id, { stop: fieldValue(t) ?? null }))}
      />
    </>
  );
}

function TcpFlowFields({ doc, spec, index, nodes }: FlowFieldsProps<TcpFlowSpec>) {
  const edit = useFieldEdit();
  const id = doc.id;
  const path = `flows[${index}]`;
  const tcp = doc.tcp ?? {};
  const sub = (group: string) => (typeof tcp[group] === 'object' && tcp[group] !== null ? (tcp[group] as Record<string, unknown>) : {});
  const setParam = (p: readonly [string] | readonly [string, string], label: string) => (text: string) =>
    edit(`${label} of ${id}`, (d) => setTcpParam(d, id, p, fieldValue(text)));
  const endless = doc.bytes === null || doc.bytes === undefined;
  // The variant's own tunables, from its descriptor (engine/tcp/variants.ts).
  const extra = VARIANT_DESCRIPTORS[spec.variant].tunables;
  const variantDefaults = DEFAULT_TCP as unknown as Record<string, Record<string, number>>;
  return (
    <>
      <div className="field-grid">
        <SelectField<Variant>
          label="Variant"
          value={spec.variant}
          options={VARIANT_OPTIONS}
          path={`${path}.variant`}
          onCommit={(v) => edit(`Variant of ${id}`, (d) => updateFlow(d, id, { variant: v }))}
          testId={`flow-variant-${id}`}
        />
        <CommonFields doc={doc} spec={spec} index={index} nodes={nodes} edit={edit} />
        <SelectField<'endless' | 'file'>
          label="Transfer"
          value={endless ? 'endless' : 'file'}
          options={[
            { value: 'endless', label: 'Endless (FTP)' },
            { value: 'file', label: 'A file of a given size' },
          ]}
          path={`${path}.bytes`}
          onCommit={(v) => edit(`Transfer of ${id}`, (d) => updateFlow(d, id, { bytes: v === 'endless' ? null : '1MB' }))}
        />
        {!endless && (
          <TextField
            key={`bytes-${id}`}
            label="File size"
            value={doc.bytes}
            path={`${path}.bytes`}
            unit="bytes"
            size="narrow"
            hint={spec.bytes !== null ? `= ${formatBytes(spec.bytes)}. Also "3MB".` : undefined}
            onCommit={(t) => edit(`File size of ${id}`, (d) => updateFlow(d, id, { bytes: fieldValue(t) }))}
          />
        )}
        <TextField
          key={`ps-${id}`}
          label="Packet size"
          value={doc.packetSize}
          path={`${path}.packetSize`}
          unit="bytes"
          placeholder="1000"
          size="narrow"
          hint="Payload (MSS); 40 header bytes are added."
          onCommit={(t) => edit(`Packet size of ${id}`, (d) => updateFlow(d, id, { packetSize: fieldValue(t) }))}
        />
        <TextField
          key={`win-${id}`}
          label="Window"
          value={tcp.window}
          path={`${path}.tcp.window`}
          unit="segments"
          placeholder={String(DEFAULT_TCP.window)}
          size="narrow"
          hint="Receiver window; initial ssthresh."
          onCommit={setParam(['window'], 'Window')}
          testId={`flow-window-${id}`}
        />
      </div>
      <details className="advanced">
        <summary>Advanced TCP parameters</summary>
        <div className="field-grid">
          {TCP_NUMBERS.map((p) => (
            <TextField
              key={`${p.key}-${id}`}
              label={p.label}
              value={tcp[p.key]}
              path={`${path}.tcp.${p.key}`}
              unit={p.unit}
              placeholder={String(DEFAULT_TCP[p.key])}
              size="narrow"
              hint={p.hint}
              onCommit={setParam([p.key], p.label)}
            />
          ))}
          {extra.map((p) => (
            <TextField
              key={`${p.group}.${p.key}-${id}`}
              label={p.label}
              value={sub(p.group)[p.key]}
              path={`${path}.tcp.${p.group}.${p.key}`}
              unit={p.unit}
              placeholder={String(variantDefaults[p.group]?.[p.key] ?? '')}
              size="narrow"
              hint={p.hint}
              onCommit={setParam([p.group, p.key], p.label)}
            />
          ))}
        </div>
        <CheckField
          label="Delayed ACKs (one ACK per two segments or per timer)"
          checked={spec.tcp.delayedAck}
          path={`${path}.tcp.delayedAck`}
          onCommit={(on) => edit(`Delayed ACKs of ${id}`, (d) => setTcpParam(d, id, ['delayedAck'], on))}
        />
        <CheckField
          label="Open with a SYN handshake"
          checked={spec.tcp.handshake}
          path={`${path}.tcp.handshake`}
          onCommit={(on) => edit(`Handshake of ${id}`, (d) => setTcpParam(d, id, ['handshake'], on))}
        />
        {spec.variant === 'cubic' && (
          <>
            <CheckField
              label="CUBIC fast convergence"
              checked={spec.tcp.cubic.fastConvergence}
              path={`${path}.tcp.cubic.fastConvergence`}
              onCommit={(on) => edit(`Fast convergence of ${id}`, (d) => setTcpParam(d, id, ['cubic', 'fastConvergence'], on))}
            />
            <CheckField
              label="CUBIC Reno-friendly region"
              checked={spec.tcp.cubic.renoFriendly}
              path={`${path}.tcp.cubic.renoFriendly`}
              onCommit={(on) => edit(`Reno-friendly region of ${id}`, (d) => setTcpParam(d, id, ['cubic', 'renoFriendly'], on))}
            />
          </>
        )}
      </details>
    </>
  );
}

function CbrFlowFields({ doc, spec, index, nodes }: FlowFieldsProps<Extract<FlowSpec, { kind: 'cbr' }>>) {
  const edit = useFieldEdit();
  const id = doc.id;
  const path = `flows[${index}]`;
  return (
    <div className="field-grid">
      <CommonFields doc={doc} spec={spec} index={index} nodes={nodes} edit={edit} />
      <TextField
        key={`rate-${id}`}
        label="Rate"
        value={doc.rate}
        path={`${path}.rate`}
        unit="bit/s"
        hint={`= ${formatRate(spec.rate)}. Also "800kbps".`}
        onCommit={(t) => edit(`Rate of ${id}`, (d) => updateFlow(d, id, { rate: fieldValue(t) }))}
      />
      <TextField
        key={`ps-${id}`}
        label="Packet size"
        value={doc.packetSize}
        path={`${path}.packetSize`}
        unit="bytes"
        placeholder="1000"
        size="narrow"
        hint={`On the wire: one every ${formatTime((spec.packetSize * 8) / spec.rate)}.`}
        onCommit={(t) => edit(`Packet size of ${id}`, (d) => updateFlow(d, id, { packetSize: fieldValue(t) }))}
      />
    </div>
  );
}
