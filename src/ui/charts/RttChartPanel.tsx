import { useMemo, useRef } from 'react';
import { useSession } from '../session/context';
import { ChartCard } from './ChartCard';
import type { LegendItem } from './Legend';
import { flowStyle } from './palette';
import { createRttChart, type RttFlow } from './rtt-chart';
import { useChart } from './use-chart';
import { sameList, useTraceValue } from './use-trace-value';

/** srtt of each TCP flow, and the RTT samples of the flow the time–sequence diagram traces. */
export function RttChartPanel({ flows }: { flows: readonly RttFlow[] }) {
  const { traces } = useSession();
  const ref = useRef<HTMLDivElement>(null);
  const key = flows.map((f) => `${f.id}@${f.index}`).join('\u0000');
  const lines = useMemo(() => flows, [key]); // eslint-disable-line react-hooks/exhaustive-deps
  const sampled = useTraceValue(traces, () => lines.filter((l) => (traces.flows[l.index]?.rttSamples?.length ?? 0) > 0).map((l) => l.id), sameList, [lines]);
  useChart(ref, traces, (el) => createRttChart(el, lines, () => traces.flows, () => traces.now), [lines]);
  const legend: LegendItem[] = [
    ...lines.map((l): LegendItem => {
      const { colour, dash } = flowStyle(l.index);
      return { label: `srtt ${l.id}`, colour, kind: dash ? 'dashed' : 'line', dash };
    }),
    ...lines
      .filter((l) => sampled.includes(l.id))
      .map(
        (l): LegendItem => ({
          label: `samples ${l.id} (one per ACK)`,
          colour: flowStyle(l.index).colour,
          kind: 'dot',
          title: 'Every ACK’s round trip, from the packet trace of the flow the time–sequence diagram shows; retransmitted segments give none (Karn’s rule).',
        }),
      ),
  ];
  return (
    <ChartCard
      testId="rtt-chart"
      chartRef={ref}
      name="rtt"
      title="Round-trip time"
      titleText="Round-trip time (ms)"
      legend={legend}
      legendFlows={lines.length}
      tableColumns={() => lines.map((l) => ({ label: `srtt ${l.id} (ms)`, buffer: () => traces.flows[l.index]?.srtt ?? null }))}
    />
  );
}
