import { useMemo } from 'react';
import { useStore } from 'zustand';
import { chartOptions, PRESENTER_EXTRAS, type PresenterExtra } from '../../store/chart-options';
import { useLab } from '../lab-context';
import { EventLogPanel } from '../events/EventLogPanel';
import { SaveViewButtons } from '../export/SaveViewButtons';
import { ChartToolbar } from './ChartToolbar';
import { CwndChartPanel } from './CwndChartPanel';
import { CwndOverlayPanel } from './CwndOverlayPanel';
import { flowStyle } from './palette';
import { QueueChartPanel } from './QueueChartPanel';
import { RttChartPanel } from './RttChartPanel';
import type { TcpFlow } from './tcp-flows';
import { ThroughputChartPanel } from './ThroughputChartPanel';
import { TimeSeqPanel } from './TimeSeqPanel';

/** Flows drawn by default in presenter mode (more make an unreadable thicket at projector distance). */
export const PRESENTER_FLOWS = 4;

const EXTRA_LABELS: Record<PresenterExtra, string> = {
  throughput: 'Throughput',
  timeseq: 'Time–sequence',
  rtt: 'RTT',
  events: 'Event log',
};

/** The flows a presenter chose, or the first PRESENTER_FLOWS when none (or none that still exists) is chosen. */
export function presenterFlows(all: readonly TcpFlow[], chosen: readonly string[] | null): TcpFlow[] {
  const picked = chosen ? all.filter((f) => chosen.includes(f.id)) : [];
  return picked.length > 0 ? picked : all.slice(0, PRESENTER_FLOWS);
}

/**
 * The presenter layout's charts: the chosen flows' cwnd and ssthresh, the
 * bottleneck (or selected) queue, and one more chosen on demand —
 * throughput, the time-sequence diagram, the RTTs or the event log. With the
 * topology they fill one screen (presenter.css).
 */
export function PresenterCharts({ flows }: { flows: readonly TcpFlow[] }) {
  const run = useLab((s) => s.run);
  const extra = useStore(chartOptions, (s) => s.extra);
  const chosen = useStore(chartOptions, (s) => s.flows);
  const shown = useMemo(() => presenterFlows(flows, chosen), [flows, chosen]);
  const toggleFlow = (id: string) => {
    const ids = shown.map((f) => f.id);
    const next = ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id];
    chartOptions.getState().setFlows(next.length ? next : null);
  };
  if (!run) return null;
  return (
    <section className="charts-area presenter-charts" aria-label="Charts">
      <ChartToolbar hint={false}>
        {flows.length > 1 && (
          <span className="chart-toolbar-group" role="group" aria-label="Flows drawn">
            <span className="chart-toolbar-label">flows</span>
            {flows.map((f) => (
              <button key={f.id} type="button" aria-pressed={shown.some((s) => s.id === f.id)} onClick={() => toggleFlow(f.id)}>
                <span className="flow-swatch" style={{ background: flowStyle(f.index).colour }} aria-hidden="true" />
                {f.id}
              </button>
            ))}
          </span>
        )}
        <span className="chart-toolbar-group" role="group" aria-label="Fourth chart">
          <span className="chart-toolbar-label">show</span>
          {PRESENTER_EXTRAS.map((x) => (
            <button key={x} type="button" aria-pressed={extra === x} onClick={() => chartOptions.getState().setExtra(x)} data-testid={`presenter-extra-${x}`}>
              {EXTRA_LABELS[x]}
            </button>
          ))}
        </span>
        <SaveViewButtons />
      </ChartToolbar>
      <div className="presenter-grid" data-testid="charts">
        <div className="presenter-cwnd">
          {shown.length === 1 ? (
            <CwndChartPanel flowIndex={shown[0].index} flowId={shown[0].id} variant={shown[0].variant} />
          ) : shown.length > 1 ? (
            <CwndOverlayPanel flows={shown} subtitle={`flows ${shown.map((f) => f.id).join(', ')}`} />
          ) : (
            <ThroughputChartPanel flowIds={run.flowIds} />
          )}
        </div>
        <div className="presenter-queue">{run.queueIds.length > 0 && <QueueChartPanel />}</div>
        <div className="presenter-extra">
          {extra === 'throughput' && <ThroughputChartPanel flowIds={run.flowIds} />}
          {extra === 'timeseq' && flows.length > 0 && <TimeSeqPanel flows={flows} />}
          {extra === 'rtt' && flows.length > 0 && <RttChartPanel flows={shown} />}
          {extra === 'events' && <EventLogPanel fill />}
        </div>
      </div>
    </section>
  );
}
