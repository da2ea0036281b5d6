import { useEffect, useId, useRef, useState } from 'react';
import { useSession } from '../session/context';
import { PACKET_ROWS_PER_FLOW } from '../session/packet-ring';
import { Legend, type LegendItem } from './Legend';
import { SERIES_COLOURS } from './palette';
import { createTimeSeqChart } from './timeseq-chart';
import { useChart } from './use-chart';

const LEGEND: LegendItem[] = [
  { label: 'sent', colour: SERIES_COLOURS.sent, kind: 'dot' },
  { label: 'retransmitted', colour: SERIES_COLOURS.retransmit, kind: 'square' },
  { label: 'dropped', colour: SERIES_COLOURS.drop, kind: 'cross' },
  { label: 'ACK received', colour: SERIES_COLOURS.ack, kind: 'line' },
];

/**
 * Segment number against time for one chosen TCP flow. The worker traces only
 * the chosen flow (so many flows at full speed do not flood the page): a flow
 * chosen mid-run is drawn from that moment on. Keeps the newest
 * PACKET_ROWS_PER_FLOW rows per flow: on very long runs the oldest are dropped.
 */
export function TimeSeqPanel({ flows }: { flows: readonly { id: string; index: number }[] }) {
  const session = useSession();
  const { traces } = session;
  const ref = useRef<HTMLDivElement>(null);
  const selectId = useId();
  const [chosen, setChosen] = useState<string>('');
  const flow = flows.find((f) => f.id === chosen) ?? flows[0];
  const index = flow?.index ?? -1;
  const label = flow ? `flow ${flow.id}` : 'no flow';
  useEffect(() => {
    if (index >= 0) session.traceFlow(index);
  }, [session, index]);
  useChart(ref, traces, (el) => createTimeSeqChart(el, label, () => traces.flows[index]?.packets ?? null, () => traces.now), [index, label]);
  return (
    <figure className="chart-card" data-testid="timeseq-chart">
      <figcaption>
        <h2>
          Time–sequence{' '}
          <label className="chart-subtitle" htmlFor={selectId}>
            flow
          </label>{' '}
          <select id={selectId} value={flow?.id ?? ''} onChange={(e) => setChosen(e.target.value)} data-testid="timeseq-flow">
            {flows.map((f) => (
              <option key={f.id} value={f.id}>
                {f.id}
              </option>
            ))}
          </select>
        </h2>
        <Legend items={LEGEND} />
      </figcaption>
      <div className="chart-plot" ref={ref} title={`The newest ${PACKET_ROWS_PER_FLOW.toLocaleString('en')} packets per flow are kept`} />
    </figure>
  );
}
