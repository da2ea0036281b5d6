import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { chartOptions } from '../../store/chart-options';
import { useLab } from '../lab-context';
import { selectPresenter, selectRun, selectStatus } from '../../store/selectors';
import { EventLogPanel } from '../events/EventLogPanel';
import { useSession } from '../session/context';
import './charts.css';
import { ChartToolbar } from './ChartToolbar';
import { CwndChartPanel } from './CwndChartPanel';
import { CwndOverlayPanel } from './CwndOverlayPanel';
import { PresenterCharts } from './PresenterCharts';
import { QueueChartPanel } from './QueueChartPanel';
import { RttChartPanel } from './RttChartPanel';
import { useTcpFlows } from './tcp-flows';
import { ThroughputChartPanel } from './ThroughputChartPanel';
import { TimeSeqPanel } from './TimeSeqPanel';
import { timeAxis } from './time-axis';

/** Up to this many TCP flows get a cwnd chart each by default; more share one chart. */
export const PER_FLOW_CWND_CHARTS = 4;

type CwndLayout = 'per-flow' | 'overlay';

/**
 * The charts of the current run, all on one shared time axis: one cwnd
 * chart per TCP flow (or all flows in one, the default beyond
 * PER_FLOW_CWND_CHARTS flows), all flows' throughput, the selected (or
 * busiest) queue, one flow's time-sequence diagram, the RTTs, and the event
 * log. In presenter mode, the few that matter on one screen
 * (PresenterCharts.tsx). It re-renders only when the run or scenario
 * changes, never per batch: the charts redraw themselves from the ring
 * buffers.
 */
export function ChartsArea() {
  const run = useLab(selectRun);
  const presenter = useLab(selectPresenter);
  const tcpFlows = useTcpFlows();
  const { traces } = useSession();

  // A new run (load or reset) starts with the whole run in view and no mark.
  const runNumber = run?.run;
  useEffect(() => {
    timeAxis.getState().reset();
    timeAxis.getState().setCursor(null, 0);
  }, [runNumber]);
  // While the run plays, zooming follows the newest data (time-axis.ts).
  const status = useLab(selectStatus);
  useEffect(() => timeAxis.getState().setLive(status === 'playing'), [status]);
  const duration = run?.duration;
  useEffect(() => timeAxis.getState().setLimit(duration ?? Infinity), [duration]);

  const rtt = useStore(chartOptions, (s) => s.rtt);
  const [chosenLayout, setLayout] = useState<CwndLayout | null>(null);
  const layout: CwndLayout = chosenLayout ?? (tcpFlows.length > PER_FLOW_CWND_CHARTS ? 'overlay' : 'per-flow');

  if (!run) return <p className="empty-note">Choose a scenario to start.</p>;
  if (presenter) return <PresenterCharts flows={tcpFlows} />;

  return (
    <section className="charts-area" aria-label="Charts" data-run={traces.run}>
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
        {tcpFlows.length > 0 && (
          <span className="chart-toolbar-group">
            <button type="button" aria-pressed={rtt} onClick={() => chartOptions.getState().setRtt(!rtt)} data-testid="rtt-toggle">
              RTT chart
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
        {tcpFlows.length > 0 && rtt && <RttChartPanel flows={tcpFlows} />}
      </div>
      <EventLogPanel />
    </section>
  );
}
