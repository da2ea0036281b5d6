import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { useLab } from '../lab-context';
import { selectRun, selectScenario, selectStatus } from '../../store/selectors';
import { useSession } from '../session/context';
import './charts.css';
import { CwndChartPanel } from './CwndChartPanel';
import { CwndOverlayPanel } from './CwndOverlayPanel';
import { QueueChartPanel } from './QueueChartPanel';
import { ThroughputChartPanel } from './ThroughputChartPanel';
import { TimeSeqPanel } from './TimeSeqPanel';
import { describeAxis, timeAxis, ZOOM_STEP } from './time-axis';

/** Up to this many TCP flows get a cwnd chart each by default; more share one chart. */
export const PER_FLOW_CWND_CHARTS = 4;

type CwndLayout = 'per-flow' | 'overlay';

/**
 * The charts of the current run: one cwnd chart per TCP flow (or all flows in
 * one, the default beyond PER_FLOW_CWND_CHARTS flows), all flows'
 * throughput, the selected (or busiest) queue and one flow's time-sequence
 * diagram, all on one shared time axis. It re-renders only when the run or
 * scenario changes, never per batch: the charts redraw themselves from the
 * ring buffers.
 */
export function ChartsArea() {
  const run = useLab(selectRun);
  const scenario = useLab(selectScenario);

  const tcpFlows = useMemo(() => {
    if (!run || !scenario) return [];
    return run.flowIds.flatMap((id, index) => {
      const spec = scenario.flows.find((f) => f.id === id);
      return spec?.kind === 'tcp' ? [{ id, index, variant: spec.variant }] : [];
    });
  }, [run, scenario]);

  // A new run (load or reset) starts with the whole run in view.
  const runNumber = run?.run;
  useEffect(() => timeAxis.getState().reset(), [runNumber]);
  // While the run plays, zooming follows the newest data (time-axis.ts).
  const status = useLab(selectStatus);
  useEffect(() => timeAxis.getState().setLive(status === 'playing'), [status]);
  const duration = run?.duration;
  useEffect(() => timeAxis.getState().setLimit(duration ?? Infinity), [duration]);

  const [chosenLayout, setLayout] = useState<CwndLayout | null>(null);
  const layout: CwndLayout = chosenLayout ?? (tcpFlows.length > PER_FLOW_CWND_CHARTS ? 'overlay' : 'per-flow');

  if (!run) return <p className="empty-note">Choose a scenario to start.</p>;

  return (
    <section className="charts-area" aria-label="Charts">
      <ChartToolbar>
        {tcpFlows.length > 1 && (
          <span className="chart-toolbar-group" role="group" aria-label="cwnd charts">
            <span className="chart-toolbar-label">cwnd</span>
            <button type="button" aria-pressed={layout === 'per-flow'} onClick={() => setLayout('per-flow')}>
              One chart per flow
            </button>
            <button type="button" aria-pressed={layout === 'overlay'} onClick={() => setLayout('overlay')}>
              All flows in one
            </button>
          </span>
        )}
      </ChartToolbar>
      <div className="charts" data-testid="charts">
        {layout === 'overlay' && tcpFlows.length > 0 ? (
          <CwndOverlayPanel flows={tcpFlows} />
        ) : (
          tcpFlows.map((f) => <CwndChartPanel key={f.id} flowIndex={f.index} flowId={f.id} variant={f.variant} />)
        )}
        {run.flowIds.length > 0 && <ThroughputChartPanel flowIds={run.flowIds} />}
        {run.queueIds.length > 0 && <QueueChartPanel />}
        {tcpFlows.length > 0 && <TimeSeqPanel flows={tcpFlows} />}
      </div>
    </section>
  );
}

/** Zoom buttons for the shared time axis (wheel, drag and +/-/0 on a chart do the same). */
function ChartToolbar({ children }: { children?: ReactNode }) {
  const { traces } = useSession();
  const fixed = useStore(timeAxis, (s) => s.fixed);
  const span = useStore(timeAxis, (s) => s.span ?? null);
  const axis = timeAxis.getState();
  return (
    <div className="chart-toolbar" role="toolbar" aria-label="Time axis">
      <span className="chart-toolbar-group">
        <button type="button" onClick={() => axis.zoom(ZOOM_STEP, traces.now)} aria-keyshortcuts="+">
          Zoom in
        </button>
        <button type="button" onClick={() => axis.zoom(1 / ZOOM_STEP, traces.now)} aria-keyshortcuts="-">
          Zoom out
        </button>
        <button
          type="button"
          aria-pressed={fixed === null}
          onClick={() => axis.followLive(traces.now)}
          title="Keep the newest data in view: the whole run, or the last seconds when zoomed in"
        >
          Follow live
        </button>
        <button type="button" onClick={() => axis.reset()} disabled={fixed === null && span === null} aria-keyshortcuts="0">
          Whole run
        </button>
      </span>
      <span className="chart-toolbar-note" data-testid="time-window">
        {describeAxis({ fixed, span })}
      </span>
      {children}
      <span className="chart-toolbar-hint">Wheel: zoom · drag: pan · on a focused chart + − zoom, ← → pan, 0 whole run</span>
    </div>
  );
}
