/**
 * Compare variants: the base scenario once per chosen variant, the same seed
 * for all, and the chosen flow's cwnd and throughput of every run overlaid on
 * one chart each — the view for contrasting Reno, NewReno and SACK.
 */
import { useEffect, useRef, type FormEvent } from 'react';
import { VARIANTS, type Scenario } from '../../engine/scenario/types';
import { CheckChips } from './CheckChips';
import { compareRunLength } from '../../store/experiment/experiment-store';
import { seriesStyle } from './colours';
import { experimentActions, useExperiment } from './hooks';
import { createOverlayChart, type OverlayChart, type OverlaySeries } from './overlay-chart';
import { formatStat } from './present';
import type { CompareOutcome } from '../../store/experiment/run-sweep';
import { shortVariant } from '../../store/experiment/sweep-form';

const VARIANT_CHIPS = VARIANTS.map((v, k) => ({ value: v, label: shortVariant(v), swatch: seriesStyle(v, k).colour }));

export function CompareFormPanel({ scenario }: { scenario: Scenario }) {
  const form = useExperiment((s) => s.compareForm)!;
  const running = useExperiment((s) => s.job !== null);
  const tcp = scenario.flows.filter((f) => f.kind === 'tcp');
  const update = experimentActions().updateCompareForm;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void experimentActions().runCompare(scenario);
  };
  const length = compareRunLength(form, scenario);
  const canRun = tcp.length > 0 && form.variants.length > 0 && length.ok && !running;
  return (
    <form className="exp-card exp-form" aria-label="Compare variants" onSubmit={onSubmit} noValidate>
      <div className="exp-card-head">
        <h3>Compare variants</h3>
      </div>
      <p className="exp-hint">
        Runs the base scenario once per variant — same seed, so the same start jitter and random losses — and overlays the chosen
        flow&rsquo;s congestion window and throughput.
      </p>
      <CheckChips legend="Variants" options={VARIANT_CHIPS} value={form.variants} onChange={(variants) => update({ variants })} testId="compare-variants" />
      {tcp.length === 0 ? (
        <p className="exp-error">This scenario has no TCP flow: there is no variant to change.</p>
      ) : (
        <div className="exp-field">
          <label htmlFor="compare-flow">Flow</label>
          <select id="compare-flow" value={form.flow} onChange={(e) => update({ flow: e.currentTarget.value })}>
            {tcp.map((f) => (
              <option key={f.id} value={f.id}>
                {f.id} (now {f.kind === 'tcp' ? shortVariant(f.variant) : ''})
              </option>
            ))}
          </select>
          {tcp.length > 1 && (
            <label className="inline-check">
              <input type="checkbox" checked={form.allFlows} onChange={(e) => update({ allFlows: e.currentTarget.checked })} />
              Switch every TCP flow to the variant (otherwise only {form.flow})
            </label>
          )}
        </div>
      )}
      <div className="exp-field">
        <label htmlFor="compare-duration">Run length (s)</label>
        <input
          id="compare-duration"
          type="text"
          inputMode="decimal"
          className="exp-input narrow"
          value={form.duration ?? ''}
          placeholder={String(scenario.duration)}
          aria-invalid={!length.ok}
          aria-describedby="compare-duration-hint"
          onChange={(e) => update({ duration: e.currentTarget.value })}
        />
        <div className={length.ok ? 'exp-hint' : 'exp-error'} id="compare-duration-hint">
          {length.ok ? `Empty: the scenario's ${scenario.duration} s.` : length.message}
        </div>
      </div>
      <div className="exp-run">
        <span className="exp-count" data-testid="compare-count">
          {form.variants.length} run{form.variants.length === 1 ? '' : 's'} of {length.ok ? length.duration : scenario.duration} s, seed {scenario.seed}
        </span>
        <button type="submit" className="button primary" disabled={!canRun}>
          Run comparison
        </button>
      </div>
    </form>
  );
}

function OverlayCard({ outcome, quantity }: { outcome: CompareOutcome; quantity: 'cwnd' | 'throughput' }) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<OverlayChart | null>(null);
  const title = quantity === 'cwnd' ? 'Congestion window' : 'Throughput';
  const unit = quantity === 'cwnd' ? 'segments' : 'kbps';
  const series: OverlaySeries[] = outcome.series.map((r, k) => {
    const v = outcome.variants[k]!;
    const style = seriesStyle(v, k);
    return { key: v, label: shortVariant(v), colour: style.colour, dash: style.dash, times: r.times, values: quantity === 'cwnd' ? r.cwnd : r.throughput };
  });

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    chart.current = createOverlayChart(el);
    return () => {
      chart.current?.destroy();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.update({
      xLabel: 'Time (s)',
      yLabel: `${title} (${unit})`,
      xMax: outcome.duration,
      series,
      ariaLabel: `${title} of flow ${outcome.flow} over time, one line per variant: ${series.map((s) => s.label).join(', ')}`,
    });
  });

  return (
    <figure className="exp-card exp-chart" data-testid={`compare-chart-${quantity}`}>
      <figcaption>
        <h3>
          {title} <span className="exp-sub">flow {outcome.flow}, {unit}</span>
        </h3>
        <ul className="exp-legend" aria-label={`${title} legend`}>
          {series.map((s) => (
            <li key={s.key}>
              <svg className="exp-swatch" viewBox="0 0 24 12" aria-hidden="true">
                <line x1="1" x2="23" y1="6" y2="6" stroke={s.colour} strokeWidth="2.5" strokeDasharray={s.dash} />
              </svg>
              {s.label}
            </li>
          ))}
        </ul>
      </figcaption>
      <div className="exp-plot" ref={ref} />
    </figure>
  );
}

export function CompareResults() {
  const outcome = useExperiment((s) => s.compareResult);
  const running = useExperiment((s) => s.job?.kind === 'compare');
  if (!outcome) {
    if (running) return null;
    return (
      <div className="exp-empty">
        <p>
          Choose the variants and the flow, then <strong>Run comparison</strong>: each variant&rsquo;s congestion window and throughput are
          drawn on the same axes.
        </p>
      </div>
    );
  }
  return (
    <>
      <div className="exp-result-head" data-testid="compare-result" data-seq={outcome.seq}>
        <div>
          <h3 className="exp-result-name">{outcome.scenarioName}</h3>
          <span className="exp-sub">
            {outcome.variants.map(shortVariant).join(', ')} · flow {outcome.flow} · {(outcome.wallMs / 1000).toFixed(2)} s on {outcome.workers} worker
            {outcome.workers === 1 ? '' : 's'}
          </span>
        </div>
      </div>
      <div className="exp-compare-charts">
        <OverlayCard outcome={outcome} quantity="cwnd" />
        <OverlayCard outcome={outcome} quantity="throughput" />
      </div>
      <section className="exp-card" aria-label="Comparison summary">
        <div className="exp-card-head">
          <h3>Summary</h3>
          <span className="exp-sub">flow {outcome.flow}, over the scenario&rsquo;s measuring interval</span>
        </div>
        <div className="exp-table-wrap">
          <table className="exp-table" data-testid="compare-table">
            <thead>
              <tr>
                <th scope="col">Variant</th>
                <th scope="col" className="num">
                  Throughput (kbps)
                </th>
                <th scope="col" className="num">
                  Retransmissions
                </th>
                <th scope="col" className="num">
                  Fast retransmits
                </th>
                <th scope="col" className="num">
                  Timeouts
                </th>
                <th scope="col" className="num">
                  Drops
                </th>
                <th scope="col" className="num">
                  Mean cwnd
                </th>
                <th scope="col" className="num">
                  Completion (s)
                </th>
              </tr>
            </thead>
            <tbody>
              {outcome.series.map((r, k) => {
                const s = r.summary;
                const v = outcome.variants[k]!;
                return (
                  <tr key={v}>
                    <th scope="row" className="param">
                      <span className="chip-swatch" style={{ background: seriesStyle(v, k).colour }} aria-hidden="true" /> {shortVariant(v)}
                    </th>
                    <td className="num">{formatStat(s?.throughput_kbps)}</td>
                    <td className="num">{s?.retransmissions ?? '—'}</td>
                    <td className="num">{s?.fast_retransmits ?? '—'}</td>
                    <td className="num">{s?.timeouts ?? '—'}</td>
                    <td className="num">{s?.drops ?? '—'}</td>
                    <td className="num">{formatStat(s?.avg_cwnd)}</td>
                    <td className="num">{formatStat(s?.completion_s)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}
