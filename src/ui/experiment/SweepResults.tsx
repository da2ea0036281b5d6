/**
 * A finished sweep: the chart of one metric against the parameter (lines with
 * 95 % bands, or bars with error bars), the table of every point (mean ± sd,
 * 95 % CI), the t-tests, the paper's numbers beside ours for a preset sweep,
 * and the CSV files — the page's table.csv is the command-line runner's.
 */
import { useEffect, useRef } from 'react';
import { formatPValue } from '../../experiment/csv';
import { downloadBlob, downloadJson, slug } from '../export/download';
import { experimentActions, useExperiment } from './hooks';
import { PaperComparisonTable } from './PaperComparisonTable';
import { chartAxes, formatStat, metricTitle, resultChartSpec, valueLabel } from './present';
import { createResultChart, type ResultChart } from './result-chart';
import type { SweepOutcome } from '../../store/experiment/run-sweep';
import type { MetricStats } from '../../experiment/types';

function downloadCsv(name: string, text: string): void {
  downloadBlob(name, new Blob([text], { type: 'text/csv;charset=utf-8' }));
}

function Exports({ outcome }: { outcome: SweepOutcome }) {
  const base = slug(outcome.sweep.name, 'sweep');
  const files = outcome.results.files;
  return (
    <div className="exp-exports" role="group" aria-label="Export">
      <button type="button" className="button small primary" onClick={() => downloadCsv(`${base}-table.csv`, files['table.csv']!)}>
        Export table CSV
      </button>
      <button type="button" className="button small" onClick={() => downloadCsv(`${base}-runs.csv`, files['runs.csv']!)}>
        Runs CSV
      </button>
      {files['ttest.csv'] && (
        <button type="button" className="button small" onClick={() => downloadCsv(`${base}-ttest.csv`, files['ttest.csv']!)}>
          t-tests CSV
        </button>
      )}
      <button
        type="button"
        className="button small"
        title="The sweep as a file: npm run sweep -- <file> --out <dir> gives the same numbers"
        onClick={() => downloadJson(`${base}.sweep.json`, outcome.file)}
      >
        Sweep file
      </button>
    </div>
  );
}

function ChartCard({ outcome }: { outcome: SweepOutcome }) {
  const chartMetric = useExperiment((s) => s.chartMetric);
  const metric = outcome.sweep.metrics.find((m) => m.name === chartMetric) ?? outcome.sweep.metrics[0]!;
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<ResultChart | null>(null);
  const spec = resultChartSpec(outcome, metric.name);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    chart.current = createResultChart(el);
    return () => {
      chart.current?.destroy();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    if (spec) chart.current?.update(spec);
  });

  const t = metricTitle(metric);
  return (
    <figure className="exp-card exp-chart" data-testid="sweep-chart">
      <figcaption>
        <div className="exp-chart-title">
          <h3>
            {t.what} <span className="exp-sub">{t.of}</span>
          </h3>
          {outcome.sweep.metrics.length > 1 && (
            <label className="exp-inline-select">
              <span>Chart</span>
              <select value={metric.name} onChange={(e) => experimentActions().setChartMetric(e.currentTarget.value)} aria-label="Chart metric">
                {outcome.sweep.metrics.map((m) => {
                  const mt = metricTitle(m);
                  return (
                    <option key={m.name} value={m.name}>
                      {mt.what}, {mt.of}
                    </option>
                  );
                })}
              </select>
            </label>
          )}
        </div>
        {spec && spec.series.length > 0 && (
          <ul className="exp-legend" aria-label="Legend">
            {spec.series.map((s) => (
              <li key={s.key}>
                <svg className="exp-swatch" viewBox="0 0 24 12" aria-hidden="true">
                  {spec.kind === 'bar' ? (
                    <rect x="5" y="1" width="14" height="10" fill={s.colour} fillOpacity={0.85} />
                  ) : (
                    <>
                      <rect x="1" y="2" width="22" height="8" fill={s.colour} fillOpacity={0.16} />
                      <line x1="1" x2="23" y1="6" y2="6" stroke={s.colour} strokeWidth="2.5" strokeDasharray={s.dash} />
                    </>
                  )}
                </svg>
                {s.label}
              </li>
            ))}
            {outcome.sweep.repetitions > 1 && <li className="exp-legend-note">{spec.kind === 'line' ? 'bands' : 'error bars'}: 95 % CI</li>}
          </ul>
        )}
      </figcaption>
      <div className="exp-plot" ref={ref} />
    </figure>
  );
}

function TableCard({ outcome }: { outcome: SweepOutcome }) {
  const { sweep, results, display } = outcome;
  const axes = chartAxes(sweep);
  const paramOrder = axes.series !== null ? [axes.series, axes.x] : [axes.x];
  const reps = sweep.repetitions;
  return (
    <section className="exp-card" aria-label="Results table">
      <div className="exp-card-head">
        <h3>Table</h3>
        <span className="exp-sub">
          mean{reps > 1 ? ' ± sd and 95 % confidence interval' : ''} over {reps} repetition{reps === 1 ? '' : 's'} (seeds {sweep.seed}
          {reps > 1 ? `–${sweep.seed + reps - 1}` : ''})
        </span>
      </div>
      <div className="exp-table-wrap">
        <table className="exp-table" data-testid="sweep-table">
          <thead>
            <tr>
              {paramOrder.map((i) => (
                <th key={i} scope="col" className="param">
                  {display.paramTitles[i] ?? sweep.parameters[i]!.name}
                </th>
              ))}
              {sweep.metrics.map((m) => {
                const t = metricTitle(m);
                return (
                  <th key={m.name} scope="colgroup" colSpan={reps > 1 ? 2 : 1} className="num metric-head">
                    <span className="th-what">{t.what}</span>
                    <span className="th-of">{t.of}</span>
                  </th>
                );
              })}
            </tr>
            {reps > 1 && (
              <tr className="sub-head">
                {paramOrder.map((i) => (
                  <th key={i} scope="col" aria-hidden="true" />
                ))}
                {sweep.metrics.map((m) => (
                  <SubHeads key={m.name} />
                ))}
              </tr>
            )}
          </thead>
          <tbody>
            {sweep.points.map((p, row) => {
              const prev = row > 0 ? sweep.points[row - 1] : undefined;
              const groupStart = paramOrder.length > 1 && (!prev || prev.values[paramOrder[0]!] !== p.values[paramOrder[0]!]);
              return (
                <tr key={p.index} className={groupStart && row > 0 ? 'group-start' : undefined}>
                  {paramOrder.map((i, k) => (
                    <th key={i} scope="row" className={k === 0 && paramOrder.length > 1 && !groupStart ? 'param repeat' : 'param'}>
                      {valueLabel(outcome, i, p.values[i]!)}
                    </th>
                  ))}
                  {results.stats[p.index]!.metrics.map((st, mi) => (
                    <StatCells key={mi} metric={sweep.metrics[mi]!.name} st={st} reps={reps} />
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** A p-value as the CSV writes it, or in powers of ten when that would be a long row of zeros. */
function PValue({ p, text }: { p: number; text: string }) {
  if (p >= 1e-4 || p <= 0) return <>{text}</>;
  const exp = Math.floor(Math.log10(p));
  const mant = p / 10 ** exp;
  return (
    <>
      {mant.toFixed(2)} × 10<sup>{`\u2212${-exp}`}</sup>
    </>
  );
}

function SubHeads() {
  return (
    <>
      <th scope="col" className="num sub first">
        mean ± sd
      </th>
      <th scope="col" className="num sub">
        95 % CI
      </th>
    </>
  );
}

function StatCells({ metric, st, reps }: { metric: string; st: MetricStats; reps: number }) {
  const few = st.n < reps ? <span className="n-note"> (n = {st.n})</span> : null;
  if (reps <= 1) {
    return (
      <td className="num first" data-metric={metric}>
        <span className="mean">{formatStat(st.mean)}</span>
      </td>
    );
  }
  return (
    <>
      <td className="num first" data-metric={metric}>
        <span className="mean">{formatStat(st.mean)}</span>
        {st.sd !== null && <span className="sd"> ± {formatStat(st.sd)}</span>}
        {few}
      </td>
      <td className="num ci">{st.ci95Low !== null && st.ci95High !== null ? `${formatStat(st.ci95Low)} – ${formatStat(st.ci95High)}` : '—'}</td>
    </>
  );
}

function TTestCard({ outcome }: { outcome: SweepOutcome }) {
  const { sweep, results } = outcome;
  if (!results.tests.length) return null;
  const first = results.tests[0]!;
  const pa = first.parameter;
  const other = sweep.parameters.length === 2 ? 1 - pa : null;
  return (
    <section className="exp-card" aria-label="t-tests">
      <div className="exp-card-head">
        <h3>t-tests</h3>
        <span className="exp-sub">two-sample Student&rsquo;s t, equal variances, two-sided (as paper 001; R&rsquo;s t.test(a, b, var.equal = TRUE))</span>
      </div>
      <div className="exp-table-wrap">
        <table className="exp-table" data-testid="ttest-table">
          <thead>
            <tr>
              <th scope="col">Metric</th>
              {other !== null && <th scope="col">{outcome.display.paramTitles[other] ?? sweep.parameters[other]!.name}</th>}
              <th scope="col">A vs B</th>
              <th scope="col" className="num">
                mean A
              </th>
              <th scope="col" className="num">
                mean B
              </th>
              <th scope="col" className="num">
                t
              </th>
              <th scope="col" className="num">
                df
              </th>
              <th scope="col" className="num">
                p-value
              </th>
            </tr>
          </thead>
          <tbody>
            {results.tests.map((r, k) => {
              const m = sweep.metrics[r.metric]!;
              const t = metricTitle(m);
              const p = formatPValue(r.pValue);
              const significant = r.pValue !== null && r.pValue < 0.05;
              return (
                <tr key={k}>
                  <td className="metric-cell">
                    {t.what} <span className="exp-sub">{t.of}</span>
                  </td>
                  {other !== null && <td>{r.other !== null ? valueLabel(outcome, other, r.other) : ''}</td>}
                  <td className="nowrap">
                    {valueLabel(outcome, r.parameter, r.a)} <span className="exp-sub">vs</span> {valueLabel(outcome, r.parameter, r.b)}
                  </td>
                  <td className="num">{formatStat(r.meanA)}</td>
                  <td className="num">{formatStat(r.meanB)}</td>
                  <td className="num">{formatStat(r.t)}</td>
                  <td className="num">{r.df ?? '—'}</td>
                  <td className="num" data-testid="p-value" title={p === '' ? undefined : `p = ${p}`}>
                    {p === '' ? (
                      <span title="Both samples have no spread: the test is undefined">—</span>
                    ) : (
                      <>
                        <PValue p={r.pValue!} text={p} />
                        {significant && <span className="sig" title="Below 0.05: the difference is larger than the spread of the repetitions explains"> *</span>}
                      </>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="exp-hint">* p &lt; 0.05. Each test compares the repetitions of A with those of B at the same parameter value; both met the same seeds.</p>
    </section>
  );
}

export function SweepResults() {
  const outcome = useExperiment((s) => s.result);
  const running = useExperiment((s) => s.job?.kind === 'sweep');
  if (!outcome) {
    if (running) return null;
    return (
      <div className="exp-empty">
        <p>
          Choose a parameter and its values, the variants and the repetitions, then <strong>Run sweep</strong>. The runs are shared out
          over parallel workers; the chart and the table appear here.
        </p>
        <p>Or reproduce one of the papers&rsquo; tables below the form.</p>
      </div>
    );
  }
  const { sweep } = outcome;
  return (
    <>
      <div className="exp-result-head" data-testid="sweep-result" data-seq={outcome.seq}>
        <div>
          <h3 className="exp-result-name">{sweep.name}</h3>
          <span className="exp-sub">
            {sweep.points.length} point{sweep.points.length === 1 ? '' : 's'} × {sweep.repetitions} repetition{sweep.repetitions === 1 ? '' : 's'} ={' '}
            {outcome.values.length} runs · {(outcome.wallMs / 1000).toFixed(2)} s on {outcome.workers} worker{outcome.workers === 1 ? '' : 's'}
          </span>
        </div>
        <Exports outcome={outcome} />
      </div>
      <ChartCard outcome={outcome} />
      {outcome.paper && <PaperComparisonTable comparison={outcome.paper} />}
      <TableCard outcome={outcome} />
      <TTestCard outcome={outcome} />
    </>
  );
}
