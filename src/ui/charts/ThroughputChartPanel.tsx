import { useMemo, useRef } from 'react';
import { useSession } from '../session/context';
import { Legend, type LegendItem } from './Legend';
import { flowStyle } from './palette';
import { createThroughputChart, type ThroughputLine } from './throughput-chart';
import { useChart } from './use-chart';

/** All flows' throughput_kbps in one chart, one line (colour, then dash) per flow. */
export function ThroughputChartPanel({ flowIds }: { flowIds: readonly string[] }) {
  const { traces } = useSession();
  const ref = useRef<HTMLDivElement>(null);
  const key = flowIds.join('\u0000');
  const lines: ThroughputLine[] = useMemo(() => flowIds.map((id, index) => ({ id, index })), [key]); // eslint-disable-line react-hooks/exhaustive-deps
  useChart(ref, traces, (el) => createThroughputChart(el, lines, () => traces.flows, () => traces.now), [lines]);
  const legend: LegendItem[] = lines.map((l, k) => {
    const { colour, dash } = flowStyle(k);
    return { label: `flow ${l.id}`, colour, kind: dash ? 'dashed' : 'line', dash };
  });
  return (
    <figure className="chart-card" data-testid="throughput-chart">
      <figcaption>
        <h2>Throughput</h2>
        <Legend items={legend} testId="throughput-legend" />
      </figcaption>
      <div className="chart-plot" ref={ref} />
    </figure>
  );
}
