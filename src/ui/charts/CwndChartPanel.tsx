import { useRef } from 'react';
import { useSession } from '../session/context';
import { createCwndChart, SSTHRESH_DASH } from './cwnd-chart';
import { Legend, type LegendItem } from './Legend';
import { SERIES_COLOURS } from './palette';
import { useChart } from './use-chart';
import { variantName } from '../variants';

const LEGEND: LegendItem[] = [
  { label: 'cwnd', colour: SERIES_COLOURS.cwnd, kind: 'line' },
  { label: 'ssthresh', colour: SERIES_COLOURS.ssthresh, kind: 'dashed', dash: SSTHRESH_DASH },
  { label: 'fast retransmit', colour: SERIES_COLOURS.fastRetransmit, kind: 'triangle' },
  { label: 'timeout', colour: SERIES_COLOURS.timeout, kind: 'cross' },
];

/** One TCP flow's cwnd/ssthresh chart. `flowIndex` is the flow's place in the run's flow list. */
export function CwndChartPanel({ flowIndex, flowId, variant }: { flowIndex: number; flowId: string; variant: string }) {
  const { traces } = useSession();
  const ref = useRef<HTMLDivElement>(null);
  const label = `flow ${flowId}`;
  useChart(
    ref,
    traces,
    (el) =>
      createCwndChart(
        el,
        label,
        () => traces.flows[flowIndex] ?? null,
        () => traces.duration,
      ),
    [flowIndex, label],
  );
  return (
    <figure className="chart-card" data-testid={`cwnd-chart-${flowId}`}>
      <figcaption>
        <h2>
          Flow {flowId} <span className="chart-subtitle">{variantName(variant)}</span>
        </h2>
        <Legend items={LEGEND} />
      </figcaption>
      <div className="chart-plot" ref={ref} />
    </figure>
  );
}
