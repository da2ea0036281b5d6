/**
 * How the Lab's charts are shown, beyond the shared time axis: the optional
 * BDP line, the RTT chart, the event log, and in presenter mode which flows'
 * windows and which fourth chart share the screen. A small vanilla store, so
 * chart factories and panels read the same settings without prop chains.
 */
import { createStore } from 'zustand/vanilla';

/** What fills the presenter layout's fourth place. */
export type PresenterExtra = 'throughput' | 'timeseq' | 'rtt' | 'events';
export const PRESENTER_EXTRAS: readonly PresenterExtra[] = ['throughput', 'timeseq', 'rtt', 'events'];

export interface ChartOptions {
  /** draw the bottleneck's bandwidth-delay product on the cwnd charts */
  bdp: boolean;
  /** show the RTT chart (outside presenter mode) */
  rtt: boolean;
  /** presenter mode: the fourth chart */
  extra: PresenterExtra;
  /** presenter mode: the TCP flows whose windows are drawn (null: the first few) */
  flows: readonly string[] | null;
  setBdp(on: boolean): void;
  setRtt(on: boolean): void;
  setExtra(extra: PresenterExtra): void;
  setFlows(flows: readonly string[] | null): void;
}

export function createChartOptions() {
  return createStore<ChartOptions>()((set) => ({
    bdp: false,
    rtt: true,
    extra: 'throughput',
    flows: null,
    setBdp: (bdp) => set({ bdp }),
    setRtt: (rtt) => set({ rtt }),
    setExtra: (extra) => set({ extra }),
    setFlows: (flows) => set({ flows }),
  }));
}

/** The Lab's chart options. */
export const chartOptions = createChartOptions();
