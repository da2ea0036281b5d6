import { requestFlowId, runFlows } from '../../engine/traffic/transaction-plan';
import { useMemo } from 'react';
import { useLab } from '../lab-context';
import { selectRun, selectScenario } from '../../store/selectors';

export interface TcpFlow {
  id: string;
  /** index in the run's flow list (its colour everywhere) */
  index: number;
  variant: string;
}

/** The run's TCP flows, in run order. */
export function useTcpFlows(): TcpFlow[] {
  const run = useLab(selectRun);
  const scenario = useLab(selectScenario);
  return useMemo(() => {
    if (!run || !scenario) return [];
    // The run's flows: a request/response flow's connections are TCP flows of their own. Only
    // their server sides are charted (the windows the answers grow, as paper 004 plots them): the
    // request directions carry a few segments each and would crowd the charts.
    const flows = runFlows(scenario);
    const requests = new Set(
      scenario.flows.flatMap((f) =>
        f.kind === 'transaction' ? Array.from({ length: f.connections }, (_, c) => requestFlowId(f.id, c + 1)) : [],
      ),
    );
    return run.flowIds.flatMap((id, index) => {
      if (requests.has(id)) return [];
      const spec = flows.find((f) => f.id === id);
      return spec?.kind === 'tcp' ? [{ id, index, variant: spec.variant }] : [];
    });
  }, [run, scenario]);
}
