import { useRef } from 'react';
import { selectScenario } from '../../store/selectors';
import { useLab } from '../lab-context';
import { useSession } from '../session/context';
import { ChartCard } from './ChartCard';
import type { LegendItem } from './Legend';
import { EVENT_MARKER_STYLES } from './event-markers';
import { SERIES_COLOURS } from './palette';
import { chosenQueue, createQueueChart, latestDelay, QUEUE_DELAY_DASH, RED_AVG_DASH } from './queue-chart';
import { useChart } from './use-chart';
import { useTraceValue } from './use-trace-value';

/** A delay as the title shows it: two significant digits (a new text, and a render, only when they change). */
export function formatDelay(ms: number): string {
  return Number.isFinite(ms) ? `${Number(ms.toPrecision(2))} ms` : '';
}

/**
 * The queue's delay now, beside the title: a component of its own, so a new
 * figure (as often as every batch) re-renders these few nodes, not the panel
 * with its legend and data table.
 */
function DelayNow({ index }: { index: number }) {
  const { traces } = useSession();
  const delayNow = useTraceValue(traces, () => formatDelay(latestDelay(traces.queues[index] ?? null)), Object.is, [index]);
  return delayNow ? (
    <span className="chart-subtitle" data-testid="queue-delay-now">
      {' '}
      · delay now {delayNow}
    </span>
  ) : null;
}

/** Queue occupancy and queueing delay of the selected link direction, or the busiest; its CE marks. */
export function QueueChartPanel() {
  const { traces } = useSession();
  const scenario = useLab(selectScenario);
  const selectedLink = useLab((s) => s.selectedLink);
  const ref = useRef<HTMLDivElement>(null);
  // Which direction is busiest changes rarely: React state, updated only on change.
  const busiest = useTraceValue(traces, () => traces.busiest);
  const { index, selected } = chosenQueue(
    traces.queues.map((q) => q.id),
    selectedLink,
    busiest,
  );
  const hasRedAvg = useTraceValue(traces, () => (traces.queues[index]?.redAvg.maxY(NaN) ?? NaN) >= 0, Object.is, [index]);

  const marks = useTraceValue(traces, () => traces.queues[index]?.marks ?? 0, Object.is, [index]);
  const queue = traces.queues[index] ?? null;
  const link = queue ? scenario?.links.find((l) => l.id === queue.id.link) : undefined;
  const limit = link?.queue.limit ?? null;
  const isRed = link?.queue.type === 'red' || hasRedAvg;

  useChart(
    ref,
    traces,
    (el) =>
      createQueueChart(
        el,
        () => traces.queues[index] ?? null,
        () => limit,
        () => traces.now,
      ),
    [index, limit],
  );

  const legend: LegendItem[] = [
    { label: 'queue', colour: SERIES_COLOURS.queue, kind: 'area' },
    {
      label: 'queue delay (ms, right axis)',
      colour: SERIES_COLOURS.queueDelay,
      kind: 'dashed',
      dash: QUEUE_DELAY_DASH,
    },
    ...(isRed ? [{ label: 'RED average', colour: SERIES_COLOURS.redAvg, kind: 'dashed' as const, dash: RED_AVG_DASH }] : []),
    ...(limit !== null ? [{ label: 'limit', colour: SERIES_COLOURS.limit, kind: 'reference' as const, dash: '5 4' }] : []),
    ...(marks > 0
      ? [
          {
            label: 'CE mark (ECN)',
            colour: EVENT_MARKER_STYLES.ecn_mark.fill,
            kind: 'marker' as const,
            marker: EVENT_MARKER_STYLES.ecn_mark,
          },
        ]
      : []),
  ];

  const where = queue ? `${queue.id.from} → ${queue.id.to} (link ${queue.id.link}, ${selected ? 'selected' : 'busiest'})` : 'no link';
  return (
    <ChartCard
      testId="queue-chart"
      chartRef={ref}
      name={queue ? `queue-${queue.id.link}-${queue.id.from}` : 'queue'}
      title={
        <>
          Queue{' '}
          <span className="chart-subtitle" data-testid="queue-direction">
            {where}
          </span>
          <DelayNow index={index} />
          {marks > 0 && (
            <span className="chart-subtitle" data-testid="queue-marks">
              {' '}
              · {marks} CE marks
            </span>
          )}
        </>
      }
      titleText={`Queue ${where}`}
      legend={legend}
      tableColumns={() => [
        { label: 'queue (packets)', buffer: () => traces.queues[index]?.pkts ?? null },
        { label: 'queue delay (ms)', buffer: () => traces.queues[index]?.sojourn ?? null },
        ...(isRed ? [{ label: 'RED average', buffer: () => traces.queues[index]?.redAvg ?? null }] : []),
      ]}
    />
  );
}

