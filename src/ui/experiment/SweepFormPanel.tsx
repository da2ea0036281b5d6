/**
 * The sweep form: a parameter of the base scenario and its values (a list or
 * a range), the variants (a second parameter), repetitions with start jitter,
 * the run length, the metrics and the t-test. Everything is checked as it is
 * typed, by the same loader the command-line runner uses.
 */
import { useId, useMemo, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { VARIANTS, type Variant } from '../../engine/scenario/types';
import { parseSweep } from '../../experiment/sweep';
import { METRIC_COLUMNS, type MetricColumn } from '../../experiment/types';
import { CheckChips } from './CheckChips';
import { seriesStyle } from './colours';
import { importTooLarge } from '../import-size';
import { experimentActions, useExperiment } from './hooks';
import {
  buildSweepFile,
  COLUMN_LABELS,
  isDeterministic,
  parameterOptions,
  shortVariant,
  withParameter,
  type FormIssue,
  type ParameterOption,
  type SweepBase,
  type SweepForm,
} from '../../store/experiment/sweep-form';

const VARIANT_CHIPS = VARIANTS.map((v, k) => ({ value: v, label: shortVariant(v), swatch: seriesStyle(v, k).colour }));

/** Sweeps this large are checked only when run (loading every point on each keystroke would lag). */
const LIVE_CHECK_MAX_RUNS = 5000;

function Issues({ issues, field }: { issues: readonly FormIssue[]; field: FormIssue['field'] }) {
  const mine = issues.filter((i) => i.field === field);
  if (!mine.length) return null;
  return (
    <div className="exp-error" role="alert">
      {mine.map((i, k) => (
        <div key={k}>{i.message}</div>
      ))}
    </div>
  );
}

function Field({ label, children, htmlFor, hint }: { label: ReactNode; children: ReactNode; htmlFor?: string; hint?: ReactNode }) {
  return (
    <div className="exp-field">
      <label htmlFor={htmlFor}>{label}</label>
      {children}
      {hint && <div className="exp-hint">{hint}</div>}
    </div>
  );
}

function groupOptions(options: readonly ParameterOption[]): [string, ParameterOption[]][] {
  const groups: [string, ParameterOption[]][] = [];
  for (const o of options) {
    let g = groups.find(([name]) => name === o.group);
    if (!g) groups.push((g = [o.group, []]));
    g[1].push(o);
  }
  return groups;
}

/** "Flow udp (CBR)" → "udp", "Link bottleneck" → "bottleneck", "Fault 1: random loss on l2" → "Fault 1". */
function shortGroup(group: string): string {
  const flow = /^Flow (.+?) \(/.exec(group);
  if (flow) return flow[1]!;
  const link = /^Link (.+)$/.exec(group);
  if (link) return link[1]!;
  return group.replace(/:.*$/, '');
}

function currentText(o: ParameterOption): string {
  if (o.current === null) return '';
  if (typeof o.current === 'string') return `now ${shortVariant(o.current)}`;
  return `now ${o.current}${o.unitLabel ? ` ${o.unitLabel}` : ''}`;
}

export function SweepFormPanel({ base }: { base: SweepBase }) {
  const form = useExperiment((s) => s.form)!;
  const formIssues = useExperiment((s) => s.formIssues);
  const running = useExperiment((s) => s.job !== null);
  const preset = useExperiment((s) => s.preset);
  const scenario = base.scenario;
  const id = useId();
  const options = useMemo(() => parameterOptions(scenario, form.fixed), [scenario, form.fixed]);
  const option = options.find((o) => o.path === form.parameter);
  const built = useMemo(() => buildSweepFile(form, base, preset?.name), [form, base, preset]);
  const checked = useMemo(() => (built.ok && built.runs <= LIVE_CHECK_MAX_RUNS ? parseSweep(built.file) : null), [built]);
  const liveIssues: FormIssue[] = built.ok ? [] : built.issues;
  const issues = formIssues.length ? formIssues : liveIssues;
  const update = (change: Partial<SweepForm>) => experimentActions().updateForm(change);
  const tcpFlows = scenario.flows.filter((f) => f.kind === 'tcp');
  const deterministic = isDeterministic(scenario);
  const jitter = Number(form.startJitter || '0');
  const reps = Number(form.repetitions || '1');

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void experimentActions().runSweep(base);
  };

  // A sweep file runs as written; the form keeps what it had.
  const onOpen = async (e: ChangeEvent<HTMLInputElement>) => {
    const el = e.currentTarget;
    const file = el.files?.[0];
    el.value = ''; // so that choosing the same file again (after fixing it) fires a change
    if (!file) return;
    // Too large to be a sweep: refused by its size, before its text is read.
    const tooLarge = importTooLarge(file);
    await experimentActions().openSweep(tooLarge ? '' : await file.text(), file.name, tooLarge ?? undefined);
  };

  const nValues =
    option?.kind === 'fixed' ? option.fixed!.values.length : option?.kind === 'variant' ? form.categories.length : null;
  const countText = built.ok
    ? [
        form.variants.length ? `${form.variants.length} variant${form.variants.length === 1 ? '' : 's'}` : '',
        option ? (nValues !== null ? `${nValues} values` : checked?.ok ? `${checked.sweep.parameters[checked.sweep.parameters.length - 1]!.values.length} values` : '') : '',
        `${built.file.repetitions} repetition${built.file.repetitions === 1 ? '' : 's'}`,
      ]
        .filter(Boolean)
        .join(' × ') + ` = ${checked?.ok ? checked.sweep.points.length * checked.sweep.repetitions : built.runs} runs`
    : '';

  return (
    <form className="exp-card exp-form" aria-label="Sweep" onSubmit={onSubmit} noValidate>
      <div className="exp-card-head">
        <h3>Sweep</h3>
        <span className="exp-card-actions">
          <label className={`button small ghost file-button${running ? ' disabled' : ''}`} title="Run a sweep file: one exported from here (.sweep.json) or one written for npm run sweep">
            Open sweep file…
            <input type="file" accept=".json,application/json" className="visually-hidden" data-testid="open-sweep-input" onChange={onOpen} disabled={running} />
          </label>
          <button type="button" className="button small ghost" onClick={() => experimentActions().resetForm(scenario)} disabled={running}>
            Reset form
          </button>
        </span>
      </div>

      <Field label="Parameter" htmlFor={`${id}-param`}>
        <select
          id={`${id}-param`}
          value={form.parameter}
          onChange={(e) => experimentActions().updateForm(withParameter(form, options.find((o) => o.path === e.currentTarget.value)))}
        >
          <option value="">None: vary only the variants</option>
          {groupOptions(options).map(([group, opts]) => (
            <optgroup key={group} label={group}>
              {opts.map((o) => (
                <option key={o.path} value={o.path}>
                  {o.kind === 'fixed' ? o.label : `${shortGroup(o.group)} \u2014 ${o.label}`}
                  {o.current !== null ? ` (${currentText(o)})` : ''}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        <Issues issues={issues} field="parameter" />
      </Field>

      {option?.kind === 'number' && (
        <div className="exp-field">
          <div className="exp-field-head">
            <span className="exp-label" id={`${id}-values-label`}>
              Values{option.unitLabel ? ` (${option.unitLabel})` : ''}
            </span>
            <label className="inline-check log-check">
              <input type="checkbox" checked={form.logX} onChange={(e) => update({ logX: e.currentTarget.checked })} /> log axis
            </label>
            <div className="segmented" role="radiogroup" aria-label="Values as">
              {(['list', 'range'] as const).map((m) => (
                <label key={m} className="segment">
                  <input type="radio" name={`${id}-mode`} checked={form.valuesMode === m} onChange={() => update({ valuesMode: m })} />
                  {m === 'list' ? 'List' : 'Range'}
                </label>
              ))}
            </div>
          </div>
          {form.valuesMode === 'list' ? (
            <input
              type="text"
              aria-labelledby={`${id}-values-label`}
              className="exp-input wide"
              value={form.valuesText}
              spellCheck={false}
              onChange={(e) => update({ valuesText: e.currentTarget.value })}
              data-testid="sweep-values"
            />
          ) : (
            <div className="exp-range">
              <label>
                From <input type="text" inputMode="decimal" className="exp-input narrow" value={form.rangeFrom} onChange={(e) => update({ rangeFrom: e.currentTarget.value })} />
              </label>
              <label>
                to <input type="text" inputMode="decimal" className="exp-input narrow" value={form.rangeTo} onChange={(e) => update({ rangeTo: e.currentTarget.value })} />
              </label>
              <select aria-label="Range by" className="exp-select-small" value={form.rangeKind} onChange={(e) => update({ rangeKind: e.currentTarget.value as 'count' | 'step' })}>
                <option value="count">values</option>
                <option value="step">step</option>
              </select>
              <input
                type="text"
                inputMode="decimal"
                aria-label={form.rangeKind === 'count' ? 'Number of values' : 'Step'}
                className="exp-input narrow"
                value={form.rangeAmount}
                onChange={(e) => update({ rangeAmount: e.currentTarget.value })}
              />
            </div>
          )}
          <div className="exp-hint">
            {currentText(option).replace(/^now/, 'Now')}.{form.valuesMode === 'list' ? ' Separate values with commas.' : ''}
          </div>
          <Issues issues={issues} field="values" />
        </div>
      )}
      {option?.kind === 'variant' && (
        <>
          <CheckChips legend={`Values: variants of ${option.group.replace(/ \(.*$/, '').toLowerCase()}`} options={VARIANT_CHIPS} value={form.categories as Variant[]} onChange={(categories) => update({ categories })} />
          <Issues issues={issues} field="values" />
        </>
      )}
      {option?.kind === 'fixed' && (
        <div className="exp-field">
          <span className="exp-label">Values</span>
          <ul className="fixed-values" aria-label="Values">
            {option.fixed!.labels.map((l) => (
              <li key={l}>{l}</li>
            ))}
          </ul>
        </div>
      )}

      <div className="exp-field">
        <CheckChips
          legend={
            <>
              Variants
              {tcpFlows.length > 1 ? (
                <>
                  {' '}
                  of flow{' '}
                  <select aria-label="Variant of flow" className="exp-select-small" value={form.variantFlow} onChange={(e) => update({ variantFlow: e.currentTarget.value })}>
                    {tcpFlows.map((f) => (
                      <option key={f.id} value={f.id}>
                        {f.id}
                      </option>
                    ))}
                  </select>
                </>
              ) : tcpFlows.length === 1 ? (
                <span className="exp-legend-note"> of flow {tcpFlows[0]!.id}</span>
              ) : null}
            </>
          }
          options={VARIANT_CHIPS.map((c) => ({ ...c, disabled: tcpFlows.length === 0 }))}
          value={form.variants}
          onChange={(variants) => {
            const [a, b] = variants;
            const keep = variants.includes(form.ttestA as Variant) && variants.includes(form.ttestB as Variant) && form.ttestA !== form.ttestB;
            update(keep ? { variants } : { variants, ttestA: a ?? '', ttestB: b ?? '' });
          }}
          hint={form.variants.length ? 'One line (or bar) per variant; every variant meets the same seeds.' : 'None chosen: the flow keeps its own variant.'}
          testId="sweep-variants"
        />
        <Issues issues={issues} field="variants" />
      </div>

      <div className="exp-grid3">
        <Field label="Repetitions" htmlFor={`${id}-reps`}>
          <input id={`${id}-reps`} type="text" inputMode="numeric" className="exp-input" value={form.repetitions} onChange={(e) => update({ repetitions: e.currentTarget.value })} />
        </Field>
        <Field label="Start jitter (s)" htmlFor={`${id}-jitter`}>
          <input
            id={`${id}-jitter`}
            type="text"
            inputMode="decimal"
            className="exp-input"
            placeholder={String(scenario.startJitter)}
            value={form.startJitter}
            onChange={(e) => update({ startJitter: e.currentTarget.value })}
          />
        </Field>
        <Field label="Run length (s)" htmlFor={`${id}-duration`}>
          <input
            id={`${id}-duration`}
            type="text"
            inputMode="decimal"
            className="exp-input"
            placeholder={String(scenario.duration)}
            value={form.duration}
            onChange={(e) => update({ duration: e.currentTarget.value })}
          />
        </Field>
      </div>
      <Issues issues={issues} field="repetitions" />
      <Issues issues={issues} field="startJitter" />
      <Issues issues={issues} field="duration" />
      {deterministic && reps > 1 && !(jitter > 0) && (
        <p className="exp-note" data-testid="jitter-note">
          This network has no random element (no random loss, no RED, no start jitter): every repetition would give the same numbers. Set a
          start jitter — each repetition then starts its flows at different instants, up to that many seconds late.
        </p>
      )}
      {deterministic && reps <= 1 && (
        <p className="exp-hint">Repetitions differ only through random loss, RED or a start jitter; this network has none of them yet.</p>
      )}

      <div className="exp-field">
        <CheckChips
          legend="Metrics of flows"
          options={scenario.flows.map((f) => ({ value: f.id, label: f.id, title: f.kind === 'tcp' ? `TCP ${shortVariant(f.variant)}` : 'CBR' }))}
          value={form.metricFlows}
          onChange={(metricFlows) => update({ metricFlows })}
          testId="metric-flows"
        />
        <CheckChips
          legend="Columns"
          options={METRIC_COLUMNS.map((c) => ({ value: c, label: COLUMN_LABELS[c] }))}
          value={form.metricColumns}
          onChange={(metricColumns) => update({ metricColumns: metricColumns as MetricColumn[] })}
          testId="metric-columns"
        />
        <label className="inline-check">
          <input type="checkbox" checked={form.jain} disabled={form.metricFlows.length < 2} onChange={(e) => update({ jain: e.currentTarget.checked })} />
          Jain&rsquo;s fairness index across the chosen flows
        </label>
        <Issues issues={issues} field="metrics" />
      </div>

      {form.variants.length >= 2 && (
        <div className="exp-field">
          <span className="exp-label">t-test (two-sample, equal variances)</span>
          <div className="exp-ttest-pick">
            <select aria-label="t-test variant A" className="exp-select-small" value={form.ttestA} onChange={(e) => update({ ttestA: e.currentTarget.value })}>
              <option value="">none</option>
              {form.variants.map((v) => (
                <option key={v} value={v}>
                  {shortVariant(v)}
                </option>
              ))}
            </select>
            <span>against</span>
            <select aria-label="t-test variant B" className="exp-select-small" value={form.ttestB} onChange={(e) => update({ ttestB: e.currentTarget.value })}>
              <option value="">none</option>
              {form.variants.map((v) => (
                <option key={v} value={v}>
                  {shortVariant(v)}
                </option>
              ))}
            </select>
          </div>
          <div className="exp-hint">{reps >= 2 ? 'At every value of the parameter, on each metric.' : 'Needs at least 2 repetitions.'}</div>
          <Issues issues={issues} field="ttest" />
        </div>
      )}

      <div className="exp-run">
        <span className="exp-count" data-testid="sweep-count">
          {countText}
        </span>
        <button type="submit" className="button primary" disabled={running || !built.ok || (checked !== null && !checked.ok)}>
          Run sweep
        </button>
      </div>
      {checked && !checked.ok && (
        <div className="exp-error" role="alert" data-testid="sweep-issues">
          <strong>The sweep cannot run:</strong>
          <ul>
            {checked.issues.slice(0, 8).map((i, k) => (
              <li key={k}>
                <code>{i.path}</code>: {i.message}
              </li>
            ))}
          </ul>
        </div>
      )}
    </form>
  );
}
