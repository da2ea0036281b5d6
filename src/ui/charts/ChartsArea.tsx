import { useMemo } from 'react';
import { useLab } from '../../store/context';
import { selectRun, selectScenario } from '../../store/selectors';
import { CwndChartPanel } from './CwndChartPanel';
import { QueueChartPanel } from './QueueChartPanel';

/**
 * The charts of the current run: one cwnd chart per TCP flow, then the
 * busiest queue. It re-renders only when the run or scenario changes, never
 * per batch: the charts redraw themselves from the ring buffers.
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

  if (!run) return <p className="empty-note">Choose a scenario to start.</p>;

  return (
    <section className="charts" aria-label="Charts" data-testid="charts">
      {tcpFlows.map((f) => (
        <CwndChartPanel key={f.id} flowIndex={f.index} flowId={f.id} variant={f.variant} />
      ))}
      {run.queueIds.length > 0 && <QueueChartPanel />}
    </section>
  );
}
