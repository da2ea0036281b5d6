/**
 * From a finished sweep to what the view shows: value labels, metric titles,
 * number formatting and the result chart's spec. Pure.
 */
import type { Metric, Sweep } from '../../experiment/types';
import { seriesStyle } from './colours';
import type { ResultChartSpec, ResultPoint, ResultSeries } from './result-chart';
import type { SweepOutcome } from '../../store/experiment/run-sweep';
import { COLUMN_LABELS, shortVariant } from '../../store/experiment/sweep-form';

/** A statistic for the page: about four significant digits, plain decimals, "−" for negatives. */
export function formatStat(x: number | null | undefined): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return '—';
  const a = Math.abs(x);
  let text: string;
  if (Number.isInteger(x) && a < 1e15) text = String(x);
  else if (a >= 1000) text = x.toFixed(1);
  else if (a >= 100) text = x.toFixed(1);
  else if (a >= 10) text = x.toFixed(2);
  else if (a >= 1) text = x.toFixed(3);
  else if (a >= 0.001) text = x.toPrecision(4);
  else text = x.toExponential(2);
  return text.replace(/^-/, '\u2212');
}

/** Whether parameter `i` of the sweep is a TCP variant. */
export function isVariantParameter(sweep: Sweep, i: number): boolean {
  return /^flows\[\d+\]\.variant$/.test(sweep.parameters[i]?.path ?? '');
}

/** How a parameter value reads in the table and on the chart. */
export function valueLabel(outcome: Pick<SweepOutcome, 'sweep' | 'fixedLabels'>, param: number, value: number): string {
  const fixed = outcome.fixedLabels[param];
  if (fixed) return fixed[value] ?? String(value);
  const p = outcome.sweep.parameters[param]!;
  const label = p.labels[value];
  if (isVariantParameter(outcome.sweep, param) && typeof label === 'string') return shortVariant(label);
  return label === null || label === undefined ? 'null' : String(label);
}

/** A metric's name for headers: what and of which flow. */
export function metricTitle(m: Metric): { what: string; of: string } {
  if (m.kind === 'jain') {
    return { what: m.column === 'throughput_kbps' ? 'Jain\u2019s fairness index' : `Jain\u2019s index of ${COLUMN_LABELS[m.column].toLowerCase()}`, of: `flows ${m.flows.join(', ')}` };
  }
  return { what: COLUMN_LABELS[m.column], of: `flow ${m.flow}` };
}

/** Which parameter names the chart's series (a variant parameter) and which its axis. */
export function chartAxes(sweep: Sweep): { x: number; series: number | null } {
  if (sweep.parameters.length === 1) return { x: 0, series: null };
  // Two parameters: the variants make the series; otherwise the first (slowest) one does.
  if (isVariantParameter(sweep, 0) && !isVariantParameter(sweep, 1)) return { x: 1, series: 0 };
  if (isVariantParameter(sweep, 1) && !isVariantParameter(sweep, 0)) return { x: 0, series: 1 };
  return { x: 1, series: 0 };
}

/** Whether a parameter's values can go on a numeric axis. */
export function isNumericParameter(outcome: Pick<SweepOutcome, 'sweep' | 'fixedLabels'>, i: number): boolean {
  if (outcome.fixedLabels[i]) return false;
  return outcome.sweep.parameters[i]!.labels.every((l) => typeof l === 'number');
}

/** The result chart for one metric: lines over a numeric parameter, bars over a categorical one. */
export function resultChartSpec(outcome: SweepOutcome, metricName: string): ResultChartSpec | null {
  const { sweep, results, display } = outcome;
  const mi = sweep.metrics.findIndex((m) => m.name === metricName);
  if (mi < 0) return null;
  const metric = sweep.metrics[mi]!;
  const axes = chartAxes(sweep);
  const numeric = isNumericParameter(outcome, axes.x);
  const xParam = sweep.parameters[axes.x]!;
  const seriesValues = axes.series === null ? [null] : sweep.parameters[axes.series]!.values.map((_, k) => k);
  const series: ResultSeries[] = seriesValues.map((sv, k) => {
    const key = sv === null ? 'all' : String(sweep.parameters[axes.series!]!.labels[sv]);
    const style = seriesStyle(sv === null ? (isVariantParameter(sweep, axes.x) ? 'all' : firstVariant(sweep) ?? 'all') : key, k);
    const points: ResultPoint[] = sweep.points
      .filter((p) => sv === null || p.values[axes.series!] === sv)
      .map((p) => {
        const st = results.stats[p.index]!.metrics[mi]!;
        const xv = p.values[axes.x]!;
        return {
          x: numeric ? (xParam.labels[xv] as number) : valueLabel(outcome, axes.x, xv),
          xLabel: valueLabel(outcome, axes.x, xv),
          mean: st.mean,
          low: st.ci95Low,
          high: st.ci95High,
          n: st.n,
        };
      });
    if (numeric) points.sort((a, b) => (a.x as number) - (b.x as number));
    return {
      key,
      label: sv === null ? singleLabel(sweep, axes.x, metric) : valueLabel(outcome, axes.series!, sv),
      colour: style.colour,
      dash: style.dash,
      marker: style.marker,
      points,
    };
  });
  const t = metricTitle(metric);
  const xTitle = display.paramTitles[axes.x] ?? xParam.name;
  return {
    kind: numeric ? 'line' : 'bar',
    xLabel: xTitle,
    yLabel: `${t.what}, ${t.of}`,
    categories: numeric ? undefined : xParam.values.map((_, v) => valueLabel(outcome, axes.x, v)),
    logX: display.logX,
    series,
    format: formatStat,
    ariaLabel: `${t.what} of ${t.of} against ${xTitle}${axes.series !== null ? `, one ${numeric ? 'line' : 'bar'} per ${display.paramTitles[axes.series]?.toLowerCase() ?? 'value'}` : ''}, with 95 % confidence intervals`,
  };
}

/** With one parameter that is not a variant, the single line takes the colour of the flows' variant (if one). */
function firstVariant(sweep: Sweep): string | undefined {
  for (const f of sweep.points[0]?.scenario.flows ?? []) if (f.kind === 'tcp') return f.variant;
  return undefined;
}

/** The one series of a single-parameter sweep: named after the flows' variant when the parameter is not one. */
function singleLabel(sweep: Sweep, x: number, metric: Metric): string {
  const v = isVariantParameter(sweep, x) ? undefined : firstVariant(sweep);
  return v ? shortVariant(v) : metricTitle(metric).of;
}
