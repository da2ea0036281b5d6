/** The lesson's extra chart: queue, RTO, throughput or Jain's index over time; queue delay has its own panel. */
import { useMemo, useRef } from 'react';
import { Legend, type LegendItem } from './ChartLegend';
import { DelayPanel } from './DelayPanel';
import type { ExtraChart, LessonRunResult } from './lesson-compute';
import type { LessonStep } from './lesson-steps';
import { createOverlayChart, type OverlayChart, type OverlayLine, type OverlayState } from './overlay-chart';
import { maxUpTo, outageBands } from './panel-data';
import { runStyle } from './run-styles';
import { useFactoryChart } from './use-factory-chart';

const EXTRA_SPECS: Record<ExtraChart, { title: string; yLabel: string; series: string; yRange?: [number, number] }> = {
  queue: { title: 'Bottleneck queue', yLabel: 'queue (packets)', series: 'queue' },
  rto: { title: 'Retransmission timeout (RTO)', yLabel: 'RTO (s)', series: 'rto' },
  throughput: { title: 'Throughput', yLabel: 'throughput (kbps)', series: 'throughput' },
  jain: { title: 'Jain’s fairness index', yLabel: 'Jain’s index', series: 'jain', yRange: [0.5, 1] },
  delay: { title: 'Queue delay', yLabel: 'queue delay (ms)', series: 'delay' },
};

export function ExtraPanel({ kind, runs, step, xMax, atEnd, flow }: { kind: ExtraChart; runs: readonly LessonRunResult[]; step: LessonStep; xMax: number; atEnd: boolean; flow: string }) {
  if (kind === 'delay') return <DelayPanel runs={runs} step={step} xMax={xMax} atEnd={atEnd} flow={flow} />;
  return <SeriesPanel kind={kind} runs={runs} step={step} xMax={xMax} atEnd={atEnd} />;
}

function SeriesPanel({ kind, runs, step, xMax, atEnd }: { kind: ExtraChart; runs: readonly LessonRunResult[]; step: LessonStep; xMax: number; atEnd: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const spec = EXTRA_SPECS[kind];
  const cursor = atEnd ? Infinity : step.time;
  const state = useMemo<OverlayState>(() => {
    const lines: OverlayLine[] = [];
    runs.forEach((r, i) => {
      const values = r.series[spec.series];
      if (values) lines.push({ key: `${spec.series}-${r.id}`, label: r.label, colour: runStyle(i).colour, dash: runStyle(i).dash, width: 2, times: r.times, values });
      const avg = r.series.redAvg;
      if (kind === 'queue' && avg) lines.push({ key: `redavg-${r.id}`, label: `${r.label} average`, colour: '#111827', dash: '3 3', width: 1.5, opacity: 0.8, times: r.times, values: avg });
    });
    const top = spec.yRange ? spec.yRange[1] : Math.max(1e-6, ...lines.map((l) => maxUpTo(l.times, l.values, xMax))) * 1.12;
    return {
      lines,
      cursor,
      xMax,
      yMin: spec.yRange ? spec.yRange[0] : 0,
      yMax: top,
      markers: [],
      bands: outageBands(runs),
      xLabel: 'time (s)',
      yLabel: spec.yLabel,
      ariaLabel: `${spec.title} over time for ${runs.map((r) => r.label).join(', ')}.`,
    };
  }, [runs, kind, spec, cursor, xMax]);
  useFactoryChart<OverlayState, OverlayChart>(ref, createOverlayChart, state);

  const legend: LegendItem[] = runs.map((r, i) => ({ label: r.label, colour: runStyle(i).colour, dash: runStyle(i).dash }));
  if (kind === 'queue' && runs.some((r) => r.series.redAvg)) legend.push({ label: 'RED’s average queue', colour: '#111827', dash: '3 3' });
  const note = runs.find((r) => r.seriesNote)?.seriesNote;
  return (
    <figure className="chart-card lesson-chart" data-testid={`lesson-extra-chart`} data-kind={kind}>
      <figcaption>
        <h3>
          {spec.title} {note && <span className="chart-subtitle">{note}</span>}
        </h3>
      </figcaption>
      <Legend items={legend} />
      <div className="chart-plot lesson-plot extra-plot" ref={ref} />
    </figure>
  );
}
