import { useEffect, useEffectEvent, useMemo, useRef, useState, type RefObject } from 'react';
import { delayReadout, formatKbps, formatMs, READOUT_WINDOW_S } from './delay-readout';
import type { Lesson } from '../../presets/lessons';
import type { ExtraChart, LessonRunResult } from './lesson-compute';
import { lessonStore } from '../../store/lesson-store';
import { useLessonState } from './use-lesson';
import { segmentList, stepTitle, type Highlight, type LessonStep, type StepMember } from './lesson-steps';
import { OpenInLab } from './OpenInLab';
import { createOverlayChart, lastIndexAtOrBefore, type OverlayBand, type OverlayChart, type OverlayLine, type OverlayMarker, type OverlayState } from './overlay-chart';
import { runStyle } from './run-styles';
import { createTsdChart, TSD_COLOURS, type TsdChart, type TsdState } from './tsd-chart';

/** ssthresh of the run the diagram shows: neutral, so it is never taken for another run's cwnd. */
const SSTHRESH_COLOUR = '#4b5563';

/** Create a D3 chart factory once on a ref; redraw it whenever `state` changes. */
function useFactoryChart<S, C extends { update(s: S): void; destroy(): void }>(ref: RefObject<HTMLDivElement | null>, create: (el: HTMLElement) => C, state: S): void {
  const chart = useRef<C | null>(null);
  // Mounting reads the `create` and `state` of its render without re-running on either.
  const mount = useEffectEvent((el: HTMLElement): C => {
    const c = create(el);
    c.update(state);
    return c;
  });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const c = mount(el);
    chart.current = c;
    return () => {
      c.destroy();
      chart.current = null;
    };
  }, [ref]);
  useEffect(() => {
    chart.current?.update(state);
  }, [state]);
}

interface LegendItem {
  label: string;
  colour: string;
  dash?: string;
  kind?: 'line' | 'square' | 'diamond' | 'dot' | 'cross' | 'ring';
}

function Legend({ items, note }: { items: LegendItem[]; note?: string }) {
  return (
    <ul className="legend lesson-legend">
      {items.map((it) => (
        <li key={it.label}>
          <svg className="legend-swatch" viewBox="0 0 24 12" aria-hidden="true">
            {(it.kind ?? 'line') === 'line' && <line x1="1" x2="23" y1="6" y2="6" stroke={it.colour} strokeWidth="2.5" strokeDasharray={it.dash} />}
            {it.kind === 'square' && <rect x="9" y="3" width="6" height="6" fill={it.colour} />}
            {it.kind === 'diamond' && <path d="M12 1.5 16.5 6 12 10.5 7.5 6z" fill={it.colour} stroke="#7a5200" />}
            {it.kind === 'dot' && (
              <>
                <line x1="2" x2="22" y1="6" y2="6" stroke={it.colour} strokeWidth="1.2" />
                <circle cx="12" cy="6" r="2.4" fill={it.colour} />
              </>
            )}
            {it.kind === 'cross' && <path d="M8.5 2.5 15.5 9.5M15.5 2.5 8.5 9.5" stroke={it.colour} strokeWidth="2" />}
            {it.kind === 'ring' && <circle cx="12" cy="6" r="4.5" fill="none" stroke={it.colour} strokeWidth="2" />}
          </svg>
          {it.label}
        </li>
      ))}
      {note && <li className="legend-note">({note})</li>}
    </ul>
  );
}

function outageBands(runs: readonly LessonRunResult[]): OverlayBand[] {
  return (runs[0]?.outages ?? []).map(([from, to]) => ({ from, to, label: `link down ${from}–${to} s` }));
}

function maxUpTo(times: Float64Array, values: Float64Array, t: number): number {
  let m = 0;
  const end = lastIndexAtOrBefore(times, t);
  for (let i = 0; i <= end; i++) if (Number.isFinite(values[i]) && values[i] > m) m = values[i];
  return m;
}

function valueAt(times: Float64Array, values: Float64Array, t: number): number {
  const i = lastIndexAtOrBefore(times, t);
  return i >= 0 ? values[i] : NaN;
}

function valueAfter(times: Float64Array, values: Float64Array, t: number): number {
  const i = lastIndexAtOrBefore(times, t) + 1;
  return i < times.length ? values[i] : valueAt(times, values, t);
}

/**
 * The window just after a step's event. The series includes the fast-recovery
 * inflation; the event rows give cwnd without it: right for a reduction (fast
 * retransmit, timeout) and for the deflation at the end of recovery. At the
 * start of recovery the inflated window is the next sample's.
 */
function windowAfter(m: StepMember, r: LessonRunResult): number {
  const t = m.row.time_s;
  if ((m.kind === 'fast_retransmit' || m.kind === 'timeout' || m.kind === 'recovery_exit') && m.row.cwnd !== null) return m.row.cwnd;
  if (m.kind === 'recovery_enter') return valueAfter(r.times, r.cwnd, t);
  return valueAt(r.times, r.cwnd, t);
}

/** The lesson flow's members of a step in one run. */
function membersOf(step: LessonStep, lesson: Lesson): StepMember[] {
  return step.members.filter((m) => m.row.flow === lesson.flow);
}

// ---------------------------------------------------------------------------
// cwnd, all runs overlaid
// ---------------------------------------------------------------------------

interface PanelProps {
  lesson: Lesson;
  runs: readonly LessonRunResult[];
  step: LessonStep;
  shownRun: number;
  xMax: number;
}

export function CwndPanel({ lesson, runs, step, shownRun, xMax }: PanelProps) {
  const ref = useRef<HTMLDivElement>(null);
  const log = useLessonState((s) => s.logScale);
  const cursor = step.kind === 'end' ? Infinity : step.time;
  const state = useMemo<OverlayState>(() => {
    const top = Math.max(4, ...runs.map((r) => maxUpTo(r.times, r.cwnd, xMax))) * 1.12;
    const order = runs.map((_, i) => i).filter((i) => i !== shownRun);
    order.push(shownRun);
    // Between two samples, the line goes on to the step's own values: just before and just after its event.
    const tails = new Map<number, { time: number; value: number }[]>();
    for (const m of membersOf(step, lesson)) {
      const t = m.row.time_s;
      tails.set(m.run, [
        { time: t, value: valueAt(runs[m.run].times, runs[m.run].cwnd, t) },
        { time: t, value: windowAfter(m, runs[m.run]) },
      ]);
    }
    const lines: OverlayLine[] = order.map((i) => ({
      key: `cwnd-${runs[i].id}`,
      label: runs[i].label,
      colour: runStyle(i).colour,
      dash: runStyle(i).dash,
      width: i === shownRun ? 2.75 : 2,
      times: runs[i].times,
      values: runs[i].cwnd,
      tail: tails.get(i),
    }));
    const shown = runs[shownRun];
    if (shown) {
      lines.unshift({
        key: 'ssthresh',
        label: `ssthresh (${shown.label})`,
        colour: SSTHRESH_COLOUR,
        dash: '6 4',
        width: 1.5,
        opacity: 0.85,
        times: shown.times,
        values: shown.ssthresh,
        clipAbove: top * 1.5,
        tail: membersOf(step, lesson)
          .filter((m) => m.run === shownRun && m.row.ssthresh !== null)
          .flatMap((m) => [
            { time: m.row.time_s, value: valueAt(shown.times, shown.ssthresh, m.row.time_s) },
            { time: m.row.time_s, value: m.row.ssthresh! },
          ]),
      });
    }
    const markers: OverlayMarker[] = membersOf(step, lesson).map((m) => {
      const r = runs[m.run];
      const v = windowAfter(m, r);
      return { time: m.row.time_s, value: v, colour: runStyle(m.run).colour, label: `${r.label}: ${stepTitle(m.kind)} at ${m.row.time_s.toFixed(3)} s, cwnd ${Number.isFinite(v) ? v.toFixed(1) : '—'}` };
    });
    const names = runs.map((r) => r.label).join(', ');
    return {
      lines,
      cursor,
      xMax,
      yMin: log ? 1 : 0,
      yMax: top,
      log,
      markers,
      bands: outageBands(runs),
      xLabel: 'time (s)',
      yLabel: 'cwnd (segments)',
      ariaLabel: `Congestion window of flow ${lesson.flow} over time for ${names}, up to ${Number.isFinite(cursor) ? `${cursor.toFixed(3)} s` : 'the end'}.`,
    };
  }, [runs, step, shownRun, xMax, log, cursor, lesson]);
  useFactoryChart<OverlayState, OverlayChart>(ref, createOverlayChart, state);

  const legend: LegendItem[] = runs.map((r, i) => ({ label: r.label, colour: runStyle(i).colour, dash: runStyle(i).dash }));
  if (runs[shownRun]) legend.push({ label: `ssthresh (${runs[shownRun].label})`, colour: SSTHRESH_COLOUR, dash: '6 4' });
  return (
    <figure className="chart-card lesson-chart" data-testid="lesson-cwnd-chart">
      <figcaption>
        <h3>
          Congestion window <span className="chart-subtitle">flow {lesson.flow}{runs.length > 1 ? `, ${runs.length} runs overlaid` : ''}</span>
        </h3>
        <label className="lesson-toggle">
          <input type="checkbox" checked={log} onChange={(e) => lessonStore.getState().setLogScale(e.currentTarget.checked)} />
          Log scale
        </label>
      </figcaption>
      {/* Only runs that went through Reno-style fast recovery drew an inflated window. */}
      <Legend items={legend} note={runs.some((r) => r.inflates) ? 'in fast recovery: cwnd + inflation' : undefined} />
      <div className="chart-plot lesson-plot" ref={ref} />
    </figure>
  );
}

// ---------------------------------------------------------------------------
// time-sequence diagram of one run
// ---------------------------------------------------------------------------

function ringLabel(m: StepMember): string {
  const seq = m.row.seq;
  const burst = m.row.burst;
  switch (m.kind) {
    case 'drop':
      return burst ? `${burst.length} segments lost` : `segment ${seq} lost`;
    case 'dupacks':
      return `duplicate ACKs for ${seq === null ? '—' : seq - 1}`;
    case 'fast_retransmit':
      return `3rd duplicate ACK: ${seq} resent`;
    case 'retransmit':
      return burst ? `${segmentList(burst)} resent` : `${seq} resent`;
    case 'timeout':
      return `timeout: ${seq} resent`;
    case 'partial_ack':
      return `partial ACK for ${seq}`;
    case 'recovery_exit':
      return `ACK for ${seq}: recovery ends`;
    case 'ss_exit':
      return 'cwnd reaches ssthresh';
    case 'bbr_startup':
    case 'bbr_drain':
    case 'bbr_probe_bw':
    case 'bbr_probe_rtt':
      // The state's own name, as BBR's papers and Linux write it.
      return stepTitle(m.kind);
    default:
      return stepTitle(m.kind).toLowerCase();
  }
}

export function TsdPanel({ lesson, runs, step, shownRun, xMax }: PanelProps) {
  const ref = useRef<HTMLDivElement>(null);
  const zoom = useLessonState((s) => s.zoom);
  const selected = useLessonState((s) => s.selectedRun);
  const run = runs[shownRun];
  const cursor = step.kind === 'end' ? run.duration : step.time;
  const mine = membersOf(step, lesson).filter((m) => m.run === shownRun);
  const others = membersOf(step, lesson).filter((m) => m.run !== shownRun);

  const state = useMemo<TsdState>(() => {
    const mine = membersOf(step, lesson).filter((m) => m.run === shownRun);
    const highlights: Highlight[] = mine.flatMap((m) => m.highlights.filter((h) => h.kind !== 'mark' || m.kind !== 'recovery_enter'));
    const enter = mine.find((m) => m.kind === 'recovery_enter' && m.row.seq !== null);
    const width = Math.min(8, Math.max(0.12, xMax * 0.3));
    let window: [number, number];
    if (step.kind === 'end' || !zoom) window = [0, step.kind === 'end' ? run.duration : xMax];
    else if (cursor <= 0) window = [0, width];
    else window = [Math.max(0, cursor - width), cursor + width * 0.12];
    const lead = mine.find((m) => m.kind !== 'recovery_enter') ?? mine[0];
    return {
      trace: run.trace,
      cursor,
      window,
      highlights,
      level: enter ? { seq: enter.row.seq!, label: `recovery point: segment ${enter.row.seq}` } : null,
      highlightLabel: lead ? ringLabel(lead) : undefined,
      ariaLabel: `Time-sequence diagram of flow ${lesson.flow}, ${run.label}, from ${window[0].toFixed(2)} to ${window[1].toFixed(2)} s${lead ? `; ringed: ${ringLabel(lead)}` : ''}.`,
    };
  }, [run, step, shownRun, zoom, xMax, cursor, lesson]);
  useFactoryChart<TsdState, TsdChart>(ref, createTsdChart, state);

  return (
    <figure className="chart-card lesson-chart" data-testid="lesson-tsd-chart">
      <figcaption>
        <h3>
          Time-sequence diagram <span className="chart-subtitle">flow {lesson.flow}, {run.label}</span>
        </h3>
        <div className="tsd-tools">
          {runs.length > 1 && (
            <div className="segmented" role="group" aria-label="Run shown in the diagram">
              <button type="button" aria-pressed={selected === null} onClick={() => lessonStore.getState().selectRun(null)} title="Show the run of the current step">
                Follow steps
              </button>
              {runs.map((r, i) => (
                <button key={r.id} type="button" aria-pressed={selected === r.id} onClick={() => lessonStore.getState().selectRun(r.id)}>
                  <span className="run-dot" style={{ background: runStyle(i).colour }} aria-hidden="true" />
                  {r.label}
                </button>
              ))}
            </div>
          )}
          <label className="lesson-toggle">
            <input type="checkbox" checked={zoom} onChange={(e) => lessonStore.getState().setZoom(e.currentTarget.checked)} />
            Zoom to the step
          </label>
          <OpenInLab lesson={lesson} run={lesson.runs[shownRun] ?? lesson.runs[0]} />
        </div>
      </figcaption>
      <Legend
        items={[
          { label: 'segment sent', colour: TSD_COLOURS.sent, kind: 'square' },
          { label: 'retransmission', colour: TSD_COLOURS.retx, kind: 'diamond' },
          { label: 'ACK received', colour: TSD_COLOURS.ack, kind: 'dot' },
          { label: 'segment lost', colour: TSD_COLOURS.drop, kind: 'cross' },
          { label: 'this step', colour: TSD_COLOURS.highlight, kind: 'ring' },
        ]}
      />
      <div className="chart-plot lesson-plot tsd-plot" ref={ref} />
      {mine.length === 0 && others.length > 0 && (
        <p className="tsd-note">
          This step is about {[...new Set(others.map((m) => runs[m.run].label))].join(' and ')}; the diagram shows {run.label}. Choose a run above, or “Follow steps”.
        </p>
      )}
    </figure>
  );
}

// ---------------------------------------------------------------------------
// the lesson's extra chart
// ---------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------
// the queue lessons' delay chart and its readout
// ---------------------------------------------------------------------------

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
function DelayPanel({ runs, step, xMax, atEnd, flow }: { runs: readonly LessonRunResult[]; step: LessonStep; xMax: number; atEnd: boolean; flow: string }) {
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
