import { DEFAULT_TRANSACTION } from '../../engine/scenario/defaults';
import { THINK_DISTRIBUTIONS, VARIANTS, type ThinkDistribution, type TransactionFlowSpec, type Variant } from '../../engine/scenario/types';
import { fieldValue, type FlowDoc } from '../../store/edit-ops';
import { variantName } from '../../store/variants';
import { SelectField, TextField } from './fields';
import { flowLabel, flowRef, SegmentWindowFields, StartStopFields } from './flow-fields-common';
import { formatBytes, formatTime } from './format';

const VARIANT_OPTIONS = VARIANTS.map((v) => ({ value: v, label: variantName(v) }));
const THINK_OPTIONS = THINK_DISTRIBUTIONS.map((d) => ({
  value: d,
  label: d === 'constant' ? 'Constant' : 'Exponential (random, this mean)',
}));

const label = flowLabel;

/**
 * A request/response flow: the client (From) sends requests, the server (To)
 * answers; think time, connections and how many transactions each makes.
 */
export function TransactionFlowFields({ doc, spec, nodes }: { doc: FlowDoc; spec: TransactionFlowSpec; nodes: string[] }) {
  const id = doc.id;
  const options = nodes.map((n) => ({ value: n, label: n }));
  return (
    <div className="field-grid">
      <SelectField<Variant> label={label('variant')} field={flowRef(id, 'variant')} value={spec.variant} options={VARIANT_OPTIONS} testId={`flow-variant-${id}`} />
      <SelectField label={label('from')} field={flowRef(id, 'from')} value={doc.from} options={options} hint="The client: it sends the requests." testId={`flow-from-${id}`} />
      <SelectField label={label('to')} field={flowRef(id, 'to')} value={doc.to} options={options} hint="The server: it answers." testId={`flow-to-${id}`} />
      <TextField
        label={label('request')}
        field={flowRef(id, 'request')}
        unit="bytes"
        placeholder={String(DEFAULT_TRANSACTION.request)}
        size="narrow"
        hint={`= ${formatBytes(spec.request)}. Also "2KB".`}
        testId={`flow-request-${id}`}
      />
      <TextField
        label={label('response')}
        field={flowRef(id, 'response')}
        unit="bytes"
        placeholder={String(DEFAULT_TRANSACTION.response)}
        size="narrow"
        hint={`= ${formatBytes(spec.response)}. Also "32KB".`}
        testId={`flow-response-${id}`}
      />
      <SelectField<ThinkDistribution>
        label={label('thinkTime.distribution')}
        field={flowRef(id, 'thinkTime', 'distribution')}
        value={spec.thinkTime.distribution}
        options={THINK_OPTIONS}
        testId={`flow-think-distribution-${id}`}
      />
      <TextField
        label={label('thinkTime.mean')}
        field={flowRef(id, 'thinkTime', 'mean')}
        unit="s"
        placeholder={String(DEFAULT_TRANSACTION.thinkMean)}
        size="narrow"
        hint={`After each answer, before the next request (${formatTime(spec.thinkTime.mean)}).`}
        testId={`flow-think-mean-${id}`}
      />
      <TextField
        label={label('connections')}
        field={flowRef(id, 'connections')}
        placeholder="1"
        size="narrow"
        hint="Each runs its own transactions."
        testId={`flow-connections-${id}`}
      />
      <TextField
        label={label('transactions')}
        field={flowRef(id, 'transactions')}
        placeholder="no limit"
        size="narrow"
        hint="Per connection. Empty: until the end (1: a short web-like flow)."
        toValue={(t) => fieldValue(t) ?? null}
        testId={`flow-transactions-${id}`}
      />
      <StartStopFields id={id} stopHint="No new transaction after this." />
      <SegmentWindowFields id={id} />
    </div>
  );
}
