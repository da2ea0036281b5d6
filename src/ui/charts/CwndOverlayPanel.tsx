import { useMemo, useRef } from 'react';
import { useSession } from '../session/context';
import { createCwndOverlayChart, type OverlayFlow } from './cwnd-chart';
import { Legend, type LegendItem } from './Legend';
import { flowStyle, SERIES_COLOURS } from './palette';
import { useChart } from './use-chart';

/** All TCP flows' cwnd in one chart, one line (colour, then dash) per flow. */
export function CwndOverlayPanel({ flows }: { flows: readonly OverlayFlow[] }) {
  const { traces } = useSession();
  const ref = useRef<HTMLDivElement>(null);
  const key = flows.map((f) => `${f.id}@${f.index}`).join('\u0000');
  const lines = useMemo(() => flows, [key]); // eslint-disable-line react-hooks/exhaustive-deps
  useChart(ref, traces, (el) => createCwndOverlayChart(el, lines, () => traces.flows, () => traces.now), [lines]);
  const legend: LegendItem[] = [
    ...lines.map((l, k): LegendItem => {
      const { colour, dash } = flowStyle(k);
      return { label: `flow ${l.id}`, colour, kind: dash ? 'dashed' : 'line', dash };
    }),
    { label: 'fast retransmit', colour: SERIES_COLOURS.fastRetransmit, kind: 'triangle' },
    { label: 'timeout', colour: SERIES_COLOURS.timeout, kind: 'cross' },
  ];
  return (
    <figure className="chart-card" data-testid="cwnd-overlay-chart">
      <figcaption>
        <h2>
          Congestion window <span className="chart-subtitle">all {lines.length} TCP flows</span>
        </h2>
        <Legend items={legend} testId="cwnd-overlay-legend" />
      </figcaption>
      <div className="chart-plot" ref={ref} />
    </figure>
  );
}
