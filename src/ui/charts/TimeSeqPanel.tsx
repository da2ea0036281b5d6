import { useEffect, useId, useRef, useState } from 'react';
import { useSession } from '../session/context';
import { symbolSquare2, symbolX } from 'd3';
import { ChartCard } from './ChartCard';
import type { LegendItem } from './Legend';
import { SERIES_COLOURS } from './palette';
import type { TableData } from './ChartTable';
import type { PacketRing } from '../session/packet-ring';
import { TRACE_ACK, TRACE_DROPPED, TRACE_RETRANSMITTED } from '../../worker/protocol';
import { createTimeSeqChart } from './timeseq-chart';
import { useChart } from './use-chart';

const LEGEND: LegendItem[] = [
  { label: 'sent', colour: SERIES_COLOURS.sent, kind: 'dot' },
  { label: 'retransmitted', colour: SERIES_COLOURS.retransmit, kind: 'marker', marker: { symbol: symbolSquare2, fill: 'none', stroke: SERIES_COLOURS.retransmit, strokeWidth: 2, size: 48 } },
  { label: 'dropped', colour: SERIES_COLOURS.drop, kind: 'marker', marker: { symbol: symbolX, fill: 'none', stroke: SERIES_COLOURS.drop, strokeWidth: 2, size: 60 } },
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
    <ChartCard
      testId="timeseq-chart"
      chartRef={ref}
      name={`time-sequence-${flow?.id ?? 'none'}`}
      title={
        <>
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
        </>
      }
      titleText={`Time–sequence diagram of ${label}`}
      legend={LEGEND}
      table={() => packetTable(traces.flows[index]?.packets ?? null)}
    />
  );
}

const ROW_KIND: Record<number, string> = { [TRACE_RETRANSMITTED]: 'segment retransmitted', [TRACE_ACK]: 'ACK received', [TRACE_DROPPED]: 'segment dropped' };

/** The newest packet rows of the diagram, for its data table. */
function packetTable(ring: PacketRing | null, rows = 12): TableData {
  const out: string[][] = [];
  if (ring) for (let i = Math.max(0, ring.length - rows); i < ring.length; i++) out.push([ring.t(i).toFixed(4), ROW_KIND[ring.kind(i)] ?? 'segment sent', String(ring.seq(i))]);
  return { headers: ['time (s)', 'what', 'segment'], rows: out };
}
