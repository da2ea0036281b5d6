import { useMemo, useRef } from 'react';
import { useSession } from '../session/context';
import { ChartCard } from './ChartCard';
import type { LegendItem } from './Legend';
import { flowStyle } from './palette';
import { createThroughputChart, type ThroughputLine } from './throughput-chart';
import { useChart } from './use-chart';

/** All flows' throughput_kbps in one chart, each flow in its own colour (the same as on every chart). */
export function ThroughputChartPanel({ flowIds }: { flowIds: readonly string[] }) {
  const { traces } = useSession();
  const ref = useRef<HTMLDivElement>(null);
  const key = flowIds.join('\u0000');
  const lines: ThroughputLine[] = useMemo(() => flowIds.map((id, index) => ({ id, index })), [key]); // eslint-disable-line react-hooks/exhaustive-deps
  useChart(ref, traces, (el) => createThroughputChart(el, lines, () => traces.flows, () => traces.now), [lines]);
  const legend: LegendItem[] = lines.map((l) => {
    const { colour, dash } = flowStyle(l.index);
    return { label: `flow ${l.id}`, colour, kind: dash ? 'dashed' : 'line', dash };
  });
  return (
    <ChartCard
      testId="throughput-chart"
      chartRef={ref}
      name="throughput"
      title="Throughput"
      titleText="Throughput (kbit/s)"
      legend={legend}
      legendTestId="throughput-legend"
      tableColumns={() => lines.map((l) => ({ label: `${l.id} kbit/s`, buffer: () => traces.flows[l.index]?.throughput ?? null }))}
    />
  );
}
