import { useMemo, useRef, useState } from 'react';
import { Legend, type LegendItem } from './ChartLegend';
import { delayReadout, formatKbps, formatMs, READOUT_WINDOW_S } from './delay-readout';
import type { LessonRunResult } from './lesson-compute';
import type { LessonStep } from './lesson-steps';
import { createOverlayChart, type OverlayChart, type OverlayLine, type OverlayMarker, type OverlayState } from './overlay-chart';
import { maxUpTo, outageBands } from './panel-data';
import { runStyle } from './run-styles';
import { useFactoryChart } from './use-factory-chart';

/** The AQMs' target delay lines. */
const TARGET_COLOUR = '#4b5563';
const TARGET_DASH = '5 4';
/** The log scale's floor, ms: FQ-CoDel's and an idle queue's sub-ms delays sit on it. */
const DELAY_FLOOR_MS = 0.5;

/**
 * The bottleneck's queueing delay (sojourn_ms) of every run, on a log scale
 * by default (DropTail's hundreds of ms and CoDel's few on one chart), the
 * AQMs' targets as reference lines, and under it the readout a student
 * compares: the delay at this step, packets lost and marked CE so far, the
 * capacity in force, and at the end the ping's one-way delay.
 */
export function DelayPanel({ runs, step, xMax, atEnd, flow }: { runs: readonly LessonRunResult[]; step: LessonStep; xMax: number; atEnd: boolean; flow: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [log, setLog] = useState(true);
  const cursor = atEnd ? Infinity : step.time;
  const rows = useMemo(() => delayReadout(runs, flow, cursor), [runs, flow, cursor]);
  const targets = useMemo(() => {
    const out = new Map<number, string[]>();
    for (const r of runs) {
      const q = r.delayQueue;
      if (q?.target === null || q?.target === undefined) continue;
      out.set(q.target, [...(out.get(q.target) ?? []), q.name].filter((n, i, all) => all.indexOf(n) === i));
    }
    return [...out].map(([ms, names]) => ({ ms, label: `${names.join(' and ')} target ${Number(ms.toPrecision(3))} ms` }));
  }, [runs]);
  const state = useMemo<OverlayState>(() => {
    const lines: OverlayLine[] = [];
    // Drawn up to the cursor like the runs' lines: its second point is the cursor's time.
    const span = Float64Array.from([0, Math.min(cursor, Math.max(...runs.map((r) => r.duration)))]);
    for (const t of targets) lines.push({ key: `target-${t.ms}`, label: t.label, colour: TARGET_COLOUR, dash: TARGET_DASH, width: 1.5, opacity: 0.9, times: span, values: Float64Array.from([t.ms, t.ms]) });
    runs.forEach((r, i) => {
      const values = r.series.delay;
      if (values) lines.push({ key: `delay-${r.id}`, label: r.label, colour: runStyle(i).colour, dash: runStyle(i).dash, width: 2, times: r.times, values });
    });
    const top = Math.max(DELAY_FLOOR_MS * 4, ...lines.map((l) => maxUpTo(l.times, l.values, xMax)), ...targets.map((t) => t.ms)) * (log ? 1.6 : 1.12);
    const markers: OverlayMarker[] = atEnd
      ? []
      : rows.map((row, i) => ({ time: step.time, value: Math.max(row.delay, log ? DELAY_FLOOR_MS : 0), colour: runStyle(i).colour, label: `${row.label}: queue delay ${formatMs(row.delay)} (mean of the last ${READOUT_WINDOW_S} s) at ${step.time.toFixed(3)} s` }));
    return {
      lines,
      cursor,
      xMax,
      yMin: log ? DELAY_FLOOR_MS : 0,
      yMax: top,
      log,
      markers,
      bands: outageBands(runs),
      xLabel: 'time (s)',
      yLabel: 'queue delay (ms)',
      ariaLabel: `Queueing delay at the bottleneck over time for ${runs.map((r) => r.label).join(', ')}${atEnd ? '' : `; at ${step.time.toFixed(3)} s: ${rows.map((row) => `${row.label} ${formatMs(row.delay)}`).join(', ')}`}.`,
    };
  }, [runs, targets, rows, cursor, xMax, log, atEnd, step.time]);
  useFactoryChart<OverlayState, OverlayChart>(ref, createOverlayChart, state);

  const legend: LegendItem[] = runs.map((r, i) => ({ label: r.label, colour: runStyle(i).colour, dash: runStyle(i).dash }));
  for (const t of targets) legend.push({ label: t.label, colour: TARGET_COLOUR, dash: TARGET_DASH });
  const note = runs.find((r) => r.seriesNote)?.seriesNote;
  const hasMarks = runs.some((r) => r.events.some((e) => e.event === 'ecn_mark'));
  const hasCapacity = rows.some((row) => row.capacity !== null);
  return (
    <figure className="chart-card lesson-chart" data-testid="lesson-extra-chart" data-kind="delay">
      <figcaption>
        <h3>
          Queue delay {note && <span className="chart-subtitle">{note}</span>}
        </h3>
        <label className="lesson-toggle">
          <input type="checkbox" checked={log} onChange={(e) => setLog(e.currentTarget.checked)} />
          Log scale
        </label>
      </figcaption>
      <Legend items={legend} />
      <div className="chart-plot lesson-plot extra-plot" ref={ref} />
      <table className="lesson-table delay-readout" data-testid="lesson-delay-readout" data-at={atEnd ? 'end' : String(step.time)}>
        <caption className="visually-hidden">{atEnd ? 'Each run over the whole run' : `Each run at ${step.time.toFixed(3)} s`}</caption>
        <thead>
          <tr>
            <th scope="col">Run</th>
            <th scope="col" className="num">
              {atEnd ? 'Mean queue delay' : `Queue delay, last ${READOUT_WINDOW_S} s`}
            </th>
            <th scope="col" className="num">
              {flow} lost{atEnd ? '' : ' so far'}
            </th>
            {hasMarks && (
              <th scope="col" className="num">
                CE marks
              </th>
            )}
            {hasCapacity && (
              <th scope="col" className="num">
                {atEnd ? 'Mean capacity' : 'Capacity now'}
              </th>
            )}
            {atEnd && (
              <th scope="col" className="num" title="Mean one-way delay of the CBR flow (summary.csv avg_latency_ms, over the measured window)">
                Ping, one way
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={row.run} data-run={row.run}>
              <th scope="row">
                <span className="run-dot" style={{ background: runStyle(i).colour }} aria-hidden="true" /> {row.label}
              </th>
              <td className="num" data-testid="readout-delay" data-value={Number.isFinite(row.delay) ? row.delay : ''}>
                {formatMs(row.delay)}
              </td>
              <td className="num" data-testid="readout-lost" data-value={row.lost}>
                {row.lost.toLocaleString('en')}
              </td>
              {hasMarks && (
                <td className="num" data-testid="readout-marks" data-value={row.marks}>
                  {row.marks.toLocaleString('en')}
                </td>
              )}
              {hasCapacity && (
                <td className="num" data-testid="readout-capacity" data-value={row.capacity ?? ''}>
                  {formatKbps(row.capacity)}
                </td>
              )}
              {atEnd && (
                <td className="num" data-testid="readout-ping" data-value={row.ping ?? ''}>
                  {row.ping === null ? '—' : formatMs(row.ping)}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
