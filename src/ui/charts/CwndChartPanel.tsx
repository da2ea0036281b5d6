import { useId, useMemo, useRef, useState } from 'react';
import { useSession } from '../session/context';
import { INFLATION_COLUMN } from '../../engine/output/rundata';
import { columnLabel, createCwndChart, VARIANT_TRACE_DASH } from './cwnd-chart';
import { markerLegend, RECOVERY_BAND, windowLegend } from './cwnd-legend';
import { ChartCard } from './ChartCard';
import type { LegendItem } from './Legend';
import { flowStyle, SERIES_COLOURS } from './palette';
import { useCwndReferences } from './use-references';
import { useChart } from './use-chart';
import { sameList, useTraceValue } from './use-trace-value';
import { variantName } from '../../store/variants';

/** One TCP flow's cwnd/ssthresh chart. `flowIndex` is the flow's place in the run's flow list (and its colour). */
export function CwndChartPanel({ flowIndex, flowId, variant }: { flowIndex: number; flowId: string; variant: string }) {
  const { traces } = useSession();
  const ref = useRef<HTMLDivElement>(null);
  const selectId = useId();
  const label = `flow ${flowId}`;
  // The variant's own columns that have had a value for this flow (rarely changes).
  // (The inflation is drawn with cwnd, as cwnd + inflation, not as a trace of its own.)
  const columns = useTraceValue(traces, () => [...(traces.flows[flowIndex]?.extra.keys() ?? [])].filter((c) => c !== INFLATION_COLUMN), sameList, [flowIndex]);
  const inflates = useTraceValue(traces, () => (traces.flows[flowIndex]?.extra.get(INFLATION_COLUMN)?.length ?? 0) > 0, Object.is, [flowIndex]);
  const kinds = useTraceValue(traces, () => [...(traces.flows[flowIndex]?.kinds ?? []), ...traces.linkKinds].sort(), sameList, [flowIndex]);
  const [chosen, setChosen] = useState('');
  const column = columns.includes(chosen) ? chosen : null;
  const indexes = useMemo(() => [flowIndex], [flowIndex]);
  const refs = useCwndReferences(indexes);
  useChart(
    ref,
    traces,
    (el) =>
      createCwndChart(el, label, () => traces.flows[flowIndex] ?? null, () => traces.now, {
        flowIndex,
        variantColumn: column,
        references: () => refs,
        linkMarkers: () => traces.linkMarkers,
      }),
    [flowIndex, label, column, refs],
  );
  const { colour } = flowStyle(flowIndex);
  const legend: LegendItem[] = [
    ...windowLegend(colour, refs, inflates),
    ...markerLegend(new Set(kinds)),
    RECOVERY_BAND,
    ...(column ? [{ label: columnLabel(column), colour: SERIES_COLOURS.variantTrace, kind: 'dashed' as const, dash: VARIANT_TRACE_DASH }] : []),
  ];
  return (
    <ChartCard
      testId={`cwnd-chart-${flowId}`}
      chartRef={ref}
      name={`cwnd-${flowId}`}
      title={
        <>
          Flow {flowId} <span className="chart-subtitle">{variantName(variant)}</span>
        </>
      }
      titleText={`Flow ${flowId} (${variantName(variant)}): cwnd and ssthresh`}
      legend={legend}
      tools={
        columns.length > 0 && (
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
        )
      }
      tableColumns={() => [
        { label: 'cwnd', buffer: () => traces.flows[flowIndex]?.cwnd ?? null },
        { label: 'ssthresh', buffer: () => traces.flows[flowIndex]?.ssthresh ?? null },
      ]}
    />
  );
}
