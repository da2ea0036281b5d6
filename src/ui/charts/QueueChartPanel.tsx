import { useEffect, useRef, useState } from 'react';
import { selectScenario } from '../../store/selectors';
import { useLab } from '../../store/context';
import { useSession } from '../session/context';
import { Legend, type LegendItem } from './Legend';
import { SERIES_COLOURS } from './palette';
import { createQueueChart, RED_AVG_DASH } from './queue-chart';
import { useChart } from './use-chart';

/** Queue occupancy of the busiest link direction (longest average queue so far). */
export function QueueChartPanel() {
  const { traces } = useSession();
  const scenario = useLab(selectScenario);
  const ref = useRef<HTMLDivElement>(null);
  // Which direction is busiest changes rarely: React state, updated only on change.
  const [busiest, setBusiest] = useState(traces.busiest);
  useEffect(() => traces.subscribe(() => setBusiest(traces.busiest)), [traces]);

  const queue = traces.queues[busiest] ?? null;
  const link = queue ? scenario?.links.find((l) => l.id === queue.id.link) : undefined;
  const limit = link?.queue.limit ?? null;
  const isRed = link?.queue.type === 'red';

  useChart(
    ref,
    traces,
    (el) =>
      createQueueChart(
        el,
        () => traces.queues[busiest] ?? null,
        () => limit,
        () => traces.duration,
      ),
    [busiest, limit],
  );

  const legend: LegendItem[] = [
    { label: 'queue', colour: SERIES_COLOURS.queue, kind: 'area' },
    ...(isRed ? [{ label: 'RED average', colour: SERIES_COLOURS.redAvg, kind: 'dashed' as const, dash: RED_AVG_DASH }] : []),
    ...(limit !== null ? [{ label: 'limit', colour: SERIES_COLOURS.limit, kind: 'reference' as const, dash: '5 4' }] : []),
  ];

  return (
    <figure className="chart-card" data-testid="queue-chart">
      <figcaption>
        <h2>
          Queue{' '}
          <span className="chart-subtitle">
            {queue ? `${queue.id.from} → ${queue.id.to} (link ${queue.id.link}, busiest)` : 'no link'}
          </span>
        </h2>
        <Legend items={legend} />
      </figcaption>
      <div className="chart-plot" ref={ref} />
    </figure>
  );
}
