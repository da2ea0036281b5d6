/**
 * Sampled series: every `sampleInterval` the simulator records each flow's
 * window state and each link direction's queue into growable typed columns
 * (timeseries.csv and queues.csv; the page's charts read the same columns).
 */
import { GrowableF64 } from './growable';

export class FlowSeriesRecorder {
  readonly columns: GrowableF64[];
  /** cumulative unique payload bytes delivered, for the windowed throughput */
  readonly cumBytes = new GrowableF64();
  constructor(readonly names: readonly string[]) {
    this.columns = names.map(() => new GrowableF64());
  }
  column(name: string): GrowableF64 | undefined {
    const i = this.names.indexOf(name);
    return i < 0 ? undefined : this.columns[i];
  }
}

export class QueueSeriesRecorder {
  readonly pkts = new GrowableF64();
  readonly bytes = new GrowableF64();
  readonly redAvg = new GrowableF64();
}

/**
 * Throughput over the last `windowS` seconds at sample i (contract: 0.5 s),
 * from the cumulative byte counts; over the elapsed time while the run is
 * younger than the window. kbit/s.
 */
export function windowedThroughput(times: GrowableF64, cum: GrowableF64, i: number, back: number): number {
  const j = Math.max(0, i - back);
  const dt = times.at(i) - times.at(j);
  if (dt <= 0) return 0;
  return ((cum.at(i) - cum.at(j)) * 8) / dt / 1000;
}
