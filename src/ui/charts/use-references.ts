import { runFlows } from '../../engine/traffic/transaction-plan';
import { useMemo } from 'react';
import { useStore } from 'zustand';
import { chartOptions } from '../../store/chart-options';
import { useLab } from '../lab-context';
import { selectScenario } from '../../store/selectors';
import type { CwndReferences } from './cwnd-chart';
import { pathInfo } from './path-bdp';

/**
 * The reference lines of a cwnd chart showing these flows (by index): the
 * receiver window and, when shown, the BDP — when every flow has the same
 * (several flows with different windows get none rather than a wrong one).
 */
export function useCwndReferences(flowIndexes: readonly number[]): CwndReferences {
  const scenario = useLab(selectScenario);
  const bdpOn = useStore(chartOptions, (s) => s.bdp);
  const key = flowIndexes.join(',');
  return useMemo(() => {
    if (!scenario) return { rwnd: null, bdp: null };
    const windows = new Set<number>();
    const bdps = new Set<number>();
    for (const i of flowIndexes) {
      const f = runFlows(scenario)[i];
      if (f?.kind === 'tcp') windows.add(f.tcp.window);
      if (bdpOn) {
        const p = pathInfo(scenario, i);
        if (p) bdps.add(Math.round(p.bdpPackets * 10) / 10);
      }
    }
    return { rwnd: windows.size === 1 ? [...windows][0] : null, bdp: bdps.size === 1 ? [...bdps][0] : null };
  }, [scenario, bdpOn, key]); // eslint-disable-line react-hooks/exhaustive-deps
}
