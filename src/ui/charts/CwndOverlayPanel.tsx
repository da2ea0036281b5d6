import { useMemo, useRef } from 'react';
import { useSession } from '../session/context';
import { createCwndOverlayChart, OVERLAY_SSTHRESH_FLOWS, SSTHRESH_DASH, type OverlayFlow } from './cwnd-chart';
import { markerLegend, referenceLegend } from './cwnd-legend';
import { ChartCard } from './ChartCard';
import type { LegendItem } from './Legend';
import { flowStyle, PALETTE } from './palette';
import { useCwndReferences } from './use-references';
import { useChart } from './use-chart';
import { sameList, useTraceValue } from './use-trace-value';

/** Several TCP flows' cwnd in one chart, one colour (then dash) per flow, the same as everywhere. */
export function CwndOverlayPanel({ flows, subtitle }: { flows: readonly OverlayFlow[]; subtitle?: string }) {
  const { traces } = useSession();
  const ref = useRef<HTMLDivElement>(null);
  const key = flows.map((f) => `${f.id}@${f.index}`).join('\u0000');
  const lines = useMemo(() => flows, [key]); // eslint-disable-line react-hooks/exhaustive-deps
  const indexes = useMemo(() => lines.map((l) => l.index), [lines]);
  const refs = useCwndReferences(indexes);
  const kinds = useTraceValue(traces, () => [...new Set([...lines.flatMap((l) => [...(traces.flows[l.index]?.kinds ?? [])]), ...traces.linkKinds])].sort(), sameList, [lines]);
  useChart(ref, traces, (el) => createCwndOverlayChart(el, lines, () => traces.flows, () => traces.now, () => refs, () => traces.linkMarkers), [lines, refs]);
  const legend: LegendItem[] = [
    ...lines.map((l): LegendItem => {
      const { colour, dash } = flowStyle(l.index);
      return { label: `flow ${l.id}`, colour, kind: dash ? 'dashed' : 'line', dash };
    }),
    ...(lines.length <= OVERLAY_SSTHRESH_FLOWS ? [{ label: 'ssthresh (dashed, the flow’s colour)', colour: PALETTE.grey, kind: 'dashed' as const, dash: SSTHRESH_DASH }] : []),
    ...referenceLegend(refs),
    ...markerLegend(new Set(lines.length <= OVERLAY_SSTHRESH_FLOWS ? kinds : kinds.filter((k) => k !== 'drop'))),
  ];
  return (
    <ChartCard
      testId="cwnd-overlay-chart"
      chartRef={ref}
      name="cwnd-flows"
      title={
        <>
          Congestion window <span className="chart-subtitle">{subtitle ?? `all ${lines.length} TCP flows`}</span>
        </>
      }
      titleText={`Congestion window of ${lines.length} TCP flow${lines.length === 1 ? '' : 's'}`}
      legend={legend}
      legendFlows={lines.length}
      legendTestId="cwnd-overlay-legend"
      tableColumns={() => lines.map((l) => ({ label: `cwnd ${l.id}`, buffer: () => traces.flows[l.index]?.cwnd ?? null }))}
    />
  );
}
