import { useMemo, useRef } from 'react';
import { useLab } from '../lab-context';
import { useSession } from '../session/context';
import { ChartCard } from './ChartCard';
import type { LegendItem } from './Legend';
import { flowStyle, SERIES_COLOURS } from './palette';
import { chosenQueue } from './queue-chart';
import { CAPACITY_DASH, capacityQueue, createThroughputChart, type ThroughputLine } from './throughput-chart';
import { useChart } from './use-chart';
import { useTraceValue } from './use-trace-value';

/**
 * All flows' throughput_kbps in one chart, each flow in its own colour (the
 * same as on every chart), and a changing link's capacity in force.
 */
export function ThroughputChartPanel({ flowIds }: { flowIds: readonly string[] }) {
  const { traces } = useSession();
  const ref = useRef<HTMLDivElement>(null);
  const selectedLink = useLab((s) => s.selectedLink);
  const key = flowIds.join('\u0000');
  const lines: ThroughputLine[] = useMemo(() => flowIds.map((id, index) => ({ id, index })), [key]); // eslint-disable-line react-hooks/exhaustive-deps
  // Asked for every frame and every batch: the queues' ids (hundreds on a
  // large topology) are listed only when a link is selected.
  const shown = () =>
    capacityQueue(
      traces.queues,
      selectedLink
        ? chosenQueue(
            traces.queues.map((q) => q.id),
            selectedLink,
            traces.busiest,
          ).index
        : traces.busiest,
    );
  const capacityOf = useTraceValue(traces, () => {
    const q = shown();
    return q ? `${q.id.from} → ${q.id.to}` : '';
  }, Object.is, [selectedLink]);
  useChart(ref, traces, (el) => createThroughputChart(el, lines, () => traces.flows, () => traces.now, shown), [lines, selectedLink]);
  const legend: LegendItem[] = lines.map((l) => {
    const { colour, dash } = flowStyle(l.index);
    return { label: `flow ${l.id}`, colour, kind: dash ? 'dashed' : 'line', dash };
  });
  if (capacityOf)
    legend.push({
      label: `capacity ${capacityOf}`,
      colour: SERIES_COLOURS.capacity,
      kind: 'dashed',
      dash: CAPACITY_DASH,
    });
  return (
    <ChartCard
      testId="throughput-chart"
      chartRef={ref}
      name="throughput"
      title="Throughput"
      titleText="Throughput (kbit/s)"
      legend={legend}
      legendFlows={lines.length}
      legendTestId="throughput-legend"
      tableColumns={() => [
        ...lines.map((l) => ({ label: `${l.id} kbit/s`, buffer: () => traces.flows[l.index]?.throughput ?? null })),
        ...(capacityOf ? [{ label: `capacity ${capacityOf} kbit/s`, buffer: () => shown()?.capacity ?? null }] : []),
      ]}
    />
  );
}
