import { useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import { useLab } from '../../store/context';
import { selectRun, selectScenario } from '../../store/selectors';
import { useSession } from '../session/context';
import './charts.css';
import { CwndChartPanel } from './CwndChartPanel';
import { QueueChartPanel } from './QueueChartPanel';
import { ThroughputChartPanel } from './ThroughputChartPanel';
import { TimeSeqPanel } from './TimeSeqPanel';
import { timeAxis, ZOOM_STEP } from './time-axis';

/**
 * The charts of the current run: one cwnd chart per TCP flow, all flows'
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

  if (!run) return <p className="empty-note">Choose a scenario to start.</p>;

  return (
    <section className="charts-area" aria-label="Charts">
      <ChartToolbar />
      <div className="charts" data-testid="charts">
        {tcpFlows.map((f) => (
          <CwndChartPanel key={f.id} flowIndex={f.index} flowId={f.id} variant={f.variant} />
        ))}
        {run.flowIds.length > 0 && <ThroughputChartPanel flowIds={run.flowIds} />}
        {run.queueIds.length > 0 && <QueueChartPanel />}
        {tcpFlows.length > 0 && <TimeSeqPanel flows={tcpFlows} />}
      </div>
    </section>
  );
}

/** Zoom buttons for the shared time axis (wheel, drag and +/-/0 on a chart do the same). */
function ChartToolbar() {
  const { traces } = useSession();
  const fixed = useStore(timeAxis, (s) => s.fixed);
  const axis = timeAxis.getState();
  return (
    <div className="chart-toolbar" role="toolbar" aria-label="Time axis">
      <button type="button" onClick={() => axis.zoom(ZOOM_STEP, traces.now)}>
        Zoom in
      </button>
      <button type="button" onClick={() => axis.zoom(1 / ZOOM_STEP, traces.now)}>
        Zoom out
      </button>
      <button type="button" onClick={() => axis.reset()} disabled={fixed === null}>
        Whole run
      </button>
      <span className="chart-toolbar-note" data-testid="time-window">
        {fixed ? `${fixed[0].toFixed(3)}–${fixed[1].toFixed(3)} s` : 'whole run'}
      </span>
      <span className="chart-toolbar-hint">wheel to zoom, drag to pan, + − 0 on a focused chart</span>
    </div>
  );
}
