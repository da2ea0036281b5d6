import { useId, useRef, useState } from 'react';
import { useSession } from '../session/context';
import { INFLATION_COLUMN } from '../../engine/output/rundata';
import { columnLabel, createCwndChart, RECOVERY_WINDOW_DASH, SSTHRESH_DASH, VARIANT_TRACE_DASH } from './cwnd-chart';
import { Legend, type LegendItem } from './Legend';
import { SERIES_COLOURS } from './palette';
import { useChart } from './use-chart';
import { sameList, useTraceValue } from './use-trace-value';
import { variantName } from '../../store/variants';

const LEGEND: LegendItem[] = [
  { label: 'cwnd', colour: SERIES_COLOURS.cwnd, kind: 'line' },
  { label: 'ssthresh', colour: SERIES_COLOURS.ssthresh, kind: 'dashed', dash: SSTHRESH_DASH },
  { label: 'fast retransmit', colour: SERIES_COLOURS.fastRetransmit, kind: 'triangle' },
  { label: 'timeout', colour: SERIES_COLOURS.timeout, kind: 'cross' },
  { label: 'in recovery', colour: SERIES_COLOURS.recovery, kind: 'band' },
];

/** One TCP flow's cwnd/ssthresh chart. `flowIndex` is the flow's place in the run's flow list. */
export function CwndChartPanel({ flowIndex, flowId, variant }: { flowIndex: number; flowId: string; variant: string }) {
  const { traces } = useSession();
  const ref = useRef<HTMLDivElement>(null);
  const selectId = useId();
  const label = `flow ${flowId}`;
  // The variant's own columns that have had a value for this flow (rarely changes).
  // (The inflation is drawn with cwnd, as cwnd + inflation, not as a trace of its own.)
  const columns = useTraceValue(traces, () => [...(traces.flows[flowIndex]?.extra.keys() ?? [])].filter((c) => c !== INFLATION_COLUMN), sameList, [flowIndex]);
  const inflates = useTraceValue(traces, () => (traces.flows[flowIndex]?.extra.get(INFLATION_COLUMN)?.length ?? 0) > 0, Object.is, [flowIndex]);
  const [chosen, setChosen] = useState('');
  const column = columns.includes(chosen) ? chosen : null;
  useChart(
    ref,
    traces,
    (el) =>
      createCwndChart(
        el,
        label,
        () => traces.flows[flowIndex] ?? null,
        () => traces.now,
        column,
      ),
    [flowIndex, label, column],
  );
  const legend: LegendItem[] = [
    ...LEGEND.slice(0, 2),
    ...(inflates ? [{ label: 'cwnd + inflation (fast recovery)', colour: SERIES_COLOURS.cwnd, kind: 'dashed' as const, dash: RECOVERY_WINDOW_DASH }] : []),
    ...LEGEND.slice(2),
    ...(column ? [{ label: columnLabel(column), colour: SERIES_COLOURS.variantTrace, kind: 'dashed' as const, dash: VARIANT_TRACE_DASH }] : []),
  ];
  return (
    <figure className="chart-card" data-testid={`cwnd-chart-${flowId}`}>
      <figcaption>
        <h2>
          Flow {flowId} <span className="chart-subtitle">{variantName(variant)}</span>
        </h2>
        {columns.length > 0 && (
          <span className="variant-trace">
            <label htmlFor={selectId}>Variant trace</label>{' '}
            <select id={selectId} value={column ?? ''} onChange={(e) => setChosen(e.target.value)} data-testid={`variant-trace-${flowId}`}>
              <option value="">none</option>
              {columns.map((c) => (
                <option key={c} value={c}>
                  {columnLabel(c)}
                </option>
              ))}
            </select>
          </span>
        )}
        <Legend items={legend} />
      </figcaption>
      <div className="chart-plot" ref={ref} />
    </figure>
  );
}
